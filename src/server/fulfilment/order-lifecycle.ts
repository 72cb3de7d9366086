import { eq } from 'drizzle-orm'
import { productionMayStart } from '@/isomorphic/payment-terms'
import type { Transaction } from '../db/client'
import { orders, paymentMethods } from '../db/schema'
import type { Actor } from '../kernel/context'
import { appendOrderEvent } from '../timeline/order-events'
import { cancelOpenWorkOrders, createWorkOrders } from './work-order-handoff'
import { announceWorkOrdersAfterCommit } from './work-order-mails'

const HANDOFF: Actor = { kind: 'system', job: 'handoff' }

// What follows an order's confirmation (issue 15), in the transaction that confirms it: the
// timeline row, then — when production may start — the work orders for its decoration partners.
// Every way an order becomes confirmed calls this once, when its own update moved the order (placed
// already settled, approved, an offline method chosen, a card payment received).
//
// The prepaid-production rule (issue 26, src/isomorphic/payment-terms.ts): an order paid up front
// (a bank transfer) reaches the partners only once it is paid; its work orders are made when the
// store marks the money received (orderPaid), exactly once. An order on account (purchase order,
// invoice), or with nothing left to pay, reaches them at confirmation.

export async function orderConfirmed(tx: Transaction, { orderId, actor, at = new Date(), how }: { orderId: number; actor: Actor; at?: Date; how: 'settled' | 'approved' | 'offline_payment' | 'card_payment' }): Promise<void> {
  await appendOrderEvent(tx, { orderId, type: 'confirmed', actor, data: { how }, at })
  await handOffWhenProductionMayStart(tx, orderId, at)
}

/** What follows the store's receipt of an order's money, in the transaction that records it: the handoff an order paid up front waited for. */
export async function orderPaid(tx: Transaction, { orderId, at = new Date() }: { orderId: number; at?: Date }): Promise<void> {
  await handOffWhenProductionMayStart(tx, orderId, at)
}

/** The work orders, once the order may go into production (createWorkOrders makes each once, however often this runs). */
async function handOffWhenProductionMayStart(tx: Transaction, orderId: number, at: Date): Promise<void> {
  // store-scope: orderId is of an order the calling use case already holds for its store
  const [order] = await tx
    .select({ kind: orders.kind, state: orders.state, paymentState: orders.paymentState, provider: paymentMethods.provider })
    .from(orders)
    .leftJoin(paymentMethods, eq(paymentMethods.id, orders.paymentMethodId))
    .where(eq(orders.id, orderId))
  if (!order || !productionMayStart(order)) return
  // The handoff is the store's own doing, whoever confirmed the order.
  const created = await createWorkOrders(tx, { orderId, actor: HANDOFF, at })
  // The partners hear of their work once the transaction has committed (the mail task waits on the
  // order's row, which createWorkOrders locked); a rollback leaves nothing to announce.
  if (created.length > 0) announceWorkOrdersAfterCommit(orderId)
}

// What follows an order's cancellation, in the transaction that cancels it: the timeline row,
// then (fulfilment's part) the cancellation of its open work orders. Every way an order becomes
// cancelled calls this once, when its own update moved the order (the console's cancel, a
// rejected approval). The money is the caller's business: it has been given back already.

export async function orderCancelled(
  tx: Transaction,
  { orderId, actor, actorName, reason, at = new Date() }: { orderId: number; actor: Actor; actorName?: string | null; reason: string | null; at?: Date },
): Promise<void> {
  await appendOrderEvent(tx, { orderId, type: 'cancelled', actor, actorName, data: reason ? { reason } : {}, at })
  await cancelOpenWorkOrders(tx, orderId, actor)
}
