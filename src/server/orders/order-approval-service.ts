import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm'
import { ORDER_STEPS } from '@/isomorphic/order-states'
import type { DecideOrderApprovalInput } from '@/isomorphic/contract/orders'
import type { ApprovalDecision, DecidedApprovalData, OrderApprovalState, OrderAwaitingApprovalData, OrderPaymentState, OrderState } from '@/isomorphic/order-types'
import { type CoreContext, requireShopper } from '../kernel/context'
import { type Executor, getDb } from '../db/client'
import { orders, partners } from '../db/schema'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { fromCents } from '../kernel/money'
import { orderLinesWithColor, storeExtraFields } from './order-queries'
import { orderCancelled, orderConfirmed } from '../fulfilment/order-lifecycle'
import { appendOrderEvent } from '../timeline/order-events'
import { giveBackOrderSpending } from './order-refunds'
import { extraFieldsOf, toAddressData, toLineData, toOrderData } from './order-views'

// Company-store approvals (issue 5, domain.md approvalRequired; decision 012). An order beyond the
// customer's budget spends what is left of it and waits ('awaiting_approval'). A partner of the
// same website who may approve orders (partners.canApproveOrders) sees those orders and decides:
//   approve → 'approved', the order is confirmed (state 'sale'); what is left to pay stays
//             'pending' (invoiced to the company);
//   reject  → 'rejected', the order is cancelled (nothing left to pay), and in the SAME
//             transaction everything it spent (budget, gift cards, promotion uses) is given back
//             from the ledgers.
// The decision is ONE conditional UPDATE (only from 'awaiting_approval'), so of concurrent
// decisions exactly one wins; the others are told who was first (409). Nobody approves their own
// order. Every other refusal — not an approver, an order of another website, one's own order, an
// order that never waited — is the same 404, and nothing changes.

export const APPROVERS_ONLY = "Only the store's order approvers can see orders waiting for approval."
export const NOT_AWAITING_YOUR_APPROVAL = 'This order is not waiting for your approval.'
/** At most this many orders in the approvals list, oldest first (a queue). */
export const APPROVAL_LIST_LIMIT = 100

export const alreadyDecided = (name: string, state: 'approved' | 'rejected') => `Order ${name} has already been ${state}.`
export const decidedMessage = (name: string, decision: ApprovalDecision) => `Order ${name} has been ${decision === 'approve' ? 'approved' : 'rejected'}.`

export type DecidedOrder = {
  id: number
  name: string
  state: OrderState
  approvalState: OrderApprovalState
  paymentState: OrderPaymentState
}

export type ApprovalOutcome = {
  order: DecidedOrder
  decision: ApprovalDecision
  approver: { id: number; name: string }
  /** What a rejection gave back (cents), for logs and tests. */
  givenBack: { budget: number; giftCards: number; promotionIds: number[] } | null
}

type Approver = { id: number; name: string }

/** The signed-in partner when they may approve this website's orders, else null. */
async function findApprover(db: Executor, ctx: CoreContext): Promise<Approver | null> {
  const principal = await requireShopper(ctx)
  const [approver] = await db
    .select({ id: partners.id, name: partners.name })
    .from(partners)
    .where(and(eq(partners.id, principal.partnerId), eq(partners.websiteId, ctx.store.websiteId), eq(partners.isActive, true), eq(partners.canApproveOrders, true)))
  return approver ?? null
}

/** Waiting orders of the website that `approverId` may decide: never their own. */
const awaitingFor = (websiteId: number, approverId: number) =>
  and(
    eq(orders.websiteId, websiteId),
    eq(orders.kind, 'order'),
    // The approve and reject steps start from the same states (order-states.ts).
    inArray(orders.state, [...ORDER_STEPS.approve.from.state]),
    inArray(orders.approvalState, [...ORDER_STEPS.approve.from.approvalState]),
    or(isNull(orders.partnerId), ne(orders.partnerId, approverId)),
  )

/** getOrdersAwaitingApproval: the website's orders waiting for a decision, oldest first, with their lines. */
export async function listOrdersAwaitingApproval(ctx: CoreContext): Promise<OrderAwaitingApprovalData[]> {
  const db = await getDb()
  const approver = await findApprover(db, ctx)
  if (!approver) throw new DomainError('forbidden', 'approvals list asked by a partner who may not approve orders', APPROVERS_ONLY)
  const rows = await db
    .select()
    .from(orders)
    .where(awaitingFor(ctx.store.websiteId, approver.id))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(APPROVAL_LIST_LIMIT)
  if (rows.length === 0) return []
  const [lines, fields] = await Promise.all([orderLinesWithColor(db, rows.map((row) => row.id)), storeExtraFields(db, ctx.store.websiteId)])
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    customer: { name: row.partnerName, email: row.partnerEmail },
    amounts: toOrderData(row).amounts,
    overBudget: fromCents(row.amountDue),
    billingAddress: toAddressData(row.billingAddress),
    shippingAddress: row.shippingAddress ? toAddressData(row.shippingAddress) : null,
    deliveryMethod: row.deliveryMethodName,
    extraFields: extraFieldsOf(row.extraFields, fields),
    orderOptions: row.orderOptions.map((option) => ({ name: option.name, label: option.label, price: fromCents(option.price) })),
    lines: lines.filter((line) => line.orderId === row.id).map(toLineData),
  }))
}

/** At most this many decided orders in the approvers' history, the latest decision first. */
export const APPROVAL_HISTORY_LIMIT = 50

/**
 * getDecidedApprovals: the website's orders whose approval was decided (approved or rejected), the
 * latest decision first, with who decided, when and the note they gave. Approvers only (403).
 */
