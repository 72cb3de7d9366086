import { sql } from 'drizzle-orm'
import { type CoreContext, currentShopper } from '../kernel/context'
import { rateLimiter, storeBucket } from '../cache/rate-limiter'
import { type Executor, getDb } from '../db/client'
import { prepared } from '../db/prepared'
import { orderSequenceReservations } from '../db/schema'
import { DomainError } from '../kernel/errors'

// getOrderId (spec 4, 7): the checkout asks for its order reference (orderSequence, 'S00042')
// before createOrder, and keeps it for retries (failedOrderData), so whatever the double clicks
// and retries the checkout makes one order. References come from one database sequence and are
// recorded as reservations of the website (and of the partner when signed in); createOrder
// accepts only such a reservation, so a reference cannot be made up or taken from someone else.

export const TOO_MANY_REFERENCES = 'Too many checkout attempts in a short time. Please wait a few minutes and try again.'
export const UNKNOWN_REFERENCE = 'This order reference is not valid for this checkout. Please reload the checkout and try again.'

/** Each reservation burns a number: anonymous callers get a modest allowance per address. */
const ANONYMOUS_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 }
const PARTNER_LIMIT = { max: 100, windowMs: 60 * 60 * 1000 }

/** 'S' and the number, at least five digits ('S00042', 'S123456'). */
export function formatOrderReference(value: number | bigint | string): string {
  const digits = String(value)
  if (!/^\d+$/.test(digits)) throw new RangeError(`not a sequence number: ${digits}`)
  return `S${digits.padStart(5, '0')}`
}

/**
 * A fresh reference from the sequence, recorded as the caller's reservation: one prepared statement
 * (P4). The text is formatOrderReference's: 'S' and the number, at least five digits.
 */
export async function reserveOrderReference(db: Executor, { websiteId, partnerId }: { websiteId: number; partnerId: number | null }): Promise<string> {
  const [reserved] = await prepared(db, 'order_reference_reserve', () =>
    db
      .insert(orderSequenceReservations)
      .values({
        name: sql`(select 'S' || lpad(n::text, greatest(5, length(n::text)), '0') from nextval('order_number_seq') as n)`,
        websiteId: sql.placeholder('websiteId'),
        partnerId: sql.placeholder('partnerId'),
      })
      .returning({ name: orderSequenceReservations.name }),
  ).execute({ websiteId, partnerId })
  return reserved!.name
}

/** The getOrderId query: a fresh reference for the caller, rate limited per partner or per address. */
export async function getOrderId(ctx: CoreContext): Promise<{ orderSequence: string }> {
  const principal = await currentShopper(ctx)
  const key = principal ? `order-id:partner:${principal.partnerId}` : `order-id:ip:${ctx.clientKey ?? 'unknown'}`
  const decision = await rateLimiter().take(storeBucket(ctx.store.websiteId, key), principal ? PARTNER_LIMIT : ANONYMOUS_LIMIT)
  if (!decision.allowed) throw new DomainError('rate_limited', `order reference limit reached for ${key}`, TOO_MANY_REFERENCES)
  const orderSequence = await reserveOrderReference(await getDb(), { websiteId: ctx.store.websiteId, partnerId: principal?.partnerId ?? null })
  return { orderSequence }
}

/** The refusal of a reference that is not a reservation of this caller on this website. */
export function notReserved(name: string, websiteId: number): DomainError {
  return new DomainError('invalid', `order reference ${name} is not a reservation of this caller on website ${websiteId}`, UNKNOWN_REFERENCE)
}
