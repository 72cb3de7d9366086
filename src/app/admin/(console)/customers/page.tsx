import type { Metadata } from 'next'
import Link from 'next/link'
import { ConsolePage } from '@/components/admin/console-page'
import { CustomerListFilters, InviteCustomer } from '@/components/admin/customer-list-filters'
import { CustomerStatusBadges } from '@/components/admin/customer-badges'
import { ListPager, ListRefusal, pagerLinks } from '@/components/admin/list-pager'
import { SECONDARY_BUTTON_CLASS } from '@/components/admin/console-styles'
import { StorePicker } from '@/components/admin/store-picker'
import { type CustomerListRow, GUEST_BUYERS_SHOWN, type GuestBuyerRow } from '@/isomorphic/contract/admin-customers'
import { CUSTOMER_LIST_VIEW, customerListHref, DEFAULT_CUSTOMER_LIST_VIEW, firstCustomerPage } from '@/isomorphic/customer-list-view'
import { formatDate, formatPrice } from '@/isomorphic/format'
import { DEFAULT_ORDER_LIST_VIEW, orderListViewToSearch } from '@/isomorphic/order-list-view'
import { adminPageQueryOrRefusal } from '@/web/admin-page'

export const metadata: Metadata = { title: 'Customers' }

function allowanceText(row: CustomerListRow, currency: string): string {
  if (row.budgetAmount !== null) return `${formatPrice(row.budgetAmount, currency)} left`
  if (row.allowanceAmount !== null) return `${formatPrice(row.allowanceAmount, currency)} / period`
  return '—'
}

const ordersText = (count: number, spent: number, currency: string) => `${count} ${count === 1 ? 'order' : 'orders'} · ${formatPrice(spent, currency)} spent`

/** Who bought without an account, by the email on their orders; each opens the store's orders found by that email. */
function GuestBuyers({ guests, websiteId, currency }: { guests: GuestBuyerRow[]; websiteId: number; currency: string }) {
  if (guests.length === 0) return null
  return (
    <section aria-labelledby="guest-buyers" className="mt-8">
      <h2 id="guest-buyers" className="text-lg font-semibold">
        Guest buyers
      </h2>
      <p className="mt-1 text-sm text-muted">People who ordered without an account, the most recent first (up to {GUEST_BUYERS_SHOWN}; search to find others). They become customers when they sign up with the same email.</p>
      <ul className="mt-3 grid gap-2 md:grid-cols-2">
        {guests.map((guest) => (
          <li key={guest.email}>
            <Link href={`/admin/orders${orderListViewToSearch({ ...DEFAULT_ORDER_LIST_VIEW, websiteId, q: guest.email })}`} className="block rounded-card border border-line bg-white p-3 hover:border-accent">
              <span className="block truncate font-semibold text-accent">{guest.name}</span>
              <span className="block truncate text-xs text-muted">{guest.email}</span>
              <span className="mt-1 block text-sm">
                {ordersText(guest.orders, guest.spent, currency)} · last {formatDate(guest.lastOrderAt)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

function CustomerTable({ rows, currency }: { rows: CustomerListRow[]; currency: string }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-card border border-line bg-white md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line bg-soft text-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Customer
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Group
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Orders
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Spent
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Allowance
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Since
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <tr key={row.id} className="align-top hover:bg-soft">
                <td className="max-w-80 px-3 py-2.5">
                  <Link href={`/admin/customers/${row.id}`} className="block truncate font-semibold text-accent underline-offset-2 hover:underline">
                    {row.name}
                  </Link>
                  <span className="block truncate text-xs text-muted">{row.email}</span>
                </td>
                <td className="px-3 py-2.5">{row.groupName ?? <span className="text-muted">—</span>}</td>
                <td className="px-3 py-2.5">
                  <CustomerStatusBadges customer={row} />
                </td>
                <td className="px-3 py-2.5 text-right tabular-nums">{row.orders}</td>
                <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">{formatPrice(row.spent, currency)}</td>
                <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">{allowanceText(row, currency)}</td>
                <td className="px-3 py-2.5 whitespace-nowrap text-muted">{formatDate(row.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-2 md:hidden">
        {rows.map((row) => (
          <li key={row.id}>
            <Link href={`/admin/customers/${row.id}`} className="block rounded-card border border-line bg-white p-3 hover:border-accent">
              <span className="block truncate font-semibold text-accent">{row.name}</span>
              <span className="block truncate text-xs text-muted">{row.email}</span>
              <span className="mt-1 block truncate text-sm">{[row.groupName, allowanceText(row, currency)].filter((part) => part && part !== '—').join(' · ') || 'No group'}</span>
              <span className="mt-1 block text-xs text-muted">{ordersText(row.orders, row.spent, currency)}</span>
              <span className="mt-2 block">
                <CustomerStatusBadges customer={row} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}

// /admin/customers: a store's customers, the view (store, filters, search, page) in the URL.
export default async function CustomersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const view = CUSTOMER_LIST_VIEW.parse(await searchParams)
  const answer = await adminPageQueryOrRefusal('customers.list', view)
  if (answer.refusal !== null) {
    return (
      <ConsolePage title="Customers">
        <ListRefusal message={answer.refusal} firstPageHref={customerListHref(firstCustomerPage(view))} />
      </ConsolePage>
    )
  }
  const page = answer.data
  const store = page.stores.find((candidate) => candidate.id === page.websiteId)
  const storeQuery = view.websiteId !== null ? `?store=${page.websiteId}` : ''
  const filtered = CUSTOMER_LIST_VIEW.differs(view, ['websiteId', 'pageSize'])

  return (
    <ConsolePage
      title="Customers"
      actions={
        <>
          <StorePicker action="/admin/customers" stores={page.stores} current={page.websiteId} allLabel="Choose a store" />
          <Link href={`/admin/customers/groups${storeQuery}`} className={SECONDARY_BUTTON_CLASS}>
            Groups
          </Link>
          <Link href={`/admin/customers/import${storeQuery}`} className={SECONDARY_BUTTON_CLASS}>
            Import roster
          </Link>
          <InviteCustomer websiteId={page.websiteId} groups={page.groups} />
        </>
      }
    >
      <CustomerListFilters view={view} websiteId={page.websiteId} groups={page.groups} />
      <div className="mt-4">
        {page.rows.length === 0 ? (
          <div className="rounded-card border border-line bg-white p-8 text-center">
            <p className="font-semibold">{view.cursor ? 'No more customers in this view.' : filtered ? 'No customers match this view.' : 'No customers yet.'}</p>
            <p className="mt-1 text-sm text-muted">
              {filtered ? (
                <Link href={customerListHref({ ...DEFAULT_CUSTOMER_LIST_VIEW, websiteId: view.websiteId })} className="font-semibold text-accent underline">
                  Clear the filters
                </Link>
              ) : (
                'People who sign up, sign in with single sign-on, are invited or come from a roster show up here.'
              )}
            </p>
          </div>
        ) : (
          <>
            <CustomerTable rows={page.rows} currency={store?.currency ?? 'USD'} />
            <ListPager {...pagerLinks(page, (cursor) => customerListHref({ ...view, cursor }))} />
          </>
        )}
        <GuestBuyers guests={page.guests} websiteId={page.websiteId} currency={store?.currency ?? 'USD'} />
      </div>
    </ConsolePage>
  )
}
