import type { Metadata } from 'next'
import { CheckoutSettings } from '@/components/admin/checkout-settings'
import { ConsolePage } from '@/components/admin/console-page'
import { StorePicker } from '@/components/admin/store-picker'
import { adminPageQuery } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Checkout' }

const idParam = (value: string | string[] | undefined) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : null)

/** The checkout's settings (issue 16): payment methods, tax, and the order's extra fields and options. */
export default async function CheckoutSettingsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const options = await adminPageQuery('orderListOptions', {})
  const wanted = idParam((await searchParams).store)
  const store = options.stores.find((candidate) => candidate.id === wanted) ?? options.stores[0]
  if (!store) return <ConsolePage title="Checkout">You have no store yet.</ConsolePage>
  const sections = await adminPageQuery('checkout.sections', { websiteId: store.id })
  return (
    <ConsolePage title="Checkout" actions={<StorePicker action="/admin/checkout" stores={options.stores} current={store.id} allLabel={null} />}>
      <p className="mb-4 max-w-3xl text-sm text-muted">
        How shoppers pay, how tax is computed, and what the checkout asks. Each part is saved on its own. A payment method you remove is turned off, never deleted: orders keep its name.
      </p>
      <CheckoutSettings websiteId={store.id} currency={store.currency} sections={sections} />
    </ConsolePage>
  )
}
