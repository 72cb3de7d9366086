import { rateLimiter, storeBucket } from '../../cache/rate-limiter'
import { DomainError } from '../../kernel/errors'
import type { OrderCaller } from './order-command'
import { STORE_CLOSED, TOO_MANY_ORDERS } from './order-messages'
import { storeDirectoryCached } from '../../website/store-directory'

/** Placing an order may call carriers and a tax service: a bound per caller keeps that sane. */
const ORDERS_PER_CALLER = { max: 30, windowMs: 10 * 60 * 1000 }

/** Step 2 of createOrder, first: a closed store takes no orders (issue 25; a draft is seen only in preview). */
export async function assertStoreTakesOrders({ websiteId }: OrderCaller): Promise<void> {
  const state = (await storeDirectoryCached()).state.get(websiteId)
  if (state === 'closed' || state === 'archived') throw new DomainError('conflict', `store ${websiteId} is ${state}`, STORE_CLOSED)
}

/** Step 2 of createOrder: a partner, or a guest's address, places at most 30 orders in 10 minutes. */
export async function throttleOrders({ websiteId, partnerId, clientIp }: OrderCaller): Promise<void> {
  const caller = partnerId !== null ? `partner:${partnerId}` : `ip:${clientIp ?? 'unknown'}`
  const decision = await rateLimiter().take(storeBucket(websiteId, `create-order:${caller}`), ORDERS_PER_CALLER)
  if (!decision.allowed) throw new DomainError('rate_limited', `order limit reached for ${caller}`, TOO_MANY_ORDERS)
}
