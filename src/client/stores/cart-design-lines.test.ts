import { describe, expect, test } from 'vitest'
import { cartItemsOf } from '../cart-sync-merge'
import { cartLineKey, type NewCartLine, withLineAdded } from './cart-store'

const hoodie: NewCartLine = {
  productId: 7,
  name: 'Pullover Hoodie',
  slug: 'pullover-hoodie',
  templateSkuCode: 'PC78H',
  color: { id: 3, name: 'Navy' },
  logo: { id: 11, name: 'Crest' },
  quantity: { M: 2 },
  unitPrices: { M: 38.5 },
}

describe('designed cart lines', () => {
  test('the key carries the design, so lines with different designs never merge', () => {
    expect(cartLineKey(hoodie)).toBe('7:3:11')
    expect(cartLineKey({ ...hoodie, designId: 'd-1' })).toBe('7:3:11:d-1')

    let lines = withLineAdded([], hoodie)
    lines = withLineAdded(lines, { ...hoodie, designId: 'd-1' })
    lines = withLineAdded(lines, { ...hoodie, designId: 'd-2', quantity: { L: 1 } })
    expect(lines.map((line) => line.key)).toEqual(['7:3:11', '7:3:11:d-1', '7:3:11:d-2'])
  })

  test('the same design added again adds its pieces to its line', () => {
    const lines = withLineAdded(withLineAdded([], { ...hoodie, designId: 'd-1' }), { ...hoodie, designId: 'd-1', quantity: { M: 1, L: 4 } })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ designId: 'd-1', quantity: { M: 3, L: 4 }, totalQuantity: 7 })
  })

  test('the server is told the design of a line, and nothing about undesigned ones', () => {
    const lines = withLineAdded(withLineAdded([], hoodie), { ...hoodie, designId: 'd-1' })
    expect(cartItemsOf(lines)).toEqual([
      { productId: 7, colorId: 3, logoId: 11, quantity: { M: 2 } },
      { productId: 7, colorId: 3, logoId: 11, designId: 'd-1', quantity: { M: 2 } },
    ])
    expect('designId' in cartItemsOf(lines)[0]!).toBe(false)
  })
})
