import { describe, expect, test } from 'vitest'
import { decoratedLocations, quoteDecorations } from './decoration-quote'

const methods = [
  { code: 'embroidery' as const, setupFee: 3500, pricePerLocation: 650 },
  { code: 'screen_print' as const, setupFee: 2500, pricePerLocation: 300 },
]

describe('decoration quote', () => {
  test('adds each location per unit and its setup once per line', () => {
    const design = [
      { printAreaId: 1, method: 'embroidery' as const },
      { printAreaId: 2, method: 'screen_print' as const },
    ]
    expect(quoteDecorations(design, methods, 12)).toEqual({ perUnit: 950, setup: 6000, total: 950 * 12 + 6000 })
  })

  test('two decorations on one area with one method are one location; with two methods, two', () => {
    const sameMethod = [
      { printAreaId: 2, method: 'screen_print' as const },
      { printAreaId: 2, method: 'screen_print' as const },
    ]
    expect(decoratedLocations(sameMethod)).toHaveLength(1)
    expect(quoteDecorations(sameMethod, methods, 1)).toEqual({ perUnit: 300, setup: 2500, total: 2800 })
    expect(quoteDecorations([...sameMethod, { printAreaId: 2, method: 'embroidery' }], methods, 1).perUnit).toBe(950)
  })

  test('a design without decorations costs nothing', () => {
    expect(quoteDecorations([], methods, 5)).toEqual({ perUnit: 0, setup: 0, total: 0 })
  })

  test('refuses unknown methods and partial pieces rather than pricing them at zero', () => {
    expect(() => quoteDecorations([{ printAreaId: 1, method: 'dtg' }], methods, 1)).toThrow("Unknown decoration method 'dtg'.")
    expect(() => quoteDecorations([], methods, 1.5)).toThrow()
  })
})
