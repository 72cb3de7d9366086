import { and, eq, isNull, sql } from 'drizzle-orm'
import { type OrderData, REFERENCE_USED } from '@/isomorphic/order-types'
import type { Executor } from '../../db/client'
import { orderSequenceReservations, orders, websites } from '../../db/schema'
import { DomainError } from '../../kernel/errors'
import { prepared } from '../../db/prepared'
import { notReserved } from '../order-reference'
import { type OrderRow, toOrderData } from '../order-views'
import type { OrderCaller, OrderCommand } from './order-command'
import { SIGN_IN_TO_ORDER } from './order-messages'

// Step 1 of createOrder: the reference is the caller's, and a retry of a checkout that already
// made its order gets that order, whatever prices did since.

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

/**
 * Whether the store takes guests' orders, the caller's reservation of the reference and the order
 * already made from it: one statement, prepared once per database (P4), a guest's and a partner's.
 */
function referenceState(db: Executor, guest: boolean) {
  const reservation = orderSequenceReservations
  return prepared(db, guest ? 'order_reference_guest' : 'order_reference_partner', () =>
    db
      .select({ guestCheckout: websites.guestCheckout, reserved: reservation.name, earlierId: orders.id })
      .from(websites)
      .leftJoin(
        reservation,
        and(
          eq(reservation.name, sql.placeholder('name')),
          eq(reservation.websiteId, sql.placeholder('websiteId')),
          guest ? isNull(reservation.partnerId) : eq(reservation.partnerId, sql.placeholder('partnerId')),
        ),
      )
      .leftJoin(orders, and(eq(orders.websiteId, sql.placeholder('websiteId')), eq(orders.name, sql.placeholder('name'))))
      .where(eq(websites.id, sql.placeholder('websiteId'))),
  )
}

/**
 * Checks the caller may order with this reference; answers the order it already made, if any. One
 * read (P4): whether the store takes guests' orders, the caller's reservation of the reference and
 * whether an order was already made from it; a second read, on a retry only, fetches that order.
 */
export async function reserveReference(db: Executor, caller: OrderCaller, command: OrderCommand, fingerprint: string): Promise<OrderData | null> {
  const { websiteId, partnerId } = caller
  const name = command.reference
  const [found] = await referenceState(db, partnerId === null).execute({ name, websiteId, partnerId })
  // A store that takes orders from signed-in partners only refuses a guest's order or quotation.
  if (partnerId === null && !found?.guestCheckout) throw new DomainError('forbidden', `guest checkout is closed on website ${websiteId}`, SIGN_IN_TO_ORDER)
  if (!found?.reserved) throw notReserved(name, websiteId)
  if (found.earlierId === null) return null
  // A retry: the order it made is read whole (only then: its ≈ 80 columns cost every first call, P4).
  const earlier = await findOrder(db, websiteId, name)
  return earlier ? sameOrConflict(earlier, fingerprint) : null
}
