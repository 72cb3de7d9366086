import type { Metadata } from 'next'
import { ConsolePage } from '@/components/admin/console-page'
import { PRIMARY_BUTTON_CLASS } from '@/components/admin/console-styles'
import { StoreFileImport } from '@/components/admin/store-file-import'
import { StorePicker } from '@/components/admin/store-picker'
import { formatDate } from '@/isomorphic/format'
import { adminPageContext, adminPageQuery } from '@/web/admin-page'
import { idParam } from '@/web/admin-store'

export const metadata: Metadata = { title: 'Store file' }

/**
 * The store file (issue 16): download the live store as a .zip (store.json and its images), and
 * import one with a dry run first. The store is ?store=, or the member's first store.
 */
export default async function StoreFilePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams
  const me = await adminPageQuery('consoleMe', {})
  const websiteId = idParam(params.store) ?? me.storeIds?.[0] ?? (await adminPageContext()).store.websiteId
  const overview = await adminPageQuery('storeFileOverview', { websiteId })
  return (
    <ConsolePage title="Store file" actions={<StorePicker action="/admin/store-file" stores={overview.stores} current={websiteId} allLabel="Choose a store" />}>
      <p className="mb-6 max-w-3xl text-sm text-muted">
        The whole store in one file: settings, home and content pages, catalog with images, delivery, payment, tax, promotions and checkout fields (docs/store-file.md). Use it to keep a copy,
        to move a store to another install, or to change many things at once.
      </p>
      <section aria-labelledby="export-heading" className="mb-6 rounded-card border border-line bg-white p-5">
        <h2 id="export-heading" className="text-lg font-semibold">
          Export {overview.name}
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          A .zip with store.json and the images it names. Secrets (single sign-on, carriers, tax service) stay on the server: the file says &ldquo;(kept on the server)&rdquo; and importing it keeps
          the store&apos;s values. Customer accounts and gift cards are not in it.
        </p>
        <a href={`/api/admin/store-file/export?websiteId=${websiteId}`} download className={`${PRIMARY_BUTTON_CLASS} mt-4`}>
          Download the store file
        </a>
      </section>
      <StoreFileImport websiteId={websiteId} storeName={overview.name} />
      {overview.recentImports.length > 0 ? (
        <section aria-labelledby="recent-heading" className="mt-6">
          <h2 id="recent-heading" className="text-lg font-semibold">
            Recent imports
          </h2>
          <ul className="mt-2 divide-y divide-line rounded-card border border-line bg-white text-sm">
            {overview.recentImports.map((entry) => (
              <li key={`${entry.at}-${entry.sha256}`} className="flex flex-wrap justify-between gap-2 px-4 py-2">
                <span className="break-all">
                  {entry.fileName} <span className="text-muted">by {entry.staffEmail}</span>
                </span>
                <span className="text-muted">
                  {formatDate(entry.at)} · {entry.changed} records changed
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </ConsolePage>
  )
}
