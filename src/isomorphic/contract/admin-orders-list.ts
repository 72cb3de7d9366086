import { z } from './zod'
import { idSchema } from './fields'
import type { OrderApprovalState, OrderFulfilmentState, OrderKind, OrderPaymentState, OrderState } from '../order-types'
import {
  DEFAULT_ORDER_LIST_VIEW,
  ORDER_LIST_APPROVAL_STATES,
  ORDER_LIST_CURSOR_PATTERN,
  ORDER_LIST_DIRECTIONS,
  ORDER_LIST_FULFILMENT_STATES,
  ORDER_LIST_KINDS,
  ORDER_LIST_PAYMENT_STATES,
  ORDER_LIST_SEARCH_MAX,
  ORDER_LIST_SORTS,
  ORDER_LIST_STATES,
  orderListDay,
  orderListSearch,
  type OrderListView,
} from '../order-list-view'

// The console's order list and dashboard (issue 15). `orders` takes the list's view
// (src/isomorphic/order-list-view.ts: what the URL holds); every field may be left out for its
// default. Amounts are decimal dollars, times ISO 8601 (UTC).

const day = (what: string) =>
  z
    .string()
    .refine((value) => orderListDay(value) !== null, `${what} must be a day written YYYY-MM-DD`)
    .nullable()
    .default(null)

export const OrderListViewSchema = z.strictObject({
  kind: z.enum(ORDER_LIST_KINDS).default(DEFAULT_ORDER_LIST_VIEW.kind),
  state: z.enum(ORDER_LIST_STATES).nullable().default(null),
  paymentState: z.enum(ORDER_LIST_PAYMENT_STATES).nullable().default(null),
  approvalState: z.enum(ORDER_LIST_APPROVAL_STATES).nullable().default(null),
  fulfilmentState: z.enum(ORDER_LIST_FULFILMENT_STATES).nullable().default(null),
  decorationPartnerId: idSchema('decoration partner').nullable().default(null),
  websiteId: idSchema('store').nullable().default(null),
  from: day('from'),
  to: day('to'),
  q: z
    .string()
    .max(ORDER_LIST_SEARCH_MAX, `the search must be at most ${ORDER_LIST_SEARCH_MAX} characters`)
    .nullable()
    .default(null)
    .transform((value) => orderListSearch(value)),
  sort: z.enum(ORDER_LIST_SORTS).default(DEFAULT_ORDER_LIST_VIEW.sort),
  dir: z.enum(ORDER_LIST_DIRECTIONS).default(DEFAULT_ORDER_LIST_VIEW.dir),
  pageSize: z.union([z.literal(25), z.literal(50), z.literal(100)], { error: 'the page size must be 25, 50 or 100' }).default(DEFAULT_ORDER_LIST_VIEW.pageSize),
  cursor: z.string().regex(ORDER_LIST_CURSOR_PATTERN, 'is not a page cursor of this list').nullable().default(null),
}) satisfies z.ZodType<OrderListView, unknown>

export const ORDERS_LIST_ADMIN_QUERY_INPUTS = {
  orders: OrderListViewSchema,
  dashboard: z.strictObject({ websiteId: idSchema('store').nullable().optional() }),
} satisfies Record<string, z.ZodType>

export type AdminOrderListRow = {
  id: number
  /** 'S00042'. */
  reference: string
  kind: OrderKind
  websiteId: number
  storeName: string
  /** When the order was placed (ISO 8601). */
  placedAt: string
  customerName: string
  customerEmail: string
  /** Dollars. */
  total: number
  state: OrderState
  approvalState: OrderApprovalState
  paymentState: OrderPaymentState
  fulfilmentState: OrderFulfilmentState
  /** Pieces ordered (the quantities of its product and reward lines). */
  items: number
}

export type AdminOrderListPage = {
  rows: AdminOrderListRow[]
  /** The cursor of the next page (older, for the default sort), or null on the last page. */
  nextCursor: string | null
  /** The cursor of the page before, or null on the first page. */
  previousCursor: string | null
}

/** One window of the dashboard: orders placed in it (not cancelled) and the revenue of the confirmed ones. */
export type DashboardWindow = { orders: number; revenue: number }

export type DashboardQueue = {
  count: number
  /** The oldest few waiting, oldest first. */
  first: AdminOrderListRow[]
}

export type AdminDashboard = {
  /** The window boundaries are UTC midnights: today since 00:00 UTC; 7 and 30 days include today. */
  since: { today: string; last7Days: string; last30Days: string }
  today: DashboardWindow
  last7Days: DashboardWindow
  last30Days: DashboardWindow
  queues: {
    awaitingApproval: DashboardQueue
    awaitingPayment: DashboardQueue
    awaitingProduction: DashboardQueue
    awaitingShipment: DashboardQueue
    /** Problems reported by decoration partners on their work orders: wired in by the lead at merge (null until then). */
    problems: DashboardQueue
  }
}

export type OrdersListAdminQueryResponses = {
  orders: AdminOrderListPage
  dashboard: AdminDashboard
}
