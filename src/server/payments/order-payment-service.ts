import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm'
import type { CoreContext } from '../kernel/context'
import { getDb } from '../db/client'
import { orders, paymentMethods } from '../db/schema'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { callersOrderId, type OrderPaymentResult, ORDER_PAYMENT_REFUSED, paymentId, refused, tokenOf } from './payment-access'
import { signedInOnlyMessage, STRIPE_PROVIDER } from './payment-methods-service'
import { startCardPayment } from './stripe-payments'
import { orderConfirmed } from '../fulfilment/order-lifecycle'
import { OFFLINE_PROVIDERS } from '@/isomorphic/payment-terms'
import { ORDER_STEPS } from '@/isomorphic/order-states'

const CONFIRM = ORDER_STEPS.confirm.from

// orderPayment (spec 5, 7, 8; security.md 4.6, 4.7, 6): the shopper pays a placed order with one
// of the website's payment methods.
// - Offline methods (purchase order, invoice, wire transfer) CONFIRM the order (state 'sale') and
//   leave it 'pending': the money arrives later and nobody's word in a request marks it paid.
// - Stripe (card, when configured) answers the address of Stripe's hosted payment page; the order
//   is confirmed later, only by a verified webhook or the server's own check with Stripe
//   (stripe-payments.ts).
//
// One answer for every refusal (bad ids, someone else's order, a wrong token, a quotation, a
// cancelled order, an inactive or unknown method): no oracle. The offline confirmation is ONE
// conditional UPDATE, so concurrent calls confirm once; a repeat with the same method answers
// success again.

export const ORDER_CONFIRMED = 'Order has been confirmed successfully!'
export { ORDER_PAYMENT_REFUSED, paymentId }

/** Providers paid outside the store: choosing one confirms the order, the money comes later. */

export type OrderPaymentInput = { acquirerId?: unknown; orderId?: unknown; accessToken?: unknown }

/**
 * Pays the caller's order with a payment method of this website. The caller is the order's
 * signed-in owner or holds its access token; anything else is ORDER_PAYMENT_REFUSED.
 */
export async function payOrder(ctx: CoreContext, input: OrderPaymentInput, now: Date = new Date()): Promise<OrderPaymentResult> {
  const { websiteId } = ctx.store
  const acquirerId = paymentId(input.acquirerId)
  const orderId = paymentId(input.orderId)
  const accessToken = tokenOf(input.accessToken)
  if (acquirerId === null || orderId === null || accessToken === null) throw refused('malformed input', { websiteId })
  const order = { id: await callersOrderId(ctx, orderId, accessToken) }

  const db = await getDb()
  const [method] = await db
    .select({ id: paymentMethods.id, name: paymentMethods.name, provider: paymentMethods.provider, instructions: paymentMethods.instructions, forGuests: paymentMethods.forGuests })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, acquirerId), eq(paymentMethods.websiteId, websiteId), eq(paymentMethods.isActive, true)))
  if (!method) throw refused('payment method not active on the website', { websiteId, orderId, acquirerId })
  // A guest's order is never billed to the company (issue 13): the caller already proved the order
  // is theirs, and which methods guests may use is public (getPaymentMethods), so this says why.
  if (!method.forGuests) {
    // store-scope: order was proven the caller own on this store by callersOrderId
    const [placed] = await db.select({ partnerId: orders.partnerId }).from(orders).where(eq(orders.id, order.id))
    if (placed?.partnerId === null) throw new DomainError('forbidden', `guest order ${order.id} asked for signed-in-only payment method ${method.id}`, signedInOnlyMessage(method.name))
  }
  if (method.provider === STRIPE_PROVIDER) return startCardPayment(ctx, { orderId: order.id, method }, now)
  if (!OFFLINE_PROVIDERS.includes(method.provider)) throw refused('provider not supported', { websiteId, orderId, acquirerId, provider: method.provider })

  // The one write, the life cycle's confirm step (order-states.ts): only a draft order still waiting for its payment (and not for an approval)
  // moves, and only while the method is still active and offline.
  const actor = await ctx.actor()
  const confirmed = await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(orders)
      .set({ state: ORDER_STEPS.confirm.to.state, confirmedAt: now, paymentMethodId: method.id, updatedAt: now })
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.websiteId, websiteId),
          eq(orders.kind, 'order'),
          inArray(orders.state, [...CONFIRM.state]),
          inArray(orders.paymentState, [...CONFIRM.paymentState]),
          inArray(orders.approvalState, [...CONFIRM.approvalState]),
          sql`exists (${db
            .select({ one: sql`1` })
            .from(paymentMethods)
            .where(
              and(
                eq(paymentMethods.id, method.id),
                eq(paymentMethods.websiteId, websiteId),
                eq(paymentMethods.isActive, true),
                inArray(paymentMethods.provider, [...OFFLINE_PROVIDERS]),
                or(isNotNull(orders.partnerId), eq(paymentMethods.forGuests, true)),
              ),
            )})`,
        ),
      )
      .returning({ id: orders.id, name: orders.name, state: orders.state, paymentState: orders.paymentState })
    if (!moved) return null
    await orderConfirmed(tx, { orderId: moved.id, actor, at: now, how: 'offline_payment' })
    return moved
  })
  if (confirmed) {
    logger().info({ websiteId, orderId: confirmed.id, acquirerId: method.id }, 'order confirmed with an offline payment method')
    return { order: { ...confirmed, instructions: method.instructions }, confirmedNow: true }
  }

  // Nothing moved: a repeat of a confirmation with the same method is a success; anything else
  // (a quotation, a cancelled order, another method after the confirmation) is refused.
  const [current] = await db
    .select({ id: orders.id, name: orders.name, kind: orders.kind, state: orders.state, paymentState: orders.paymentState, paymentMethodId: orders.paymentMethodId })
    .from(orders)
    .where(and(eq(orders.id, order.id), eq(orders.websiteId, websiteId)))
  if (current && current.kind === 'order' && current.state === 'sale' && current.paymentMethodId === method.id) {
    const { id, name, state, paymentState } = current
    return { order: { id, name, state, paymentState, instructions: method.instructions }, confirmedNow: false }
  }
  throw refused('order cannot be confirmed', { websiteId, orderId, acquirerId, kind: current?.kind, state: current?.state })
}
