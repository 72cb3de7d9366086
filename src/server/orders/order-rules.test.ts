import { describe, expect, test } from 'vitest'
import { spreadDiscount } from '../checkout/checkout-pricing'
import { formatOrderReference } from './order-reference'

describe('order references', () => {
  test("are 'S' and at least five digits", () => {
    expect(formatOrderReference(42)).toBe('S00042')
    expect(formatOrderReference('123456')).toBe('S123456')
    expect(() => formatOrderReference('-1')).toThrow(RangeError)
  })
})

describe('a discount spread over amounts', () => {
  test('adds up exactly, in proportion, never more than an amount', () => {
    expect(spreadDiscount([4800, 2400], 720)).toEqual([480, 240])
    expect(spreadDiscount([1, 1, 1], 2)).toEqual([1, 1, 0])
    expect(spreadDiscount([100, 0], 500)).toEqual([100, 0])
    expect(spreadDiscount([], 10)).toEqual([])
    const shares = spreadDiscount([333, 333, 334], 101)
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(101)
  })
})
