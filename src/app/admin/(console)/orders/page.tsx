import type { Metadata } from 'next'
import Link from 'next/link'
import { ConsolePage } from '@/components/admin/console-page'
import { SECONDARY_BUTTON_CLASS } from '@/components/admin/console-styles'
import { ListPager, ListRefusal, pagerLinks } from '@/components/admin/list-pager'
import { OrderListFilters } from '@/components/admin/order-list-filters'
import { OrderBadges } from '@/components/admin/order-state-badges'
import type { AdminOrderListRow } from '@/isomorphic/contract/admin-orders-list'
import { formatDate, formatPrice } from '@/isomorphic/format'
import { DEFAULT_ORDER_LIST_VIEW, firstPageOf, ORDER_LIST_VIEW, type OrderListSort, type OrderListView, orderListViewToSearch } from '@/isomorphic/order-list-view'
import { currentTab, ORDER_LIST_TABS, tabView } from '@/isomorphic/order-list-tabs'
import { adminPageQuery, adminPageQueryOrRefusal } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Orders' }

const listHref = (view: OrderListView) => `/admin/orders${orderListViewToSearch(view)}`

/** The view as the exports take it: the same filters, search and sort, all pages. */
const exportHref = (file: 'orders.csv' | 'order-lines.csv', view: OrderListView) => `/api/admin/exports/${file}${orderListViewToSearch({ ...view, cursor: null, pageSize: DEFAULT_ORDER_LIST_VIEW.pageSize })}`

