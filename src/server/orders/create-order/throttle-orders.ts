import { rateLimiter, storeBucket } from '../../cache/rate-limiter'
import { DomainError } from '../../kernel/errors'
import type { OrderCaller } from './order-command'
import { TOO_MANY_ORDERS } from './order-messages'

/** Placing an order may call carriers and a tax service: a bound per caller keeps that sane. */
const ORDERS_PER_CALLER = { max: 30, windowMs: 10 * 60 * 1000 }

/** Step 2 of createOrder: a partner, or a guest's address, places at most 30 orders in 10 minutes. */
export async function throttleOrders({ websiteId, partnerId, clientIp }: OrderCaller): Promise<void> {
  const caller = partnerId !== null ? `partner:${partnerId}` : `ip:${clientIp ?? 'unknown'}`
  const decision = await rateLimiter().take(storeBucket(websiteId, `create-order:${caller}`), ORDERS_PER_CALLER)
  if (!decision.allowed) throw new DomainError('rate_limited', `order limit reached for ${caller}`, TOO_MANY_ORDERS)
}
