import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { createDeliveryMethod } from '../../../tests/factories/store-settings'
import { createWebsite } from '../../../tests/factories/website'
import { startFakeFedex, type FakeFedex } from '../../../tests/support/fake-carriers/fedex'
import { startFakeUps, type FakeUps } from '../../../tests/support/fake-carriers/ups'
import { startFakeUsps, type FakeUsps } from '../../../tests/support/fake-carriers/usps'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import type { PostalAddress, PricedLine } from '../kernel/pricing-types'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { ADDRESS_NEEDED, CARRIER_UNAVAILABLE, type CarrierOptions, createTokenCache, NOT_A_VALID_ADDRESS } from '../adapters/carrier-http'
import { quoteDeliveryMethod, quoteDeliveryMethods } from './delivery-quotes'
import { NOT_AVAILABLE_FOR_ORDER } from './delivery-rules'

// The fakes here listen on loopback: the setting a private install would turn on (adapters/outbound.ts).
vi.stubEnv('ALLOW_PRIVATE_OUTBOUND', 'true')

const denver: PostalAddress = { name: 'Front Range Embroidery', street: '2100 Blake St', city: 'Denver', stateCode: 'CO', countryCode: 'US', zip: '80205' }
const greenville: PostalAddress = { name: 'Stitch Works', street: '120 Mill Road', city: 'Greenville', stateCode: 'SC', countryCode: 'US', zip: '29601-1234' }
const shopper: PostalAddress = { name: 'Jane Buyer', street: '55 Oak Ave', city: 'Alpharetta', stateCode: 'GA', countryCode: 'US', zip: '30005' }

let n = 0
function line(overrides: Partial<PricedLine>): PricedLine {
  n += 1
  return {
    key: `${n}:1:1`,
    productId: n,
    name: `Polo ${n}`,
    templateSkuCode: `K${n}`,
    taxCode: 'PC040100',
    quantity: { M: 4 },
    totalQuantity: 4,
    amount: 8000,
    weight: 2,
    origin: denver,
    ...overrides,
  }
}

