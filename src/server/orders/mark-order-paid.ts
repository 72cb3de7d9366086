import { eq } from 'drizzle-orm'
import type { MarkOrderPaidAnswer } from '@/isomorphic/contract/admin-orders'
import { recordAudit } from '../audit/audit-log'
import { getDb } from '../db/client'
import { orders, paymentMethods } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { logger } from '../kernel/logger'
import { fromCents } from '../kernel/money'
import { appendOrderEvent } from '../timeline/order-events'
import { orderPaid } from '../fulfilment/order-lifecycle'
import { conflict, lockOrder, staffOrder } from './order-money'
import { ORDER_STEPS, orderRefusal } from '@/isomorphic/order-states'

// markOrderPaid (issue 15): the store received the money of an order confirmed with an offline
// method (purchase order, invoice, wire transfer) — or approved over budget and invoiced to the
// company — and records it with its reference. One transaction: the order (paid, when, reference),
// the audit row and the 'paid' timeline row. Marking twice is a 409 that says when it was marked;
// a card order is a 409 too (Stripe says when it is paid, nobody else).

export const orderMarkedPaid = (reference: string) => `Order ${reference} is marked paid.`

export async function markOrderPaid(ctx: CoreContext, input: { orderId: number; reference: string }, now: Date = new Date()): Promise<MarkOrderPaidAnswer> {
  const db = await getDb()
  const { member } = await staffOrder(db, ctx, input.orderId, 'orders.payments')

  const order = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId)
    // store-scope: order was locked above after staffOrder checked the member may act on its store
    const [method] = order.paymentMethodId === null ? [] : await tx.select({ name: paymentMethods.name, provider: paymentMethods.provider }).from(paymentMethods).where(eq(paymentMethods.id, order.paymentMethodId))
    if (order.paidAt) throw conflict(`order ${order.id} already marked paid`, `Order ${order.name} was already marked paid on ${order.paidAt.toISOString().slice(0, 10)} (reference ${order.paymentReference ?? '—'}).`)
    const refusal = orderRefusal('markPaid', { ...order, provider: method?.provider ?? null }, order.name)
    if (refusal) throw conflict(`order ${order.id} may not be marked paid (${order.kind}, ${order.state}, ${order.paymentState}, ${method?.provider ?? 'no method'})`, refusal)

    // store-scope: order was locked above after staffOrder checked the member may act on its store
    const [paid] = await tx.update(orders).set({ paymentState: ORDER_STEPS.markPaid.to.paymentState, paidAt: now, paymentReference: input.reference, updatedAt: now }).where(eq(orders.id, order.id)).returning()
    await recordAudit(tx, ctx, {
      websiteId: order.websiteId,
      action: 'order.mark_paid',
      entityType: 'order',
      entityId: order.id,
      before: { paymentState: order.paymentState, paidAt: null, paymentReference: order.paymentReference },
      after: { paymentState: ORDER_STEPS.markPaid.to.paymentState, paidAt: now.toISOString(), paymentReference: input.reference },
    })
    await appendOrderEvent(tx, { orderId: order.id, type: 'paid', actor: member, data: { method: method?.provider ?? 'invoice', amount: order.amountDue, reference: input.reference }, at: now })
    // An order paid up front (a bank transfer) goes to its decoration partners now (issue 26).
    await orderPaid(tx, { orderId: order.id, at: now })
    return paid!
  })

  logger().info({ websiteId: order.websiteId, orderId: order.id, staffId: member.staffId }, 'offline payment marked received')
  return {
    message: orderMarkedPaid(order.name),
    order: { id: order.id, reference: order.name, state: order.state, paymentState: order.paymentState, amountRefunded: fromCents(order.amountRefunded), paidAt: now.toISOString(), paymentReference: input.reference },
  }
}
