import { beforeEach, describe, expect, test } from 'vitest'
import { createCheckoutStore, denverAddress, greenvilleAddress, guestContext, type CheckoutStore } from '../../../tests/factories/orders'
import { nextSequence } from '../../../tests/factories/sequence'
import { createDeliveryMethod, createPromotion } from '../../../tests/factories/store-settings'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { summarizeCart } from '../checkout/cart-summary-service'

// Issue 13: free-shipping thresholds and order-amount promotions judged the subtotal before
// discounts ($159.50 − 10 % still shipped free over $150), and a pickup was taxed at the address
// the shopper typed (an Oregon address picking up in Denver paid no tax).

describe.each(testDatabaseKinds())('what a checkout is priced on, on %s', (kind) => {
  useTestDatabase(kind)
  let store: CheckoutStore

  beforeEach(async () => {
    useRateLimiter(createMemoryRateLimiter())
    store = await createCheckoutStore()
  })

  /** 13 caps at $12.00: $156.00 before any discount, $140.40 after 10 % off. */
  const caps = () => [{ productId: store.cap.id, colorId: store.blackId, logoId: null, quantity: { OSFA: 13 } }]
  const summary = (deliveryMethodId: number, promoCode?: string, address: Record<string, unknown> = greenvilleAddress(store)) =>
    summarizeCart(guestContext(store.websiteId), { items: caps(), address: address as never, deliveryMethodId, ...(promoCode ? { promoCode } : {}) })

  test('a delivery free over $150 is charged when the discount takes the merchandise under $150', async () => {
    const standard = await createDeliveryMethod({ websiteId: store.websiteId, name: 'Standard', priceAmount: 995, freeOver: true, freeOverAmount: 15_000, sequence: 0 })
    const code = `TENOFF${nextSequence()}`
    await createPromotion({ websiteId: store.websiteId, promoCodeUsage: 'code_needed', promoCode: code })

    const full = await summary(standard.id)
    expect(full.orderSummary).toMatchObject({ subTotal: 156, shipping: 0, freeShipping: true })
    const discounted = await summary(standard.id, code)
    expect(discounted.orderSummary).toMatchObject({ subTotal: 156, promotion: 15.6, shipping: 9.95, freeShipping: false })
    // The list of methods says the same as the chosen one.
    expect(discounted.deliveryMethods.find((method) => method.id === standard.id)).toMatchObject({ price: 9.95, free: false })
  })

  test('a promotion’s minimum amount is judged after the discounts: free shipping over $150 does not follow a 10 % code below it', async () => {
    await createPromotion({ websiteId: store.websiteId, rewardType: 'free_shipping', discountType: null, discountPercentage: null, discountApplyOn: null, ruleMinimumAmount: 15_000 })
    const code = `TENOFF${nextSequence()}`
    await createPromotion({ websiteId: store.websiteId, promoCodeUsage: 'code_needed', promoCode: code })

    expect((await summary(store.ground.id)).orderSummary).toMatchObject({ shipping: 0, freeShipping: true })
    expect((await summary(store.ground.id, code)).orderSummary).toMatchObject({ promotion: 15.6, shipping: 9.95, freeShipping: false })
  })

  test('a pickup is taxed at the pickup place, not at the address the shopper typed', async () => {
    const pickup = await createDeliveryMethod({
      websiteId: store.websiteId,
      name: 'Pick up in Greenville',
      priceAmount: 0,
      pickupAddress: { name: 'Pick up in Greenville', street: '100 Main Street', street2: null, city: 'Greenville', state: 'SC', zip: '29601', country: 'US' },
    })
    // The store has a rate for SC (6 %) and none for CO: shipped to Denver, no tax; picked up in Greenville, SC's.
    expect((await summary(store.ground.id, undefined, denverAddress(store))).orderSummary.taxes).toBe(0)
    expect((await summary(pickup.id, undefined, denverAddress(store))).orderSummary).toMatchObject({ subTotal: 156, shipping: 0, taxes: 9.36 })
  })
})