describe.each(testDatabaseKinds())('delivery quotes on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let ups: FakeUps
  let fedex: FakeFedex
  let usps: FakeUsps
  let options: CarrierOptions
  const clock = Date.parse('2026-03-02T10:00:00Z')

  beforeAll(async () => {
    ;[ups, fedex, usps] = await Promise.all([startFakeUps(), startFakeFedex(), startFakeUsps()])
  })
  afterAll(async () => {
    await Promise.all([ups.close(), fedex.close(), usps.close()])
  })
  beforeEach(() => {
    options = { timeoutMs: 3000, tokens: createTokenCache(() => clock), now: () => clock }
    Object.assign(ups.mode, { token: 'ok', rate: 'ok' })
    Object.assign(fedex.mode, { token: 'ok', rate: 'ok' })
    usps.mode = 'ok'
    for (const fake of [ups, fedex, usps]) fake.requests.length = 0
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  async function storeWithEveryMethod() {
    const websiteId = (await createWebsite()).id
    const methods = {
      pickup: await createDeliveryMethod({ websiteId, name: 'Pick up', deliveryType: 'fixed', priceAmount: 0, sequence: 60 }),
      standard: await createDeliveryMethod({ websiteId, name: 'Standard', deliveryType: 'fixed', priceAmount: 995, marginPercent: 10, sequence: 10 }),
      byWeight: await createDeliveryMethod({
        websiteId,
        name: 'By weight',
        deliveryType: 'base_on_rule',
        sequence: 20,
        rules: [
          { sequence: 1, variable: 'weight', operator: '<=', maxValue: 5, listBasePriceAmount: 1100, listPriceAmount: 0, variableFactor: 'weight' },
          { sequence: 2, variable: 'weight', operator: '>', maxValue: 5, listBasePriceAmount: 1200, listPriceAmount: 85, variableFactor: 'weight' },
        ],
      }),
      usps: await createDeliveryMethod({ websiteId, name: 'USPS Priority', deliveryType: 'usps', url: usps.apiUrl, credentials: { uspsUsername: '123ACME456' }, sequence: 30 }),
      ups: await createDeliveryMethod({
        websiteId,
        name: 'UPS Ground',
        deliveryType: 'ups_rubikx',
        url: ups.url,
        credentials: { upsClientId: ups.clientId, upsClientSecret: ups.clientSecret, upsAccountNumber: 'A1B2C3' },
        marginPercent: 20,
        sequence: 40,
      }),
      fedex: await createDeliveryMethod({
        websiteId,
        name: 'FedEx Ground',
        deliveryType: 'fedex_rubikx',
        url: fedex.url,
        credentials: { fedexClientid: 'fedex-api-key', fedexClientsecret: 'fedex-secret-key', fedexAccountNumber: '740561073' },
        sequence: 50,
      }),
      retired: await createDeliveryMethod({ websiteId, name: 'Retired', deliveryType: 'fixed', isActive: false, sequence: 1 }),
    }
    return { websiteId, methods }
  }

  test('quotes every active method of the website in sequence order, carriers included', async () => {
    const { websiteId, methods } = await storeWithEveryMethod()
    const other = await createWebsite()
    await createDeliveryMethod({ websiteId: other.id, name: 'Elsewhere', sequence: 0 })

    const lines = [line({ weight: 2 }), line({ weight: 1.5 })]
    const quotes = await quoteDeliveryMethods(db(), { websiteId, lines, destination: shopper, orderAmount: 16_000 }, options)

    expect(quotes.map((q) => q.name)).toEqual(['Standard', 'By weight', 'USPS Priority', 'UPS Ground', 'FedEx Ground', 'Pick up'])
    const byName = Object.fromEntries(quotes.map((q) => [q.name, q]))
    expect(byName.Standard).toEqual({ methodId: methods.standard.id, name: 'Standard', deliveryType: 'fixed', amount: 1095, free: false, error: null, description: '', transit: null }) // 9.95 + 10 %
    expect(byName['By weight']!.amount).toBe(1100)
    expect(byName['USPS Priority']!.amount).toBe(Math.round(usps.priceFor(3, 8) * 100))
    expect(byName['UPS Ground']!.amount).toBe(Math.round(ups.priceFor(3.5, '80205') * 100 * 1.2))
    expect(byName['FedEx Ground']!.amount).toBe(Math.round(fedex.priceFor(3.5) * 100))
    expect(byName['Pick up']!.amount).toBe(0)
    expect(quotes.every((q) => q.error === null)).toBe(true)
  })

  test('carriers price one shipment per origin ZIP (weights summed) and add them up', async () => {
    const { websiteId } = await storeWithEveryMethod()
    const lines = [line({ weight: 2 }), line({ weight: 3, origin: greenville }), line({ weight: 1.5 }), line({ weight: 4, origin: { ...greenville, street: 'Dock 2', zip: '29601-1234 ' } })]
    const quotes = await quoteDeliveryMethods(db(), { websiteId, lines, destination: shopper, orderAmount: 32_000 }, options)
    const byType = Object.fromEntries(quotes.map((q) => [q.deliveryType, q]))

    const upsBodies = ups.rateCalls().map((call) => JSON.parse(call.body) as { RateRequest: { Shipment: { Shipper: { Address: { PostalCode: string } }; Package: { PackageWeight: { Weight: string } }[] } } })
    expect(upsBodies.map((b) => [b.RateRequest.Shipment.Shipper.Address.PostalCode, b.RateRequest.Shipment.Package[0]!.PackageWeight.Weight]).sort()).toEqual([
      ['29601-1234', '7.0'],
      ['80205', '3.5'],
    ])
    expect(byType.ups_rubikx!.amount).toBe(Math.round((ups.priceFor(3.5, '80205') + ups.priceFor(7, '29601')) * 100 * 1.2))
    expect(fedex.rateCalls()).toHaveLength(2)
    expect(byType.fedex_rubikx!.amount).toBe(Math.round((fedex.priceFor(3.5) + fedex.priceFor(7)) * 100))
    expect(usps.rateCalls()).toHaveLength(2)
    expect(byType.usps!.amount).toBe(Math.round((usps.priceFor(3, 8) + usps.priceFor(7, 0)) * 100))
    // Fixed and rule-based methods look at the whole order: 10.5 lb → 12.00 + 0.85 × 10.5
    expect(byType.base_on_rule!.amount).toBe(Math.round(1200 + 85 * 10.5))
  })

  test('a line without an origin ZIP is skipped for carriers and logged', async () => {
    const { websiteId } = await storeWithEveryMethod()
    const warn = vi.spyOn(logger(), 'warn')
    const orphan = line({ weight: 50, origin: null })
    const blankZip = line({ weight: 40, origin: { ...denver, zip: '  ' } })
    const quotes = await quoteDeliveryMethods(db(), { websiteId, lines: [line({ weight: 2 }), orphan, blankZip], destination: shopper, orderAmount: 24_000 }, options)

    expect(quotes.find((q) => q.deliveryType === 'ups_rubikx')!.amount).toBe(Math.round(ups.priceFor(2, '80205') * 100 * 1.2))
    expect(warn).toHaveBeenCalledWith({ lineKey: orphan.key, productId: orphan.productId }, expect.stringContaining('no origin ZIP'))
    expect(warn).toHaveBeenCalledWith({ lineKey: blankZip.key, productId: blankZip.productId }, expect.stringContaining('no origin ZIP'))
  })

  test('when no line has an origin, carriers cannot price the order (never 0)', async () => {
    const { websiteId } = await storeWithEveryMethod()
    const quotes = await quoteDeliveryMethods(db(), { websiteId, lines: [line({ origin: null })], destination: shopper, orderAmount: 8000 }, options)
    for (const type of ['usps', 'ups_rubikx', 'fedex_rubikx']) {
      expect(quotes.find((q) => q.deliveryType === type)).toMatchObject({ amount: null, error: NOT_AVAILABLE_FOR_ORDER })
    }
  })

  test("one carrier's failure stays on that method; the others still quote", async () => {
    const { websiteId } = await storeWithEveryMethod()
    ups.mode.rate = 'server-error'
    fedex.mode.rate = 'hang'
    options.timeoutMs = 1000 // long enough for the healthy carriers on a busy machine
    const quotes = await quoteDeliveryMethods(db(), { websiteId, lines: [line({})], destination: shopper, orderAmount: 8000 }, options)
    expect(quotes.find((q) => q.deliveryType === 'ups_rubikx')).toMatchObject({ amount: null, free: false, error: CARRIER_UNAVAILABLE })
    expect(quotes.find((q) => q.deliveryType === 'fedex_rubikx')).toMatchObject({ amount: null, error: CARRIER_UNAVAILABLE })
    expect(quotes.filter((q) => q.error === null).map((q) => q.deliveryType)).toEqual(['fixed', 'base_on_rule', 'usps', 'fixed'])
  })

  test('UPS refusing the address: Not a valid address', async () => {
    const { websiteId } = await storeWithEveryMethod()
    const quotes = await quoteDeliveryMethods(db(), { websiteId, lines: [line({})], destination: { ...shopper, zip: '99999' }, orderAmount: 8000 }, options)
    expect(quotes.find((q) => q.deliveryType === 'ups_rubikx')!.error).toBe(NOT_A_VALID_ADDRESS)
  })

  test('without a destination, USPS is 0 without a call and UPS/FedEx ask for an address', async () => {
    const { websiteId } = await storeWithEveryMethod()
    const quotes = await quoteDeliveryMethods(db(), { websiteId, lines: [line({})], destination: null, orderAmount: 8000 }, options)
    expect(quotes.find((q) => q.deliveryType === 'usps')).toMatchObject({ amount: 0, error: null })
    expect(quotes.find((q) => q.deliveryType === 'ups_rubikx')).toMatchObject({ amount: null, error: ADDRESS_NEEDED })
    expect(quotes.find((q) => q.deliveryType === 'fedex_rubikx')).toMatchObject({ amount: null, error: ADDRESS_NEEDED })
    const blankZip = await quoteDeliveryMethods(db(), { websiteId, lines: [line({})], destination: { ...shopper, zip: '' }, orderAmount: 8000 }, options)
    expect(blankZip.find((q) => q.deliveryType === 'usps')).toMatchObject({ amount: 0, error: null })
    expect(usps.requests).toHaveLength(0)
  })

  test('free-over makes any method free once the order reaches the threshold, carriers too', async () => {
    const websiteId = (await createWebsite()).id
    await createDeliveryMethod({ websiteId, name: 'Standard', deliveryType: 'fixed', priceAmount: 995, freeOver: true, freeOverAmount: 15_000, sequence: 1 })
    await createDeliveryMethod({
      websiteId,
      name: 'UPS',
      deliveryType: 'ups_rubikx',
      url: ups.url,
      credentials: { upsClientId: ups.clientId, upsClientSecret: ups.clientSecret },
      freeOver: true,
      freeOverAmount: 15_000,
      sequence: 2,
    })
    const below = await quoteDeliveryMethods(db(), { websiteId, lines: [line({})], destination: shopper, orderAmount: 14_999 }, options)
    expect(below.map((q) => [q.amount, q.free])).toEqual([
      [995, false],
      [Math.round(ups.priceFor(2, '80205') * 100), false],
    ])
    const at = await quoteDeliveryMethods(db(), { websiteId, lines: [line({})], destination: shopper, orderAmount: 15_000 }, options)
    expect(at.map((q) => [q.amount, q.free])).toEqual([
      [0, true],
      [0, true],
    ])
    // A carrier that fails is not made "free": the failure stands.
    ups.mode.rate = 'server-error'
    const failing = await quoteDeliveryMethods(db(), { websiteId, lines: [line({})], destination: shopper, orderAmount: 20_000 }, options)
    expect(failing[1]).toMatchObject({ amount: null, free: false, error: CARRIER_UNAVAILABLE })
  })

  test('a rule-based method whose rules do not hold cannot deliver the order', async () => {
    const websiteId = (await createWebsite()).id
    await createDeliveryMethod({
      websiteId,
      name: 'Small parcels',
      deliveryType: 'base_on_rule',
      rules: [{ variable: 'weight', operator: '<', maxValue: 1, listBasePriceAmount: 500, listPriceAmount: 0, variableFactor: 'weight' }],
    })
    const [quote] = await quoteDeliveryMethods(db(), { websiteId, lines: [line({ weight: 3 })], destination: shopper, orderAmount: 8000 }, options)
    expect(quote).toMatchObject({ amount: null, error: NOT_AVAILABLE_FOR_ORDER })
  })

  test('a carrier method without credentials says it is not available, and nothing is called', async () => {
    const websiteId = (await createWebsite()).id
    await createDeliveryMethod({ websiteId, name: 'UPS', deliveryType: 'ups_rubikx', url: ups.url, credentials: {} })
    const [quote] = await quoteDeliveryMethods(db(), { websiteId, lines: [line({})], destination: shopper, orderAmount: 8000 }, options)
    expect(quote!.amount).toBeNull()
    expect(quote!.error).toMatch(/not available/)
    expect(ups.requests).toHaveLength(0)
  })

  describe('one method for the local carrier endpoints', () => {
    test('prices the active method of that type on this website', async () => {
      const { websiteId, methods } = await storeWithEveryMethod()
      const quote = await quoteDeliveryMethod(db(), { websiteId, methodId: methods.ups.id, deliveryType: 'ups_rubikx', lines: [line({})], destination: shopper, orderAmount: 8000 }, options)
      expect(quote).toEqual({ amount: Math.round(ups.priceFor(2, '80205') * 120), free: false })
    })

    test('another type, another website or an inactive method is not found', async () => {
      const { websiteId, methods } = await storeWithEveryMethod()
      const other = (await createWebsite()).id
      const input = { lines: [line({})], destination: shopper, orderAmount: 8000 }
      for (const attempt of [
        { websiteId, methodId: methods.fedex.id, deliveryType: 'ups_rubikx' as const },
        { websiteId: other, methodId: methods.ups.id, deliveryType: 'ups_rubikx' as const },
        { websiteId, methodId: methods.retired.id, deliveryType: 'fixed' as const },
      ]) {
        await expect(quoteDeliveryMethod(db(), { ...input, ...attempt }, options)).rejects.toMatchObject({ code: 'not_found' })
      }
    })

    test('an address UPS refuses is invalid; UPS down is unavailable', async () => {
      const { websiteId, methods } = await storeWithEveryMethod()
      const base = { websiteId, methodId: methods.ups.id, deliveryType: 'ups_rubikx' as const, lines: [line({})], orderAmount: 8000 }
      const refused = await quoteDeliveryMethod(db(), { ...base, destination: { ...shopper, zip: '00000' } }, options).catch((e: unknown) => e)
      expect(refused).toBeInstanceOf(DomainError)
      expect(refused).toMatchObject({ code: 'invalid', userMessage: NOT_A_VALID_ADDRESS })
      ups.mode.rate = 'server-error'
      await expect(quoteDeliveryMethod(db(), { ...base, destination: shopper }, options)).rejects.toMatchObject({ code: 'unavailable', userMessage: CARRIER_UNAVAILABLE })
    })
  })
})
