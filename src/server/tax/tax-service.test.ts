import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { taxRates } from '@/server/db/schema'
import { createTaxCredential } from '../../../tests/factories/store-settings'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { type FakeAvatax, startFakeAvatax } from '../../../tests/support/fake-tax/fake-avatax'
import { type FakeCustomTax, startFakeCustomTax } from '../../../tests/support/fake-tax/fake-custom-tax'
import type { PostalAddress, PricedLine } from '../kernel/pricing-types'
import { DomainError } from '../kernel/errors'
import { TAX_CALCULATION_FAILED } from './tax-errors'
import { computeTax } from './tax-service'

// The fakes here listen on loopback: the setting a private install would turn on (adapters/outbound.ts).
vi.stubEnv('ALLOW_PRIVATE_OUTBOUND', 'true')

const denver: PostalAddress = { street: '1600 Wynkoop St', city: 'Denver', stateCode: 'CO', countryCode: 'US', zip: '80202-1234' }
const saltLake: PostalAddress = { street: '50 S Main St', city: 'Salt Lake City', stateCode: 'UT', countryCode: 'US', zip: '84101' }
const atlanta: PostalAddress = { street: '55 Oak Ave', city: 'Alpharetta', stateCode: 'GA', countryCode: 'US', zip: '30005' }

const line = (amount: number, overrides: Partial<PricedLine> = {}): PricedLine => ({
  key: `1:2:${amount}`,
  productId: 1,
  name: 'Crew T-shirt',
  templateSkuCode: 'PC54',
  taxCode: 'PC040100',
  quantity: { M: 2 },
  totalQuantity: 2,
  amount,
  weight: 1,
  origin: { street: '100 Main St', city: 'Timonium', stateCode: 'MD', countryCode: 'US', zip: '21093' },
  ...overrides,
})

