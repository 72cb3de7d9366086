import type { Metadata } from 'next'
import Link from 'next/link'
import { redirect } from 'next/navigation'
import { ConsolePage } from '@/components/admin/console-page'
import { OrderBadges } from '@/components/admin/order-state-badges'
import { StorePicker } from '@/components/admin/store-picker'
import type { AdminOrderListRow, DashboardQueue, DashboardWindow } from '@/isomorphic/contract/admin-orders-list'
import { formatDate, formatPrice } from '@/isomorphic/format'
import { DEFAULT_ORDER_LIST_VIEW, firstPageOf, type OrderListView, orderListViewToSearch } from '@/isomorphic/order-list-view'
import { adminPageQuery, CONSOLE_SECURITY } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Dashboard' }

type QueueName = 'awaitingApproval' | 'awaitingPayment' | 'awaitingProduction' | 'awaitingShipment' | 'problems'

/** Each queue: its heading, what an empty one says, and the order list (or work orders) showing all of it. */
const QUEUES: { name: QueueName; title: string; empty: string; view: Partial<OrderListView> | null }[] = [
  { name: 'problems', title: 'Problems reported', empty: 'No decoration partner has reported a problem.', view: null },
  { name: 'awaitingApproval', title: 'Awaiting approval', empty: 'No order waits for a client approver.', view: { state: 'draft', approvalState: 'awaiting_approval' } },
  { name: 'awaitingPayment', title: 'Awaiting payment', empty: 'No confirmed order waits for its payment.', view: { state: 'sale', paymentState: 'pending' } },
  { name: 'awaitingProduction', title: 'Awaiting production', empty: 'Every confirmed order is in production.', view: { state: 'sale', fulfilmentState: 'unfulfilled' } },
  { name: 'awaitingShipment', title: 'Awaiting shipment', empty: 'Nothing in production waits to ship.', view: { state: 'sale', fulfilmentState: 'in_production' } },
]

/** How many of the newest orders the dashboard lists. */
const LATEST = 8

const storeParam = (value: string | string[] | undefined) => (typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null)

function Figure({ title, window, currency }: { title: string; window: DashboardWindow; currency: string }) {
  return (
    <div className="rounded-card border border-line bg-white p-5">
      <h2 className="text-sm font-medium text-muted">{title}</h2>
      <p className="mt-2 text-3xl font-bold tracking-tight tabular-nums">{formatPrice(window.revenue, currency)}</p>
      <p className="mt-1 text-sm text-muted">
        <span className="font-semibold text-ink tabular-nums">{window.orders}</span> {window.orders === 1 ? 'order' : 'orders'}
      </p>
    </div>
  )
}

function QueueRow({ order, currency, showStore }: { order: AdminOrderListRow; currency: string; showStore: boolean }) {
  return (
    <li>
      <Link href={`/admin/orders/${order.id}`} className="flex items-start justify-between gap-3 rounded-md px-2 py-2 hover:bg-soft focus-visible:bg-soft">
        <span className="min-w-0">
          <span className="font-semibold">{order.reference}</span>
          <span className="block truncate text-muted">
            {[order.customerName, showStore ? order.storeName : null, formatDate(order.placedAt)].filter(Boolean).join(' · ')}
          </span>
          <span className="mt-1 block">
            <OrderBadges order={order} />
          </span>
        </span>
        <span className="shrink-0 font-medium tabular-nums">{formatPrice(order.total, currency)}</span>
      </Link>
    </li>
  )
}

