import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import { formatCents } from '@/isomorphic/format'
import type { Executor } from '../db/client'
import { prepared } from '../db/prepared'
import { orders, refunds, staff, staffStores } from '../db/schema'
import { composeMail, type MailContent } from '../mail/mail-content'
import { sendMail } from '../mail/mail-service'
import { consoleLink, storeLink } from '../mail/mail-settings'
import { storeName } from '../mail/store-name'
import type { Tenders } from '@/isomorphic/refund-rules'

// The mails of an order's money (issue 15), sent after the transaction that made the change has
// committed, in the background: the shopper hears once of a cancellation and once per refund
// (what came back, and where to), and the store's staff who want it hear of each new order.
// composeMail escapes every value in the HTML (names, references and reasons are data).

/** "$21.57 to your card and $5.00 to your gift cards". */
export function whereMoneyWent(split: Tenders): string {
  const parts = [
    split.card > 0 ? `${formatCents(split.card)} to your card` : null,
    split.offline > 0 ? `${formatCents(split.offline)} by the way you paid (the store sends it back)` : null,
    split.giftCard > 0 ? `${formatCents(split.giftCard)} to your gift cards` : null,
    split.budget > 0 ? `${formatCents(split.budget)} to your budget` : null,
  ].filter((part): part is string => part !== null)
  if (parts.length <= 1) return parts[0] ?? ''
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}

export function orderCancelledMail(input: { storeName: string; reference: string; reason: string | null; refunded: { amount: number; split: Tenders } | null; link: string }): MailContent {
  return composeMail({
    storeName: input.storeName,
    subject: `Your order ${input.reference} has been cancelled`,
    blocks: [
      { text: `Your order ${input.reference} at ${input.storeName} has been cancelled.` },
      ...(input.reason ? [{ text: `Reason: ${input.reason}` }] : []),
      ...(input.refunded && input.refunded.amount > 0 ? [{ text: `We are giving back ${formatCents(input.refunded.amount)}: ${whereMoneyWent(input.refunded.split)}.` }] : []),
      { link: input.link, label: 'See your order' },
    ],
  })
}

export function orderRefundedMail(input: { storeName: string; reference: string; amount: number; split: Tenders; link: string }): MailContent {
  return composeMail({
    storeName: input.storeName,
    subject: `A refund of ${formatCents(input.amount)} on your order ${input.reference}`,
    blocks: [
      { text: `We refunded ${formatCents(input.amount)} on your order ${input.reference}: ${whereMoneyWent(input.split)}.` },
      ...(input.split.card > 0 ? [{ text: 'A card refund can take 5 to 10 days to show on your statement.' }] : []),
      { link: input.link, label: 'See your order' },
    ],
  })
}

async function shopperFacts(db: Executor, orderId: number) {
  // store-scope: background mail for an order or refund the core just wrote; the store is read from the row
  const [order] = await db
    .select({ websiteId: orders.websiteId, name: orders.name, email: orders.partnerEmail, partnerId: orders.partnerId, accessToken: orders.accessToken, cancelReason: orders.cancelReason })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!order) return null
  const link = await storeLink(order.websiteId, order.partnerId === null ? '/checkout/confirmation' : '/me/orders', { order: String(orderId), access_token: order.accessToken })
  return { ...order, link, secrets: [order.accessToken, encodeURIComponent(order.accessToken)], storeName: await storeName(db, order.websiteId) }
}

const splitOf = (row: typeof refunds.$inferSelect): Tenders => ({ card: row.cardAmount, offline: row.offlineAmount, giftCard: row.giftCardAmount, budget: row.budgetAmount })

/** Tells the shopper their order is cancelled (and what came back with it). */
export async function sendOrderCancelledMail(db: Executor, { orderId, refundId }: { orderId: number; refundId: number | null }): Promise<void> {
  const order = await shopperFacts(db, orderId)
  if (!order) return
  // store-scope: background mail for an order or refund the core just wrote; the store is read from the row
  const [refund] = refundId === null ? [] : await db.select().from(refunds).where(eq(refunds.id, refundId))
  const mail = orderCancelledMail({ storeName: order.storeName, reference: order.name, reason: order.cancelReason, refunded: refund ? { amount: refund.amount, split: splitOf(refund) } : null, link: order.link })
  await sendMail({ websiteId: order.websiteId, to: order.email, ...mail, secrets: order.secrets }, { db })
}

/** Tells the shopper about one refund. */
export async function sendOrderRefundedMail(db: Executor, { refundId }: { refundId: number }): Promise<void> {
  // store-scope: background mail for an order or refund the core just wrote; the store is read from the row
  const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId))
  if (!refund) return
  const order = await shopperFacts(db, refund.orderId)
  if (!order) return
  const mail = orderRefundedMail({ storeName: order.storeName, reference: order.name, amount: refund.amount, split: splitOf(refund), link: order.link })
  await sendMail({ websiteId: order.websiteId, to: order.email, ...mail, secrets: order.secrets }, { db })
}

export function newOrderNoticeMail(input: { storeName: string; reference: string; customer: string; email: string; total: string; link: string }): MailContent {
  return composeMail({
    storeName: input.storeName,
    subject: `New order ${input.reference} at ${input.storeName}`,
    blocks: [{ text: `${input.customer} (${input.email}) placed order ${input.reference} for ${input.total}.` }, { link: input.link, label: 'Open the order' }],
  })
}

/** The store's staff who want new-order notices: active owners, and active managers and fulfilment members of the store. */
export function newOrderRecipients(db: Executor, websiteId: number) {
  return prepared(db, 'new_order_recipients', () =>
    db
      .select({ id: staff.id, email: staff.email })
      .from(staff)
      .where(
        and(
          eq(staff.isActive, true),
          eq(staff.notifyNewOrders, true),
          or(
            eq(staff.role, 'owner'),
            and(
              inArray(staff.role, ['store_manager', 'fulfilment']),
              sql`exists (select 1 from ${staffStores} where ${staffStores.staffId} = ${staff.id} and ${staffStores.websiteId} = ${sql.placeholder('websiteId')})`,
            ),
          ),
        ),
      )
      .orderBy(asc(staff.id)),
  ).execute({ websiteId })
}

/** Sends the new-order notice of `orderId` to every member who wants it; answers how many. */
export async function sendNewOrderNotices(db: Executor, { orderId }: { orderId: number }): Promise<number> {
  const [order] = await prepared(db, 'new_order_notice_facts', () =>
    // store-scope: background mail for an order or refund the core just wrote; the store is read from the row
    db
      .select({ websiteId: orders.websiteId, name: orders.name, kind: orders.kind, customer: orders.partnerName, email: orders.partnerEmail, total: orders.amountTotal })
      .from(orders)
      .where(eq(orders.id, sql.placeholder('orderId'))),
  ).execute({ orderId })
  if (!order || order.kind !== 'order') return 0
  const recipients = await newOrderRecipients(db, order.websiteId)
  if (recipients.length === 0) return 0
  const mail = newOrderNoticeMail({ storeName: await storeName(db, order.websiteId), reference: order.name, customer: order.customer, email: order.email, total: formatCents(order.total), link: consoleLink(`/admin/orders/${orderId}`) })
  for (const recipient of recipients) await sendMail({ websiteId: order.websiteId, to: recipient.email, ...mail }, { db })
  return recipients.length
}
