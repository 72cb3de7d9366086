import { eq } from 'drizzle-orm'
import type { MarkOrderPaidAnswer } from '@/isomorphic/contract/admin-orders'
import { getDb } from '../db/client'
import { paymentMethods } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { logger } from '../kernel/logger'
import { fromCents } from '../kernel/money'
import { appendOrderEvent } from '../timeline/order-events'
import { orderPaid } from '../fulfilment/order-lifecycle'
import { conflict, lockOrder, staffOrder } from './order-money'
import { takeOrderStep } from './order-step'

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
    const paid = await takeOrderStep(tx, ctx, {
      order,
      provider: method?.provider ?? null,
      step: 'markPaid',
      action: 'order.mark_paid',
      set: { paidAt: now, paymentReference: input.reference },
      audited: { before: { paidAt: null, paymentReference: order.paymentReference }, after: { paidAt: now.toISOString(), paymentReference: input.reference } },
      now,
    })
    await appendOrderEvent(tx, { orderId: order.id, type: 'paid', actor: member, data: { method: method?.provider ?? 'invoice', amount: order.amountDue, reference: input.reference }, at: now })
    // An order paid up front (a bank transfer) goes to its decoration partners now (issue 26).
    await orderPaid(tx, { orderId: order.id, at: now })
    return paid
  })

  logger().info({ websiteId: order.websiteId, orderId: order.id, staffId: member.staffId }, 'offline payment marked received')
  return {
    message: orderMarkedPaid(order.name),
    order: { id: order.id, reference: order.name, state: order.state, paymentState: order.paymentState, amountRefunded: fromCents(order.amountRefunded), paidAt: now.toISOString(), paymentReference: input.reference },
  }
}
