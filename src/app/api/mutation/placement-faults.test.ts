import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { OrderData } from '@/isomorphic/order-types'
import { errorResponse } from '@/web/http'
import { createCheckoutStore, createRedeemedGiftCard, denverAddress, greenvilleAddress, orderBody, signedInCustomer, type CheckoutStore } from '../../../../tests/factories/orders'
import { createDeliveryMethod, createPromotion } from '../../../../tests/factories/store-settings'
import { testDatabaseKinds, useTestDatabase } from '../../../../tests/setup/test-db'
import { startFakeFedex, type FakeFedex } from '../../../../tests/support/fake-carriers/fedex'
import { startFakeUps, type FakeUps } from '../../../../tests/support/fake-carriers/ups'
import { startFakeUsps, type FakeUsps } from '../../../../tests/support/fake-carriers/usps'
import { startFakeAvatax, type FakeAvatax } from '../../../../tests/support/fake-tax/fake-avatax'
import { startFakeCustomTax, type FakeCustomTax } from '../../../../tests/support/fake-tax/fake-custom-tax'
import type { Failure } from '../../../../tests/support/fake-tax/fake-http'
import { closedPortUrl, storeLedger } from '../../../../tests/support/store-ledger'
import { runQuery } from '@/server/api/query-registry'
import { forgetSigningKey } from '@/server/accounts/signing-key'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import { summarizeCart } from '@/server/checkout/cart-summary-service'
import { deliveryMethods, taxCredentials } from '@/server/db/schema'
import { CARRIER_UNAVAILABLE, createTokenCache, FAILED_FEDEX_TOKEN, FAILED_UPS_TOKEN, type TokenCache } from '@/server/adapters/carrier-http'
import { TAX_CALCULATION_FAILED } from '@/server/tax/tax-errors'
import type { CheckoutPricingOptions } from '@/server/checkout/checkout-pricing'
import { CreateOrderSchema } from '@/isomorphic/contract/orders'
import { createOrder } from '@/server/orders/order-service'
import { refusal } from '../../../../tests/support/domain-refusal'

// The fakes here listen on loopback: the setting a private install would turn on (adapters/outbound.ts).
vi.stubEnv('ALLOW_PRIVATE_OUTBOUND', 'true')

// Issue 6, resilience: every outside service the checkout calls (UPS, FedEx, USPS, a custom tax
// service, Avalara) down, slow past its timeout, answering garbage or a 5xx — at the cart summary
// and at createOrder. The shopper gets a message to act on, nothing of the order is written, no
// money moves, and the same checkout (same orderSequence) goes through once the service is back,
// spending the gift card, the budget and the promotion once. The adapters' own failure handling is
// proven in src/server/adapters/*.test.ts; this is the checkout around them, on real local fakes.

type Service = 'UPS' | 'FedEx' | 'USPS' | 'custom tax' | 'Avalara'
type Fault = 'down' | 'slow' | 'garbage' | 'error 500'

const SERVICES: Service[] = ['UPS', 'FedEx', 'USPS', 'custom tax', 'Avalara']
const FAULTS: Fault[] = ['down', 'slow', 'garbage', 'error 500']

/** What the shopper reads when `service` fails with `fault`. */
function expectedMessage(service: Service, fault: Fault): string {
  if (service === 'custom tax' || service === 'Avalara') return TAX_CALCULATION_FAILED
  // A carrier that cannot be reached fails at its OAuth token, with the spec's sentence for it.
  if (fault === 'down' && service === 'UPS') return FAILED_UPS_TOKEN
  if (fault === 'down' && service === 'FedEx') return FAILED_FEDEX_TOKEN
  return CARRIER_UNAVAILABLE
}

/** While a service is broken. */
const TIMEOUT_MS = 300
/** While it works. */
const HEALTHY_TIMEOUT_MS = 5000

