import { eq, inArray, sql } from 'drizzle-orm'
import type { RefundOrderAnswer } from '@/isomorphic/contract/admin-orders'
import { formatCents } from '@/isomorphic/format'
import { getDb, type Transaction } from '../db/client'
import { orderLines, refundLines } from '../db/schema'
import { refundGiftCardSpend } from '../gift-cards/gift-card-service'
import type { CoreContext } from '../kernel/context'
import { logger } from '../kernel/logger'
import { type Cents, toCents } from '../kernel/money'
import { type CardRefund, refundCardPayment } from '../payments/card-refunds'
import { conflict, findRefund, leftOf, lockOrder, moneyOf, moneyState, recordRefund, refundIdempotencyKey, type RefundRow, refundViews, staffOrder } from './order-money'
import { orderRefusal } from '@/isomorphic/order-states'
import { refundBudgetSpend } from './order-refunds'
import { type LineRefundRequest, lineRefundAmount, splitRefund, sumTenders } from '@/isomorphic/refund-rules'
import type { OrderRow } from './order-views'

// refundOrder (issue 15): the store gives money back on an order, by lines and quantities or by an
// amount, never more than what is left of what was paid.
// - By lines: each piece's share of the order's total, tax, delivery, options and promotion
//   included, in proportion to the lines' subtotals (refund-rules.ts lineShare); the request that
//   refunds the last pieces of every line gives back everything left, rounding cents included.
// - The money goes back the way it came: the card (a Stripe refund) or the offline payment (a row
//   the store pays back by hand) first, then gift cards, then the budget (their ledgers).
// - ONE transaction holding the order's row: the ledgers, then Stripe (last, the one outside call),
//   then the refund row, its lines, the order's refunded amount and payment state, the audit row
//   and the 'refunded' timeline row. Stripe refusing rolls everything back: nothing is recorded as
//   refunded, and the answer says so (503).
// - Idempotent per request key: a retry (or a concurrent twin) finds the first refund under the
//   lock and answers it with refundedNow: false; Stripe's Idempotency-Key is derived from the same
//   key, so a retry after a lost answer reaches the same Stripe refund. Ten different keys at once
//   queue on the lock: the first refunds, the others find nothing left (409).

export const NOTHING_LEFT_TO_REFUND = 'Nothing is left to refund on this order.'
export const refundedMessage = (reference: string, amount: Cents) => `Refunded ${formatCents(amount)} on order ${reference}.`

export type RefundOrderInput = { orderId: number; requestKey: string; lines?: LineRefundRequest[]; amount?: number; reason: string }

/** Pieces of each line refunded so far. */
async function refundedPieces(tx: Transaction, orderId: number): Promise<Map<number, number>> {
  const lines = await tx.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId))
  if (lines.length === 0) return new Map()
  const rows = await tx
    .select({ orderLineId: refundLines.orderLineId, quantity: sql<string>`sum(${refundLines.quantity})` })
    .from(refundLines)
    .where(inArray(refundLines.orderLineId, lines.map((line) => line.id)))
    .groupBy(refundLines.orderLineId)
  return new Map(rows.map((row) => [row.orderLineId, Number(row.quantity)]))
}

