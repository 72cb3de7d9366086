import { and, eq } from 'drizzle-orm'
import { type OrderData, REFERENCE_USED } from '@/isomorphic/order-types'
import type { Executor } from '../../db/client'
import { orders, websites } from '../../db/schema'
import { DomainError } from '../../kernel/errors'
import { assertReservation } from '../order-reference'
import { type OrderRow, toOrderData } from '../order-views'
import type { OrderCaller, OrderCommand } from './order-command'
import { SIGN_IN_TO_ORDER } from './order-messages'

// Step 1 of createOrder: the reference is the caller's, and a retry of a checkout that already
// made its order gets that order, whatever prices did since.

/** A store that takes orders from signed-in partners only refuses a guest's order or quotation. */
async function assertGuestCheckout(db: Executor, websiteId: number): Promise<void> {
  const [website] = await db.select({ guestCheckout: websites.guestCheckout }).from(websites).where(eq(websites.id, websiteId))
  if (!website?.guestCheckout) throw new DomainError('forbidden', `guest checkout is closed on website ${websiteId}`, SIGN_IN_TO_ORDER)
}

export async function findOrder(db: Executor, websiteId: number, name: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.name, name)))
  return row ?? null
}

/** The order already made from this reference: the same one for the same contents, else a 409. */
export function sameOrConflict(existing: OrderRow, fingerprint: string): OrderData {
  if (existing.requestFingerprint !== fingerprint) {
    throw new DomainError('conflict', `order reference ${existing.name} already used with other contents`, REFERENCE_USED)
  }
  return toOrderData(existing)
}

/** Checks the caller may order with this reference; answers the order it already made, if any. */
export async function reserveReference(db: Executor, caller: OrderCaller, command: OrderCommand, fingerprint: string): Promise<OrderData | null> {
  const { websiteId, partnerId } = caller
  if (partnerId === null) await assertGuestCheckout(db, websiteId)
  await assertReservation(db, { name: command.reference, websiteId, partnerId })
  const earlier = await findOrder(db, websiteId, command.reference)
  return earlier ? sameOrConflict(earlier, fingerprint) : null
}
