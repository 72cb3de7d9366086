import type { Metadata } from 'next'
import Link from 'next/link'
import { ConsolePage } from '@/components/admin/console-page'
import { PRIMARY_BUTTON_CLASS } from '@/components/admin/console-styles'
import { StorePicker } from '@/components/admin/store-picker'
import { formatPrice } from '@/isomorphic/format'
import { adminPageQuery } from '@/web/admin-page'
import { consoleStore } from '@/web/admin-store'

export const metadata: Metadata = { title: 'Delivery' }

const TYPE_LABELS: Record<string, string> = {
  fixed: 'Fixed price',
  base_on_rule: 'By rules',
  usps: 'USPS',
  ups_rubikx: 'UPS',
  fedex_rubikx: 'FedEx',
}

/** A store's delivery methods (issue 16): the checkout's order, their kind and price, on or off. */
export default async function DeliveryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const store = await consoleStore(await searchParams)
  if (!store) return <ConsolePage title="Delivery">You have no store yet.</ConsolePage>
  const methods = await adminPageQuery('delivery.methods', { websiteId: store.websiteId })
  return (
    <ConsolePage
      title="Delivery"
      actions={
        <>
          <StorePicker action="/admin/delivery" stores={store.stores} current={store.websiteId} allLabel={null} />
          <Link href={`/admin/delivery/new?store=${store.websiteId}`} className={PRIMARY_BUTTON_CLASS}>
            Add a delivery method
          </Link>
        </>
      }
    >
      <p className="mb-4 max-w-3xl text-sm text-muted">
        The ways a shopper can receive an order, in the checkout&apos;s order. A method is never deleted (orders name it): turn it off instead. Carrier secrets are stored but never shown again.
      </p>
      {methods.length === 0 ? (
        <p className="rounded-card border border-line bg-white p-6 text-sm text-muted">No delivery methods yet: shoppers cannot check out until there is one.</p>
      ) : (
        <ul className="divide-y divide-line rounded-card border border-line bg-white">
          {methods.map((method) => (
            <li key={method.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
              <Link href={`/admin/delivery/${method.id}?store=${store.websiteId}`} className="min-w-0 flex-1 font-semibold break-words text-accent hover:underline">
                {method.name}
              </Link>
              <span className="text-sm text-muted">{TYPE_LABELS[method.deliveryType] ?? method.deliveryType}</span>
              <span className="w-24 text-right text-sm tabular-nums">
                {method.deliveryType === 'fixed' ? formatPrice(method.price, store.currency) : method.deliveryType === 'base_on_rule' ? `${method.ruleCount} rules` : 'Carrier rates'}
              </span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${method.active ? 'bg-soft text-accent-strong' : 'bg-gray-100 text-muted'}`}>{method.active ? 'On' : 'Off'}</span>
            </li>
          ))}
        </ul>
      )}
    </ConsolePage>
  )
}