/** The amount and lines of the request, or a 409 / 400 that says why not. */
async function plan(tx: Transaction, order: OrderRow, input: RefundOrderInput, left: Cents) {
  if (input.amount !== undefined) {
    const amount = toCents(input.amount)
    if (amount > left) throw conflict(`refund of ${amount} > ${left} left on order ${order.id}`, `At most ${formatCents(left)} is left to refund on order ${order.name}.`)
    return { amount, lines: [] }
  }
  const lines = await tx.select({ id: orderLines.id, name: orderLines.name, quantity: orderLines.quantity, subtotal: orderLines.subtotalAmount }).from(orderLines).where(eq(orderLines.orderId, order.id))
  const refunded = await refundedPieces(tx, order.id)
  // Lines share the merchandise after discount with its tax; delivery and options come back with the
  // order's last pieces (lineRefundAmount gives everything left then) or by an amount refund.
  const planned = lineRefundAmount({ total: order.amountTotal - order.amountDelivery - order.amountOptions, left, lines: lines.map((line) => ({ ...line, refundedQuantity: refunded.get(line.id) ?? 0 })), request: input.lines ?? [] })
  if (!planned.ok) {
    const line = lines.find((candidate) => candidate.id === planned.orderLineId)
    if (planned.reason === 'unknown_line' || !line) throw conflict(`line ${planned.orderLineId} is not on order ${order.id}`, `Line ${planned.orderLineId} is not a line of order ${order.name}.`)
    throw conflict(`line ${line.id} has ${planned.left} pieces left to refund`, planned.left === 0 ? `${line.name} is already refunded in full.` : `Only ${planned.left} of ${line.name} can still be refunded.`)
  }
  if (planned.amount === 0) throw conflict(`lines of order ${order.id} are worth nothing to refund`, left === 0 ? NOTHING_LEFT_TO_REFUND : 'These lines were free: there is nothing to refund for them.')
  return planned
}

export async function refundOrder(
  ctx: CoreContext,
  input: RefundOrderInput,
  { now = new Date(), afterRefund }: { now?: Date; afterRefund?: (refund: RefundRow) => void } = {},
): Promise<RefundOrderAnswer> {
  const db = await getDb()
  const { member } = await staffOrder(db, ctx, input.orderId, 'orders.refund')

  const outcome = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId)
    const earlier = await findRefund(tx, order.id, input.requestKey)
    if (earlier) return { refund: earlier, refundedNow: false }
    const refusal = orderRefusal('refund', { ...order, provider: null }, order.name)
    if (refusal) throw conflict(`order ${order.id} may not be refunded (${order.kind}, ${order.state}, ${order.paymentState})`, refusal)

    const money = await moneyOf(tx, order)
    const left = leftOf(money)
    const leftTotal = sumTenders(left)
    if (leftTotal === 0) throw conflict(`order ${order.id} is refunded in full`, NOTHING_LEFT_TO_REFUND)
    const { amount, lines } = await plan(tx, order, input, leftTotal)
    const split = splitRefund(amount, left)

    // The ledgers first, then Stripe: a failure anywhere rolls back everything of this request.
    const giftCard = await refundGiftCardSpend(tx, { orderId: order.id, now, upTo: split.giftCard })
    const budget = await refundBudgetSpend(tx, { orderId: order.id, now, upTo: split.budget })
    if (giftCard !== split.giftCard || budget !== split.budget) {
      throw new Error(`order ${order.id}: ledgers gave back gift cards ${giftCard}/${split.giftCard}, budget ${budget}/${split.budget}`)
    }
    let card: CardRefund | null = null
    if (split.card > 0) {
      card = await refundCardPayment(tx, {
        orderId: order.id,
        amount: split.card,
        idempotencyKey: refundIdempotencyKey('refund', order.id, input.requestKey),
        metadata: { order_id: String(order.id), order_reference: order.name },
      })
    }
    const refund = await recordRefund(tx, ctx, { order, member, kind: 'refund', requestKey: input.requestKey, split, card, reason: input.reason, lines, now })
    return { refund, refundedNow: true }
  })

  if (outcome.refundedNow) {
    logger().info({ websiteId: outcome.refund.websiteId, orderId: outcome.refund.orderId, refundId: outcome.refund.id, amount: outcome.refund.amount, staffId: member.staffId }, 'order refunded')
    afterRefund?.(outcome.refund)
  }
  const order = await moneyState(db, outcome.refund.orderId)
  const [refund] = await refundViews(db, { refundIds: [outcome.refund.id] })
  return { message: refundedMessage(order.reference, outcome.refund.amount), refundedNow: outcome.refundedNow, order, refund: refund! }
}
