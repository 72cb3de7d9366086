import { describe, expect, test } from 'vitest'
import { cutZip } from '../adapters/tax-http'
import { percentOfCents, taxAtRate } from './tax-math'

describe('tax arithmetic', () => {
  test('rounds the tax half up to whole cents', () => {
    expect(percentOfCents(1000, 8.81)).toBe(88) // 88.1 cents
    expect(percentOfCents(50, 1)).toBe(1) // 0.5 cent rounds up
    expect(percentOfCents(49, 1)).toBe(0) // 0.49 cent rounds down
    expect(percentOfCents(12345, 6.25)).toBe(772) // 771.5625 cents
  })

  test('is exact where floating point would slip (1.005 dollars at 100 %)', () => {
    expect(percentOfCents(100_500, 1.005)).toBe(1010) // 1010.025
    expect(percentOfCents(105, 50)).toBe(53) // 52.5 exactly, not 52.499999
  })

  test('handles rates with several decimals and very large orders', () => {
    expect(percentOfCents(10_000, 8.8125)).toBe(881) // 881.25
    expect(percentOfCents(9_000_000_000_000, 7.25)).toBe(652_500_000_000)
  })

  test('refuses amounts that are not whole non-negative cents, and negative rates', () => {
    expect(() => percentOfCents(10.5, 5)).toThrow(RangeError)
    expect(() => percentOfCents(-1, 5)).toThrow(RangeError)
    expect(() => percentOfCents(100, -5)).toThrow(RangeError)
    expect(() => percentOfCents(100, Number.NaN)).toThrow(RangeError)
  })

  test('taxes the shipping only where the region says it is taxable', () => {
    expect(taxAtRate({ productsAmount: 10_000, shipping: 1_000, ratePercent: 6.1, shippingTaxable: true })).toEqual({ amount: 671, shippingAmount: 61 })
    expect(taxAtRate({ productsAmount: 10_000, shipping: 1_000, ratePercent: 6.1, shippingTaxable: false })).toEqual({ amount: 610, shippingAmount: 0 })
  })

  test('rounds the total once, so it never drifts a cent from rate × taxable amount', () => {
    // 3.3 % of 15 cents = 0.495 and of 15 cents = 0.495: separately 0 + 0, together 0.99 → 1.
    expect(taxAtRate({ productsAmount: 15, shipping: 15, ratePercent: 3.3, shippingTaxable: true })).toEqual({ amount: 1, shippingAmount: 0 })
  })

  test('cuts ZIPs to their first five characters', () => {
    expect(cutZip('80202-1234')).toBe('80202')
    expect(cutZip(' 802021234 ')).toBe('80202')
    expect(cutZip('802')).toBe('802')
  })
})
