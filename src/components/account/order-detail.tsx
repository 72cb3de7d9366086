'use client'

import { useTranslations } from 'next-intl'
import { type ReactNode, useEffect, useState } from 'react'
import { reorder } from '@/client/cart-reorder'
import { CheckoutApiError, checkoutApi } from '@/client/checkout/checkout-api'
import type { OrderDetails } from '@/client/checkout/order-contract'
import { orderStatus } from '@/client/checkout/order-status'
import { notify } from '@/client/notify'
import { useRouter } from '@/i18n/navigation'
import { formatCents, formatDate, formatPrice } from '@/isomorphic/format'
import type { OrderEventData, OrderEventType } from '@/isomorphic/order-events'
import type { OrderLineDesign } from '@/isomorphic/decoration-types'
import type { OrderAddressData, OrderLineData } from '@/isomorphic/order-types'
import { orderTotalRows } from '@/isomorphic/order-totals'

// One order or quotation (getOrderDetails {id, accessToken}): its status, lines, addresses,
// delivery, extra fields, options and totals, with its PDF. The owner sees it signed in; anyone
// holding the order's access token (a guest after checkout, a link in a mail) sees it too.

type Loaded = { key: string; order: OrderDetails | null; problem: string | null }

/** Loads one order; `missing` when the server answers 404 (not this customer's, or a wrong token). */
export function useOrderDetails(id: number | null, accessToken: string | null) {
  const key = `${id}|${accessToken ?? ''}`
  const [loaded, setLoaded] = useState<Loaded>({ key: '', order: null, problem: null })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (id === null) return
    let current = true
    checkoutApi.getOrderDetails(id, accessToken).then(
      ({ order }) => {
        if (current) setLoaded({ key, order, problem: null })
      },
      (error: unknown) => {
        if (!current) return
        const missing = error instanceof CheckoutApiError && error.status === 404
        if (!missing) console.error('Could not load the order:', error)
        setLoaded({ key, order: null, problem: missing ? 'missing' : 'failed' })
      },
    )
    return () => {
      current = false
    }
  }, [id, accessToken, key, attempt])
  const current = loaded.key === key
  return {
    order: current ? loaded.order : null,
    problem: current ? loaded.problem : null,
    loading: id !== null && !current,
    retry: () => setAttempt((value) => value + 1),
  }
}

export function OrderStatusBadge({ order }: { order: Parameters<typeof orderStatus>[0] }) {
  const t = useTranslations('orders')
  const status = orderStatus(order)
  const tone =
    status === 'statusAwaitingApproval' || status === 'statusAwaitingPayment'
      ? 'bg-amber-100 text-amber-900'
      : status === 'statusCancelled' || status === 'statusRejected'
        ? 'bg-soft text-muted'
        : 'bg-accent-soft text-accent-strong'
  return <span className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{t(status)}</span>
}

