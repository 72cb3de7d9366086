import { describe, expect, test } from 'vitest'
import type { DecorationMethod } from '@/isomorphic/decoration-types'
import { priceDecoratedLine, quoteDecorations } from './decoration-pricing'

const methods: Pick<DecorationMethod, 'code' | 'setupFee' | 'pricePerLocation'>[] = [
  { code: 'embroidery', setupFee: 2500, pricePerLocation: 450 },
  { code: 'screen_print', setupFee: 2000, pricePerLocation: 250 },
  { code: 'dtg', setupFee: 0, pricePerLocation: 575 },
]

describe('pricing decorations', () => {
  test('a chest logo and a name on the back are two locations: per unit each, set-up once per line each', () => {
    const design = [
      { printAreaId: 1, method: 'embroidery' as const },
      { printAreaId: 2, method: 'screen_print' as const },
    ]
    expect(quoteDecorations(design, methods, 1)).toEqual({ perUnit: 700, setup: 4500, total: 5200 })
    expect(quoteDecorations(design, methods, 12)).toEqual({ perUnit: 700, setup: 4500, total: 700 * 12 + 4500 })
  })

  test('a logo and text in one area with one method are one location; another method there is another', () => {
    const same = [
      { printAreaId: 2, method: 'screen_print' as const },
      { printAreaId: 2, method: 'screen_print' as const },
    ]
    expect(quoteDecorations(same, methods, 3)).toEqual({ perUnit: 250, setup: 2000, total: 2750 })
    expect(quoteDecorations([...same, { printAreaId: 2, method: 'dtg' as const }], methods, 3)).toEqual({ perUnit: 825, setup: 2000, total: 4475 })
  })

  test('a method the store does not offer is an error, never a free location', () => {
    expect(() => quoteDecorations([{ printAreaId: 1, method: 'engraving' }], methods, 1)).toThrow(/engraving/)
  })

  test('a decorated line adds the per-unit part to every size and keeps the set-up as its own amount, to the cent', () => {
    const line = priceDecoratedLine(
      { M: 4200, L: 4200, '2XL': 4600 },
      { M: 2, L: 1, '2XL': 3 },
      [
        { printAreaId: 1, method: 'embroidery' },
        { printAreaId: 2, method: 'screen_print' },
      ],
      methods,
    )
    expect(line.unitPrices).toEqual({ M: 4900, L: 4900, '2XL': 5300 })
    expect(line.sizeAmounts).toEqual({ M: 9800, L: 4900, '2XL': 15900 })
    expect(line.quote).toEqual({ perUnit: 700, setup: 4500, total: 700 * 6 + 4500 })
    expect(line.amount).toBe(9800 + 4900 + 15900 + 4500)
    // The garment and the decoration add up to the line: nothing lost to rounding.
    expect(line.amount).toBe(4200 * 3 + 4600 * 3 + line.quote.total)
  })

  test('a size without a garment price is refused', () => {
    expect(() => priceDecoratedLine({ M: 1000 }, { XL: 1 }, [{ printAreaId: 1, method: 'dtg' }], methods)).toThrow(/XL/)
  })
})
