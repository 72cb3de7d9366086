import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import { taxRates } from '@/server/db/schema'
import { env } from '@/server/env'
import type { CartSummaryData } from '@/isomorphic/cart-types'
import { createDecorationPartner, createLogo, createProduct } from '../../../../../tests/factories/catalog'
import { createDeliveryMethod, createTaxCredential } from '../../../../../tests/factories/store-settings'
import { addShippingCountry, createCountry, createWebsite } from '../../../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../../../tests/setup/test-db'
import { POST as summary } from './route'

type Answer = { data?: CartSummaryData; error?: { code: string; message: string } }

async function ask(body: unknown): Promise<{ status: number; body: Answer }> {
  const response = await summary(
    new Request('http://store.test/api/cart/summary', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify(body),
    }),
  )
  return { status: response.status, body: (await response.json()) as Answer }
}

const DENVER = { street: '1600 Wynkoop St', city: 'Denver', zip: '80202', countryCode: 'US', stateCode: 'CO' }

// A store like the demo store: fixed and weight-based delivery, the built-in tax table (CO 2.9%,
// Denver ZIPs 802* 8.81%, shipping not taxed), and a UPS method whose service is down.
describe.each(testDatabaseKinds())('/api/cart/summary on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let item: (quantity: Record<string, number>) => { productId: number; colorId: number | null; logoId: number; quantity: Record<string, number> }
  let standard: { id: number }
  let byWeight: { id: number }
  let ups: { id: number }

  beforeAll(async () => {
    const websiteId = (await createWebsite()).id
    expect(websiteId).toBe(env().WEBSITE_ID)
    const us = await createCountry({ code: 'US', name: 'United States', states: [{ code: 'CO' }, { code: 'UT' }] })
    await addShippingCountry({ websiteId, countryId: us.id })
    const decorator = await createDecorationPartner({ zip: '29601' })
    const crest = await createLogo({ decorationPartnerId: decorator.id })
    const polo = await createProduct({ websiteId, name: 'Core Blend Polo', priceAmount: 2000, sizePrices: { L: 2200 }, weight: 0.5, logos: [crest] })
    item = (quantity) => ({ productId: polo.id, colorId: polo.variants[0]!.colorValueId, logoId: crest.id, quantity })

    standard = await createDeliveryMethod({ websiteId, name: 'Standard Ground', deliveryType: 'fixed', priceAmount: 995, freeOver: true, freeOverAmount: 15_000, sequence: 10 })
    byWeight = await createDeliveryMethod({
      websiteId,
      name: 'Ground by Weight',
      deliveryType: 'base_on_rule',
      sequence: 20,
      rules: [
        { variable: 'weight', operator: '<=', maxValue: 2, listBasePriceAmount: 750, listPriceAmount: 0, variableFactor: 'weight', sequence: 1 },
        { variable: 'weight', operator: '>', maxValue: 2, listBasePriceAmount: 1100, listPriceAmount: 0, variableFactor: 'weight', sequence: 2 },
      ],
    })
    ups = await createDeliveryMethod({
      websiteId,
      name: 'UPS Ground',
      deliveryType: 'ups_rubikx',
      url: 'http://127.0.0.1:9',
      credentials: { upsClientId: 'id', upsClientSecret: 'secret', upsAccountNumber: 'A1' },
      sequence: 30,
    })
    await createTaxCredential({ websiteId, taxname: 'builtin' })
    await db()
      .insert(taxRates)
      .values([
        { websiteId, countryCode: 'US', stateCode: 'CO', zipPrefix: '', ratePercent: 2.9, shippingTaxable: false },
        { websiteId, countryCode: 'US', stateCode: 'CO', zipPrefix: '802', ratePercent: 8.81, shippingTaxable: false },
      ])
  })

  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  test('without an address the cart is priced by the server and no delivery is quoted', async () => {
    const { status, body } = await ask({ items: [item({ S: 2, L: 1 })] })
    expect(status).toBe(200)
    expect(body.data!.lines).toMatchObject([{ quantity: { S: 2, L: 1 }, unitPrices: { S: 20, L: 22 }, priceTotal: 62, totalQuantity: 3, weight: 1.5 }])
    expect(body.data!.orderSummary).toEqual({
      subTotal: 62,
      taxes: 0,
      totalPrice: 62,
      shipping: 0,
      freeShipping: false,
      promotion: 0,
      giftCardAmount: 0,
      estimatedTotal: 62,
      budgetAmount: null,
    })
    expect(body.data!.deliveryMethods).toEqual([])
  })

  test('a client price is nowhere to go: a line carrying one is refused and nothing is priced from it', async () => {
    const { status, body } = await ask({ items: [{ ...item({ S: 2 }), priceTotal: 0.01 }] })
    expect(status).toBe(400)
    expect(body.error!.message).toMatch(/items\.0 .*priceTotal/)
  })

  test.each([
    [{ S: -1 }, 'at least 1 piece'],
    [{ S: 0 }, 'at least 1 piece'],
    [{ S: 1.5 }, 'whole number'],
    [{ S: 1e9 }, 'at most 10,000'],
    [{ S: '1' }, 'number of pieces'],
    [{ S: [1, 2] }, 'number of pieces'],
  ])('quantity %j is a 400 saying what is wrong', async (quantity, message) => {
    const { status, body } = await ask({ items: [{ ...item({}), quantity }] })
    expect(status).toBe(400)
    expect(body.error!.message).toContain(message)
  })

  test('with an address every method is quoted; a carrier that is down gets its error, never a price of 0', async () => {
    const { status, body } = await ask({ items: [item({ S: 2, L: 1 })], address: DENVER })
    expect(status).toBe(200)
    const methods = body.data!.deliveryMethods
    expect(methods.map((method) => [method.name, method.price, method.free])).toEqual([
      ['Standard Ground', 9.95, false],
      ['Ground by Weight', 7.5, false],
      ['UPS Ground', null, false],
    ])
    expect(methods[2]!.error).toEqual(expect.any(String))
    expect(methods[2]!.error).not.toBe('')
    expect(methods[2]!.id).toBe(ups.id)
  })

  test('choosing a method adds its price and the tax for the address to the summary', async () => {
    const { body } = await ask({ items: [item({ S: 2, L: 1 })], address: DENVER, deliveryMethodId: byWeight.id })
    expect(body.data!.deliveryMethodId).toBe(byWeight.id)
    // 62.00 × 8.81% = 5.4622 → 5.46; shipping is not taxed in Colorado.
    expect(body.data!.orderSummary).toMatchObject({ subTotal: 62, shipping: 7.5, taxes: 5.46, totalPrice: 74.96, estimatedTotal: 74.96, freeShipping: false })
    expect(body.data!.taxError).toBeUndefined()
  })

  test('free over the threshold: the shipping is 0 and says it is free', async () => {
    const { body } = await ask({ items: [item({ M: 8 })], address: DENVER, deliveryMethodId: standard.id })
    expect(body.data!.orderSummary).toMatchObject({ subTotal: 160, shipping: 0, freeShipping: true, taxes: 14.1 })
  })

  test('exempt for resale without a resale certificate on file (here: not signed in) is a 403, never a quiet zero', async () => {
    const { status, body } = await ask({ items: [item({ M: 1 })], address: DENVER, deliveryMethodId: standard.id, exemptForResale: true })
    expect(status).toBe(403)
    expect(body.error!.message).toBe('A resale certificate on file is required to buy tax-free for resale.')
  })

  test('a method that cannot deliver is not chosen; one the store does not have is a 400', async () => {
    const failed = await ask({ items: [item({ M: 1 })], address: DENVER, deliveryMethodId: ups.id })
    expect(failed.status).toBe(200)
    expect(failed.body.data!.deliveryMethodId).toBeNull()
    expect(failed.body.data!.orderSummary.shipping).toBe(0)

    const unknown = await ask({ items: [item({ M: 1 })], address: DENVER, deliveryMethodId: 999_999 })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error!.message).toBe('That delivery method is not offered for this order. Please choose another one.')
  })

  test('an address the store does not ship to is a 400 saying what to fix', async () => {
    const { status, body } = await ask({ items: [item({ M: 1 })], address: { ...DENVER, zip: '84101' } })
    expect(status).toBe(400)
    expect(body.error!.message).toContain('The ZIP code 84101 is not in CO')
    const abroad = await ask({ items: [item({ M: 1 })], address: { ...DENVER, countryCode: 'FR', stateCode: null } })
    expect(abroad.body.error!.message).toBe('We do not ship to that country. Please choose a country from the list.')
  })

  test('a method chosen without an address is refused with a clear message', async () => {
    const { status, body } = await ask({ items: [item({ M: 1 })], deliveryMethodId: standard.id })
    expect(status).toBe(400)
    expect(body.error!.message).toBe('Enter the delivery address first, then choose a delivery method.')
  })
})
