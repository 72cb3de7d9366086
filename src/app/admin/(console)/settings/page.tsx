import type { Metadata } from 'next'
import { ConsolePage } from '@/components/admin/console-page'
import { StoreSettingsForm } from '@/components/admin/store-settings-form'
import { StorePicker } from '@/components/admin/store-picker'
import { adminPageQuery } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Store settings' }

const idParam = (value: string | string[] | undefined) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : null)

/** A store's settings (issue 16): the store in ?store=, or the member's first. */
export default async function SettingsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const options = await adminPageQuery('orderListOptions', {})
  const wanted = idParam((await searchParams).store)
  const store = options.stores.find((candidate) => candidate.id === wanted) ?? options.stores[0]
  if (!store) {
    return (
      <ConsolePage title="Store settings">
        <p className="text-sm text-muted">You have no store to set up yet.</p>
      </ConsolePage>
    )
  }
  const settings = await adminPageQuery('settings.get', { websiteId: store.id })
  return (
    <ConsolePage title="Store settings" actions={<StorePicker action="/admin/settings" stores={options.stores} current={store.id} allLabel={null} />}>
      <StoreSettingsForm key={settings.websiteId} settings={settings} />
    </ConsolePage>
  )
}
