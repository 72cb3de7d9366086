import { createHash } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { AdminOrderMoneyState, AdminRefund } from '@/isomorphic/contract/admin-orders'
import { PAID, paymentStateAfterRefund } from '@/isomorphic/order-states'
import { recordAudit } from '../audit/audit-log'
import type { Executor, Transaction } from '../db/client'
import { budgetTransactions, giftCardTransactions, orderLines, orders, refundLines, refunds, staff } from '../db/schema'
import type { CoreContext, Staff } from '../kernel/context'
import { DomainError, notFound } from '../kernel/errors'
import { type Cents, fromCents } from '../kernel/money'
import { mayActOnStore, type Permission, requireStaff } from '../kernel/permissions'
import type { CardRefund } from '../payments/card-refunds'
import { paidCardPayments } from '../payments/card-refunds'
import { appendOrderEvent } from '../timeline/order-events'
import type { OrderRow } from './order-views'
import { NO_TENDERS, type OrderMoney, reconcile, sumTenders, type Tenders } from '@/isomorphic/refund-rules'

// The order's money for the console's use cases (issue 15): who may touch an order, the order
// held for the change, what each way of paying took and has had back, and the one way a refund is
// recorded (the row, its lines, the order's refunded amount and payment state, the audit row and
// the timeline row, all in the caller's transaction).

/**
 * The staff member allowed `permission`, and the order when it is in one of their stores: 401 /
 * 403 first (before anything is read), then the same 404 for no such order and another store's.
 */
export async function staffOrder(db: Executor, ctx: CoreContext, orderId: number, permission: Permission): Promise<{ member: Staff; websiteId: number }> {
  const member = await requireStaff(ctx, permission)
  // store-scope: console lookup by id; the next line answers 404 for a store the member may not act on
  const [order] = await db.select({ websiteId: orders.websiteId }).from(orders).where(eq(orders.id, orderId))
  if (!order || !mayActOnStore(member, order.websiteId)) throw notFound('Order', orderId)
  return { member, websiteId: order.websiteId }
}

/** The order row, held until the transaction ends: refunds, cancellations and payments of one order queue here. */
export async function lockOrder(tx: Transaction, orderId: number): Promise<OrderRow> {
  // store-scope: the order was checked by staffOrder or locked by its caller for the member store
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
  if (!order) throw notFound('Order', orderId)
  return order
}

/** What each way of paying took from the customer and has had back, as the database says now. */
export async function moneyOf(db: Executor, order: OrderRow): Promise<OrderMoney> {
  const received = PAID.includes(order.paymentState)
  const card = received && order.paidAt === null ? (await paidCardPayments(db, order.id)).reduce((sum, payment) => sum + payment.amount, 0) : 0
  // Gift cards and budget: what their ledgers say the order took (the order's amounts must agree).
  const [spent] = await db
    .select({
      giftCard: sql<string>`coalesce((select -sum(${giftCardTransactions.amount}) from ${giftCardTransactions} where ${giftCardTransactions.orderId} = ${order.id} and ${giftCardTransactions.kind} = 'spend'), 0)`,
      budget: sql<string>`coalesce((select -sum(${budgetTransactions.amount}) from ${budgetTransactions} where ${budgetTransactions.orderId} = ${order.id} and ${budgetTransactions.amount} < 0), 0)`,
    })
    .from(sql`(select 1) as one`)
  const taken: Tenders = { card, offline: received && order.paidAt !== null ? order.amountDue : 0, giftCard: Number(spent?.giftCard ?? 0), budget: Number(spent?.budget ?? 0) }
  // store-scope: the order was checked by staffOrder or locked by its caller for the member store
  const [back] = await db
    .select({
      card: sql<string>`coalesce(sum(${refunds.cardAmount}), 0)`,
      offline: sql<string>`coalesce(sum(${refunds.offlineAmount}), 0)`,
      giftCard: sql<string>`coalesce(sum(${refunds.giftCardAmount}), 0)`,
      budget: sql<string>`coalesce(sum(${refunds.budgetAmount}), 0)`,
    })
    .from(refunds)
    .where(eq(refunds.orderId, order.id))
  const refunded: Tenders = { card: Number(back?.card ?? 0), offline: Number(back?.offline ?? 0), giftCard: Number(back?.giftCard ?? 0), budget: Number(back?.budget ?? 0) }
  return { total: order.amountTotal, giftCard: order.amountGiftCard, budget: order.amountBudget, due: order.amountDue, taken, refunded, amountRefunded: order.amountRefunded }
}

/** Stripe's Idempotency-Key of a refund request: stable per order and request key, unguessable from the key alone. */
export function refundIdempotencyKey(kind: 'refund' | 'cancellation', orderId: number, requestKey: string): string {
  return `${kind}-${orderId}-${createHash('sha256').update(`${kind}:${orderId}:${requestKey}`).digest('hex').slice(0, 32)}`
}

/** The refund row of (order, request key), or null. */
export async function findRefund(db: Executor, orderId: number, requestKey: string) {
  // store-scope: the order was checked by staffOrder or locked by its caller for the member store
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.requestKey, requestKey)))
  return row ?? null
}

export type RefundRow = typeof refunds.$inferSelect

export type RecordRefund = {
  order: OrderRow
  member: Staff
  kind: 'refund' | 'cancellation'
  requestKey: string
  split: Tenders
  card: CardRefund | null
  reason: string
  lines: { orderLineId: number; quantity: number; amount: Cents }[]
  now: Date
}