function SortHeader({ view, sort, label, align = 'left' }: { view: OrderListView; sort: OrderListSort; label: string; align?: 'left' | 'right' }) {
  const current = view.sort === sort
  // A column sorts descending first (newest, largest, latest reference); clicking it again turns it round.
  const dir = current && view.dir === 'desc' ? 'asc' : 'desc'
  return (
    <th scope="col" aria-sort={current ? (view.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className={`px-3 py-2 font-medium ${align === 'right' ? 'text-right' : ''}`}>
      <Link href={listHref(firstPageOf(view, { sort, dir }))} className={`inline-flex items-center gap-1 hover:text-ink ${current ? 'text-ink' : ''}`}>
        {label}
        <span aria-hidden="true" className="text-xs">
          {current ? (view.dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </Link>
    </th>
  )
}

function ExportMenu({ view }: { view: OrderListView }) {
  return (
    <details className="relative">
      <summary className={`${SECONDARY_BUTTON_CLASS} cursor-pointer list-none`}>Export CSV ▾</summary>
      <div className="absolute right-0 z-10 mt-1 w-64 rounded-md border border-line bg-white p-1 text-sm shadow-lg">
        <a href={exportHref('orders.csv', view)} download className="block rounded px-3 py-2 hover:bg-soft">
          Orders <span className="block text-xs text-muted">One row per order, this view, every page</span>
        </a>
        <a href={exportHref('order-lines.csv', view)} download className="block rounded px-3 py-2 hover:bg-soft">
          Order lines <span className="block text-xs text-muted">One row per line of these orders</span>
        </a>
      </div>
    </details>
  )
}

/** The status tabs above the list (Shopify's): links to saved views, the current one marked. */
function StatusTabs({ view }: { view: OrderListView }) {
  const current = currentTab(view)
  return (
    <nav aria-label="Order status" className="-mx-1 mb-4 overflow-x-auto border-b border-line" data-scroll-x>
      <ul className="flex min-w-max gap-1 px-1">
        {ORDER_LIST_TABS.map((tab) => {
          const active = current?.id === tab.id
          return (
            <li key={tab.id}>
              <Link
                href={listHref(tabView(view, tab))}
                aria-current={active ? 'page' : undefined}
                className={`-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${active ? 'border-accent text-ink' : 'border-transparent text-muted hover:border-line hover:text-ink'}`}
              >
                {tab.label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

function OrderTable({ rows, view, currencyOf, showStore }: { rows: AdminOrderListRow[]; view: OrderListView; currencyOf: (websiteId: number) => string; showStore: boolean }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-card border border-line bg-white md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line bg-soft text-muted">
            <tr>
              <SortHeader view={view} sort="reference" label="Order" />
              <SortHeader view={view} sort="placed" label="Placed" />
              <th scope="col" className="px-3 py-2 font-medium">
                Customer
              </th>
              {showStore ? (
                <th scope="col" className="px-3 py-2 font-medium">
                  Store
                </th>
              ) : null}
              <th scope="col" className="px-3 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Items
              </th>
              <SortHeader view={view} sort="total" label="Total" align="right" />
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((order) => (
              <tr key={order.id} className="align-top hover:bg-soft">
                <td className="px-3 py-2.5">
                  <Link href={`/admin/orders/${order.id}`} className="font-semibold text-accent underline-offset-2 hover:underline">
                    {order.reference}
                  </Link>
                </td>
                <td className="px-3 py-2.5 whitespace-nowrap text-muted">{formatDate(order.placedAt)}</td>
                <td className="max-w-64 px-3 py-2.5">
                  <span className="block truncate">{order.customerName}</span>
                  <span className="block truncate text-xs text-muted">{order.customerEmail}</span>
                </td>
                {showStore ? <td className="px-3 py-2.5">{order.storeName}</td> : null}
                <td className="px-3 py-2.5">
                  <OrderBadges order={order} />
                </td>
                <td className="px-3 py-2.5 text-right tabular-nums">{order.items}</td>
                <td className="px-3 py-2.5 text-right font-medium whitespace-nowrap tabular-nums">{formatPrice(order.total, currencyOf(order.websiteId))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-2 md:hidden">
        {rows.map((order) => (
          <li key={order.id}>
            <Link href={`/admin/orders/${order.id}`} className="block rounded-card border border-line bg-white p-3 hover:border-accent">
              <span className="flex items-baseline justify-between gap-2">
                <span className="font-semibold text-accent">{order.reference}</span>
                <span className="font-medium tabular-nums">{formatPrice(order.total, currencyOf(order.websiteId))}</span>
              </span>
              <span className="mt-0.5 block truncate text-sm">{order.customerName}</span>
              <span className="block truncate text-xs text-muted">
                {[formatDate(order.placedAt), `${order.items} ${order.items === 1 ? 'item' : 'items'}`, showStore ? order.storeName : null].filter(Boolean).join(' · ')}
              </span>
              <span className="mt-2 block">
                <OrderBadges order={order} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}

// /admin/orders: the orders of the member's stores, the view (filters, search, sort, page) held in
// the URL, read on the server (a GET form, links), so it reads without JavaScript and the back
// button goes back a view.
export default async function OrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const view = ORDER_LIST_VIEW.parse(await searchParams)
  const [options, answer] = await Promise.all([adminPageQuery('orderListOptions', {}), adminPageQueryOrRefusal('orders', view)])
  const currencies = new Map(options.stores.map((store) => [store.id, store.currency]))
  const currencyOf = (websiteId: number) => currencies.get(websiteId) ?? 'USD'
  const showStore = options.stores.length > 1 && view.websiteId === null
  const filtered = ORDER_LIST_VIEW.differs(view, ['sort', 'dir', 'pageSize'])

  return (
    <ConsolePage title="Orders" actions={<ExportMenu view={view} />}>
      <StatusTabs view={view} />
      <OrderListFilters view={view} options={options} />
      <div className="mt-4">
        {answer.refusal !== null ? (
          <ListRefusal message={answer.refusal} firstPageHref={listHref(firstPageOf(view))} />
        ) : answer.data.rows.length === 0 ? (
          <div className="rounded-card border border-line bg-white p-8 text-center">
            <p className="font-semibold">{view.cursor ? 'No more orders in this view.' : filtered ? 'No orders match this view.' : 'No orders yet.'}</p>
            <p className="mt-1 text-sm text-muted">
              {filtered ? (
                <Link href="/admin/orders" className="font-semibold text-accent underline">
                  Clear the filters
                </Link>
              ) : (
                'Orders placed in your stores show up here as they come in.'
              )}
            </p>
          </div>
        ) : (
          <>
            <OrderTable rows={answer.data.rows} view={view} currencyOf={currencyOf} showStore={showStore} />
            <ListPager {...pagerLinks(answer.data, (cursor) => listHref({ ...view, cursor }))} />
          </>
        )}
      </div>
    </ConsolePage>
  )
}
