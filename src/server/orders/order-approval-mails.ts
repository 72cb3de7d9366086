import { eq } from 'drizzle-orm'
import type { ApprovalDecision } from '@/isomorphic/order-types'
import type { Executor } from '../db/client'
import { orders } from '../db/schema'
import { composeMail, type MailContent } from '../mail/mail-content'
import { sendMail } from '../mail/mail-service'
import { storeLink } from '../mail/mail-settings'
import { storeName } from '../mail/store-name'
import { formatCents } from '@/isomorphic/format'
import { approversToNotify } from './order-approval-service'

// The mails of company-store approvals: each approver hears of an order that starts waiting (with
// a link to /me/approvals, which needs them signed in), and the customer hears the decision (with
// the approver's note). Links carry no token: both sides open them signed in.

export function approvalRequestMail(input: { storeName: string; reference: string; customer: string; total: string; overBudget: string; link: string }): MailContent {
  return composeMail({
    storeName: input.storeName,
    subject: `Order ${input.reference} waits for your approval`,
    blocks: [
      { text: `${input.customer} placed order ${input.reference} (${input.total}), ${input.overBudget} over their budget. It waits for your approval before it is processed.` },
      { link: input.link, label: 'Review the order' },
    ],
  })
}

export function approvalDecisionMail(input: {
  storeName: string
  reference: string
  decision: ApprovalDecision
  approver: string
  total: string
  due: string
  note: string | null
  link: string
}): MailContent {
  const approved = input.decision === 'approve'
  return composeMail({
    storeName: input.storeName,
    subject: approved ? `Your order ${input.reference} has been approved` : `Your order ${input.reference} was not approved`,
    blocks: [
      {
        text: approved
          ? `${input.approver} approved your order ${input.reference} (${input.total}); it is now being processed. The ${input.due} beyond your budget will be invoiced to your company.`
          : `${input.approver} did not approve your order ${input.reference} (${input.total}), so it has been cancelled. What it took from your budget and gift cards has been given back.`,
      },
      ...(input.note ? [{ text: `Note from ${input.approver}: ${input.note}` }] : []),
      { link: input.link, label: 'See your order' },
    ],
  })
}

const orderFacts = async (db: Executor, orderId: number) => {
  // store-scope: background mail for an order id the core just wrote; the store is read from the row
  const [order] = await db
    .select({
      id: orders.id,
      websiteId: orders.websiteId,
      name: orders.name,
      partnerId: orders.partnerId,
      partnerName: orders.partnerName,
      email: orders.partnerEmail,
      total: orders.amountTotal,
      due: orders.amountDue,
      approvalState: orders.approvalState,
      note: orders.approvalNote,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
  return order ?? null
}

/** Tells every approver of the website (but the customer) that order `orderId` waits for them. */
export async function sendApprovalRequestMails(db: Executor, { orderId }: { orderId: number }): Promise<number> {
  const order = await orderFacts(db, orderId)
  if (!order || order.approvalState !== 'awaiting_approval') return 0
  const approvers = await approversToNotify(db, { websiteId: order.websiteId, exceptPartnerId: order.partnerId })
  if (approvers.length === 0) return 0
  const name = await storeName(db, order.websiteId)
  const mail = approvalRequestMail({
    storeName: name,
    reference: order.name,
    customer: order.partnerName,
    total: formatCents(order.total),
    overBudget: formatCents(order.due),
    link: await storeLink(order.websiteId, '/me/approvals', { order: String(order.id) }),
  })
  for (const approver of approvers) await sendMail({ websiteId: order.websiteId, to: approver.email, ...mail }, { db })
  return approvers.length
}

/** Tells the customer of order `orderId` what `approver` decided, with their note. */
export async function sendApprovalDecisionMail(db: Executor, { orderId, decision, approver }: { orderId: number; decision: ApprovalDecision; approver: string }): Promise<void> {
  const order = await orderFacts(db, orderId)
  if (!order) return
  const mail = approvalDecisionMail({
    storeName: await storeName(db, order.websiteId),
    reference: order.name,
    decision,
    approver,
    total: formatCents(order.total),
    due: formatCents(order.due),
    note: order.note,
    link: await storeLink(order.websiteId, '/me/orders', { order: String(order.id) }),
  })
  await sendMail({ websiteId: order.websiteId, to: order.email, ...mail }, { db })
}
