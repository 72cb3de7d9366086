import type { Metadata } from 'next'
import { ConsolePage } from '@/components/admin/console-page'
import { ListPager, ListRefusal, pagerLinks } from '@/components/admin/list-pager'
import { CreateStoreForm, StoreTable } from '@/components/admin/store-manager'
import { listHref, STORE_LIST_VIEW } from '@/isomorphic/console-list-views'
import { adminPageQuery, adminPageQueryOrRefusal } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Stores' }

/** Every store of the install the member may manage (issue 25), a page at a time, and a new one from a template. */
export default async function StoresPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const view = STORE_LIST_VIEW.parse(await searchParams)
  const cursor = view.cursor ?? undefined
  const [answer, options] = await Promise.all([adminPageQueryOrRefusal('stores.list', { ...(cursor ? { cursor } : {}), limit: 50 }), adminPageQuery('orderListOptions', {})])
  const page = answer.data ?? { rows: [], since: { today: '', last30Days: '' }, nextCursor: null, previousCursor: null }
  const currency = options.stores[0]?.currency ?? 'USD'
  return (
    <ConsolePage title="Stores">
      <p className="mb-6 max-w-3xl text-sm text-muted">
        Each store answers at its own host names and keeps its own catalog, customers, carts and orders. Sales count orders placed since midnight UTC (not cancelled) and the total of confirmed ones.
      </p>
      {answer.refusal !== null ? <ListRefusal message={answer.refusal} firstPageHref="/admin/stores" /> : <StoreTable stores={page.rows} currency={currency} />}
      <ListPager label="Pages of stores" {...pagerLinks(page, (at) => listHref('stores', { cursor: at }))} />
      <div className="mt-8">
        <CreateStoreForm templates={options.stores.map(({ id, name }) => ({ id, name }))} />
      </div>
    </ConsolePage>
  )
}
