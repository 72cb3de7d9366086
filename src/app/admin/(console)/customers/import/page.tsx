import type { Metadata } from 'next'
import Link from 'next/link'
import { ConsolePage } from '@/components/admin/console-page'
import { RosterImport } from '@/components/admin/roster-import'
import { StorePicker } from '@/components/admin/store-picker'
import { adminPageQuery } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Import a roster' }

// /admin/customers/import: the roster import of the chosen store (?store=), dry run first.
export default async function RosterImportPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { store } = await searchParams
  const websiteId = typeof store === 'string' && /^[1-9]\d{0,9}$/.test(store) ? Number(store) : null
  const page = await adminPageQuery('customers.list', { websiteId, pageSize: 25 })
  const current = page.stores.find((candidate) => candidate.id === page.websiteId)
  return (
    <ConsolePage
      title="Import a roster"
      actions={
        <>
          <StorePicker action="/admin/customers/import" stores={page.stores} current={page.websiteId} allLabel="Choose a store" />
          <Link href={`/admin/customers?store=${page.websiteId}`} className="self-center text-sm font-semibold text-accent underline">
            ← Customers
          </Link>
        </>
      }
    >
      <RosterImport key={page.websiteId} websiteId={page.websiteId} storeName={current?.name ?? ''} />
    </ConsolePage>
  )
}
