import type { CoreContext } from '../../../src/server/kernel/context'
import { summarizeCart } from '../../../src/server/checkout/cart-summary-service'
import { createCheckoutStore, createRedeemedGiftCard, guestContext, orderBody, signedInCustomer, type CheckoutStore } from '../../factories/orders'
import { createPromotion } from '../../factories/store-settings'
import { callerContext } from '../../support/core-context'

// The checkouts the resilience tests place: a store with an automatic promotion that has a use
// limit, signed-in buyers who pay with a gift card and a budget (so every kind of money moves),
// and guests; with the HTTP headers that make the API see the same callers.

export type Shopper = { ctx: CoreContext; headers: Record<string, string>; partnerId: number | null }

export async function createResilienceStore(options: Parameters<typeof createCheckoutStore>[0] = {}): Promise<CheckoutStore> {
  const store = await createCheckoutStore(options)
  await createPromotion({ websiteId: store.websiteId, name: 'Ten off everything', promoCodeUsage: 'no_code_needed', discountPercentage: 10, maximumUseNumber: 10_000 })
  return store
}

let addresses = 0
/** A caller address of its own (the store limits orders per address). */
export function nextAddress(): string {
  addresses += 1
  return `10.77.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`
}

function headersOf(ip: string, accessToken: string | null): Record<string, string> {
  return { 'x-forwarded-for': ip, ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) }
}

/** A signed-in buyer with a 50.00 gift card and a 30.00 budget. */
export async function buyer(store: CheckoutStore): Promise<Shopper> {
  const { partner, accessToken } = await signedInCustomer(store.websiteId, { budgetAmount: 3000 })
  await createRedeemedGiftCard({ websiteId: store.websiteId, partnerId: partner.id, amount: 5000 })
  const ip = nextAddress()
  return { ctx: callerContext(store.websiteId, { accessToken, ip }), headers: headersOf(ip, accessToken), partnerId: partner.id }
}

export function guest(store: CheckoutStore): Shopper {
  const ip = nextAddress()
  return { ctx: guestContext(store.websiteId, ip), headers: headersOf(ip, null), partnerId: null }
}

/** The createOrder body (without its key) for `orderSequence`, with the total the summary showed the shopper. */
export async function checkoutBody(store: CheckoutStore, shopper: Shopper, orderSequence: string, overrides: Record<string, unknown> = {}) {
  const draft = orderBody(store, orderSequence, { useGiftCards: shopper.partnerId !== null, ...overrides })
  const { orderSummary } = await summarizeCart(shopper.ctx, { items: draft.products, address: draft.billingaddress, deliveryMethodId: draft.deliveryMethodId, useGiftCards: draft.useGiftCards })
  return { ...draft, expectedTotal: orderSummary.totalPrice }
}
