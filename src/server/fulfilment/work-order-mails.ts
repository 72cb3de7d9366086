import { and, eq, sql } from 'drizzle-orm'
import { CARRIER_NAMES } from '@/isomorphic/tracking'
import { type Executor, getDb } from '../db/client'
import { decorationPartners, orderLines, orders, shipmentLines, shipments, staff, workOrderLines } from '../db/schema'
import { inBackground } from '../mail/background-mail'
import { composeMail, type MailContent } from '../mail/mail-content'
import { sendMail } from '../mail/mail-service'
import { consoleLink } from '../mail/mail-settings'
import { storeName } from '../mail/store-name'
import { claimUnnotifiedWorkOrders } from './work-order-handoff'

// The handoff's mails (issue 15): the decoration partner hears of a new work order (its address
// and its active console members, with a link to the work order), and the shopper hears of each
// new shipment once, with the carrier's tracking link. Sent after the answer, never thrown at it.

export function newWorkOrderMail(input: { storeName: string; reference: string; orderReference: string; pieces: number; link: string }): MailContent {
  return composeMail({
    storeName: input.storeName,
    subject: `New work order ${input.reference} from ${input.storeName}`,
    blocks: [
      { text: `${input.storeName} sent you work order ${input.reference} (order ${input.orderReference}): ${input.pieces} ${input.pieces === 1 ? 'piece' : 'pieces'} to decorate and ship.` },
      { text: 'The work order has the lines, the size tally, every decoration with its placement and the artwork, and its production sheet.' },
      { link: input.link, label: 'Open the work order' },
    ],
  })
}

export function shippedMail(input: { storeName: string; customer: string; reference: string; carrier: string; trackingNumber: string; trackingUrl: string | null; pieces: number; complete: boolean }): MailContent {
  const what = input.complete ? `Your order ${input.reference} has shipped` : `Part of your order ${input.reference} has shipped`
  return composeMail({
    storeName: input.storeName,
    subject: what,
    blocks: [
      { text: `Hello ${input.customer},` },
      { text: `${what}: ${input.pieces} ${input.pieces === 1 ? 'piece' : 'pieces'} with ${input.carrier}, tracking number ${input.trackingNumber}.` },
      ...(input.trackingUrl ? [{ link: input.trackingUrl, label: 'Track your parcel' }] : []),
    ],
  })
}

/** Who hears of a partner's new work: its address and its active members, each address once. */
async function partnerRecipients(db: Executor, decorationPartnerId: number): Promise<string[]> {
  const [partner] = await db.select({ email: decorationPartners.email }).from(decorationPartners).where(eq(decorationPartners.id, decorationPartnerId))
  const members = await db
    .select({ email: staff.email })
    .from(staff)
    .where(and(eq(staff.decorationPartnerId, decorationPartnerId), eq(staff.role, 'decoration_partner'), eq(staff.isActive, true)))
  const seen = new Map<string, string>()
  for (const address of [partner?.email, ...members.map((member) => member.email)]) {
    const clean = address?.trim()
    if (clean && !seen.has(clean.toLowerCase())) seen.set(clean.toLowerCase(), clean)
  }
  return [...seen.values()]
}

/**
 * Mails the partners of the order's work orders not yet announced (each work order once, ever:
 * claimed before sending). Waits first for the transaction that created them to end, by taking the
 * order's row lock it holds; if that transaction rolled back there is nothing to announce.
 */
export async function sendWorkOrderNotices(db: Executor, orderId: number): Promise<number> {
  await db.transaction(async (tx) => {
    // store-scope: background mail for an order id the core just wrote; the store is read from the row
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('share')
  })
  const claimed = await claimUnnotifiedWorkOrders(db, orderId)
  if (claimed.length === 0) return 0
  // store-scope: background mail for an order id the core just wrote; the store is read from the row
  const [order] = await db.select({ name: orders.name, websiteId: orders.websiteId }).from(orders).where(eq(orders.id, orderId))
  if (!order) return 0
  const name = await storeName(db, order.websiteId)
  let sent = 0
  for (const workOrder of claimed) {
    const [{ pieces = 0 } = {}] = await db
      .select({ pieces: sql<number>`coalesce(sum(${workOrderLines.quantity}), 0)::int` })
      .from(workOrderLines)
      .innerJoin(orderLines, eq(orderLines.id, workOrderLines.orderLineId))
      .where(and(eq(workOrderLines.workOrderId, workOrder.id), sql`${orderLines.lineType} <> 'setup'`))
    const mail = newWorkOrderMail({ storeName: name, reference: workOrder.reference, orderReference: order.name, pieces, link: consoleLink(`/admin/work-orders/${workOrder.id}`) })
    for (const to of await partnerRecipients(db, workOrder.decorationPartnerId)) {
      await sendMail({ websiteId: workOrder.websiteId, to, ...mail }, { db })
      sent += 1
    }
  }
  return sent
}

/** After the confirming transaction: the partners' mails, in the background. */
export function announceWorkOrdersAfterCommit(orderId: number): void {
  inBackground('work order mails', async () => sendWorkOrderNotices(await getDb(), orderId))
}

/** Mails the shopper about one shipment. */
export async function sendShippedMail(db: Executor, shipmentId: number): Promise<void> {
  // store-scope: background mail for an order id the core just wrote; the store is read from the row
  const [row] = await db
    .select({
      orderId: orders.id,
      websiteId: orders.websiteId,
      reference: orders.name,
      customer: orders.partnerName,
      email: orders.partnerEmail,
      fulfilmentState: orders.fulfilmentState,
      carrier: shipments.carrier,
      trackingNumber: shipments.trackingNumber,
      trackingUrl: shipments.trackingUrl,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(shipments.id, shipmentId))
  if (!row) return
  const [{ pieces = 0 } = {}] = await db
    .select({ pieces: sql<number>`coalesce(sum(${shipmentLines.quantity}), 0)::int` })
    .from(shipmentLines)
    .where(eq(shipmentLines.shipmentId, shipmentId))
  const mail = shippedMail({
    storeName: await storeName(db, row.websiteId),
    customer: row.customer,
    reference: row.reference,
    carrier: CARRIER_NAMES[row.carrier] ?? row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingUrl,
    pieces,
    complete: row.fulfilmentState === 'shipped' || row.fulfilmentState === 'delivered',
  })
  await sendMail({ websiteId: row.websiteId, to: row.email, ...mail }, { db })
}
