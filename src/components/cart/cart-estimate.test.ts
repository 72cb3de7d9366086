import { describe, expect, test } from 'vitest'
import { cartSubtotal, lineEstimate } from './cart-estimate'

describe('cart estimates', () => {
  test('a line is estimated at each size’s own price', () => {
    expect(lineEstimate({ quantity: { M: 2, '2XL': 3 }, unitPrices: { M: 12.5, '2XL': 14.1 } })).toBe(67.3)
  })

  test('sums stay in whole cents where floating point would drift', () => {
    expect(lineEstimate({ quantity: { S: 3 }, unitPrices: { S: 0.1 } })).toBe(0.3)
    expect(cartSubtotal([{ quantity: { S: 1 }, unitPrices: { S: 0.1 } }, { quantity: { S: 1 }, unitPrices: { S: 0.2 } }])).toBe(0.3)
  })

  test('a size without a known price counts as zero', () => {
    expect(lineEstimate({ quantity: { M: 2 }, unitPrices: {} })).toBe(0)
  })

  test('an empty cart is zero', () => {
    expect(cartSubtotal([])).toBe(0)
  })
})