/**
 * Records money given back (already moved: Stripe answered, the ledgers were credited): the refund
 * and its lines, the order's refunded amount and payment state, the audit row and the 'refunded'
 * timeline row. Throws when the order's money would no longer reconcile (nothing is written then).
 */
export async function recordRefund(tx: Transaction, ctx: CoreContext, input: RecordRefund): Promise<RefundRow> {
  const { order, member, split, now } = input
  const amount = sumTenders(split)
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      websiteId: order.websiteId,
      kind: input.kind,
      requestKey: input.requestKey,
      amount,
      cardAmount: split.card,
      offlineAmount: split.offline,
      giftCardAmount: split.giftCard,
      budgetAmount: split.budget,
      state: input.card?.state ?? 'succeeded',
      paymentTransactionId: input.card?.paymentTransactionId ?? null,
      providerRefundId: input.card?.providerRefundId ?? null,
      reason: input.reason,
      staffId: member.staffId,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  if (input.lines.length > 0) await tx.insert(refundLines).values(input.lines.map((line) => ({ refundId: refund!.id, ...line, createdAt: now })))

  const money = await moneyOf(tx, order)
  const amountRefunded = order.amountRefunded + amount
  const paymentState = paymentStateAfterRefund(input.kind === 'cancellation' ? 'cancel' : 'refund', { taken: sumTenders(money.taken), refunded: amountRefunded })
  const problems = reconcile({ ...money, amountRefunded })
  if (problems.length > 0) throw new Error(`refund of order ${order.id} would not reconcile: ${problems.join('; ')}`)
  // store-scope: the order was checked by staffOrder or locked by its caller for the member store
  await tx.update(orders).set({ amountRefunded, paymentState, updatedAt: now }).where(eq(orders.id, order.id))

  await recordAudit(tx, ctx, {
    websiteId: order.websiteId,
    action: input.kind === 'cancellation' ? 'order.cancel_refund' : 'order.refund',
    entityType: 'order',
    entityId: order.id,
    before: { paymentState: order.paymentState, amountRefunded: order.amountRefunded },
    after: { paymentState, amountRefunded, refundId: refund!.id, amount, split, lines: input.lines },
  })
  await appendOrderEvent(tx, { orderId: order.id, type: 'refunded', actor: member, data: { amount, refundId: refund!.id, split, reason: input.reason }, at: now })
  return refund!
}

export const tendersInDollars = (tenders: Tenders) => ({ card: fromCents(tenders.card), offline: fromCents(tenders.offline), giftCard: fromCents(tenders.giftCard), budget: fromCents(tenders.budget) })

/** Refund rows as the console reads them, with their lines and who made them, oldest first. */
export async function refundViews(db: Executor, where: { orderId: number } | { refundIds: number[] }): Promise<AdminRefund[]> {
  // store-scope: the order was checked by staffOrder or locked by its caller for the member store
  const rows = await db
    .select({ refund: refunds, staffName: staff.name })
    .from(refunds)
    .leftJoin(staff, eq(staff.id, refunds.staffId))
    .where('orderId' in where ? eq(refunds.orderId, where.orderId) : inArray(refunds.id, where.refundIds.length > 0 ? where.refundIds : [-1]))
    .orderBy(asc(refunds.id))
  if (rows.length === 0) return []
  const lines = await db
    .select({ refundId: refundLines.refundId, orderLineId: refundLines.orderLineId, quantity: refundLines.quantity, amount: refundLines.amount, name: orderLines.name, size: orderLines.size })
    .from(refundLines)
    .innerJoin(orderLines, eq(orderLines.id, refundLines.orderLineId))
    .where(inArray(refundLines.refundId, rows.map(({ refund }) => refund.id)))
    .orderBy(asc(refundLines.id))
  return rows.map(({ refund, staffName }) => ({
    id: refund.id,
    kind: refund.kind,
    amount: fromCents(refund.amount),
    split: tendersInDollars({ card: refund.cardAmount, offline: refund.offlineAmount, giftCard: refund.giftCardAmount, budget: refund.budgetAmount }),
    state: refund.state,
    providerRefundId: refund.providerRefundId,
    reason: refund.reason,
    staff: { id: refund.staffId, name: staffName },
    createdAt: refund.createdAt.toISOString(),
    lines: lines
      .filter((line) => line.refundId === refund.id)
      .map((line) => ({ orderLineId: line.orderLineId, name: line.size ? `${line.name} (${line.size})` : line.name, quantity: line.quantity, amount: fromCents(line.amount) })),
  }))
}

export async function moneyState(db: Executor, orderId: number): Promise<AdminOrderMoneyState> {
  // store-scope: the order was checked by staffOrder or locked by its caller for the member store
  const [row] = await db.select({ id: orders.id, reference: orders.name, state: orders.state, paymentState: orders.paymentState, amountRefunded: orders.amountRefunded }).from(orders).where(eq(orders.id, orderId))
  if (!row) throw notFound('Order', orderId)
  return { ...row, amountRefunded: fromCents(row.amountRefunded) }
}

/** The tenders left to give back: what each took less what it has had back. */
export const leftOf = (money: OrderMoney): Tenders => ({
  card: Math.max(0, money.taken.card - money.refunded.card),
  offline: Math.max(0, money.taken.offline - money.refunded.offline),
  giftCard: Math.max(0, money.taken.giftCard - money.refunded.giftCard),
  budget: Math.max(0, money.taken.budget - money.refunded.budget),
})

export { NO_TENDERS }

/** A refusal that says what to do. */
export const conflict = (message: string, userMessage: string = message) => new DomainError('conflict', message, userMessage)
