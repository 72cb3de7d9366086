import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import { CARRIER_UNAVAILABLE, NOT_A_VALID_ADDRESS } from '@/server/adapters/carrier-http'
import { CARRIER_CALL_LIMITS } from '@/server/delivery/carrier-endpoints-service'
import { env } from '@/server/env'
import { createDecorationPartner, createLogo, createProduct } from '../../../../tests/factories/catalog'
import { createDeliveryMethod } from '../../../../tests/factories/store-settings'
import { addShippingCountry, createCountry, createWebsite } from '../../../../tests/factories/website'
import { startFakeFedex, type FakeFedex } from '../../../../tests/support/fake-carriers/fedex'
import { startFakeUps, type FakeUps } from '../../../../tests/support/fake-carriers/ups'
import { testDatabaseKinds, useTestDatabase } from '../../../../tests/setup/test-db'
import { POST as fedexCharges } from './fedex/getCharges/route'
import { POST as fedexToken } from './fedex/getToken/route'
import { POST as upsCharges } from './ups/getCharges/route'
import { POST as upsToken } from './ups/getToken/route'

// The fakes here listen on loopback: the setting a private install would turn on (adapters/outbound.ts).
vi.stubEnv('ALLOW_PRIVATE_OUTBOUND', 'true')

type Route = (request: Request) => Promise<Response>
type Answer = { data?: Record<string, unknown>; statusMessage?: string; error?: { code: string } }

function call(route: Route, body: unknown, headers: Record<string, string> = {}) {
  return route(
    new Request('http://store.test/api/delivery', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7', ...headers },
      body: JSON.stringify(body),
    }),
  )
}

async function answer(response: Response): Promise<Answer> {
  return (await response.json()) as Answer
}

