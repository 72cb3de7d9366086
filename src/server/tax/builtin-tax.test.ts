import { beforeAll, describe, expect, test } from 'vitest'
import { taxRates } from '@/server/db/schema'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import type { PostalAddress } from '../kernel/pricing-types'
import { computeBuiltinTax, pickTaxRate, type TaxRate } from './builtin-tax'

const rate = (stateCode: string, zipPrefix: string, ratePercent: number, shippingTaxable = false, countryCode = 'US'): TaxRate => ({
  countryCode,
  stateCode,
  zipPrefix,
  ratePercent,
  shippingTaxable,
})
const to = (stateCode: string | null, zip: string, countryCode = 'US'): PostalAddress => ({ street: '1 Main St', city: 'Town', stateCode, countryCode, zip })

describe('picking the built-in rate', () => {
  const rates = [rate('CO', '', 2.9), rate('CO', '802', 8.81), rate('CO', '8020', 9.1), rate('UT', '', 6.1, true), rate('CO', '', 5, false, 'CA')]

  test('the longest ZIP prefix the destination starts with wins', () => {
    expect(pickTaxRate(rates, to('CO', '80202'))?.ratePercent).toBe(9.1)
    expect(pickTaxRate(rates, to('CO', '80210'))?.ratePercent).toBe(8.81)
    expect(pickTaxRate(rates, to('CO', '81301'))?.ratePercent).toBe(2.9)
  })

  test('compares the ZIP cut to five characters, so ZIP+4 matches like its ZIP', () => {
    expect(pickTaxRate([rate('CO', '802021', 1), rate('CO', '', 2.9)], to('CO', '80202-1234'))?.ratePercent).toBe(2.9)
    expect(pickTaxRate(rates, to('CO', '80202-1234'))?.ratePercent).toBe(9.1)
  })

  test('matches country and state regardless of letter case, and only them', () => {
    expect(pickTaxRate(rates, to('co', '80202', 'us'))?.ratePercent).toBe(9.1)
    expect(pickTaxRate(rates, to('CO', '80202', 'CA'))?.ratePercent).toBe(5)
    expect(pickTaxRate(rates, to('TX', '75001'))).toBeNull()
  })

  test('a country without states matches the rates with an empty state', () => {
    expect(pickTaxRate([rate('', '', 20, true, 'GB')], to(null, 'SW1A 1AA', 'GB'))?.ratePercent).toBe(20)
  })
})

describe.each(testDatabaseKinds())('built-in tax from the tax table on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number

  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    const other = await createWebsite()
    await db()
      .insert(taxRates)
      .values([
        { websiteId, countryCode: 'US', stateCode: 'CO', zipPrefix: '', ratePercent: 2.9, shippingTaxable: false },
        { websiteId, countryCode: 'US', stateCode: 'CO', zipPrefix: '802', ratePercent: 8.81, shippingTaxable: false },
        { websiteId, countryCode: 'US', stateCode: 'UT', zipPrefix: '', ratePercent: 6.1, shippingTaxable: true },
        { websiteId: other.id, countryCode: 'US', stateCode: 'TX', zipPrefix: '', ratePercent: 6.25, shippingTaxable: true },
      ])
  })

  test('taxes the products at the Denver rate and leaves Colorado shipping untaxed', async () => {
    const tax = await computeBuiltinTax(db(), { websiteId, productsAmount: 12_345, shipping: 995, destination: to('CO', '80202-4321') })
    expect(tax).toEqual({ amount: 1088, shippingAmount: 0, source: 'builtin' }) // 8.81 % of 123.45 = 10.876
  })

  test('taxes shipping too in a state where shipping is taxable', async () => {
    const tax = await computeBuiltinTax(db(), { websiteId, productsAmount: 10_000, shipping: 1_000, destination: to('UT', '84101') })
    expect(tax).toEqual({ amount: 671, shippingAmount: 61, source: 'builtin' })
  })

  test('is zero where the store collects no tax, and never reads another store’s table', async () => {
    const tax = await computeBuiltinTax(db(), { websiteId, productsAmount: 10_000, shipping: 1_000, destination: to('TX', '75001') })
    expect(tax).toEqual({ amount: 0, shippingAmount: 0, source: 'builtin' })
  })
})
