import type { OrderData } from '@/isomorphic/order-types'
import { type CoreContext, currentShopper, GUEST } from '../kernel/context'
import { getDb } from '../db/client'
import { inStepOrder } from '../kernel/in-step-order'
import { logger } from '../kernel/logger'
import type { CheckoutPricingOptions } from '../checkout/checkout-pricing'
import { checkChoices, giftCardToPay } from './create-order/check-choices'
import { type OrderCaller, orderFingerprint, toOrderCommand } from './create-order/order-command'
import { persistOrder } from './create-order/persist-order'
import { priceOrder } from './create-order/price-order'
import { reserveReference } from './create-order/reserve-reference'
import { resolveParties } from './create-order/resolve-parties'
import { assertStoreTakesOrders } from './create-order/store-takes-orders'
import { throttleOrders } from './create-order/throttle-orders'
import { verifyExpectedTotal } from './create-order/verify-total'
import type { CreateOrderInput } from '@/isomorphic/contract/orders'

// createOrder (spec 3, 4, 5; security.md 4 and 6): the server prices the whole checkout itself,
// refuses a total the shopper did not see, and writes the order, its lines and every movement of
// money (promotion usage, gift cards, budget) in ONE transaction, after every outside call. One
// order per reference: the reference is unique per website, a retry with the same contents gets
// the same order back, a reuse with other contents is a 409. Quotations spend nothing.
// Each step is in ./create-order/.

export type CreateOrderOptions = CheckoutPricingOptions & {
  /** Called once, after commit, for an order this call created (not for a retry that found it). */
  afterCreate?: (order: OrderData) => void
}

/** Who orders, in which store: the one place createOrder reads its context. */
async function orderCaller(ctx: CoreContext): Promise<OrderCaller> {
  const shopper = await currentShopper(ctx)
  return { websiteId: ctx.store.websiteId, partnerId: shopper?.partnerId ?? null, clientIp: ctx.clientKey, actor: shopper ?? GUEST }
}

/** Places an order or saves a quotation; answers the order (the same one for a retry of the same checkout). */
export async function createOrder(ctx: CoreContext, input: CreateOrderInput, options: CreateOrderOptions = {}): Promise<OrderData> {
  const command = toOrderCommand(input)
  const caller = await orderCaller(ctx)
  const fingerprint = orderFingerprint(command, caller.partnerId)
  const db = await getDb()

  const earlier = await reserveReference(db, caller, command, fingerprint)
  if (earlier) return earlier
  await assertStoreTakesOrders(caller)
  await throttleOrders(caller)
  // Who and where, and the shopper's choices, are read side by side (P4); the gift card last.
  const [parties, checked] = await inStepOrder([resolveParties(db, caller, command), checkChoices(db, caller, command, options.now)])
  const choices = { ...checked, giftCard: await giftCardToPay(db, caller, command, options.now) }
  const quote = await priceOrder(db, caller, { command, parties, choices }, options)
  await verifyExpectedTotal(db, caller, command, parties, choices, quote)
  const { order, createdNow } = await persistOrder(db, { caller, command, parties, choices, quote, fingerprint })

  if (createdNow && choices.resaleExemption) {
    // The order keeps only orderForResale; which certificate made it tax-free is in the log.
    const { websiteId, partnerId } = caller
    logger().info({ websiteId, orderId: order.id, partnerId, certificateLast4: choices.resaleExemption.certificateNumber.slice(-4) }, 'order placed tax-free for resale')
  }
  if (createdNow) options.afterCreate?.(order)
  return order
}
