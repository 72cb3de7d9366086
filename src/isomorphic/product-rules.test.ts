import { describe, expect, test } from 'vitest'
import { adjustedPrice, priceBreakProblem } from './product-rules'

describe('price break rules', () => {
  test('breaks below the base and falling with the quantity are fine, in any order', () => {
    expect(priceBreakProblem(2000, [])).toBeNull()
    expect(priceBreakProblem(2000, [{ minQuantity: 48, priceAmount: 1500 }, { minQuantity: 12, priceAmount: 1800 }])).toBeNull()
  })

  test('each problem is a sentence naming the row', () => {
    expect(priceBreakProblem(2000, [{ minQuantity: 1, priceAmount: 1800 }])).toBe('Price break 1: a break starts at 2 pieces or more.')
    expect(priceBreakProblem(2000, [{ minQuantity: 12, priceAmount: 2000 }])).toBe('Price break 1 (from 12 pieces): its price $20.00 must be below the base price $20.00.')
    expect(priceBreakProblem(2000, [{ minQuantity: 12, priceAmount: 1800 }, { minQuantity: 12, priceAmount: 1700 }])).toBe(
      'Price break 2 (from 12 pieces): price break 1 already starts at 12 pieces. Each quantity may have one price.',
    )
    expect(priceBreakProblem(2000, [{ minQuantity: 48, priceAmount: 1900 }, { minQuantity: 12, priceAmount: 1800 }])).toBe(
      'Price break 1 (from 48 pieces): its price $19.00 must be below the $18.00 from 12 pieces.',
    )
  })
})

describe('a percentage adjustment', () => {
  test('rounds to the cent and never reaches zero', () => {
    expect(adjustedPrice(1999, 10)).toBe(2199)
    expect(adjustedPrice(1749, 10)).toBe(1924)
    expect(adjustedPrice(1000, -12.5)).toBe(875)
    expect(adjustedPrice(1, -90)).toBe(1)
  })
})
