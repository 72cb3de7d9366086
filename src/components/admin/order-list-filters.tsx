'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import type { FormEvent } from 'react'
import type { OrderListOptions } from '@/isomorphic/contract/admin-order-screens'
import {
  DEFAULT_ORDER_LIST_VIEW,
  firstPageOf,
  ORDER_LIST_APPROVAL_STATES,
  ORDER_LIST_FULFILMENT_STATES,
  ORDER_LIST_PAGE_SIZES,
  ORDER_LIST_PAYMENT_STATES,
  ORDER_LIST_SEARCH_MAX,
  ORDER_LIST_STATES,
  type OrderListView,
  orderListViewToSearch,
  parseOrderListView,
} from '@/isomorphic/order-list-view'
import { PRIMARY_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from './form-fields'
import { APPROVAL_STATE_NAMES, FULFILMENT_STATE_NAMES, ORDER_STATE_NAMES, PAYMENT_STATE_NAMES } from './order-state-badges'

// The order list's filters and search (issue 15): a GET form whose fields are the URL's parameters
// (src/isomorphic/order-list-view.ts), so it works without JavaScript; with it, the same view is
// written without its empty fields and the page is fetched without a full load.

const SELECT_CLASS = 'mt-1 block w-full rounded-md border border-line bg-white px-2 py-2 text-sm text-ink'

function Select({ label, name, value, choices }: { label: string; name: string; value: string | number | null; choices: [string, string][] }) {
  return (
    <label className="block text-xs font-medium text-muted">
      {label}
      <select name={name} defaultValue={value === null ? '' : String(value)} className={SELECT_CLASS}>
        <option value="">Any</option>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </label>
  )
}

export function OrderListFilters({ view, options }: { view: OrderListView; options: OrderListOptions }) {
  const router = useRouter()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const params = new URLSearchParams()
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string' && value !== '') params.set(name, value)
    router.push(`/admin/orders${orderListViewToSearch(firstPageOf(parseOrderListView(params)))}`)
  }

  const filtered = orderListViewToSearch(firstPageOf(view, { sort: DEFAULT_ORDER_LIST_VIEW.sort, dir: DEFAULT_ORDER_LIST_VIEW.dir })) !== ''
  return (
    // Keyed by the view: its fields show the view again after a link or the back button changed it.
    <form key={orderListViewToSearch(view)} method="get" action="/admin/orders" onSubmit={submit} role="search" aria-label="Orders" className="rounded-card border border-line bg-white p-4">
      {view.kind !== DEFAULT_ORDER_LIST_VIEW.kind ? <input type="hidden" name="kind" value={view.kind} /> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className="sr-only" htmlFor="order-search">
          Search orders
        </label>
        <input
          id="order-search"
          type="search"
          name="q"
          defaultValue={view.q ?? ''}
          maxLength={ORDER_LIST_SEARCH_MAX}
          placeholder="Search: S00042, email or name"
          className="block w-full min-w-0 flex-1 rounded-md border border-line bg-white px-3 py-2 text-base sm:text-sm"
        />
        <div className="flex gap-2">
          <button type="submit" className={`${PRIMARY_BUTTON_CLASS} flex-1 sm:flex-none`}>
            Apply
          </button>
          {filtered ? (
            <Link href="/admin/orders" className={`${SECONDARY_BUTTON_CLASS} flex-1 sm:flex-none`}>
              Clear
            </Link>
          ) : null}
        </div>
      </div>
      <details className="group mt-3" open={filtered}>
        <summary className="cursor-pointer text-sm font-semibold text-accent select-none">Filters</summary>
        <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-5">
          <Select label="Order" name="state" value={view.state} choices={ORDER_LIST_STATES.map((state) => [state, ORDER_STATE_NAMES[state]])} />
          <Select label="Payment" name="payment" value={view.paymentState} choices={ORDER_LIST_PAYMENT_STATES.map((state) => [state, PAYMENT_STATE_NAMES[state]])} />
          <Select label="Approval" name="approval" value={view.approvalState} choices={ORDER_LIST_APPROVAL_STATES.map((state) => [state, APPROVAL_STATE_NAMES[state]])} />
          <Select label="Fulfilment" name="fulfilment" value={view.fulfilmentState} choices={ORDER_LIST_FULFILMENT_STATES.map((state) => [state, FULFILMENT_STATE_NAMES[state]])} />
          <Select label="Decoration partner" name="partner" value={view.decorationPartnerId} choices={options.decorationPartners.map((partner) => [String(partner.id), partner.name])} />
          {options.stores.length > 1 ? <Select label="Store" name="store" value={view.websiteId} choices={options.stores.map((store) => [String(store.id), store.name])} /> : null}
          <label className="block text-xs font-medium text-muted">
            Placed from
            <input type="date" name="from" defaultValue={view.from ?? ''} className={SELECT_CLASS} />
          </label>
          <label className="block text-xs font-medium text-muted">
            Placed to
            <input type="date" name="to" defaultValue={view.to ?? ''} className={SELECT_CLASS} />
          </label>
          <label className="block text-xs font-medium text-muted">
            Sort by
            <select name="sort" defaultValue={view.sort} className={SELECT_CLASS}>
              <option value="placed">Date placed</option>
              <option value="total">Total</option>
              <option value="reference">Reference</option>
            </select>
          </label>
          <label className="block text-xs font-medium text-muted">
            Direction
            <select name="dir" defaultValue={view.dir} className={SELECT_CLASS}>
              <option value="desc">Newest / largest first</option>
              <option value="asc">Oldest / smallest first</option>
            </select>
          </label>
          <label className="block text-xs font-medium text-muted">
            Per page
            <select name="size" defaultValue={String(view.pageSize)} className={SELECT_CLASS}>
              {ORDER_LIST_PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        </div>
      </details>
    </form>
  )
}