/** Puts the order's products back in the cart at today's prices, names what is no longer sold, and opens the cart. */
function ReorderButton({ lines }: { lines: OrderLineData[] }) {
  const t = useTranslations('orders')
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const onClick = async () => {
    setBusy(true)
    try {
      const { added, skipped } = await reorder(lines)
      if (skipped.length > 0) notify.info(t('reorderSkipped', { names: skipped.join(', ') }))
      if (added === 0) {
        notify.error(t('reorderNothing'))
        return
      }
      notify.success(t('reorderAdded'))
      router.push('/cart')
    } catch (error) {
      console.error('Could not reorder:', error)
      notify.error(t('reorderFailed'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <button type="button" disabled={busy} aria-busy={busy || undefined} onClick={() => void onClick()} className="btn btn-secondary">
      {busy ? t('reorderBusy') : t('reorder')}
    </button>
  )
}

/** What the approver decided, with their note; the customer's side of me/approvals. */
function ApprovalOutcome({ order }: { order: OrderDetails }) {
  const t = useTranslations('orders')
  if (order.approvalRequired) {
    return (
      <p role="note" className="rounded-lg border border-line bg-soft px-4 py-3 text-sm text-ink">
        {t('approvalNote')}
      </p>
    )
  }
  if (order.approvalState !== 'approved' && order.approvalState !== 'rejected') return null
  const date = order.approvalDecidedAt ? formatDate(order.approvalDecidedAt) : null
  return (
    <div role="note" className="rounded-lg border border-line bg-soft px-4 py-3 text-sm text-ink">
      <p>{order.approvalState === 'approved' ? t('approvedNote', { date: date ?? '' }) : t('rejectedNote', { date: date ?? '' })}</p>
      {order.approvalNote ? <p className="mt-1 break-words text-muted">{t('approverNote', { note: order.approvalNote })}</p> : null}
    </div>
  )
}

/** `reorderable`: offer Reorder (the customer's me/orders; not the checkout's confirmation). */
export function OrderDetailView({ order, reorderable = false }: { order: OrderDetails; reorderable?: boolean }) {
  const t = useTranslations('orders')
  const amounts = order.amounts
  const lines = order.lines
  return (
    <article aria-labelledby="order-heading" className="space-y-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="order-heading" className="text-xl font-semibold text-ink">
            {order.kind === 'quotation' ? t('quotationTitle', { name: order.name }) : t('orderTitle', { name: order.name })}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            <time dateTime={order.createdAt}>{t('placedOn', { date: formatDate(order.createdAt) })}</time>
            <OrderStatusBadge order={order} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {reorderable && order.kind === 'order' ? <ReorderButton lines={lines} /> : null}
          <a href={order.orderUrl} target="_blank" rel="noopener noreferrer" className="btn btn-secondary">
            {t('viewPdf')}
          </a>
          <a href={order.downloadSaleorderUrl} className="btn btn-primary" download>
            {t('downloadPdf')}
          </a>
        </div>
      </header>

      <ApprovalOutcome order={order} />

      <section aria-labelledby="order-lines">
        <h3 id="order-lines" className="text-base font-semibold text-ink">
          {t('lines')}
        </h3>
        <OrderLinesTable lines={lines} />
      </section>

      <OrderDesigns lines={lines} />

      <div className="grid gap-6 sm:grid-cols-2">
        <AddressBlock title={t('billingAddress')} address={order.billingAddress} email={order.partnerEmail} />
        <AddressBlock title={t('shippingAddress')} address={order.shippingAddress ?? order.billingAddress} />
      </div>

      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        {order.deliveryMethod ? <Detail term={t('delivery')}>{order.deliveryMethod.name}</Detail> : null}
        {order.inHandsDate ? <Detail term={t('inHandsDate')}>{formatDate(`${order.inHandsDate}T00:00:00Z`, 'long')}</Detail> : null}
        {order.promoCode ? <Detail term={t('promoCode')}>{order.promoCode}</Detail> : null}
        {order.purchaseOrderNumber ? <Detail term={t('purchaseOrderNumber')}>{order.purchaseOrderNumber}</Detail> : null}
        {order.orderForResale ? <Detail term={t('resale')}>{t('resaleYes')}</Detail> : null}
        {order.extraFields.map((field) => (
          <Detail key={field.name} term={field.label}>
            {typeof field.value === 'boolean' ? (field.value ? t('yes') : t('no')) : (field.value ?? '—')}
          </Detail>
        ))}
        {order.orderOptions.length > 0 ? (
          <Detail term={t('options')}>{order.orderOptions.map((option) => `${option.label} (${formatPrice(option.price)})`).join(', ')}</Detail>
        ) : null}
      </dl>

      <section aria-labelledby="order-totals" className="ml-auto max-w-sm rounded-card bg-soft p-5">
        <h3 id="order-totals" className="sr-only">
          {t('totals')}
        </h3>
        <dl className="space-y-2 text-sm">
          {orderTotalRows(amounts).map((row) => (
            <Amount key={row.key} label={t(row.key)} value={row.amount} strong={row.strong} />
          ))}
          {order.refunded > 0 ? <Amount label={t('refunded')} value={-order.refunded} /> : null}
        </dl>
      </section>

      <OrderHistory timeline={order.timeline} />
    </article>
  )
}

type HistoryKey = 'statusPlaced' | 'statusAwaitingApproval' | 'statusApproved' | 'statusRejected' | 'statusConfirmed' | 'statusPaid' | 'historyInProduction' | 'historyShipped' | 'historyDelivered' | 'statusCancelled'

/** How each event the shopper sees reads in their history ('refunded' carries its amount). */
const HISTORY_KEYS: Partial<Record<OrderEventType, HistoryKey>> = {
  placed: 'statusPlaced',
  awaiting_approval: 'statusAwaitingApproval',
  approved: 'statusApproved',
  rejected: 'statusRejected',
  confirmed: 'statusConfirmed',
  paid: 'statusPaid',
  in_production: 'historyInProduction',
  shipped: 'historyShipped',
  delivered: 'historyDelivered',
  cancelled: 'statusCancelled',
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null)
/** A tracking link the page may show: http(s) only. */
const trackingLink = (value: unknown): string | null => {
  const link = textOf(value)
  return link && /^https?:\/\//i.test(link) ? link : null
}

/** The shopper's part of the order's timeline, oldest first: confirmed, paid, in production, shipped (with tracking), refunded, cancelled. */
export function OrderHistory({ timeline }: { timeline: OrderEventData[] }) {
  const t = useTranslations('orders')
  const rows = timeline.filter((event) => event.type === 'refunded' || HISTORY_KEYS[event.type])
  if (rows.length === 0) return null
  return (
    <section aria-labelledby="order-history">
      <h3 id="order-history" className="text-base font-semibold text-ink">
        {t('history')}
      </h3>
      <ol role="list" className="mt-3 space-y-2 text-sm">
        {rows.map((event) => {
          const amount = typeof event.data.amount === 'number' ? event.data.amount : null
          const carrier = textOf(event.data.carrier)
          const trackingNumber = textOf(event.data.trackingNumber)
          const link = trackingLink(event.data.trackingUrl)
          return (
            <li key={event.id} className="flex flex-wrap gap-x-3 gap-y-0.5">
              <time dateTime={event.at} className="w-28 shrink-0 text-muted">
                {formatDate(event.at)}
              </time>
              <span className="text-ink">
                {event.type === 'refunded' ? t('historyRefunded', { amount: amount === null ? '' : formatCents(amount) }) : null}
                {event.type === 'shipped' && carrier && trackingNumber ? t('historyShippedWith', { carrier, trackingNumber }) : null}
                {event.type !== 'refunded' && !(event.type === 'shipped' && carrier && trackingNumber) ? t(HISTORY_KEYS[event.type]!) : null}
                {event.type === 'shipped' && link ? (
                  <>
                    {' · '}
                    <a href={link} target="_blank" rel="noopener noreferrer" className="font-medium text-accent-strong underline">
                      {t('historyTrack')}
                    </a>
                  </>
                ) : null}
              </span>
            </li>
          )
        })}
      </ol>
    </section>
  )
}

/**
 * The order's lines: product (with SKU, colour and logo), size, pieces, unit price and total. A
 * table from 640 px; on a phone each line stacks its product above its four figures, so nothing
 * scrolls sideways (issue 17).
 */
export function OrderLinesTable({ lines }: { lines: OrderLineData[] }) {
  const t = useTranslations('orders')
  // The table comes first in the page, so a test or tool reading the first match finds it on a desktop.
  return (
    <>
      <table className="mt-3 hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">{t('lines')}</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">{t('product')}</th>
            <th scope="col" className="py-2 pr-3 font-medium">{t('size')}</th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">{t('quantity')}</th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">{t('unitPrice')}</th>
            <th scope="col" className="py-2 text-right font-medium">{t('lineTotal')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {lines.map((line) => (
            <tr key={line.id}>
              <td className="py-2 pr-3 break-words text-ink">
                <span className="font-medium">{line.name}</span>
                {line.lineType === 'reward' ? <span className="ml-2 text-xs font-semibold text-accent-strong">{t('reward')}</span> : null}
                <span className="block text-muted">{lineFacts(line)}</span>
              </td>
              <td className="py-2 pr-3 text-ink">{line.size ?? '—'}</td>
              <td className="py-2 pr-3 text-right text-ink tabular-nums">{line.quantity}</td>
              <td className="py-2 pr-3 text-right text-ink tabular-nums">{formatPrice(line.unitPrice)}</td>
              <td className="py-2 text-right text-ink tabular-nums">{formatPrice(line.subtotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul role="list" aria-label={t('lines')} className="mt-3 divide-y divide-line border-y border-line text-sm sm:hidden">
        {lines.map((line) => (
          <li key={line.id} className="py-3">
            <p className="font-medium text-ink">
              {line.name}
              {line.lineType === 'reward' ? <span className="ml-2 text-xs font-semibold text-accent-strong">{t('reward')}</span> : null}
            </p>
            <p className="break-words text-muted">{lineFacts(line)}</p>
            <dl className="mt-2 grid grid-cols-4 gap-2">
              <LineFigure term={t('size')}>{line.size ?? '—'}</LineFigure>
              <LineFigure term={t('quantity')} numeric>
                {line.quantity}
              </LineFigure>
              <LineFigure term={t('unitPrice')} numeric>
                {formatPrice(line.unitPrice)}
              </LineFigure>
              <LineFigure term={t('lineTotal')} numeric strong>
                {formatPrice(line.subtotal)}
              </LineFigure>
            </dl>
          </li>
        ))}
      </ul>
    </>
  )
}

const lineFacts = (line: OrderLineData) => [line.templateSkuCode, line.color, line.logo?.name].filter(Boolean).join(' · ')

/** One figure of a line on a phone: its column's name above its value. */
function LineFigure({ term, numeric = false, strong = false, children }: { term: string; numeric?: boolean; strong?: boolean; children: ReactNode }) {
  return (
    <div className={`min-w-0 ${numeric ? 'text-right' : ''}`}>
      <dt className="text-xs text-muted">{term}</dt>
      <dd className={`break-words text-ink tabular-nums ${strong ? 'font-semibold' : ''}`}>{children}</dd>
    </div>
  )
}

/** A design's mockups, front then back (the sides it decorates), as the server drew them. */
export function DesignMockups({ mockupUrls, name }: { mockupUrls: Partial<Record<'front' | 'back', string>>; name: string }) {
  const t = useTranslations('orders')
  return (
    <div className="flex shrink-0 gap-2">
      {(['front', 'back'] as const)
        .filter((view) => mockupUrls[view])
        .map((view) => (
          // eslint-disable-next-line @next/next/no-img-element -- the design's mockup, rendered by the server at its own size
          <img
            key={view}
            src={mockupUrls[view]}
            alt={t('designMockup', { name, view })}
            width={160}
            height={160}
            loading="lazy"
            className="size-32 rounded-lg border border-line bg-soft object-contain sm:size-40"
          />
        ))}
    </div>
  )
}

/** The designs the order was made with (issue 7): their mockups and every decoration's placement, once per design. */
export function OrderDesigns({ lines }: { lines: OrderLineData[] }) {
  const t = useTranslations('orders')
  const designs = new Map<string, { name: string; design: OrderLineDesign }>()
  for (const line of lines) {
    // The garment's line names the design; its set-up line ("Decoration set-up: …") carries the same one.
    if (!line.design || line.lineType === 'setup') continue
    const key = line.design.id ?? `line-${line.id}`
    if (!designs.has(key)) designs.set(key, { name: line.name, design: line.design })
  }
  if (designs.size === 0) return null
  return (
    <section aria-labelledby="order-designs">
      <h3 id="order-designs" className="text-base font-semibold text-ink">
        {t('designs')}
      </h3>
      <ul role="list" className="mt-3 space-y-5">
        {[...designs].map(([key, { name, design }]) => (
          <li key={key} className="flex flex-col gap-4 sm:flex-row">
            <DesignMockups mockupUrls={design.mockupUrls} name={name} />
            <div className="text-sm">
              <p className="font-medium text-ink">{name}</p>
              <ul role="list" className="mt-1 space-y-1 text-muted">
                {design.decorations.map((decoration, index) => (
                  <li key={index}>
                    {t('designPlacement', {
                      what: decoration.kind === 'text' ? t('designText', { text: decoration.text ?? '' }) : (decoration.logo?.name ?? t('designArtwork')),
                      area: decoration.printArea.name,
                      method: decoration.method.name,
                      width: decoration.width.toFixed(1),
                      height: decoration.height.toFixed(1),
                      x: decoration.x.toFixed(1),
                      y: decoration.y.toFixed(1),
                    })}
                    {decoration.kind === 'text' && decoration.font && decoration.color ? ` · ${t('designFont', { font: decoration.font.name, color: decoration.color.name })}` : null}
                  </li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function AddressBlock({ title, address, email }: { title: string; address: OrderAddressData; email?: string }) {
  return (
    <section>
      <h3 className="text-sm font-semibold text-ink">{title}</h3>
      <address className="mt-1 text-sm leading-6 break-words text-muted not-italic">
        {address.name}
        <br />
        {address.street}
        {address.street2 ? (
          <>
            <br />
            {address.street2}
          </>
        ) : null}
        <br />
        {[address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
        {address.country ? (
          <>
            <br />
            {address.country}
          </>
        ) : null}
        {address.phone ? (
          <>
            <br />
            {address.phone}
          </>
        ) : null}
        {email ? (
          <>
            <br />
            {email}
          </>
        ) : null}
      </address>
    </section>
  )
}

export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted">{term}</dt>
      <dd className="mt-0.5 break-words text-ink">{children}</dd>
    </div>
  )
}

export function Amount({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? 'border-t border-line pt-2 text-base font-semibold' : ''}`}>
      <dt className={strong ? 'text-ink' : 'text-muted'}>{label}</dt>
      <dd className="text-ink tabular-nums">{value < 0 ? `−${formatPrice(-value)}` : formatPrice(value)}</dd>
    </div>
  )
}
