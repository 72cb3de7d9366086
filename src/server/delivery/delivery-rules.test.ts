import { describe, expect, test } from 'vitest'
import { splitIntoPackages } from '../kernel/measures'
import { finalPrice, type OrderMeasures, type PriceRule, ruleBasedPrice } from './delivery-rules'

const order = (overrides: Partial<OrderMeasures> = {}): OrderMeasures => ({ weight: 4, volume: 0, quantity: 12, orderAmount: 12_000, ...overrides })
const rule = (overrides: Partial<PriceRule>): PriceRule => ({
  variable: 'weight',
  operator: '<=',
  maxValue: 5,
  listBasePriceAmount: 1100,
  listPriceAmount: 0,
  variableFactor: 'weight',
  ...overrides,
})
const noFreeOver = { marginPercent: 0, freeOver: false, freeOverAmount: 0 }

// The demo store's "Ground by Weight".
const groundByWeight: PriceRule[] = [
  rule({ maxValue: 2, listBasePriceAmount: 750 }),
  rule({ maxValue: 5, listBasePriceAmount: 1100 }),
  rule({ maxValue: 10, listBasePriceAmount: 1600 }),
  rule({ maxValue: 25, listBasePriceAmount: 2400 }),
  rule({ operator: '>', maxValue: 25, listBasePriceAmount: 1200, listPriceAmount: 85 }),
]

describe('rule-based delivery prices', () => {
  test('the first rule that holds gives the price, even when later rules hold too', () => {
    expect(ruleBasedPrice(groundByWeight, order({ weight: 1.5 }))).toBe(750)
    expect(ruleBasedPrice(groundByWeight, order({ weight: 2 }))).toBe(750)
    expect(ruleBasedPrice(groundByWeight, order({ weight: 2.001 }))).toBe(1100)
    expect(ruleBasedPrice(groundByWeight, order({ weight: 25 }))).toBe(2400)
  })

  test('listBasePrice plus listPrice times the factor variable', () => {
    // 12.00 + 0.85 × 30 lb = 37.50
    expect(ruleBasedPrice(groundByWeight, order({ weight: 30 }))).toBe(3750)
  })

  test('no rule holding means the method cannot deliver the order (null, never 0)', () => {
    expect(ruleBasedPrice([rule({ operator: '<', maxValue: 1 })], order({ weight: 3 }))).toBeNull()
    expect(ruleBasedPrice([], order())).toBeNull()
  })

  test.each([
    ['==', 12, 12, true],
    ['==', 12, 13, false],
    ['<=', 12, 12, true],
    ['<', 12, 12, false],
    ['<', 12, 11, true],
    ['>=', 12, 12, true],
    ['>', 12, 12, false],
    ['>', 12, 13, true],
  ] as const)('operator %s with maxValue %d on quantity %d holds: %s', (operator, maxValue, quantity, holds) => {
    const price = ruleBasedPrice([rule({ variable: 'quantity', operator, maxValue, listBasePriceAmount: 500 })], order({ quantity }))
    expect(price).toBe(holds ? 500 : null)
  })

  test('the price variable is the order amount in dollars', () => {
    const rules = [rule({ variable: 'price', operator: '>=', maxValue: 100, listBasePriceAmount: 0 }), rule({ variable: 'price', operator: '<', maxValue: 100, listBasePriceAmount: 895 })]
    expect(ruleBasedPrice(rules, order({ orderAmount: 10_000 }))).toBe(0)
    expect(ruleBasedPrice(rules, order({ orderAmount: 9_999 }))).toBe(895)
  })

  test('a per-piece rule multiplies by the quantity', () => {
    expect(ruleBasedPrice([rule({ variable: 'quantity', operator: '>', maxValue: 0, listBasePriceAmount: 300, listPriceAmount: 45, variableFactor: 'quantity' })], order({ quantity: 24 }))).toBe(300 + 45 * 24)
  })

  test('volume and weight × volume are 0 while the catalog has no volume', () => {
    expect(ruleBasedPrice([rule({ variable: 'volume', operator: '==', maxValue: 0, listBasePriceAmount: 400 })], order())).toBe(400)
    expect(ruleBasedPrice([rule({ variable: 'wv', operator: '>', maxValue: 0 })], order({ weight: 10 }))).toBeNull()
  })

  test('summed weights compare at the rules precision (0.1 + 0.2 equals 0.3)', () => {
    expect(ruleBasedPrice([rule({ operator: '==', maxValue: 0.3, listBasePriceAmount: 100 })], order({ weight: 0.1 + 0.2 }))).toBe(100)
  })
})

describe('margin, free-over and rounding', () => {
  test('the margin percent is added to the price', () => {
    expect(finalPrice(1000, { ...noFreeOver, marginPercent: 15 }, 5000)).toEqual({ amount: 1150, free: false })
  })

  test('rounds to whole cents once, at the end', () => {
    // 100.5 cents + 0.5% = 101.0025 → 101; rounding the base first would give 101 × 1.005 = 101.505 → 102.
    expect(finalPrice(100.5, { ...noFreeOver, marginPercent: 0.5 }, 0)).toEqual({ amount: 101, free: false })
  })

  test('free when free-over is set and the order amount reaches the threshold', () => {
    const policy = { marginPercent: 20, freeOver: true, freeOverAmount: 15_000 }
    expect(finalPrice(995, policy, 15_000)).toEqual({ amount: 0, free: true })
    expect(finalPrice(995, policy, 20_000)).toEqual({ amount: 0, free: true })
    expect(finalPrice(995, policy, 14_999)).toEqual({ amount: 1194, free: false })
  })

  test('a threshold without the free-over flag changes nothing', () => {
    expect(finalPrice(995, { marginPercent: 0, freeOver: false, freeOverAmount: 100 }, 50_000)).toEqual({ amount: 995, free: false })
  })

  test('refuses a price that is not a finite, non-negative number', () => {
    expect(() => finalPrice(Number.NaN, noFreeOver, 0)).toThrow(RangeError)
    expect(() => finalPrice(-1, noFreeOver, 0)).toThrow(RangeError)
  })
})

describe('packages', () => {
  test('a shipment is split into packages no heavier than the carrier allows', () => {
    expect(splitIntoPackages(3.5, 70)).toEqual([3.5])
    expect(splitIntoPackages(150, 70)).toEqual([70, 70, 10])
    expect(splitIntoPackages(140, 70)).toEqual([70, 70])
    expect(splitIntoPackages(0, 70)).toEqual([0])
  })
})