export async function listDecidedApprovals(ctx: CoreContext): Promise<DecidedApprovalData[]> {
  const db = await getDb()
  const approver = await findApprover(db, ctx)
  if (!approver) throw new DomainError('forbidden', 'approval history asked by a partner who may not approve orders', APPROVERS_ONLY)
  const rows = await db
    .select({
      id: orders.id,
      name: orders.name,
      createdAt: orders.createdAt,
      customerName: orders.partnerName,
      total: orders.amountTotal,
      decision: orders.approvalState,
      decidedAt: orders.approvalDecidedAt,
      note: orders.approvalNote,
      decidedBy: partners.name,
    })
    .from(orders)
    .leftJoin(partners, eq(partners.id, orders.approvalDecidedBy))
    .where(
      and(
        eq(orders.websiteId, ctx.store.websiteId),
        eq(orders.kind, 'order'),
        inArray(orders.approvalState, ['approved', 'rejected']),
        isNotNull(orders.approvalDecidedAt),
      ),
    )
    .orderBy(desc(orders.approvalDecidedAt), desc(orders.id))
    .limit(APPROVAL_HISTORY_LIMIT)
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    customer: { name: row.customerName },
    total: fromCents(row.total),
    decision: row.decision === 'approved' ? 'approved' : 'rejected',
    decidedAt: row.decidedAt!.toISOString(),
    decidedBy: row.decidedBy === null ? null : { name: row.decidedBy },
    note: row.note,
  }))
}

const DECIDED_COLUMNS = { id: orders.id, name: orders.name, state: orders.state, approvalState: orders.approvalState, paymentState: orders.paymentState }

/**
 * decideOrderApproval: approves or rejects an order waiting for approval, as a signed-in approver
 * of its website. Throws 404 NOT_AWAITING_YOUR_APPROVAL for anything the caller may not decide,
 * 409 when someone decided first.
 */
export async function decideOrderApproval(ctx: CoreContext, input: DecideOrderApprovalInput, now: Date = new Date()): Promise<ApprovalOutcome> {
  const { websiteId } = ctx.store
  const db = await getDb()
  const approver = await findApprover(db, ctx)
  const refused = (reason: string) => {
    logger().warn({ websiteId, orderId: input.orderId, approverId: approver?.id ?? null, reason }, 'order approval refused')
    return new DomainError('not_found', `order approval refused: ${reason}`, NOT_AWAITING_YOUR_APPROVAL)
  }
  if (!approver) throw refused('the caller may not approve orders')
  const approverActor = await ctx.actor()
  const approve = input.decision === 'approve'

  const outcome = await db.transaction(async (tx) => {
    const [decided] = await tx
      .update(orders)
      .set({
        // A rejected order is cancelled: it has nothing left to pay.
        ...(approve ? { ...ORDER_STEPS.approve.to, confirmedAt: now } : { ...ORDER_STEPS.reject.to, cancelledAt: now, cancelReason: input.note ?? 'Not approved.' }),
        approvalDecidedAt: now,
        approvalDecidedBy: approver.id,
        approvalNote: input.note,
        updatedAt: now,
      })
      .where(
        and(
          eq(orders.id, input.orderId),
          awaitingFor(websiteId, approver.id),
          // The right to approve is read again under the order's lock: one revoked meanwhile decides nothing.
          sql`exists (select 1 from ${partners} where ${partners.id} = ${approver.id} and ${partners.canApproveOrders} and ${partners.isActive})`,
        ),
      )
      .returning(DECIDED_COLUMNS)
    if (!decided) return null
    const by = { actor: approverActor, actorName: approver.name, at: now }
    await appendOrderEvent(tx, { orderId: decided.id, type: approve ? 'approved' : 'rejected', ...by, data: input.note ? { note: input.note } : {} })
    if (approve) {
      await orderConfirmed(tx, { orderId: decided.id, actor: approverActor, at: now, how: 'approved' })
      return { order: decided, givenBack: null }
    }
    const givenBack = await giveBackOrderSpending(tx, { orderId: decided.id, now })
    await orderCancelled(tx, { orderId: decided.id, ...by, reason: input.note ?? 'Not approved.' })
    return { order: decided, givenBack }
  })

  if (!outcome) {
    const [current] = await db
      .select({ ...DECIDED_COLUMNS, partnerId: orders.partnerId, kind: orders.kind, decidedAt: orders.approvalDecidedAt })
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.websiteId, websiteId)))
    const decidable = current && current.kind === 'order' && current.partnerId !== approver.id && current.decidedAt !== null
    if (decidable && (current.approvalState === 'approved' || current.approvalState === 'rejected')) {
      throw new DomainError('conflict', `order ${current.id} already ${current.approvalState}`, alreadyDecided(current.name, current.approvalState))
    }
    throw refused(current ? `order ${current.id} is not waiting for this approver (${current.approvalState}, own: ${current.partnerId === approver.id})` : 'no such order on the website')
  }

  logger().info({ websiteId, orderId: outcome.order.id, approverId: approver.id, decision: input.decision, givenBack: outcome.givenBack }, 'order approval decided')
  return { order: outcome.order, decision: input.decision, approver, givenBack: outcome.givenBack }
}

/** The approvers to tell about a new order waiting (every approver of the website but its customer). */
export async function approversToNotify(db: Executor, { websiteId, exceptPartnerId }: { websiteId: number; exceptPartnerId: number | null }): Promise<{ id: number; name: string; email: string }[]> {
  return db
    .select({ id: partners.id, name: partners.name, email: partners.email })
    .from(partners)
    .where(
      and(
        eq(partners.websiteId, websiteId),
        eq(partners.canApproveOrders, true),
        eq(partners.isActive, true),
        exceptPartnerId === null ? undefined : ne(partners.id, exceptPartnerId),
      ),
    )
    .orderBy(asc(partners.id))
}
