import { describe, expect, test } from 'vitest'
import {
  applyPromotions,
  normalizePromoCode,
  percentOf,
  type ProgramRow,
  PROMO_CODE_EXPIRED,
  PROMO_CODE_NOT_APPLICABLE,
  PROMO_CODE_NOT_VALID,
  PROMO_CODE_USED_UP,
  type PromotionInput,
  type PromotionLine,
  type RewardProduct,
} from './promotion-engine'

// The rules of the promotion engine on plain data (no database): which programs apply, what they
// give, and that no combination makes the products cost less than nothing.

const NOW = new Date('2026-06-15T12:00:00Z')
let nextId = 1

function program(overrides: Partial<ProgramRow> = {}): ProgramRow {
  const id = nextId++
  return {
    id,
    name: `Program ${id}`,
    rewardType: 'discount',
    promoApplicability: 'on_current_order',
    promoCodeUsage: 'no_code_needed',
    promoCode: null,
    ruleMinimumAmount: 0,
    ruleMinQuantity: 0,
    ruleProductIds: [],
    dateFrom: null,
    dateTo: null,
    maximumUseNumber: 0,
    usedCount: 0,
    maximumUsesPerCustomer: 0,
    firstOrderOnly: false,
    discountType: 'percentage',
    discountPercentage: 10,
    discountFixedAmount: null,
    discountApplyOn: 'on_order',
    rewardProductId: null,
    rewardProductQuantity: 1,
    isActive: true,
    ...overrides,
  }
}

const line = (key: string, productId: number, totalQuantity: number, amount: number): PromotionLine => ({ key, productId, totalQuantity, amount })

/** Ten polos at $20 and four caps at $10: $240.00 of products. */
const POLOS = line('1:1:1', 1, 10, 20_000)
const CAPS = line('2:1:1', 2, 4, 4_000)

function input(overrides: Partial<PromotionInput> = {}): PromotionInput {
  const lines = overrides.lines ?? [POLOS, CAPS]
  return { websiteId: 1, partnerId: null, lines, subtotal: lines.reduce((sum, l) => sum + l.amount, 0), shipping: 995, now: NOW, ...overrides }
}

const NOTEBOOKS: RewardProduct = { id: 9, name: 'Pocket Notebook 3-Pack', priceAmount: 1200 }
const REWARDS = new Map([[NOTEBOOKS.id, NOTEBOOKS]])
const apply = (programs: ProgramRow[], overrides: Partial<PromotionInput> = {}) => applyPromotions(programs, input(overrides), REWARDS)

describe('percentOf', () => {
  test('rounds half a cent up and handles percentages with two decimals', () => {
    expect(percentOf(1004, 12.5)).toBe(126) // 125.5
    expect(percentOf(999, 10)).toBe(100) // 99.9
    expect(percentOf(994, 10)).toBe(99) // 99.4
    expect(percentOf(10_000, 33.33)).toBe(3333)
    expect(percentOf(123_456_789_012, 7.25)).toBe(8_950_617_203)
    expect(percentOf(0, 50)).toBe(0)
  })
})

describe('promo codes', () => {
  test('are compared trimmed and upper-cased; blank or over-long input is no code', () => {
    expect(normalizePromoCode('  welcome10 ')).toBe('WELCOME10')
    expect(normalizePromoCode('   ')).toBeNull()
    expect(normalizePromoCode(undefined)).toBeNull()
    expect(normalizePromoCode('X'.repeat(65))).toBeNull()
  })
})

