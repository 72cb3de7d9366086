import { describe, expect, it } from 'vitest'
import { breakAt, nextBreakAfter, piecesByProduct, priceTiers, unitPriceAt } from './price-breaks'

const breaks = [
  { minQuantity: 48, priceAmount: 1600 },
  { minQuantity: 12, priceAmount: 1800 },
]

describe('quantity price breaks', () => {
  it('applies no break below the first tier', () => {
    expect(breakAt(breaks, 11)).toBeNull()
    expect(unitPriceAt({ basePrice: 2000, variantPrice: 2000, breaks, quantity: 11 })).toBe(2000)
  })

  it('applies the highest tier the quantity reaches', () => {
    expect(breakAt(breaks, 12)?.minQuantity).toBe(12)
    expect(breakAt(breaks, 47)?.minQuantity).toBe(12)
    expect(breakAt(breaks, 48)?.minQuantity).toBe(48)
    expect(unitPriceAt({ basePrice: 2000, variantPrice: 2000, breaks, quantity: 100 })).toBe(1600)
  })

  it('keeps a variant’s size upcharge at every break', () => {
    expect(unitPriceAt({ basePrice: 2000, variantPrice: 2200, breaks, quantity: 12 })).toBe(2000)
    expect(unitPriceAt({ basePrice: 2000, variantPrice: 2200, breaks, quantity: 48 })).toBe(1800)
  })

  it('never raises a price above the base', () => {
    expect(unitPriceAt({ basePrice: 1500, variantPrice: 1500, breaks, quantity: 12 })).toBe(1500)
  })

  it('reads the tiers as ranges for the product page', () => {
    expect(priceTiers(2000, breaks)).toEqual([
      { from: 1, to: 11, priceAmount: 2000 },
      { from: 12, to: 47, priceAmount: 1800 },
      { from: 48, to: null, priceAmount: 1600 },
    ])
  })

  it('counts every piece of a product across its lines: colours, sizes and designs together', () => {
    const pieces = piecesByProduct([
      { productId: 7, quantity: { S: 3, M: 3 } },
      { productId: 7, quantity: { L: 6 } },
      { productId: 9, quantity: { M: 2 } },
    ])
    expect(pieces.get(7)).toBe(12)
    expect(pieces.get(9)).toBe(2)
    expect(pieces.get(8)).toBeUndefined()
  })
})

describe('the next break within reach (issue 27: the cart nudges towards it)', () => {
  it('names how many more pieces reach the next break and what each then saves', () => {
    expect(nextBreakAfter(2000, breaks, 10)).toEqual({ morePieces: 2, savingPerPiece: 200 })
    expect(nextBreakAfter(2000, breaks, 40)).toEqual({ morePieces: 8, savingPerPiece: 200 })
  })

  it('says nothing when the next break is further away than the pieces chosen, or there is none', () => {
    expect(nextBreakAfter(2000, breaks, 1)).toBeNull()
    expect(nextBreakAfter(2000, breaks, 23)).toBeNull()
    expect(nextBreakAfter(2000, breaks, 48)).toBeNull()
    expect(nextBreakAfter(2000, [], 5)).toBeNull()
    expect(nextBreakAfter(2000, breaks, 0)).toBeNull()
  })

  it('ignores a break that would not lower the price', () => {
    expect(nextBreakAfter(1500, breaks, 10)).toBeNull()
  })
})
