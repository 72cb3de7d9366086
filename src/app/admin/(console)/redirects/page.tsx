import type { Metadata } from 'next'
import { ConsolePage } from '@/components/admin/console-page'
import { RedirectManager } from '@/components/admin/redirect-manager'
import { StorePicker } from '@/components/admin/store-picker'
import { adminPageQuery } from '@/web/admin-page'
import { consoleStore } from '@/web/admin-store'

export const metadata: Metadata = { title: 'Redirects' }

/** A store's redirects (issue 16): old addresses sent to new ones, on this store or elsewhere. */
export default async function RedirectsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const store = await consoleStore(await searchParams)
  if (!store) return <ConsolePage title="Redirects">{<p className="text-sm text-muted">You have no store to edit.</p>}</ConsolePage>
  const { rules } = await adminPageQuery('redirects.list', { websiteId: store.websiteId })
  return (
    <ConsolePage title="Redirects" actions={<StorePicker action="/admin/redirects" stores={store.stores} current={store.websiteId} allLabel="Choose a store" />}>
      <p className="mb-6 max-w-3xl text-sm text-muted">
        A visitor to the “from” path is sent on before any page is shown, with their query string. A target on another site is a full page load. Loops, chains of more than three redirects, and addresses
        other than http(s) are refused.
      </p>
      <RedirectManager websiteId={store.websiteId} rules={rules} />
    </ConsolePage>
  )
}
