import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import { taxCredentials, taxRates } from '@/server/db/schema'
import { env } from '@/server/env'
import { TAX_CALL_LIMITS } from '@/server/checkout/tax-requests'
import { TAX_CALCULATION_FAILED } from '@/server/tax/tax-errors'
import { createLogo, createProduct } from '../../../../tests/factories/catalog'
import { createDeliveryMethod, createTaxCredential } from '../../../../tests/factories/store-settings'
import { addShippingCountry, createCountry, createWebsite } from '../../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../../tests/setup/test-db'
import { type FakeAvatax, startFakeAvatax } from '../../../../tests/support/fake-tax/fake-avatax'
import { type FakeCustomTax, startFakeCustomTax } from '../../../../tests/support/fake-tax/fake-custom-tax'
import { POST as postAvatax } from './avatax/route'
import { POST as postCustom } from './custom/route'

// The fakes here listen on loopback: the setting a private install would turn on (adapters/outbound.ts).
vi.stubEnv('ALLOW_PRIVATE_OUTBOUND', 'true')

const BASE = 'http://store.test'

function post(handler: (request: Request) => Promise<Response>, path: string, body: unknown, headers: Record<string, string> = {}) {
  return handler(
    new Request(`${BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )
}
const avatax = (body: unknown, headers?: Record<string, string>) => post(postAvatax, '/api/taxes/avatax', body, headers)
const custom = (body: unknown, headers?: Record<string, string>) => post(postCustom, '/api/taxes/custom', body, headers)
const statusMessage = async (response: Response) => ((await response.json()) as { statusMessage: string }).statusMessage

describe.each(testDatabaseKinds())('the tax routes on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let productId: number
  let colorId: number
  let logoId: number
  let groundId: number
  let countryId: number
  const stateIds: Record<string, number> = {}
  let customTax: FakeCustomTax
  let avalara: FakeAvatax

  async function useCredential(values: Omit<typeof taxCredentials.$inferInsert, 'websiteId'> | null) {
    await db().delete(taxCredentials).where(eq(taxCredentials.websiteId, websiteId))
    if (values) await createTaxCredential({ websiteId, ...values })
  }

  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    expect(websiteId).toBe(env().WEBSITE_ID)
    customTax = await startFakeCustomTax()
    avalara = await startFakeAvatax()
    const us = await createCountry({ code: 'US', states: [{ code: 'CO' }, { code: 'GA' }, { code: 'UT' }] })
    countryId = us.id
    for (const state of us.states) stateIds[state.code] = state.id
    await addShippingCountry({ websiteId, countryId })
    const logo = await createLogo()
    logoId = logo.id
    const product = await createProduct({ websiteId, name: 'Crew T-shirt', colors: ['Navy'], sizes: ['S', 'M'], priceAmount: 2000, logos: [logo] })
    productId = product.id
    colorId = product.variants[0]!.colorValueId!
    groundId = (await createDeliveryMethod({ websiteId, name: 'Standard Ground', deliveryType: 'fixed', priceAmount: 995 })).id
    await db()
      .insert(taxRates)
      .values([
        { websiteId, countryCode: 'US', stateCode: 'CO', zipPrefix: '802', ratePercent: 8.81, shippingTaxable: false },
        { websiteId, countryCode: 'US', stateCode: 'UT', zipPrefix: '', ratePercent: 6.1, shippingTaxable: true },
      ])
  })
  afterAll(async () => {
    await customTax.close()
    await avalara.close()
  })
  beforeEach(() => {
    useRateLimiter(createMemoryRateLimiter())
  })

  const items = (quantity: Record<string, number> = { S: 2, M: 1 }) => [{ productId, colorId, logoId, quantity }]
  const denver = () => ({ name: 'Jane Buyer', street: '1600 Wynkoop St', city: 'Denver', zip: '80202', countryId, stateId: stateIds.CO })
  const alpharetta = () => ({ street: '55 Oak Ave', city: 'Alpharetta', zip: '30005', countryId, stateId: stateIds.GA })

  describe('POST /api/taxes/avatax (the order’s tax, priced on the server)', () => {
    test('prices the items and the delivery method from the database and taxes them with the built-in table', async () => {
      await useCredential(null)
      const response = await avatax({ raw: { items: items(), address: denver(), shippingMethodId: groundId } })
      expect(response.status).toBe(200)
      // 3 × 20.00 = 60.00; 8.81 % = 5.286 → 5.29; Colorado does not tax shipping.
      expect(await response.json()).toEqual({ data: { totalTax: 5.29, shippingTax: 0, shipping: 9.95, subTotal: 60, source: 'builtin' } })
    })

    test('a tampered client price is refused, and cannot change the amounts', async () => {
      const tampered = [{ ...items()[0], priceTotal: 0.01 }]
      const response = await avatax({ raw: { items: tampered, address: denver() } })
      expect(response.status).toBe(400)
      expect(await statusMessage(response)).toContain('raw.items.0')
      const extraRaw = await avatax({ raw: { items: items(), address: denver(), subTotal: 0.01 } })
      expect(extraRaw.status).toBe(400)
    })

    test('never calls a client-supplied URL or uses a client-supplied token', async () => {
      await useCredential(null)
      const before = customTax.requests.length
      const response = await avatax({ raw: { items: items(), address: denver() }, url: `${customTax.url}/steal`, token: 'attacker' })
      expect(response.status).toBe(200)
      expect(customTax.requests).toHaveLength(before)
    })

    test('exempt for resale needs a resale certificate on file: an anonymous estimate asking for it is a 403', async () => {
      const response = await avatax({ raw: { items: items(), address: denver(), shippingMethodId: groundId, exemptForResale: true } })
      expect(response.status).toBe(403)
      expect(await statusMessage(response)).toBe('A resale certificate on file is required to buy tax-free for resale.')
    })

    test('asks Avalara with the store’s credential when the store uses it', async () => {
      await useCredential({ taxname: 'avatax', url: avalara.url, key: avalara.accountId, token: avalara.licenseKey })
      const response = await avatax({ raw: { items: items(), address: alpharetta(), shippingMethodId: groundId }, token: 'client-token' })
      // GA 7 % on 60.00 (4.20) and on the 9.95 shipping (0.70)
      expect(await response.json()).toEqual({ data: { totalTax: 4.9, shippingTax: 0.7, shipping: 9.95, subTotal: 60, source: 'avatax' } })
      const sent = avalara.requests.at(-1)!
      expect(sent.headers.authorization).toBe(`Basic ${Buffer.from(`${avalara.accountId}:${avalara.licenseKey}`).toString('base64')}`)
      expect(sent.body).toMatchObject({ customerCode: 'webstore-guest', lines: [{ amount: 60, taxCode: 'PC040100' }, { amount: 9.95, taxCode: 'FR030000' }] })
    })

    test('Avalara down is a 503 with the spec’s message, never a tax of 0', async () => {
      await useCredential({ taxname: 'avatax', url: avalara.url, key: avalara.accountId, token: avalara.licenseKey })
      avalara.failNext({ kind: 'status', status: 500 })
      const response = await avatax({ raw: { items: items(), address: alpharetta() } })
      expect(response.status).toBe(503)
      expect(await statusMessage(response)).toBe(TAX_CALCULATION_FAILED)
    })

    test.each([
      ['no raw', {}, 'raw'],
      ['a negative quantity', { raw: { items: items({ S: -1 }), address: denver() } }, 'Quantity'],
      ['a fractional quantity', { raw: { items: items({ S: 1.5 }), address: denver() } }, 'whole number'],
      ['no items', { raw: { items: [], address: denver() } }, 'at least one cart item'],
      ['a text shipping method', { raw: { items: items(), address: denver(), shippingMethodId: '1' } }, 'shippingMethodId'],
    ])('%s is a 400 naming the problem', async (_, body, words) => {
      const response = await avatax(body)
      expect(response.status).toBe(400)
      expect(await statusMessage(response)).toContain(words)
    })

    test('an address that cannot be shipped to is a 400 saying what to fix', async () => {
      await useCredential(null)
      const response = await avatax({ raw: { items: items(), address: { ...denver(), zip: '10001' } } })
      expect(response.status).toBe(400)
      expect(await statusMessage(response)).toBe('The ZIP code 10001 is not in CO. Please check the ZIP code and the state.')
    })

    test('an unknown delivery method is a 404', async () => {
      await useCredential(null)
      expect((await avatax({ raw: { items: items(), address: denver(), shippingMethodId: 999_999 } })).status).toBe(404)
    })

    test('a request from another site is refused', async () => {
      expect((await avatax({ raw: { items: items(), address: denver() } }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    })
  })

  describe('POST /api/taxes/custom (rates per ZIP)', () => {
    test('answers the store’s custom service’s rates in the spec’s shape, ZIPs cut to 5', async () => {
      await useCredential({ taxname: 'custom', url: `${customTax.url}/rates` })
      const response = await custom({ raw: { address_list: [{ zip: '80202-1234', state: 'CO', country: 'US' }] }, url: 'http://169.254.169.254/latest/meta-data' })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ result: { success: true, data: [{ zip: '80202', tax_percentage: 8.81, ShippingTaxable: false }] } })
      expect(customTax.requests.at(-1)!.path).toBe('/rates')
    })

    test('the service’s refusal is a 400 with its message; its failure a 503 with the spec’s', async () => {
      await useCredential({ taxname: 'custom', url: `${customTax.url}/rates` })
      const refused = await custom({ raw: { address_list: [{ zip: '99999' }] } })
      expect(refused.status).toBe(400)
      expect(await statusMessage(refused)).toBe('No tax rate found for ZIP 99999')
      customTax.failNext({ kind: 'malformed-json' })
      const broken = await custom({ raw: { address_list: [{ zip: '80202' }] } })
      expect(broken.status).toBe(503)
      expect(await statusMessage(broken)).toBe(TAX_CALCULATION_FAILED)
    })

    test('a store on the built-in table answers from its table (0 where it collects no tax)', async () => {
      await useCredential(null)
      const response = await custom({ raw: { address_list: [{ zip: '84101', state: 'UT' }, { zip: '30005', state: 'GA' }] } })
      expect(await response.json()).toEqual({
        result: {
          success: true,
          data: [
            { zip: '84101', tax_percentage: 6.1, ShippingTaxable: true },
            { zip: '30005', tax_percentage: 0, ShippingTaxable: false },
          ],
        },
      })
    })

    test('a malformed address list is a 400', async () => {
      expect((await custom({ raw: { address_list: [] } })).status).toBe(400)
      expect((await custom({ raw: { address_list: [{ city: 'Denver' }] } })).status).toBe(400)
      expect((await custom('{"raw": ')).status).toBe(400)
    })

    test('each caller has a budget of tax calls', async () => {
      await useCredential(null)
      const body = { raw: { address_list: [{ zip: '84101', state: 'UT' }] } }
      for (let i = 0; i < TAX_CALL_LIMITS.perCaller.max; i++) expect((await custom(body)).status).toBe(200)
      expect((await custom(body)).status).toBe(429)
      expect((await custom(body, { 'x-forwarded-for': '198.51.100.4' })).status).toBe(200)
    })
  })
})
