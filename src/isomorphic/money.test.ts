import { describe, expect, test } from 'vitest'
import { fromCents, sumCents, toCents } from './money'

describe('money', () => {
  test('dollars become whole cents, rounded to the nearest cent', () => {
    expect(toCents(12.5)).toBe(1250)
    expect(toCents(0.1 + 0.2)).toBe(30)
    expect(toCents(19.999)).toBe(2000)
    expect(toCents(-4.25)).toBe(-425)
  })

  test('an amount that is not a number is refused rather than counted', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError)
    expect(() => toCents(Infinity)).toThrow(RangeError)
  })

  test('cents become dollars for the API', () => {
    expect(fromCents(1250)).toBe(12.5)
    expect(fromCents(7)).toBe(0.07)
  })

  test('prices add up in cents, so a sum never drifts by a fraction of a cent', () => {
    const prices = [0.1, 0.2, 0.3]
    expect(fromCents(sumCents(prices.map(toCents)))).toBe(0.6)
    expect(sumCents([])).toBe(0)
  })
})