describe.each(testDatabaseKinds())('the local carrier endpoints on %s', (kind) => {
  useTestDatabase(kind)
  let ups: FakeUps
  let fedex: FakeFedex
  let websiteId: number
  let upsMethodId: number
  let fedexMethodId: number
  let fixedMethodId: number
  let foreignUpsMethodId: number
  let items: { productId: number; colorId: number; logoId: number; quantity: Record<string, number> }[]
  let address: Record<string, unknown>

  beforeAll(async () => {
    ;[ups, fedex] = await Promise.all([startFakeUps(), startFakeFedex()])
    websiteId = (await createWebsite()).id
    expect(websiteId).toBe(env().WEBSITE_ID)
    const us = await createCountry({ code: 'US', name: 'United States', states: [{ code: 'GA', name: 'Georgia' }, { code: 'CO', name: 'Colorado' }] })
    await addShippingCountry({ websiteId, countryId: us.id })
    const decorator = await createDecorationPartner({ name: 'Front Range Embroidery', street: '2100 Blake St', city: 'Denver', stateCode: 'CO', zip: '80205' })
    const crest = await createLogo({ name: 'Crest', decorationPartnerId: decorator.id })
    const polo = await createProduct({ websiteId, name: 'Core Blend Polo', sizes: ['S', 'M'], priceAmount: 2000, weight: 0.5, logos: [crest] })
    items = [{ productId: polo.id, colorId: polo.variants[0]!.colorValueId!, logoId: crest.id, quantity: { S: 3, M: 4 } }]
    address = { name: 'Jane Buyer', street: '55 Oak Ave', city: 'Alpharetta', countryId: us.id, stateId: us.states.find((s) => s.code === 'GA')!.id, zip: '30005' }

    upsMethodId = (
      await createDeliveryMethod({
        websiteId,
        name: 'UPS Ground',
        deliveryType: 'ups_rubikx',
        url: ups.url,
        credentials: { upsClientId: ups.clientId, upsClientSecret: ups.clientSecret, upsAccountNumber: 'A1B2C3' },
        marginPercent: 10,
      })
    ).id
    fedexMethodId = (
      await createDeliveryMethod({
        websiteId,
        name: 'FedEx Ground',
        deliveryType: 'fedex_rubikx',
        url: fedex.url,
        credentials: { fedexClientid: 'fedex-api-key', fedexClientsecret: 'fedex-secret-key', fedexAccountNumber: '740561073' },
      })
    ).id
    fixedMethodId = (await createDeliveryMethod({ websiteId, name: 'Standard', deliveryType: 'fixed' })).id
    const other = await createWebsite()
    foreignUpsMethodId = (
      await createDeliveryMethod({ websiteId: other.id, deliveryType: 'ups_rubikx', url: ups.url, credentials: { upsClientId: ups.clientId, upsClientSecret: ups.clientSecret } })
    ).id
  })
  afterAll(async () => {
    await Promise.all([ups.close(), fedex.close()])
  })
  beforeEach(() => {
    useRateLimiter(createMemoryRateLimiter())
    Object.assign(ups.mode, { token: 'ok', rate: 'ok' })
    Object.assign(fedex.mode, { token: 'ok', rate: 'ok' })
  })

  describe('getToken', () => {
    test('warms the server-side token and answers when it expires, never the token', async () => {
      // A UPS of its own, whose token no other test has warmed (tokens are kept per API base).
      const coldUps = await startFakeUps()
      try {
        const methodId = (
          await createDeliveryMethod({
            websiteId,
            name: 'UPS Ground (cold)',
            deliveryType: 'ups_rubikx',
            url: coldUps.url,
            credentials: { upsClientId: coldUps.clientId, upsClientSecret: coldUps.clientSecret, upsAccountNumber: 'A1B2C3' },
          })
        ).id
        const response = await call(upsToken, { methodId })
        expect(response.status).toBe(200)
        expect(response.headers.get('cache-control')).toBe('no-store')
        const body = await answer(response)
        expect(body).toEqual({ data: { ready: true, expiresAt: expect.any(String) } })
        expect(Date.parse(body.data!.expiresAt as string) - Date.now()).toBeGreaterThan(14_000_000)
        expect(JSON.stringify(body)).not.toMatch(/ups-[0-9a-f-]{36}/)

        expect((await call(upsToken, { methodId })).status).toBe(200)
        expect(coldUps.tokenCalls()).toHaveLength(1)
      } finally {
        await coldUps.close()
      }
    })

    test('FedEx too', async () => {
      const response = await call(fedexToken, { methodId: fedexMethodId })
      expect(response.status).toBe(200)
      expect((await answer(response)).data).toMatchObject({ ready: true })
    })

    test('a method of another type or another website is not found', async () => {
      for (const [route, methodId] of [
        [upsToken, fixedMethodId],
        [upsToken, fedexMethodId],
        [fedexToken, upsMethodId],
        [upsToken, foreignUpsMethodId],
        [upsToken, 999_999],
      ] as const) {
        expect((await call(route, { methodId })).status).toBe(404)
      }
    })

    test('a client-chosen carrier url or token is refused, and nothing is called', async () => {
      const before = ups.requests.length
      const response = await call(upsToken, { methodId: upsMethodId, url: 'http://169.254.169.254/latest' })
      expect(response.status).toBe(400)
      expect((await answer(response)).statusMessage).toContain('url')
      expect((await call(upsCharges, { methodId: upsMethodId, items, address, token: 'abc' })).status).toBe(400)
      expect(ups.requests.length).toBe(before)
    })

    test('a missing or malformed methodId is a 400', async () => {
      expect((await call(upsToken, {})).status).toBe(400)
      expect((await call(upsToken, { methodId: 'one' })).status).toBe(400)
    })

    test('a cross-site request is refused', async () => {
      expect((await call(upsToken, { methodId: upsMethodId }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    })
  })

  describe('getCharges', () => {
    test('prices the cart items from the database for the address, margin included, in dollars', async () => {
      const response = await call(upsCharges, { methodId: upsMethodId, items, address })
      expect(response.status).toBe(200)
      // 7 pieces × 0.5 lb = 3.5 lb from Denver; +10 % margin
      expect(await answer(response)).toEqual({ data: { price: Math.round(ups.priceFor(3.5, '80205') * 110) / 100, free: false } })
      const shipment = (JSON.parse(ups.rateCalls().at(-1)!.body) as { RateRequest: { Shipment: { ShipTo: { Address: Record<string, unknown> } } } }).RateRequest.Shipment
      expect(shipment.ShipTo.Address).toMatchObject({ PostalCode: '30005', StateProvinceCode: 'GA', CountryCode: 'US' })
    })

    test('FedEx prices the same cart', async () => {
      const response = await call(fedexCharges, { methodId: fedexMethodId, items, address: { ...address, countryId: undefined, stateId: undefined, countryCode: 'US', stateCode: 'GA' } })
      expect(response.status).toBe(200)
      expect((await answer(response)).data).toEqual({ price: fedex.priceFor(3.5), free: false })
    })

    test('a price sent by the client is not accepted', async () => {
      const response = await call(upsCharges, { methodId: upsMethodId, items: [{ ...items[0], priceTotal: 0.01 }], address })
      expect(response.status).toBe(400)
    })

    test('UPS answering error_message: 400 Not a valid address', async () => {
      ups.mode.rate = 'error_message'
      const response = await call(upsCharges, { methodId: upsMethodId, items, address })
      expect(response.status).toBe(400)
      expect((await answer(response)).statusMessage).toBe(NOT_A_VALID_ADDRESS)
    })

    test('UPS down: 503 with a message, never a price', async () => {
      ups.mode.rate = 'server-error'
      const response = await call(upsCharges, { methodId: upsMethodId, items, address })
      expect(response.status).toBe(503)
      const body = await answer(response)
      expect(body.statusMessage).toBe(CARRIER_UNAVAILABLE)
      expect(body.data).toBeUndefined()
    })

    test('an address the store does not ship to is a 400 with what to fix', async () => {
      const response = await call(upsCharges, { methodId: upsMethodId, items, address: { ...address, zip: '' } })
      expect(response.status).toBe(400)
      expect((await answer(response)).statusMessage).toMatch(/ZIP/i)
    })

    test('quantities must be whole positive pieces and the cart not empty', async () => {
      expect((await call(upsCharges, { methodId: upsMethodId, items: [{ ...items[0], quantity: { S: -1 } }], address })).status).toBe(400)
      expect((await call(upsCharges, { methodId: upsMethodId, items: [], address })).status).toBe(400)
    })

    test('a caller asking too often is throttled', async () => {
      const statuses: number[] = []
      for (let i = 0; i <= CARRIER_CALL_LIMITS.perCaller.max; i++) statuses.push((await call(upsToken, { methodId: upsMethodId })).status)
      expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true)
      expect(statuses.at(-1)).toBe(429)
      expect((await call(upsToken, { methodId: upsMethodId }, { 'x-forwarded-for': '198.51.100.4' })).status).toBe(200)
    })
  })
})
