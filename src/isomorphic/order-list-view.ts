import { defineListView, LIST_CURSOR_PATTERN, LIST_DAY_PATTERN, listDay, listField, listSearch } from './list-view'
import type { OrderApprovalState, OrderFulfilmentState, OrderKind, OrderPaymentState, OrderState } from './order-types'

// The console's order list view (issue 15): its filters, search, sort, page size and cursor, held in
// the URL so a view can be shared and the back button works: declared with the lists' one codec
// (list-view.ts). The page parses its search params with parseOrderListView and links with
// orderListViewToSearch; the admin query `orders` takes the same view.

export const ORDER_LIST_KINDS = ['order', 'quotation'] as const satisfies readonly OrderKind[]
export const ORDER_LIST_STATES = ['draft', 'sale', 'cancel'] as const satisfies readonly OrderState[]
export const ORDER_LIST_PAYMENT_STATES = ['not_paid', 'pending', 'paid', 'partially_refunded', 'refunded'] as const satisfies readonly OrderPaymentState[]
export const ORDER_LIST_APPROVAL_STATES = ['not_required', 'awaiting_approval', 'approved', 'rejected'] as const satisfies readonly OrderApprovalState[]
export const ORDER_LIST_FULFILMENT_STATES = ['unfulfilled', 'in_production', 'partially_shipped', 'shipped', 'delivered'] as const satisfies readonly OrderFulfilmentState[]
/** placed: when the order was placed (its creation); total: the order's total; reference: 'S00042' by its number. */
export const ORDER_LIST_SORTS = ['placed', 'total', 'reference'] as const
export const ORDER_LIST_DIRECTIONS = ['desc', 'asc'] as const
export const ORDER_LIST_PAGE_SIZES = [25, 50, 100] as const
export const ORDER_LIST_SEARCH_MAX = 100
/** Cursors are base64url text made by the server; anything longer or other is not one. */
export const ORDER_LIST_CURSOR_PATTERN = LIST_CURSOR_PATTERN
export const ORDER_LIST_DAY_PATTERN = LIST_DAY_PATTERN

export type OrderListSort = (typeof ORDER_LIST_SORTS)[number]
export type OrderListDirection = (typeof ORDER_LIST_DIRECTIONS)[number]
export type OrderListPageSize = (typeof ORDER_LIST_PAGE_SIZES)[number]

export type OrderListView = {
  /** Orders by default; quotations are not orders, and show only when asked for. */
  kind: OrderKind
  state: OrderState | null
  paymentState: OrderPaymentState | null
  approvalState: OrderApprovalState | null
  fulfilmentState: OrderFulfilmentState | null
  /** Orders carrying a logo of this decoration partner on one of their lines. */
  decorationPartnerId: number | null
  /** One store (within the member's stores). */
  websiteId: number | null
  /** Placed on or after this UTC day ('2026-03-01'). */
  from: string | null
  /** Placed on or before this UTC day, the whole day included. */
  to: string | null
  /** A reference ('S00042', '42'), an email address or its beginning, or the beginning of a name. */
  q: string | null
  sort: OrderListSort
  dir: OrderListDirection
  pageSize: OrderListPageSize
  /** Where the page starts: an opaque cursor from a previous page (next or previous). */
  cursor: string | null
}


/** The view's fields: the URL's parameter of each, in the order they are written (list-view.ts). */
export const ORDER_LIST_VIEW = defineListView<OrderListView>({
  kind: listField.enumOr('kind', ORDER_LIST_KINDS, 'order'),
  state: listField.enum('state', ORDER_LIST_STATES),
  paymentState: listField.enum('payment', ORDER_LIST_PAYMENT_STATES),
  approvalState: listField.enum('approval', ORDER_LIST_APPROVAL_STATES),
  fulfilmentState: listField.enum('fulfilment', ORDER_LIST_FULFILMENT_STATES),
  decorationPartnerId: listField.id('partner'),
  websiteId: listField.id('store'),
  from: listField.date('from'),
  to: listField.date('to'),
  q: listField.search('q', ORDER_LIST_SEARCH_MAX),
  sort: listField.enumOr('sort', ORDER_LIST_SORTS, 'placed'),
  dir: listField.enumOr('dir', ORDER_LIST_DIRECTIONS, 'desc'),
  pageSize: listField.pageSize('size', ORDER_LIST_PAGE_SIZES, 25),
  cursor: listField.cursor(),
})

export const DEFAULT_ORDER_LIST_VIEW: OrderListView = ORDER_LIST_VIEW.defaults

/** A real calendar day written YYYY-MM-DD, or null. */
export const orderListDay = listDay

/** The search text as the list uses it: trimmed, inner runs of spaces made one, at most ORDER_LIST_SEARCH_MAX characters; null when empty. */
export const orderListSearch = (raw: string | null | undefined): string | null => listSearch(raw, ORDER_LIST_SEARCH_MAX)

/** The view a URL's search params describe; a value that is not one of the view's is dropped. */
export const parseOrderListView = (params: URLSearchParams): OrderListView => ORDER_LIST_VIEW.parse(params)

/** The search string of a view ('' for the default view, else '?state=sale&sort=total'); defaults are left out. */
export const orderListViewToSearch = (view: OrderListView): string => ORDER_LIST_VIEW.toSearch(view)

/** The same view on its first page: what a link changing a filter, the search or the sort starts from. */
export const firstPageOf = (view: OrderListView, change: Partial<Omit<OrderListView, 'cursor'>> = {}): OrderListView => ORDER_LIST_VIEW.firstPage(view, change)
