import type { Metadata } from 'next'
import { ConsolePage } from '@/components/admin/console-page'
import { SECONDARY_BUTTON_CLASS } from '@/components/admin/console-styles'
import { StoreSettingsForm } from '@/components/admin/store-settings-form'
import { StorePicker } from '@/components/admin/store-picker'
import { adminPageQuery } from '@/web/admin-page'
import { consoleStore } from '@/web/admin-store'

export const metadata: Metadata = { title: 'Store settings' }

/** A store's settings (issue 16): the store in ?store=, or the member's first. */
export default async function SettingsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const store = await consoleStore(await searchParams)
  if (!store) {
    return (
      <ConsolePage title="Store settings">
        <p className="text-sm text-muted">You have no store to set up yet.</p>
      </ConsolePage>
    )
  }
  const [settings, { address }] = await Promise.all([adminPageQuery('settings.get', { websiteId: store.websiteId }), adminPageQuery('stores.address', { websiteId: store.websiteId })])
  return (
    <ConsolePage
      title="Store settings"
      actions={
        <>
          {address ? (
            <a href={address} target="_blank" rel="noopener noreferrer" className={SECONDARY_BUTTON_CLASS}>
              View store ↗
            </a>
          ) : null}
          <StorePicker action="/admin/settings" stores={store.stores} current={store.websiteId} allLabel={null} />
        </>
      }
    >
      <StoreSettingsForm key={settings.websiteId} settings={settings} />
    </ConsolePage>
  )
}
