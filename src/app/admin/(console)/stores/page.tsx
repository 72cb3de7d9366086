import type { Metadata } from 'next'
import Link from 'next/link'
import { ConsolePage } from '@/components/admin/console-page'
import { CreateStoreForm, StoreTable } from '@/components/admin/store-manager'
import { adminPageQuery } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Stores' }

/** Every store of the install the member may manage (issue 25), a page at a time, and a new one from a template. */
export default async function StoresPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { after } = await searchParams
  const cursor = typeof after === 'string' && /^\d{1,10}$/.test(after) ? after : undefined
  const [page, options] = await Promise.all([adminPageQuery('stores.list', { ...(cursor ? { cursor } : {}), limit: 50 }), adminPageQuery('orderListOptions', {})])
  const currency = options.stores[0]?.currency ?? 'USD'
  return (
    <ConsolePage title="Stores">
      <p className="mb-6 max-w-3xl text-sm text-muted">
        Each store answers at its own host names and keeps its own catalog, customers, carts and orders. Sales count orders placed since midnight UTC (not cancelled) and the total of confirmed ones.
      </p>
      <StoreTable stores={page.rows} currency={currency} />
      {cursor || page.nextCursor ? (
        <nav className="mt-4 flex gap-3 text-sm" aria-label="Pages of stores">
          {cursor ? <Link href="/admin/stores">← First page</Link> : null}
          {page.nextCursor ? <Link href={`/admin/stores?after=${page.nextCursor}`}>Next →</Link> : null}
        </nav>
      ) : null}
      <div className="mt-8">
        <CreateStoreForm templates={options.stores.map(({ id, name }) => ({ id, name }))} />
      </div>
    </ConsolePage>
  )
}
