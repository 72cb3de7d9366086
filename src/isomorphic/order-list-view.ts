import type { OrderApprovalState, OrderFulfilmentState, OrderKind, OrderPaymentState, OrderState } from './order-types'

// The console's order list view (issue 15): its filters, search, sort, page size and cursor, held in
// the URL so a view can be shared and the back button works. A pure codec: the page parses its
// search params with parseOrderListView and links with orderListViewToSearch; the admin query
// `orders` takes the same view. A value the codec does not know (an old link, a hand-edited URL) is
// dropped and the default kept — never thrown — and a parsed view written back reads the same.

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
export const ORDER_LIST_CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,400}$/
export const ORDER_LIST_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

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

export const DEFAULT_ORDER_LIST_VIEW: OrderListView = {
  kind: 'order',
  state: null,
  paymentState: null,
  approvalState: null,
  fulfilmentState: null,
  decorationPartnerId: null,
  websiteId: null,
  from: null,
  to: null,
  q: null,
  sort: 'placed',
  dir: 'desc',
  pageSize: 25,
  cursor: null,
}

/** The URL's parameter for each field, in the order they are written. */
const PARAMS = {
  kind: 'kind',
  state: 'state',
  paymentState: 'payment',
  approvalState: 'approval',
  fulfilmentState: 'fulfilment',
  decorationPartnerId: 'partner',
  websiteId: 'store',
  from: 'from',
  to: 'to',
  q: 'q',
  sort: 'sort',
  dir: 'dir',
  pageSize: 'size',
  cursor: 'cursor',
} as const satisfies Record<keyof OrderListView, string>

function oneOf<T extends string | number>(values: readonly T[], raw: string | null): T | null {
  if (raw === null) return null
  return values.find((value) => String(value) === raw) ?? null
}

function positiveId(raw: string | null): number | null {
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null
  const value = Number(raw)
  return value <= 2_147_483_647 ? value : null
}

/** A real calendar day written YYYY-MM-DD, or null. */
export function orderListDay(raw: string | null | undefined): string | null {
  if (!raw || !ORDER_LIST_DAY_PATTERN.test(raw)) return null
  const day = new Date(`${raw}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === raw ? raw : null
}

/** The search text as the list uses it: trimmed, inner runs of spaces made one, at most ORDER_LIST_SEARCH_MAX characters; null when empty. */
export function orderListSearch(raw: string | null | undefined): string | null {
  if (!raw) return null
  const text = raw.replace(/\s+/g, ' ').trim().slice(0, ORDER_LIST_SEARCH_MAX).trim()
  return text === '' ? null : text
}

/** The view a URL's search params describe; a value that is not one of the view's is dropped. */
export function parseOrderListView(params: URLSearchParams): OrderListView {
  const read = (field: keyof OrderListView) => params.get(PARAMS[field])
  const cursor = read('cursor')
  return {
    kind: oneOf(ORDER_LIST_KINDS, read('kind')) ?? DEFAULT_ORDER_LIST_VIEW.kind,
    state: oneOf(ORDER_LIST_STATES, read('state')),
    paymentState: oneOf(ORDER_LIST_PAYMENT_STATES, read('paymentState')),
    approvalState: oneOf(ORDER_LIST_APPROVAL_STATES, read('approvalState')),
    fulfilmentState: oneOf(ORDER_LIST_FULFILMENT_STATES, read('fulfilmentState')),
    decorationPartnerId: positiveId(read('decorationPartnerId')),
    websiteId: positiveId(read('websiteId')),
    from: orderListDay(read('from')),
    to: orderListDay(read('to')),
    q: orderListSearch(read('q')),
    sort: oneOf(ORDER_LIST_SORTS, read('sort')) ?? DEFAULT_ORDER_LIST_VIEW.sort,
    dir: oneOf(ORDER_LIST_DIRECTIONS, read('dir')) ?? DEFAULT_ORDER_LIST_VIEW.dir,
    pageSize: oneOf(ORDER_LIST_PAGE_SIZES, read('pageSize')) ?? DEFAULT_ORDER_LIST_VIEW.pageSize,
    cursor: cursor !== null && ORDER_LIST_CURSOR_PATTERN.test(cursor) ? cursor : null,
  }
}

/** The search string of a view ('' for the default view, else '?state=sale&sort=total'); defaults are left out. */
export function orderListViewToSearch(view: OrderListView): string {
  const params = new URLSearchParams()
  for (const field of Object.keys(PARAMS) as (keyof OrderListView)[]) {
    const value = view[field]
    if (value === null || value === DEFAULT_ORDER_LIST_VIEW[field]) continue
    params.set(PARAMS[field], String(value))
  }
  const search = params.toString()
  return search === '' ? '' : `?${search}`
}

/** The same view on its first page: what a link changing a filter, the search or the sort starts from. */
export function firstPageOf(view: OrderListView, change: Partial<Omit<OrderListView, 'cursor'>> = {}): OrderListView {
  return { ...view, ...change, cursor: null }
}
