import type { OrderPaymentState } from '@/isomorphic/order-types'
import { and, eq } from 'drizzle-orm'
import { type CoreContext, currentShopper } from '../kernel/context'
import { getDb } from '../db/client'
import { orders } from '../db/schema'
import { sameSecret } from '../kernel/same-secret'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'

// Who may pay an order or ask about its payment (security.md 4.6): its signed-in owner, or whoever
// holds its access token. Every refusal — a malformed id, no such order, someone else's order, a
// wrong token — is the same one message (spec 5 and 8), so no answer tells them apart.

/** The one answer to every refused payment (spec 5 and 8). */
export const ORDER_PAYMENT_REFUSED = 'There is some error please contact your administrator!'

const MAX_ID = 2_147_483_647
const MAX_TOKEN_LENGTH = 200

export function refused(reason: string, details: Record<string, unknown> = {}): DomainError {
  logger().info({ ...details, reason }, 'order payment refused')
  return new DomainError('invalid', `order payment refused: ${reason}`, ORDER_PAYMENT_REFUSED)
}

/** A positive whole id (a JSON number, or its decimal digits as a string), else null. */
export function paymentId(value: unknown): number | null {
  const id = typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value.trim()) ? Number(value.trim()) : value
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && id <= MAX_ID ? id : null
}

/** The access token if one was given, undefined if none, null when it cannot be one. */
export function tokenOf(value: unknown): string | null | undefined {
  if (value === undefined || value === null || value === '') return undefined
  return typeof value === 'string' && value.length <= MAX_TOKEN_LENGTH ? value : null
}

/**
 * The id of order `orderId` of the caller's website when the caller is its signed-in owner or
 * holds its access token; otherwise ORDER_PAYMENT_REFUSED.
 */
export async function callersOrderId(ctx: CoreContext, orderId: number, accessToken: string | undefined): Promise<number> {
  const { websiteId } = ctx.store
  const db = await getDb()
  const [order] = await db
    .select({ id: orders.id, partnerId: orders.partnerId, accessToken: orders.accessToken })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.websiteId, websiteId)))
  const principal = order ? await currentShopper(ctx) : null
  const isOwner = Boolean(order && principal && order.partnerId !== null && order.partnerId === principal.partnerId)
  // The token is compared even for the owner's call: the time taken does not tell which case held.
  const holdsToken = Boolean(order && accessToken !== undefined && sameSecret(accessToken, order.accessToken))
  if (!order || !(isOwner || holdsToken)) throw refused('order not found for the caller', { websiteId, orderId })
  return order.id
}

export type ConfirmedOrder = {
  id: number
  name: string
  state: 'draft' | 'sale' | 'cancel'
  paymentState: OrderPaymentState
  /** What the shopper does next (the payment method's instructions, e.g. where to send the PO). */
  instructions: string
}

export type OrderPaymentResult = {
  order: ConfirmedOrder
  /** True for the one call that confirmed the order; false for a repeat (tests and logs). */
  confirmedNow: boolean
  /** Card payments: the provider's hosted page the browser goes to next (the order is not confirmed yet). */
  redirectUrl?: string
}