describe('discounts', () => {
  test('a percentage on the order comes off every line in proportion', () => {
    const result = apply([program({ discountPercentage: 10 })])
    expect(result.discount).toBe(2400)
    expect(result.lineDiscounts).toEqual({ [POLOS.key]: 2000, [CAPS.key]: 400 })
  })

  test('a rounded percentage is split so the line shares add up to the cent', () => {
    const lines = [line('a', 1, 1, 333), line('b', 2, 1, 333), line('c', 3, 1, 333)]
    const result = apply([program({ discountPercentage: 10 })], { lines })
    expect(result.discount).toBe(100)
    expect(Object.values(result.lineDiscounts).reduce((sum, share) => sum + share, 0)).toBe(100)
    expect(Object.values(result.lineDiscounts).sort()).toEqual([33, 33, 34])
  })

  test('a fixed amount on the order is capped at what the products cost', () => {
    expect(apply([program({ discountType: 'fixed_amount', discountFixedAmount: 5000 })]).discount).toBe(5000)
    const result = apply([program({ discountType: 'fixed_amount', discountFixedAmount: 1_000_000 })])
    expect(result.discount).toBe(24_000)
    expect(result.lineDiscounts).toEqual({ [POLOS.key]: 20_000, [CAPS.key]: 4_000 })
  })

  test('stacked programs never take the products below zero', () => {
    const result = apply([
      program({ discountPercentage: 60 }),
      program({ discountPercentage: 100 }),
      program({ discountType: 'fixed_amount', discountFixedAmount: 50_000 }),
    ])
    expect(result.discount).toBe(24_000)
    expect(result.applied.map((applied) => applied.discount)).toEqual([14_400, 9_600])
    expect(result.programIds).toHaveLength(2)
    for (const original of [POLOS, CAPS]) expect(result.lineDiscounts[original.key]).toBeLessThanOrEqual(original.amount)
  })

  test('on the cheapest product it is one piece of the product with the lowest price per piece', () => {
    const half = apply([program({ discountPercentage: 50, discountApplyOn: 'cheapest_product' })])
    expect(half.discount).toBe(500) // half of one $10 cap
    expect(half.lineDiscounts).toEqual({ [CAPS.key]: 500 })
    const fixed = apply([program({ discountType: 'fixed_amount', discountFixedAmount: 2500, discountApplyOn: 'cheapest_product' })])
    expect(fixed.discount).toBe(1000) // never more than the piece
  })

  test('on specific products it touches only those products', () => {
    const result = apply([program({ discountPercentage: 25, discountApplyOn: 'specific_products', ruleProductIds: [2] })])
    expect(result.discount).toBe(1000)
    expect(result.lineDiscounts).toEqual({ [CAPS.key]: 1000 })
    const capped = apply([program({ discountType: 'fixed_amount', discountFixedAmount: 9_999, discountApplyOn: 'specific_products', ruleProductIds: [2] })])
    expect(capped.discount).toBe(4000)
  })

  test('an empty cart gets nothing', () => {
    const result = apply([program({ discountType: 'fixed_amount', discountFixedAmount: 500 })], { lines: [], subtotal: 0 })
    expect(result).toMatchObject({ discount: 0, programIds: [], freeShipping: false })
  })
})

describe('free shipping and free products', () => {
  test('free shipping takes the delivery price off', () => {
    const result = apply([program({ rewardType: 'free_shipping', ruleMinimumAmount: 20_000 })], { shipping: 1495 })
    expect(result).toMatchObject({ freeShipping: true, shippingDiscount: 1495, discount: 0 })
  })

  test('a product reward adds the free product, at no cost', () => {
    const notebooks = program({ rewardType: 'product', rewardProductId: NOTEBOOKS.id, rewardProductQuantity: 2, ruleMinimumAmount: 7500 })
    const result = apply([notebooks])
    expect(result.rewardLines).toEqual([{ programId: notebooks.id, productId: 9, name: 'Pocket Notebook 3-Pack', quantity: 2, unitPrice: 0, listPrice: 1200 }])
    expect(result.discount).toBe(0)
    expect(result.programIds).toEqual([notebooks.id])
  })

  test('a product reward whose product is gone gives nothing and is not counted', () => {
    const result = apply([program({ rewardType: 'product', rewardProductId: 404 })])
    expect(result).toMatchObject({ rewardLines: [], programIds: [] })
  })
})

describe('rules', () => {
  test('a minimum amount applies at the threshold and not a cent below', () => {
    const atThreshold = program({ ruleMinimumAmount: 24_000 })
    const above = program({ ruleMinimumAmount: 24_001 })
    expect(apply([atThreshold, above]).programIds).toEqual([atThreshold.id])
  })

  test('a minimum quantity counts the pieces of the products the rule names (all products when none)', () => {
    const fourteen = program({ ruleMinQuantity: 14 })
    const fifteen = program({ ruleMinQuantity: 15 })
    const capsFive = program({ ruleMinQuantity: 5, ruleProductIds: [2] })
    const capsFour = program({ ruleMinQuantity: 4, ruleProductIds: [2] })
    expect(apply([fourteen, fifteen, capsFive, capsFour]).programIds).toEqual([fourteen.id, capsFour.id])
  })

  test('named products must be in the cart', () => {
    const present = program({ ruleProductIds: [1, 77] })
    const absent = program({ ruleProductIds: [77] })
    expect(apply([present, absent]).programIds).toEqual([present.id])
  })

  test('automatic programs out of their dates, used up, inactive or for the next order do not apply', () => {
    const programs = [
      program({ dateFrom: new Date('2026-06-16T00:00:00Z') }),
      program({ dateTo: new Date('2026-06-15T11:59:59Z') }),
      program({ maximumUseNumber: 5, usedCount: 5 }),
      program({ isActive: false }),
      program({ promoApplicability: 'on_next_order' }),
    ]
    const current = program({ dateFrom: new Date('2026-06-01T00:00:00Z'), dateTo: new Date('2026-06-30T00:00:00Z'), maximumUseNumber: 5, usedCount: 4 })
    expect(apply([...programs, current]).programIds).toEqual([current.id])
  })

  test('a code_needed program never applies without its code', () => {
    expect(apply([program({ promoCodeUsage: 'code_needed', promoCode: 'SECRET20' })]).programIds).toEqual([])
  })
})