describe.each(testDatabaseKinds())('computing tax on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let custom: FakeCustomTax
  let avatax: FakeAvatax
  // An answer gets all the time a loaded machine needs; only a service that hangs is given up on soon.
  const options = { timeoutMs: 10_000, now: () => new Date('2026-03-04T12:00:00Z') }
  const impatient = { ...options, timeoutMs: 300 }

  beforeAll(async () => {
    custom = await startFakeCustomTax({ token: 'custom-token' })
    avatax = await startFakeAvatax()
  })
  afterAll(async () => {
    await custom.close()
    await avatax.close()
  })

  const failureOf = (promise: Promise<unknown>) => promise.then(() => expect.fail('expected a failure'), (error: unknown) => error as DomainError)

  describe('with the built-in table', () => {
    let websiteId: number
    beforeAll(async () => {
      websiteId = (await createWebsite()).id
      await db()
        .insert(taxRates)
        .values([
          { websiteId, countryCode: 'US', stateCode: 'CO', zipPrefix: '802', ratePercent: 8.81, shippingTaxable: false },
          { websiteId, countryCode: 'US', stateCode: 'UT', zipPrefix: '', ratePercent: 6.1, shippingTaxable: true },
        ])
    })

    test('a store without a tax credential uses its tax table', async () => {
      const tax = await computeTax(db(), { websiteId, lines: [line(5998), line(3500)], shipping: 995, destination: denver, resaleExemption: null })
      expect(tax).toEqual({ amount: 837, shippingAmount: 0, source: 'builtin' }) // 8.81 % of 94.98 = 8.3677
    })

    test('taxes shipping where the table says so', async () => {
      const tax = await computeTax(db(), { websiteId, lines: [line(10_000)], shipping: 1_000, destination: saltLake, resaleExemption: null })
      expect(tax).toEqual({ amount: 671, shippingAmount: 61, source: 'builtin' })
    })

    test('exempt for resale is no tax at all', async () => {
      expect(await computeTax(db(), { websiteId, lines: [line(10_000)], shipping: 1_000, destination: saltLake, resaleExemption: { certificateNumber: 'RESALE-0042' } })).toEqual({ amount: 0, shippingAmount: 0, source: 'exempt' })
    })

    test('refuses amounts that are not whole cents instead of guessing', async () => {
      const error = await failureOf(computeTax(db(), { websiteId, lines: [line(10.5)], shipping: 0, destination: denver, resaleExemption: null }))
      expect(error).toBeInstanceOf(DomainError)
      expect(error.code).toBe('invalid')
    })
  })

  describe('with a custom tax service', () => {
    let websiteId: number
    beforeAll(async () => {
      websiteId = (await createWebsite()).id
      await createTaxCredential({ websiteId, taxname: 'custom', url: `${custom.url}/rates`, token: 'custom-token' })
    })

    test('applies the service’s rate for the destination ZIP and its ShippingTaxable flag', async () => {
      expect(await computeTax(db(), { websiteId, lines: [line(10_000)], shipping: 1_000, destination: denver, resaleExemption: null }, options)).toEqual({
        amount: 881,
        shippingAmount: 0,
        source: 'custom',
      })
      expect(custom.requests.at(-1)!.body).toEqual({ address_list: [{ zip: '80202', street: denver.street, city: 'Denver', state: 'CO', country: 'US' }] })
      expect(await computeTax(db(), { websiteId, lines: [line(10_000)], shipping: 1_000, destination: saltLake, resaleExemption: null }, options)).toEqual({
        amount: 853, // 7.75 % of 110.00 = 8.525
        shippingAmount: 78,
        source: 'custom',
      })
    })

    test('the service refusing a ZIP shows its own message', async () => {
      const error = await failureOf(computeTax(db(), { websiteId, lines: [line(10_000)], shipping: 0, destination: atlanta, resaleExemption: null }, options))
      expect(error).toMatchObject({ code: 'invalid', userMessage: 'No tax rate found for ZIP 30005' })
    })

    test('the service failing is the spec’s tax error, never a tax of 0', async () => {
      custom.failNext({ kind: 'status', status: 503 })
      const error = await failureOf(computeTax(db(), { websiteId, lines: [line(10_000)], shipping: 0, destination: denver, resaleExemption: null }, options))
      expect(error).toMatchObject({ code: 'unavailable', userMessage: TAX_CALCULATION_FAILED })
      custom.failNext({ kind: 'hang' })
      expect(await failureOf(computeTax(db(), { websiteId, lines: [line(10_000)], shipping: 0, destination: denver, resaleExemption: null }, impatient))).toMatchObject({ code: 'unavailable', userMessage: TAX_CALCULATION_FAILED })
    })

    test('an answer for another ZIP than the one asked is not used', async () => {
      custom.failNext({ kind: 'status', status: 200, json: { result: { success: true, data: [{ zip: '84101', tax_percentage: 7.75, ShippingTaxable: true }] } } })
      expect(await failureOf(computeTax(db(), { websiteId, lines: [line(10_000)], shipping: 0, destination: denver, resaleExemption: null }, options))).toMatchObject({ code: 'unavailable', userMessage: TAX_CALCULATION_FAILED })
    })

    test('exempt for resale calls nobody', async () => {
      const before = custom.requests.length
      expect(await computeTax(db(), { websiteId, lines: [line(10_000)], shipping: 0, destination: denver, resaleExemption: { certificateNumber: 'RESALE-0042' } }, options)).toMatchObject({ amount: 0, source: 'exempt' })
      expect(custom.requests).toHaveLength(before)
    })

    test('a custom credential without a URL is a failure, not zero tax', async () => {
      const bare = (await createWebsite()).id
      await createTaxCredential({ websiteId: bare, taxname: 'custom', url: null })
      expect(await failureOf(computeTax(db(), { websiteId: bare, lines: [line(10_000)], shipping: 0, destination: denver, resaleExemption: null }))).toMatchObject({ code: 'unavailable', userMessage: TAX_CALCULATION_FAILED })
    })
  })

  describe('with Avalara', () => {
    let websiteId: number
    beforeAll(async () => {
      websiteId = (await createWebsite()).id
      await createTaxCredential({ websiteId, taxname: 'avatax', url: avatax.url, key: avatax.accountId, token: avatax.licenseKey, companycode: 'ACME', customercode: 'store-default' })
    })

    test('asks Avalara with the credential and uses its total and shipping tax', async () => {
      const tax = await computeTax(db(), { websiteId, lines: [line(5998)], shipping: 1248, destination: atlanta, resaleExemption: null, customerCode: 'partner-7' }, options)
      expect(tax).toEqual({ amount: 507, shippingAmount: 87, source: 'avatax' })
      expect(avatax.requests.at(-1)!.body).toMatchObject({ type: 'SalesOrder', companyCode: 'ACME', customerCode: 'partner-7', commit: false, currencyCode: 'USD', date: '2026-03-04' })
    })

    test('uses the credential’s customer code when the caller names no customer', async () => {
      await computeTax(db(), { websiteId, lines: [line(5998)], shipping: 0, destination: atlanta, resaleExemption: null }, options)
      expect(avatax.requests.at(-1)!.body).toMatchObject({ customerCode: 'store-default' })
    })

    test('an address Avalara cannot place shows Avalara’s message', async () => {
      const error = await failureOf(computeTax(db(), { websiteId, lines: [line(5998)], shipping: 0, destination: { ...atlanta, zip: '30006' }, resaleExemption: null }, options))
      expect(error).toMatchObject({ code: 'invalid', userMessage: 'The address value was incomplete.' })
    })

    test('Avalara down or answering garbage is the spec’s tax error', async () => {
      for (const failure of [{ kind: 'status', status: 500 }, { kind: 'malformed-json' }, { kind: 'hang' }] as const) {
        avatax.failNext(failure)
        expect(await failureOf(computeTax(db(), { websiteId, lines: [line(5998)], shipping: 0, destination: atlanta, resaleExemption: null }, failure.kind === 'hang' ? impatient : options))).toMatchObject({ code: 'unavailable', userMessage: TAX_CALCULATION_FAILED })
      }
    })

    test('a purchase for resale asks Avalara with the certificate number (entity use code G), and Avalara decides', async () => {
      const tax = await computeTax(db(), { websiteId, lines: [line(5998)], shipping: 1248, destination: atlanta, resaleExemption: { certificateNumber: 'GA-RESALE-7781' } }, options)
      expect(tax).toEqual({ amount: 0, shippingAmount: 0, source: 'avatax' })
      expect(avatax.requests.at(-1)!.body).toMatchObject({ entityUseCode: 'G', exemptionNo: 'GA-RESALE-7781' })
    })

    test('a wrong license key is the spec’s tax error, without Avalara’s words', async () => {
      const other = (await createWebsite()).id
      await createTaxCredential({ websiteId: other, taxname: 'avatax', url: avatax.url, key: avatax.accountId, token: 'wrong' })
      expect(await failureOf(computeTax(db(), { websiteId: other, lines: [line(5998)], shipping: 0, destination: atlanta, resaleExemption: null }, options))).toMatchObject({ code: 'unavailable', userMessage: TAX_CALCULATION_FAILED })
    })
  })
})
