import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { OrderData, OrderDetailData } from '@/isomorphic/order-types'
import { type CoreContext, currentShopper, requireShopper } from '../kernel/context'
import { type Executor, getDb } from '../db/client'
import { orderExtraFields, orderLines, orders, paymentMethods, productVariants } from '../db/schema'
import { notFound } from '../kernel/errors'
import { sameSecret } from '../kernel/same-secret'
import { orderTimeline } from '../timeline/order-events'
import { transferInstructions } from '../documents/transfer-instructions'
import { orderPreviews } from './order-previews'
import { type OrderLineWithColor, toOrderData, toOrderDetailData } from './order-views'

// getOrders and getOrderDetails (spec 7; security.md 4.6): a partner sees only their own orders;
// one order also opens for whoever holds its access token (a guest after checkout, a link in a
// mail). Anything else — another partner's order, a wrong token, no such order — is the same 404.

/** At most this many orders in one list, newest first. */
export const ORDER_LIST_LIMIT = 200

export async function listOrders(ctx: CoreContext, { uid }: { uid: string }): Promise<OrderData[]> {
  const principal = await requireShopper(ctx)
  // Another partner's list answers as if it did not exist (no existence oracle).
  if (uid !== principal.partnerUid) throw notFound('Orders', 'of that partner')
  const db = await getDb()
  const found = await db
    .select({ order: orders, provider: paymentMethods.provider })
    .from(orders)
    .leftJoin(paymentMethods, eq(paymentMethods.id, orders.paymentMethodId))
    .where(and(eq(orders.websiteId, ctx.store.websiteId), eq(orders.partnerId, principal.partnerId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_LIST_LIMIT)
  const previews = await orderPreviews(db, found.map(({ order, provider }) => ({ ...order, provider })))
  return found.map(({ order }) => ({ ...toOrderData(order), preview: previews.get(order.id) }))
}

export async function getOrderDetails(ctx: CoreContext, { id, accessToken }: { id: number; accessToken?: string | null }): Promise<OrderDetailData> {
  const db = await getDb()
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.websiteId, ctx.store.websiteId)))
  const principal = row ? await currentShopper(ctx) : null
  const isOwner = Boolean(row && principal && row.partnerId !== null && row.partnerId === principal.partnerId)
  const holdsToken = Boolean(row && accessToken && sameSecret(accessToken, row.accessToken))
  if (!row || !(isOwner || holdsToken)) throw notFound('Order', id)

  const [lines, fields, timeline, howToPay] = await Promise.all([
    orderLinesWithColor(db, [row.id]),
    storeExtraFields(db, ctx.store.websiteId),
    orderTimeline(db, row.id, 'shopper'),
    transferInstructions(db, row),
  ])
  return toOrderDetailData(row, lines, fields, timeline, howToPay)
}

/** The lines of some orders, in order, each with its variant's colour id (to put it back in a cart). */
export async function orderLinesWithColor(db: Executor, orderIds: readonly number[]): Promise<OrderLineWithColor[]> {
  if (orderIds.length === 0) return []
  const rows = await db
    .select({ line: orderLines, colorId: productVariants.colorValueId })
    .from(orderLines)
    .leftJoin(productVariants, eq(productVariants.id, orderLines.productVariantId))
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.sequence), asc(orderLines.id))
  return rows.map(({ line, colorId }) => ({ ...line, colorId }))
}

/** The website's extra fields (name and label) in display order. */
export function storeExtraFields(db: Executor, websiteId: number): Promise<{ name: string; label: string }[]> {
  return db
    .select({ name: orderExtraFields.name, label: orderExtraFields.label })
    .from(orderExtraFields)
    .where(eq(orderExtraFields.websiteId, websiteId))
    .orderBy(asc(orderExtraFields.sequence), asc(orderExtraFields.id))
}
