import { sameSecret } from '../kernel/same-secret'
import { and, eq } from 'drizzle-orm'
import { type CoreContext, currentShopper } from '../kernel/context'
import { type Executor, getDb } from '../db/client'
import { orders } from '../db/schema'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { loadOrderDocument } from './order-document'
import { documentFileName, renderOrderPdf } from './order-pdf'

// Who may read an order's PDF: the signed-in partner who owns it, or whoever holds its access token
// (a guest's link, the confirmation mail). Everyone else, and every id that is not an order of
// this website, gets the same not_found, so the answer tells nothing about which orders exist.

export const ORDER_NOT_FOUND = 'Order not found'

const ORDER_ID = /^[1-9]\d{0,9}$/
const MAX_ID = 2_147_483_647
const MAX_TOKEN_LENGTH = 256

export type OrderPdf = { pdf: Buffer; fileName: string }

/** The order's PDF for the caller. Throws `not_found` for a missing order and for anyone not allowed. */
export async function getOrderPdf(ctx: CoreContext, input: { id: string; accessToken: string | null }): Promise<OrderPdf> {
  const orderId = ORDER_ID.test(input.id) ? Number(input.id) : null
  const refuse = (reason: string) => {
    logger().info({ orderId: orderId ?? undefined, reason }, 'order document refused')
    return new DomainError('not_found', `order document refused: ${reason}`, ORDER_NOT_FOUND)
  }
  if (orderId === null || orderId > MAX_ID) throw refuse('malformed id')

  const db = await getDb()
  const [order] = await db
    .select({ id: orders.id, partnerId: orders.partnerId, accessToken: orders.accessToken })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.websiteId, ctx.store.websiteId)))

  const holdsToken = tokenMatches(input.accessToken, order?.accessToken ?? null)
  if (!order) throw refuse('no such order')
  if (!holdsToken) {
    const principal = order.partnerId === null ? null : await currentShopper(ctx)
    if (!principal || principal.partnerId !== order.partnerId) throw refuse(input.accessToken ? 'wrong access token' : 'not the owner')
  }

  const rendered = await buildOrderPdf(db, { orderId: order.id, websiteId: ctx.store.websiteId })
  if (!rendered) throw refuse('no such order')
  return rendered
}

/**
 * The PDF of an order of the website, with no access check: for the server's own use (the
 * confirmation mail's attachment). Null when the website has no such order.
 */
export async function buildOrderPdf(db: Executor, { orderId, websiteId }: { orderId: number; websiteId: number }): Promise<OrderPdf | null> {
  const document = await loadOrderDocument(db, { orderId, websiteId })
  if (!document) return null
  return { pdf: await renderOrderPdf(document), fileName: documentFileName(document) }
}

/** Compares digests of equal length, so the time taken says nothing about how much of the token matched. */
function tokenMatches(given: string | null, expected: string | null): boolean {
  if (!given || !expected || given.length > MAX_TOKEN_LENGTH) return false
  return sameSecret(given, expected)
}
