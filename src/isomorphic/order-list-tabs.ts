import { firstPageOf, type OrderListView } from './order-list-view'

// The order list's status tabs (issue 26, as Shopify's order list has them): each a saved view made
// of the list's own filters, so a tab is a link and the filter form shows what it means. The tab a
// view is on is the one whose filters it holds exactly (any other filter: no tab is current).

export type OrderListTab = { id: string; label: string; filters: Pick<OrderListView, 'state' | 'paymentState' | 'approvalState' | 'fulfilmentState'> }

const NONE = { state: null, paymentState: null, approvalState: null, fulfilmentState: null } as const

export const ORDER_LIST_TABS: readonly OrderListTab[] = [
  { id: 'all', label: 'All', filters: NONE },
  { id: 'approval', label: 'Needs approval', filters: { ...NONE, state: 'draft', approvalState: 'awaiting_approval' } },
  // Confirmed, the money not in yet: a bank transfer or an invoice waiting to be marked paid.
  { id: 'unpaid', label: 'Unpaid', filters: { ...NONE, state: 'sale', paymentState: 'pending' } },
  { id: 'unfulfilled', label: 'Unfulfilled', filters: { ...NONE, state: 'sale', fulfilmentState: 'unfulfilled' } },
  { id: 'production', label: 'In production', filters: { ...NONE, state: 'sale', fulfilmentState: 'in_production' } },
  { id: 'shipped', label: 'Shipped', filters: { ...NONE, state: 'sale', fulfilmentState: 'shipped' } },
  { id: 'cancelled', label: 'Cancelled', filters: { ...NONE, state: 'cancel' } },
]

/** The tab's view from the current one: its filters, the rest (store, dates, search, sort) kept, from the first page. */
export function tabView(view: OrderListView, tab: OrderListTab): OrderListView {
  return firstPageOf(view, { ...tab.filters })
}

/** The tab the view is on, or null when its filters are none of the tabs'. */
export function currentTab(view: OrderListView): OrderListTab | null {
  return (
    ORDER_LIST_TABS.find((tab) => (Object.keys(NONE) as (keyof typeof NONE)[]).every((key) => view[key] === tab.filters[key])) ?? null
  )
}
