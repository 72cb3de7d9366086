import { describe, expect, test } from 'vitest'
import { NO_SIZE, variantsBySize, variantsOfColor, variantsWithLogo } from './variant-resolution'

type Variant = { id: number; colorValueId: number | null; size: string | null; logos: number[] }
const NAVY = 1
const RED = 2
const CREST = 21
const variants: Variant[] = [
  { id: 1, colorValueId: NAVY, size: 'M', logos: [] },
  { id: 2, colorValueId: NAVY, size: 'M', logos: [CREST] },
  { id: 3, colorValueId: NAVY, size: 'L', logos: [CREST] },
  { id: 4, colorValueId: RED, size: 'M', logos: [CREST] },
  { id: 5, colorValueId: NAVY, size: null, logos: [] },
]
const carries = (variant: Variant, logoId: number) => variant.logos.includes(logoId)
const ids = (list: Variant[]) => list.map((variant) => variant.id)

describe('the variant a line is made of', () => {
  test('is one of the chosen colour; with no colour chosen, any variant may be', () => {
    expect(ids(variantsOfColor(variants, NAVY))).toEqual([1, 2, 3, 5])
    expect(ids(variantsOfColor(variants, null))).toEqual([1, 2, 3, 4, 5])
  })

  test('carries the chosen logo; with no logo chosen, any variant of the colour may be', () => {
    expect(ids(variantsWithLogo(variantsOfColor(variants, NAVY), CREST, carries))).toEqual([2, 3])
    expect(ids(variantsWithLogo(variantsOfColor(variants, NAVY), null, carries))).toEqual([1, 2, 3, 5])
  })

  test('is the first variant of each size, in the product’s variant order', () => {
    const bySize = variantsBySize(variantsOfColor(variants, NAVY), (variant) => variant.size ?? NO_SIZE)
    expect([...bySize].map(([size, variant]) => [size, variant.id])).toEqual([
      ['M', 1],
      ['L', 3],
      [NO_SIZE, 5],
    ])
  })

  test('never is a variant whose size cannot be named', () => {
    const bySize = variantsBySize(variants, (variant) => variant.size)
    expect([...bySize.keys()]).toEqual(['M', 'L'])
  })
})
