import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { ConsolePage } from '@/components/admin/console-page'
import { sheetHref } from '@/components/admin/order-work-orders-panel'
import { WorkOrderActions } from '@/components/admin/work-order-actions'
import { shipByText } from '@/components/admin/work-order-due'
import { WorkOrderStateBadge } from '@/components/admin/work-order-state-badge'
import type { WorkOrderDecoration, WorkOrderView } from '@/isomorphic/contract/admin-work-orders'
import { formatDate } from '@/isomorphic/format'
import { imageUrl, originalImageUrl } from '@/isomorphic/image-address'
import { CARRIER_NAMES } from '@/isomorphic/tracking'
import { adminPageQuery } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Work order' }

const ID = /^[1-9]\d{0,9}$/
const inches = (value: number) => `${Math.round(value * 100) / 100}`

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-card border border-line bg-white p-4 sm:p-5">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  )
}

function placementText(decoration: WorkOrderDecoration): string {
  const { placement } = decoration
  if (!placement) return 'Where the product’s pictures show the logo'
  return `${placement.view === 'back' ? 'Back' : 'Front'} · ${placement.printArea} · ${inches(placement.width)} × ${inches(placement.height)} in, ${inches(placement.x)} in from the left and ${inches(placement.y)} in from the top of the area`
}

function Decorations({ decorations }: { decorations: WorkOrderDecoration[] }) {
  if (decorations.length === 0) return <p className="text-muted">No decoration: plain garments.</p>
  return (
    <ul className="grid gap-4">
      {decorations.map((decoration, index) => (
        <li key={index} className="grid gap-3 border-b border-line pb-4 last:border-0 last:pb-0 sm:grid-cols-[1fr_auto]">
          <div className="text-sm">
            <p className="font-semibold">
              {decoration.kind === 'text' ? `Text “${decoration.label}”` : `Logo: ${decoration.label}`}
              <span className="font-normal text-muted"> · {[decoration.product, decoration.colorName].filter(Boolean).join(' · ')}</span>
            </p>
            <p className="text-muted">Sizes: {decoration.sizes}</p>
            <p className="mt-1">{placementText(decoration)}</p>
            <p>
              Method: {decoration.method.name} · Colours: {decoration.colors}
              {decoration.font ? ` · Font: ${decoration.font}` : ''}
            </p>
            {decoration.artworkPath ? (
              <p>
                <a className="font-semibold text-accent underline" href={originalImageUrl(decoration.artworkPath)}>
                  Original artwork
                </a>
              </p>
            ) : null}
          </div>
          {Object.keys(decoration.mockups).length > 0 ? (
            <div className="flex gap-2">
              {Object.entries(decoration.mockups).map(([view, path]) => (
                // eslint-disable-next-line @next/next/no-img-element -- the image route already serves the sized file
                <img key={view} src={imageUrl(path, 256, 256)} alt={`Mockup, ${view}`} width={112} height={112} className="rounded-md border border-line bg-white" />
              ))}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

function Facts({ view }: { view: WorkOrderView }) {
  const rows: [string, string][] = [
    ['Order', view.orderReference],
    ['Decoration partner', view.decorationPartner.name],
    ['Received', formatDate(new Date(view.createdAt), 'long')],
    ['Pieces', String(view.pieces)],
    ['Delivery', view.deliveryMethod ?? 'Not given'],
    ...(view.inHandsDate ? [['In hands by', formatDate(`${view.inHandsDate}T00:00:00Z`, 'long')] as [string, string]] : []),
    ...(view.shipBy ? [['Ship by', shipByText(view.shipBy)] as [string, string]] : []),
  ]
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

// A work order's production view: what to pull, what to decorate where, where it ships, and the
// partner's next step (accept, in production, report a problem, ship).
export default async function WorkOrderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  if (!ID.test(id) || Number(id) > 2_147_483_647) notFound()
  const [view, me] = await Promise.all([adminPageQuery('workOrder', { workOrderId: Number(id) }), adminPageQuery('consoleMe', {})])
  const address = view.shipTo
  const locality = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')

  return (
    <ConsolePage title={<span className="flex flex-wrap items-center gap-3">Work order {view.reference} <WorkOrderStateBadge state={view.state} /></span>}>
      <p className="-mt-3 mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link href="/admin/work-orders" className="text-accent underline">
          All work orders
        </Link>
        {me.kind === 'staff' ? (
          <Link href={`/admin/orders/${view.orderId}`} className="text-accent underline">
            Order {view.orderReference}
          </Link>
        ) : null}
        <a href={sheetHref(view.id)} target="_blank" rel="noopener" className="font-semibold text-accent underline">
          Production sheet (PDF)
        </a>
      </p>
      {view.shipBy && view.state !== 'shipped' && view.state !== 'cancelled' ? (
        <p className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <span className="font-semibold">Due: ship by {shipByText(view.shipBy)}</span>
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="grid content-start gap-4">
          {view.state === 'problem' && view.problemMessage ? (
            <p role="status" className="rounded-md border border-danger/30 bg-red-50 px-3 py-2 text-sm text-danger">
              Problem reported: {view.problemMessage}
            </p>
          ) : null}
          <Section title="Size tally">
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-muted">
                  <tr>
                    <th className="py-1 pr-3 font-medium">Product</th>
                    <th className="py-1 pr-3 font-medium">Sizes</th>
                    <th className="py-1 text-right font-medium">Total</th>
                  </tr>
                </thead>
                <tbody>
                  {view.tally.map((row) => (
                    <tr key={`${row.product}|${row.colorName ?? ''}`} className="border-t border-line">
                      <td className="py-2 pr-3">{[row.product, row.colorName].filter(Boolean).join(' · ')}</td>
                      <td className="py-2 pr-3">{row.sizes.map((size) => `${size.size}\u00a0×\u00a0${size.quantity}`).join(', ')}</td>
                      <td className="py-2 text-right font-semibold">{row.total}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Section>
          <Section title="Decorations">
            <Decorations decorations={view.decorations} />
          </Section>
          <Section title="Shipments">
            {view.shipments.length === 0 ? (
              <p className="text-sm text-muted">Nothing shipped yet.</p>
            ) : (
              <ul className="grid gap-2 text-sm">
                {view.shipments.map((shipment) => (
                  <li key={shipment.id}>
                    {CARRIER_NAMES[shipment.carrier]}{' '}
                    {shipment.trackingUrl ? (
                      <a className="font-semibold text-accent underline" href={shipment.trackingUrl} rel="noopener noreferrer" target="_blank">
                        {shipment.trackingNumber}
                      </a>
                    ) : (
                      <span className="font-semibold">{shipment.trackingNumber}</span>
                    )}{' '}
                    · {formatDate(new Date(shipment.shippedAt), 'long')} · {shipment.lines.reduce((sum, line) => sum + line.quantity, 0)} pieces
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>
        {/* On a phone the next step comes first: it is what the partner opened the page for. */}
        <div className="order-first grid content-start gap-4 lg:order-none">
          <Section title="Next step">
            <WorkOrderActions view={view} isStaff={me.kind === 'staff'} />
          </Section>
          <Section title="Ship to">
            <address className="text-sm not-italic">
              {[address.name, address.street, address.street2, locality, address.country, address.phone].filter(Boolean).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </Section>
          <Section title="Details">
            <Facts view={view} />
          </Section>
        </div>
      </div>
    </ConsolePage>
  )
}
