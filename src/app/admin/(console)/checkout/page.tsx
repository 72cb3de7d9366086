import type { Metadata } from 'next'
import { CheckoutSettings } from '@/components/admin/checkout-settings'
import { ConsolePage } from '@/components/admin/console-page'
import { StorePicker } from '@/components/admin/store-picker'
import { adminPageQuery } from '@/web/admin-page'
import { consoleStore } from '@/web/admin-store'

export const metadata: Metadata = { title: 'Checkout' }

/** The checkout's settings (issue 16): payment methods, tax, and the order's extra fields and options. */
export default async function CheckoutSettingsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const store = await consoleStore(await searchParams)
  if (!store) return <ConsolePage title="Checkout">You have no store yet.</ConsolePage>
  const [sections, groups, settings] = await Promise.all([
    adminPageQuery('checkout.sections', { websiteId: store.websiteId }),
    adminPageQuery('customerGroups.list', { websiteId: store.websiteId }),
    adminPageQuery('settings.get', { websiteId: store.websiteId }),
  ])
  return (
    <ConsolePage title="Checkout" actions={<StorePicker action="/admin/checkout" stores={store.stores} current={store.websiteId} allLabel={null} />}>
      <p className="mb-4 max-w-3xl text-sm text-muted">
        How shoppers pay, how tax is computed, and what the checkout asks. Each part is saved on its own. A payment method you remove is turned off, never deleted: orders keep its name.
      </p>
      <CheckoutSettings
        websiteId={store.websiteId}
        currency={store.currency}
        sections={sections}
        groups={groups.map((group) => ({ code: group.code, name: group.name }))}
        cardsConfigured={settings.cardPayments.ownAccount || settings.cardPayments.installKeys}
      />
    </ConsolePage>
  )
}