describe('promo code answers', () => {
  const coded = (overrides: Partial<ProgramRow> = {}) => program({ promoCodeUsage: 'code_needed', promoCode: 'WELCOME10', ...overrides })

  test('a matching code applies, whatever its case, after the automatic programs', () => {
    const automatic = program({ discountPercentage: 50 })
    const welcome = coded({ discountPercentage: 10 })
    const result = apply([welcome, automatic], { promoCode: ' welcome10 ' })
    expect(result).toMatchObject({ codeError: null, codeProgramId: welcome.id, programIds: [automatic.id, welcome.id] })
    expect(result.discount).toBe(12_000 + 1_200)
  })

  test('an unknown, inactive or next-order code is not valid', () => {
    expect(apply([coded()], { promoCode: 'WELCOME11' }).codeError).toBe(PROMO_CODE_NOT_VALID)
    expect(apply([coded({ isActive: false })], { promoCode: 'WELCOME10' }).codeError).toBe(PROMO_CODE_NOT_VALID)
    expect(apply([coded({ promoApplicability: 'on_next_order' })], { promoCode: 'WELCOME10' }).codeError).toBe(PROMO_CODE_NOT_VALID)
    expect(apply([coded()], { promoCode: `WELCOME10${' X'.repeat(40)}` }).codeError).toBe(PROMO_CODE_NOT_VALID)
    expect(apply([coded()], { promoCode: '   ' }).codeError).toBeNull()
  })

  test('a code out of its dates has expired (not started yet as well)', () => {
    expect(apply([coded({ dateTo: new Date('2026-06-01T00:00:00Z') })], { promoCode: 'WELCOME10' }).codeError).toBe(PROMO_CODE_EXPIRED)
    expect(apply([coded({ dateFrom: new Date('2026-07-01T00:00:00Z') })], { promoCode: 'WELCOME10' }).codeError).toBe(PROMO_CODE_EXPIRED)
  })

  test('a code at its limit has been fully used', () => {
    expect(apply([coded({ maximumUseNumber: 3, usedCount: 3 })], { promoCode: 'WELCOME10' }).codeError).toBe(PROMO_CODE_USED_UP)
  })

  test('a code whose rules the cart misses does not apply to the cart, and gives nothing', () => {
    const result = apply([coded({ ruleMinimumAmount: 50_000 })], { promoCode: 'WELCOME10' })
    expect(result).toMatchObject({ codeError: PROMO_CODE_NOT_APPLICABLE, codeProgramId: null, discount: 0, programIds: [] })
    expect(apply([coded({ rewardType: 'product', rewardProductId: 404 })], { promoCode: 'WELCOME10' }).codeError).toBe(PROMO_CODE_NOT_APPLICABLE)
  })

  test('a code whose discount the automatic programs left nothing for does not apply, and is not counted', () => {
    const everything = program({ discountPercentage: 100 })
    const result = apply([everything, coded()], { promoCode: 'WELCOME10' })
    expect(result).toMatchObject({ codeError: PROMO_CODE_NOT_APPLICABLE, codeProgramId: null, programIds: [everything.id], discount: 24_000 })
  })

  test('a refused code leaves the automatic programs applied', () => {
    const automatic = program({ rewardType: 'free_shipping' })
    const result = apply([automatic, coded()], { promoCode: 'NOPE' })
    expect(result).toMatchObject({ codeError: PROMO_CODE_NOT_VALID, freeShipping: true, programIds: [automatic.id] })
  })
})
