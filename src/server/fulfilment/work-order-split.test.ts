import { describe, expect, test } from 'vitest'
import type { OrderLineDesignSnapshot } from '../db/schema'
import { type SplitLine, splitByPartner } from './work-order-split'

// Partners 10 and 20 own logos 1 and 2; variant 100 allows logo 2; product 7's variants allow logo 1.
const facts = { logoPartner: new Map([[1, 10], [2, 20]]), variantPartner: new Map([[100, 20]]), productPartner: new Map([[7, 10]]) }

let next = 0
function line(overrides: Partial<SplitLine>): SplitLine {
  next += 1
  return { id: next, sequence: next, lineType: 'product', productId: 1, productVariantId: null, logoId: null, designId: null, design: null, quantity: 1, ...overrides }
}

const designWith = (logoId: number | null): OrderLineDesignSnapshot => ({
  decorations: [
    {
      kind: logoId === null ? 'text' : 'logo',
      view: 'front',
      printArea: { code: 'left-chest', name: 'Left chest' },
      method: { code: 'embroidery', name: 'Embroidery' },
      x: 0,
      y: 0,
      width: 3,
      height: 2,
      logo: logoId === null ? null : { id: logoId, name: 'Logo' },
      artworkId: null,
      text: logoId === null ? 'ALEX' : null,
      font: null,
      color: null,
    },
  ],
  mockups: {},
  perUnit: 0,
  setup: 0,
})

const idsOf = (split: Map<number, SplitLine[]>) => Object.fromEntries([...split].map(([partner, lines]) => [partner, lines.map((each) => each.id)]))

describe('which partner decorates each line', () => {
  test('a logo line goes to its logo’s partner, a designed line to its first logo’s, its set-up with it', () => {
    const polo = line({ logoId: 1 })
    const hoodie = line({ designId: 'd1', design: designWith(2) })
    const setup = line({ lineType: 'setup', designId: 'd1', design: designWith(2) })
    expect(idsOf(splitByPartner([polo, hoodie, setup], facts))).toEqual({ 10: [polo.id], 20: [hoodie.id, setup.id] })
  })

  test('a text-only design and its set-up follow the garment’s logos; a plain line with nothing goes to the order’s first partner', () => {
    const text = line({ productVariantId: 100, designId: 'd2', design: designWith(null) })
    const setup = line({ lineType: 'setup', designId: 'd2', design: designWith(null) })
    const plain = line({ productVariantId: 555 })
    const reward = line({ lineType: 'reward', productId: 7 })
    expect(idsOf(splitByPartner([text, setup, plain, reward], facts))).toEqual({ 20: [text.id, setup.id, plain.id], 10: [reward.id] })
  })

  test('an order without any decoration partner gets no work order', () => {
    expect(splitByPartner([line({ productVariantId: 555 }), line({ lineType: 'reward', productId: 99 })], facts).size).toBe(0)
  })
})