describe.each(testDatabaseKinds())('outside services failing during checkout on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let ups: FakeUps
  let fedex: FakeFedex
  let usps: FakeUsps
  let customTax: FakeCustomTax
  let avatax: FakeAvatax
  let deadUrl: string
  const stores = new Map<Service, { store: CheckoutStore; methodId: number; address: Record<string, unknown> }>()

  beforeAll(async () => {
    forgetSigningKey()
    ;[ups, fedex, usps, customTax, avatax] = await Promise.all([startFakeUps(), startFakeFedex(), startFakeUsps(), startFakeCustomTax(), startFakeAvatax()])
    deadUrl = await closedPortUrl()

    const carrierStore = async (service: Service, method: Omit<Parameters<typeof createDeliveryMethod>[0], 'websiteId'>) => {
      const store = await createCheckoutStore()
      const created = await createDeliveryMethod({ ...method, websiteId: store.websiteId })
      stores.set(service, { store, methodId: created.id, address: greenvilleAddress(store) })
    }
    await carrierStore('UPS', {
      name: 'UPS Ground',
      deliveryType: 'ups_rubikx',
      url: ups.url,
      credentials: { upsClientId: ups.clientId, upsClientSecret: ups.clientSecret, upsAccountNumber: 'A1B2C3' },
    })
    await carrierStore('FedEx', {
      name: 'FedEx Ground',
      deliveryType: 'fedex_rubikx',
      url: fedex.url,
      credentials: { fedexClientid: 'fedex-api-key', fedexClientsecret: 'fedex-secret-key', fedexAccountNumber: '740561073' },
    })
    await carrierStore('USPS', { name: 'USPS Priority', deliveryType: 'usps', url: usps.apiUrl, credentials: { uspsUsername: '123ACME456' } })

    const custom = await createCheckoutStore({ tax: { customUrl: `${customTax.url}/rates` } })
    stores.set('custom tax', { store: custom, methodId: custom.ground.id, address: denverAddress(custom) })
    const avalara = await createCheckoutStore()
    await db()
      .update(taxCredentials)
      .set({ taxname: 'avatax', url: avatax.url, key: avatax.accountId, token: avatax.licenseKey, companycode: 'GRANITE' })
      .where(eq(taxCredentials.websiteId, avalara.websiteId))
    stores.set('Avalara', { store: avalara, methodId: avalara.ground.id, address: denverAddress(avalara) })

    // An automatic promotion with a use limit: its counter must move once per order, never on a failure.
    for (const { store } of stores.values()) {
      await createPromotion({ websiteId: store.websiteId, name: 'Ten off everything', promoCodeUsage: 'no_code_needed', discountPercentage: 10, maximumUseNumber: 1000 })
    }
  })
  afterAll(async () => {
    await Promise.all([ups, fedex, usps, customTax, avatax].map((fake) => fake?.close()))
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  /**
   * The outside calls' timeouts: short while a service is broken (so "slow" fails fast), roomy
   * while it works (a busy machine must not fail a healthy call). One token cache per test: the
   * healthy calls warm it, and "down" (another URL) cannot be hidden by it.
   */
  const callOptions = (tokens: TokenCache, timeoutMs: number): CheckoutPricingOptions => ({ carriers: { timeoutMs, tokens }, tax: { timeoutMs } })

  /** Switches `fault` on for `service`; the answer switches it off again. */
  async function breakService(service: Service, fault: Fault): Promise<() => Promise<void>> {
    const { store, methodId } = stores.get(service)!
    if (service === 'custom tax' || service === 'Avalara') {
      const [credential] = await db().select().from(taxCredentials).where(eq(taxCredentials.websiteId, store.websiteId))
      if (fault === 'down') {
        await db().update(taxCredentials).set({ url: deadUrl }).where(eq(taxCredentials.id, credential!.id))
        return async () => {
          await db().update(taxCredentials).set({ url: credential!.url }).where(eq(taxCredentials.id, credential!.id))
        }
      }
      const fake = service === 'custom tax' ? customTax : avatax
      const failure: Failure = fault === 'slow' ? { kind: 'hang' } : fault === 'garbage' ? { kind: 'malformed-json' } : { kind: 'status', status: 500 }
      // One tax call by the cart summary, one by createOrder.
      fake.failNext(failure)
      fake.failNext(failure)
      return async () => {}
    }
    if (fault === 'down') {
      const [method] = await db().select().from(deliveryMethods).where(eq(deliveryMethods.id, methodId))
      await db().update(deliveryMethods).set({ url: deadUrl }).where(eq(deliveryMethods.id, methodId))
      return async () => {
        await db().update(deliveryMethods).set({ url: method!.url }).where(eq(deliveryMethods.id, methodId))
      }
    }
    const mode = fault === 'slow' ? 'hang' : fault === 'garbage' ? 'garbage' : 'server-error'
    if (service === 'UPS') ups.mode.rate = mode
    if (service === 'FedEx') fedex.mode.rate = mode
    if (service === 'USPS') usps.mode = mode
    return async () => {
      ups.mode.rate = 'ok'
      fedex.mode.rate = 'ok'
      usps.mode = 'ok'
    }
  }

  const summaryRequest = (body: ReturnType<typeof orderBody>, address: Record<string, unknown>) => ({
    items: body.products,
    address,
    deliveryMethodId: body.deliveryMethodId,
    useGiftCards: true,
  })

  describe.each(SERVICES)('%s', (service) => {
    test.each(FAULTS)('%s: a clear message at the cart summary and at createOrder, nothing written, and the retry places the order once', async (fault) => {
      const { store, methodId, address } = stores.get(service)!
      const tokens = createTokenCache()
      const healthy = callOptions(tokens, HEALTHY_TIMEOUT_MS)
      const broken = callOptions(tokens, TIMEOUT_MS)
      const { partner, ctx } = await signedInCustomer(store.websiteId, { budgetAmount: 3000 })
      await createRedeemedGiftCard({ websiteId: store.websiteId, partnerId: partner.id, amount: 5000 })
      const orderSequence = (await runQuery('getOrderId', undefined, ctx)).orderSequence
      const draft = orderBody(store, orderSequence, { billingaddress: address, deliveryMethodId: methodId, useGiftCards: true })
      // The total the shopper saw while the service was up.
      const priced = await summarizeCart(ctx, summaryRequest(draft, address), healthy)
      expect(priced.taxError).toBeUndefined()
      expect(priced.deliveryMethodId).toBe(methodId)
      const { orderSummary } = priced
      const body = CreateOrderSchema.parse({ ...draft, expectedTotal: orderSummary.totalPrice })
      const before = await storeLedger(db(), store.websiteId)

      const repair = await breakService(service, fault)
      const message = expectedMessage(service, fault)
      const summary = await summarizeCart(ctx, summaryRequest(draft, address), broken)
      if (service === 'custom tax' || service === 'Avalara') {
        // The tax is unknown and says why; it is never shown as 0.
        expect(summary.taxError).toBe(message)
      } else {
        // The method shows its error and no price (never 0), and is not chosen.
        expect(summary.deliveryMethods.find((option) => option.id === methodId)).toMatchObject({ price: null, error: message })
        expect(summary.deliveryMethodId).toBeNull()
      }

      const error = await refusal(createOrder(ctx, body, broken))
      expect(error).toMatchObject({ code: 'unavailable', userMessage: message })
      const answer = errorResponse(error)
      expect(answer.status).toBe(503)
      expect(await answer.json()).toEqual({ error: { code: 'unavailable', message }, statusCode: 503, statusMessage: message })
      expect(await storeLedger(db(), store.websiteId)).toEqual(before)

      await repair()
      const order: OrderData = await createOrder(ctx, body, healthy)
      expect(order.name).toBe(orderSequence)
      expect(order.amounts.total).toBe(orderSummary.totalPrice)
      // The gift card pays 50.00, the budget what it can of the rest.
      expect(order.amounts.giftCard).toBe(50)
      expect(order.amounts.budget).toBeGreaterThan(0)
      const budgetCents = Math.round(order.amounts.budget * 100)
      const again = await createOrder(ctx, body, healthy)
      expect(again.id).toBe(order.id)

      const after = await storeLedger(db(), store.websiteId)
      expect(after).toMatchObject({
        orders: before.orders + 1,
        giftCardSpends: before.giftCardSpends + 1,
        giftCardSpent: before.giftCardSpent + 5000,
        giftCardBalance: before.giftCardBalance - 5000,
        budgetSpends: before.budgetSpends + 1,
        budgetSpent: before.budgetSpent + budgetCents,
        budgetLeft: before.budgetLeft - budgetCents,
        promotionUsages: before.promotionUsages + 1,
        promotionUsedCount: before.promotionUsedCount + 1,
      })
      expect(after.orderLines).toBeGreaterThan(before.orderLines)
    })
  })
})
