import { CarrierChargesRequestSchema, CarrierTokenRequestSchema } from '@/isomorphic/contract/delivery'
import { warmFedexToken } from '../adapters/fedex'
import { warmUpsToken } from '../adapters/ups'
import { type CoreContext, currentShopper } from '../kernel/context'
import { catalogAccess } from '../accounts/site-lock'
import { resolveDestination } from '../address/address-validation-service'
import { rateLimiter, storeBucket } from '../cache/rate-limiter'
import { priceCartItems } from '../cart/cart-pricing'
import { getDb } from '../db/client'
import { DomainError } from '../kernel/errors'
import { fromCents } from '../kernel/money'
import { CarrierError, type CarrierOptions } from '../adapters/carrier-http'
import { findActiveMethod, quoteDeliveryMethod } from './delivery-quotes'

// The local carrier endpoints of spec 7: /api/delivery/{ups,fedex}/getToken warm the server-side
// token cache (the token itself never leaves the server) and /api/delivery/{ups,fedex}/getCharges
// price cart items for an address with that method, margin and free-over included. The carrier's
// address and credentials come from the delivery method in the database: a client-supplied `url`
// or `token` is refused (SSRF, security.md 13.2.5). Each call may reach a carrier, so callers are
// throttled (security.md 2.4.1).

export type Carrier = 'ups' | 'fedex'
const DELIVERY_TYPE = { ups: 'ups_rubikx', fedex: 'fedex_rubikx' } as const

export const CARRIER_CALL_LIMITS = {
  perCaller: { max: 30, windowMs: 60_000 },
  overall: { max: 600, windowMs: 60_000 },
}


async function throttle(ctx: CoreContext) {
  const limiter = rateLimiter()
  const caller = await limiter.take(storeBucket(ctx.store.websiteId, `carrier-call:${ctx.clientKey ?? 'unknown'}`), CARRIER_CALL_LIMITS.perCaller)
  const overall = caller.allowed ? await limiter.take(storeBucket(ctx.store.websiteId, 'carrier-call:*'), CARRIER_CALL_LIMITS.overall) : caller
  if (!overall.allowed) {
    throw new DomainError('rate_limited', 'carrier call rate limit reached', 'Too many delivery price requests; please wait a minute and try again.')
  }
}

/** Makes sure a token for the method's carrier account is cached; answers when it expires. */
export async function warmCarrierToken(ctx: CoreContext, { carrier, body }: { carrier: Carrier; body: unknown }, options: CarrierOptions = {}): Promise<{ ready: true; expiresAt: string }> {
  const { websiteId } = ctx.store
  const input = CarrierTokenRequestSchema.parse(body)
  await throttle(ctx)
  const db = await getDb()
  const method = await findActiveMethod(db, { websiteId, methodId: input.methodId, deliveryType: DELIVERY_TYPE[carrier] })
  const { credentials } = method
  try {
    const { expiresAt } =
      carrier === 'ups'
        ? await warmUpsToken({ url: method.url, clientId: credentials.upsClientId, clientSecret: credentials.upsClientSecret, accountNumber: credentials.upsAccountNumber }, options)
        : await warmFedexToken(
            { url: method.url, clientId: credentials.fedexClientid, clientSecret: credentials.fedexClientsecret, accountNumber: credentials.fedexAccountNumber },
            options,
          )
    return { ready: true, expiresAt: expiresAt.toISOString() }
  } catch (error) {
    if (error instanceof CarrierError) throw new DomainError('unavailable', `${carrier} token: ${error.message}`, error.message)
    throw error
  }
}

/** The method's price for the items shipped to the address, in dollars (margin and free-over included). */
export async function carrierCharges(ctx: CoreContext, { carrier, body }: { carrier: Carrier; body: unknown }, options: CarrierOptions = {}): Promise<{ price: number; free: boolean }> {
  const { websiteId } = ctx.store
  // Quoting prices the items: a locked store's catalog is for signed-in partners only.
  await catalogAccess(ctx)
  const input = CarrierChargesRequestSchema.parse(body)
  await throttle(ctx)
  const db = await getDb()
  const destination = await resolveDestination(db, websiteId, input.address)
  // A partner's own designs price for that partner only (issue 7).
  const viewer = { partnerId: (await currentShopper(ctx))?.partnerId ?? null }
  const lines = await priceCartItems(db, websiteId, input.items, viewer)
  const orderAmount = lines.reduce((sum, line) => sum + line.amount, 0)
  const { amount, free } = await quoteDeliveryMethod(
    db,
    { websiteId, methodId: input.methodId, deliveryType: DELIVERY_TYPE[carrier], lines, destination, orderAmount },
    options,
  )
  return { price: fromCents(amount), free }
}
