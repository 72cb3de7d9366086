import type { CancelOrderAnswer } from '@/isomorphic/contract/admin-orders'
import { orderRefusal, paymentStateAfterRefund } from '@/isomorphic/order-states'
import { getDb } from '../db/client'
import { orderCancelled } from '../fulfilment/order-lifecycle'
import type { CoreContext } from '../kernel/context'
import { logger } from '../kernel/logger'
import { type CardRefund, refundCardPayment } from '../payments/card-refunds'
import { conflict, leftOf, lockOrder, moneyOf, moneyState, recordRefund, refundIdempotencyKey, refundViews, staffOrder } from './order-money'
import { giveBackOrderSpending } from './order-refunds'
import { takeOrderStep } from './order-step'
import { sumTenders, type Tenders } from '@/isomorphic/refund-rules'

// cancelOrder (issue 15): the store cancels an order any time before anything of it shipped. In
// ONE transaction, holding the order's row: the budget, gift cards and promotion uses are given
// back (from their ledgers), money already taken is refunded (the card through Stripe; an offline
// payment marked received as an 'offline' refund the store returns by hand), the order becomes
// 'cancel', orderCancelled runs (timeline; fulfilment cancels the open work orders), and the audit
// row is written. A Stripe failure rolls everything back: the order stays as it was, and the
// answer says so.
//
// A repeat — the same request retried, a second click, two staff members at once — finds the order
// cancelled under the lock and answers the same outcome with cancelledNow: false: nothing is given
// back twice and the shopper is mailed only by the call that cancelled (the caller's `afterCancel`).


export const orderCancelledMessage = (reference: string) => `Order ${reference} is cancelled.`

export async function cancelOrder(
  ctx: CoreContext,
  input: { orderId: number; reason: string; requestKey: string },
  { now = new Date(), afterCancel }: { now?: Date; afterCancel?: (outcome: { orderId: number; refundId: number | null }) => void } = {},
): Promise<CancelOrderAnswer> {
  const db = await getDb()
  const { member } = await staffOrder(db, ctx, input.orderId, 'orders.cancel')

  const outcome = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId)
    if (order.state === 'cancel') return { cancelledNow: false, refundId: null, order }
    const refusal = orderRefusal('cancel', { ...order, provider: null }, order.name)
    if (refusal) throw conflict(`order ${order.id} may not be cancelled (${order.kind}, ${order.fulfilmentState})`, refusal)

    // Money first: the ledgers, then the card (the one outside call, last, so that a failure
    // before it moves nothing outside and a failure of it rolls the ledgers back).
    const before = await moneyOf(tx, order)
    const left = leftOf(before)
    const givenBack = await giveBackOrderSpending(tx, { orderId: order.id, now })
    let card: CardRefund | null = null
    if (left.card > 0) {
      card = await refundCardPayment(tx, {
        orderId: order.id,
        amount: left.card,
        idempotencyKey: refundIdempotencyKey('cancellation', order.id, input.requestKey),
        metadata: { order_id: String(order.id), order_reference: order.name, kind: 'cancellation' },
      })
    }
    const split: Tenders = { card: left.card, offline: left.offline, giftCard: givenBack.giftCards, budget: givenBack.budget }

    const taken = sumTenders(before.taken)
    // The step itself (checked first thing above, before any money moved): declared states, audit row.
    const cancelled = await takeOrderStep(tx, ctx, {
      order,
      provider: null,
      step: 'cancel',
      action: 'order.cancel',
      // An order that took nothing is left not paid here; money taken is given back by recordRefund
      // below, which moves the payment state with it (each audit row shows the move it made).
      set: { cancelledAt: now, cancelReason: input.reason, ...(taken === 0 ? { paymentState: paymentStateAfterRefund('cancel', { taken, refunded: 0 }) } : {}) },
      audited: { after: { reason: input.reason, givenBack: { ...split, promotionIds: givenBack.promotionIds } } },
      now,
    })
    await orderCancelled(tx, { orderId: order.id, actor: member, reason: input.reason, at: now })
    const refund =
      sumTenders(split) > 0
        ? await recordRefund(tx, ctx, { order: cancelled, member, kind: 'cancellation', requestKey: input.requestKey, split, card, reason: input.reason, lines: [], now })
        : null
    return { cancelledNow: true, refundId: refund?.id ?? null, order: cancelled }
  })

  if (outcome.cancelledNow) {
    logger().info({ websiteId: outcome.order.websiteId, orderId: outcome.order.id, staffId: member.staffId, refundId: outcome.refundId }, 'order cancelled')
    afterCancel?.({ orderId: outcome.order.id, refundId: outcome.refundId })
  }
  const cancellationRefunds = (await refundViews(db, { orderId: outcome.order.id })).filter((refund) => refund.kind === 'cancellation')
  return {
    message: orderCancelledMessage(outcome.order.name),
    cancelledNow: outcome.cancelledNow,
    order: { ...(await moneyState(db, outcome.order.id)), cancelledAt: (outcome.order.cancelledAt ?? now).toISOString(), cancelReason: outcome.order.cancelReason },
    refund: cancellationRefunds[0] ?? null,
  }
}
