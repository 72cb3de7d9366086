import { and, asc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm'
import type { AdminDashboard, DashboardQueue, DashboardWindow } from '@/isomorphic/contract/admin-orders-list'
import { fromCents } from '@/isomorphic/money'
import { PREPAID_PROVIDERS } from '@/isomorphic/payment-terms'
import { getDb } from '../db/client'
import { orders, paymentMethods, websites, workOrders } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { requireStaff, storeScope } from '../kernel/permissions'
import { orderListRowColumns, toAdminOrderListRow } from './order-list'

// The console's dashboard (issue 15): orders and revenue today, over 7 and over 30 days, and the
// queues of orders waiting for someone at the store, for the stores the member acts on (or one of
// them). Six statements, whatever the data.
//
// Days are UTC days: "today" starts at 00:00 UTC, "last 7 days" at 00:00 UTC six days before today
// (today and the six days before), "last 30 days" likewise. Orders counts the orders placed in the
// window that are not cancelled; revenue is the total of the confirmed ones (state 'sale'), before
// refunds. Quotations are not orders and count nowhere.

/** How many of each queue's orders the dashboard shows (the oldest first: they have waited longest). */
export const QUEUE_PREVIEW = 5

const DAY_MS = 86_400_000

/** 00:00 UTC of the day `now` falls in, minus `days` days. */
export function utcMidnight(now: Date, days: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * DAY_MS)
}

/**
 * What waits for the store. Awaiting payment: confirmed orders whose payment is still pending —
 * only offline methods (purchase order, invoice, wire) confirm before the money is there, a card
 * order confirms when it is paid. Awaiting production: confirmed, no work started; awaiting
 * shipment: in production.
 */
const QUEUES = {
  awaitingApproval: and(eq(orders.state, 'draft'), eq(orders.approvalState, 'awaiting_approval')),
  awaitingPayment: and(eq(orders.state, 'sale'), eq(orders.paymentState, 'pending')),
  // Not an order paid up front whose money has not arrived: its partners have not been told yet (issue 26).
  awaitingProduction: and(
    eq(orders.state, 'sale'),
    eq(orders.fulfilmentState, 'unfulfilled'),
    sql`not (${orders.paymentState} = 'pending' and exists (select 1 from ${paymentMethods} where ${paymentMethods.id} = ${orders.paymentMethodId} and ${inArray(paymentMethods.provider, [...PREPAID_PROVIDERS])}))`,
  ),
  awaitingShipment: and(eq(orders.state, 'sale'), eq(orders.fulfilmentState, 'in_production')),
  /** A decoration partner reported a problem on one of the order's work orders, not resolved yet. */
  problems: sql`exists (select 1 from ${workOrders} where ${workOrders.orderId} = ${orders.id} and ${workOrders.state} = 'problem')`,
} satisfies Record<string, SQL | undefined>

/** The dashboard of `websiteId` (within the member's stores: another store is a 404), or of all the member's stores. */
export async function orderDashboard(ctx: CoreContext, { websiteId, now = new Date() }: { websiteId?: number | null; now?: Date }): Promise<AdminDashboard> {
  const staff = await requireStaff(ctx, 'orders.read', websiteId ?? undefined)
  const scope = websiteId ? [websiteId] : storeScope(staff)
  const since = { today: utcMidnight(now, 0), last7Days: utcMidnight(now, 6), last30Days: utcMidnight(now, 29) }
  const empty: DashboardQueue = { count: 0, first: [] }
  if (scope && scope.length === 0) {
    const none: DashboardWindow = { orders: 0, revenue: 0 }
    return { since: isoOf(since), today: none, last7Days: none, last30Days: none, queues: { awaitingApproval: empty, awaitingPayment: empty, awaitingProduction: empty, awaitingShipment: empty, problems: empty } }
  }
  const inScope = scope ? (scope.length === 1 ? eq(orders.websiteId, scope[0]!) : inArray(orders.websiteId, [...scope])) : undefined
  const isOrder = eq(orders.kind, 'order')

  const db = await getDb()
  const placedSince = (from: Date) => sql`${orders.createdAt} >= ${from.toISOString()}::timestamptz`
  const count = (from: Date) => sql<number>`count(*) filter (where ${placedSince(from)} and ${orders.state} <> 'cancel')`.mapWith(Number)
  const revenue = (from: Date) => sql<number>`coalesce(sum(${orders.amountTotal}) filter (where ${placedSince(from)} and ${orders.state} = 'sale'), 0)`.mapWith(Number)
  const figuresQuery = db
    .select({
      today: count(since.today),
      todayRevenue: revenue(since.today),
      week: count(since.last7Days),
      weekRevenue: revenue(since.last7Days),
      month: count(since.last30Days),
      monthRevenue: revenue(since.last30Days),
    })
    .from(orders)
    .where(and(isOrder, inScope, gte(orders.createdAt, since.last30Days)))

  const queueQuery = (condition: SQL | undefined) =>
    db
      .select({ ...orderListRowColumns, waiting: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(orders)
      .innerJoin(websites, eq(websites.id, orders.websiteId))
      .where(and(isOrder, inScope, condition))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(QUEUE_PREVIEW)

  const [[figures], approval, payment, production, shipment, problems] = await Promise.all([
    figuresQuery,
    queueQuery(QUEUES.awaitingApproval),
    queueQuery(QUEUES.awaitingPayment),
    queueQuery(QUEUES.awaitingProduction),
    queueQuery(QUEUES.awaitingShipment),
    queueQuery(QUEUES.problems),
  ])
  const queue = (rows: typeof approval): DashboardQueue => ({ count: rows[0]?.waiting ?? 0, first: rows.map(({ waiting: _waiting, ...row }) => toAdminOrderListRow(row)) })
  return {
    since: isoOf(since),
    today: { orders: figures?.today ?? 0, revenue: fromCents(figures?.todayRevenue ?? 0) },
    last7Days: { orders: figures?.week ?? 0, revenue: fromCents(figures?.weekRevenue ?? 0) },
    last30Days: { orders: figures?.month ?? 0, revenue: fromCents(figures?.monthRevenue ?? 0) },
    queues: {
      awaitingApproval: queue(approval),
      awaitingPayment: queue(payment),
      awaitingProduction: queue(production),
      awaitingShipment: queue(shipment),
      problems: queue(problems),
    },
  }
}

function isoOf(since: { today: Date; last7Days: Date; last30Days: Date }) {
  return { today: since.today.toISOString(), last7Days: since.last7Days.toISOString(), last30Days: since.last30Days.toISOString() }
}