function Queue({ title, empty, queue, href, currency, showStore }: { title: string; empty: string; queue: DashboardQueue; href: string; currency: string; showStore: boolean }) {
  const id = `queue-${title.toLowerCase().replaceAll(' ', '-')}`
  return (
    <section aria-labelledby={id} className={`flex min-w-0 flex-col rounded-card border bg-white p-4 ${title === 'Problems reported' && queue.count > 0 ? 'border-danger/40' : 'border-line'}`}>
      <div className="flex items-baseline justify-between gap-2 px-2">
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        <span className={`rounded-full px-2 py-0.5 text-sm font-semibold tabular-nums ${queue.count > 0 ? 'bg-ink text-white' : 'bg-soft text-muted'}`} aria-label={`${queue.count} waiting`}>
          {queue.count}
        </span>
      </div>
      {queue.first.length === 0 ? (
        <p className="mt-2 px-2 text-sm text-muted">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line text-sm">
          {queue.first.map((order) => (
            <QueueRow key={order.id} order={order} currency={currency} showStore={showStore} />
          ))}
        </ul>
      )}
      {queue.count > 0 ? (
        <Link href={href} className="mt-auto px-2 pt-3 text-sm font-semibold text-accent underline">
          View all ({queue.count})
        </Link>
      ) : null}
    </section>
  )
}

// The console's start page: today's, the week's and the month's orders and revenue, and the queues
// of orders waiting for the store, for all the member's stores or the one in ?store=. A decoration
// partner's member has no dashboard: their work orders are their start.
export default async function DashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await adminPageQuery('consoleMe', {})
  if (me.mustEnrolSecondFactor) redirect(CONSOLE_SECURITY)
  if (me.kind === 'decorationPartner') redirect('/admin/work-orders')
  const options = await adminPageQuery('orderListOptions', {})
  const wanted = storeParam((await searchParams).store)
  const store = options.stores.find((candidate) => candidate.id === wanted) ?? null
  const [dashboard, latest] = await Promise.all([
    adminPageQuery('dashboard', { websiteId: store?.id ?? null }),
    adminPageQuery('orders', { websiteId: store?.id ?? null, pageSize: 25 }),
  ])
  const currency = store?.currency ?? options.stores[0]?.currency ?? 'USD'
  const showStore = store === null && options.stores.length > 1
  const listHref = (view: Partial<OrderListView>) => `/admin/orders${orderListViewToSearch(firstPageOf(DEFAULT_ORDER_LIST_VIEW, { ...view, websiteId: store?.id ?? null }))}`

  return (
    <ConsolePage title="Dashboard" actions={<StorePicker action="/admin" stores={options.stores} current={store?.id ?? null} />}>
      <p className="-mt-3 mb-5 text-sm text-muted">
        Signed in as <span className="font-semibold text-ink">{me.name}</span> · {store ? store.name : options.stores.length === 1 ? options.stores[0]!.name : 'all your stores'} · days in
        UTC · revenue of confirmed orders, before refunds
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <Figure title="Today" window={dashboard.today} currency={currency} />
        <Figure title="Last 7 days" window={dashboard.last7Days} currency={currency} />
        <Figure title="Last 30 days" window={dashboard.last30Days} currency={currency} />
      </div>
      <div className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {QUEUES.map((queue) => (
          <Queue
            key={queue.name}
            title={queue.title}
            empty={queue.empty}
            queue={dashboard.queues[queue.name]}
            href={queue.view ? listHref(queue.view) : '/admin/work-orders?state=problem'}
            currency={currency}
            showStore={showStore}
          />
        ))}
      </div>
      <section aria-labelledby="latest-orders" className="mt-6 min-w-0 rounded-card border border-line bg-white p-4">
        <div className="flex items-baseline justify-between gap-2 px-2">
          <h2 id="latest-orders" className="font-semibold">
            Latest orders
          </h2>
          <Link href={listHref({})} className="text-sm font-semibold text-accent underline">
            All orders
          </Link>
        </div>
        {latest.rows.length === 0 ? (
          <p className="mt-2 px-2 text-sm text-muted">No orders yet. They show up here as they come in.</p>
        ) : (
          <ul className="mt-2 divide-y divide-line text-sm">
            {latest.rows.slice(0, LATEST).map((order) => (
              <QueueRow key={order.id} order={order} currency={currency} showStore={showStore} />
            ))}
          </ul>
        )}
      </section>
    </ConsolePage>
  )
}
