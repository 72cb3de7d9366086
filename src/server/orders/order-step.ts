import { eq } from 'drizzle-orm'
import { ORDER_STEPS, type OrderFacts, orderRefusal, type OrderStep } from '@/isomorphic/order-states'
import { recordAudit } from '../audit/audit-log'
import type { Transaction } from '../db/client'
import { orders } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { conflict } from './order-money'
import type { OrderRow } from './order-views'

// One way a member's step moves an order (issue 26), in the caller's transaction, on the order's row
// the caller locked (lockOrder: steps of one order queue there, so the second of two clicks finds
// the state the first left and is refused with the step's sentence):
//   1. the declared life cycle (order-states.ts) says whether the step may be taken: else a 409
//      with its sentence;
//   2. the row moves to the step's declared states, with the step's own columns (when, reference…);
//   3. one audit row `order.<action>` holds the states before and after, and what the step adds.
// The racing steps of shoppers and the card provider (confirm, approve, reject, pay by card) are
// compare-and-set statements that read the same table's starting states instead.

export type OrderStepTaken = {
  order: OrderRow
  /** The order's facts the table reads; the provider is the payment method's, when it has one. */
  provider: string | null
  step: Extract<OrderStep, 'markPaid' | 'cancel'>
  /** The audit row's action ('order.mark_paid'). */
  action: string
  /** The step's own columns besides the declared states (paidAt, the reference, the reason…). */
  set: Partial<typeof orders.$inferInsert>
  /** What the audit row adds to the states (the reference, the reason, what was given back). */
  audited?: { before?: Record<string, unknown>; after?: Record<string, unknown> }
  now: Date
}

/** Takes a member's step on a locked order; answers the order as it is after. */
export async function takeOrderStep(tx: Transaction, ctx: CoreContext, taken: OrderStepTaken): Promise<OrderRow> {
  const { order, step } = taken
  const facts: OrderFacts = { ...order, provider: taken.provider }
  const refusal = orderRefusal(step, facts, order.name)
  if (refusal) throw conflict(`order ${order.id} may not take ${step} (${order.kind}, ${order.state}, ${order.paymentState}, ${order.fulfilmentState}, ${taken.provider ?? 'no method'})`, refusal)

  const to = ORDER_STEPS[step].to
  // store-scope: the caller locked the order after checking the member may act on its store
  const [after] = await tx
    .update(orders)
    .set({ ...to, ...taken.set, updatedAt: taken.now })
    .where(eq(orders.id, order.id))
    .returning()
  const states = (row: Pick<OrderRow, 'state' | 'paymentState' | 'fulfilmentState'>) => ({ state: row.state, paymentState: row.paymentState, fulfilmentState: row.fulfilmentState })
  await recordAudit(tx, ctx, {
    websiteId: order.websiteId,
    action: taken.action,
    entityType: 'order',
    entityId: order.id,
    before: { ...states(order), ...taken.audited?.before },
    after: { ...states(after!), ...taken.audited?.after },
  })
  return after!
}
