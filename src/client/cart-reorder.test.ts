import { describe, expect, test } from 'vitest'
import type { CartItemData, PricedCartLineData } from '@/isomorphic/cart-types'
import { cartLineOf, planReorder, type ReorderLine, reorder, reorderOutcome, SUMMARY_MAX_LINES } from './cart-reorder'
import type { NewCartLine } from './stores/cart-store'

const line = (overrides: Partial<ReorderLine> = {}): ReorderLine => ({
  lineType: 'product',
  productId: 7,
  productVariantId: 70,
  colorId: 3,
  size: 'M',
  logo: { id: 5, name: 'Crest' },
  quantity: 2,
  name: 'Core Blend Polo',
  ...overrides,
})

/** What /api/cart/summary answers for an item (today's price: $25.00 a piece). */
const priced = (item: CartItemData, name = 'Core Blend Polo'): PricedCartLineData => {
  const key = `${item.productId}:${item.colorId ?? 0}:${item.logoId ?? 0}`
  const total = Object.values(item.quantity).reduce((sum, pieces) => sum + pieces, 0)
  return {
    key,
    productId: item.productId,
    name,
    slug: 'core-blend-polo',
    templateSkuCode: 'CBP',
    taxCode: 'PC040100',
    weight: 0.5 * total,
    color: item.colorId === null ? null : { id: item.colorId, name: 'Navy', htmlColor: '#1f2a44' },
    logo: null,
    quantity: item.quantity,
    totalQuantity: total,
    unitPrices: Object.fromEntries(Object.keys(item.quantity).map((size) => [size, 25])),
    variantIds: Object.fromEntries(Object.keys(item.quantity).map((size, index) => [size, 70 + index])),
    priceTotal: 25 * total,
    image: null,
  }
}

describe('planning a reorder', () => {
  test('the sizes of one product, colour and logo become one cart item with their pieces added up', () => {
    const plan = planReorder([line(), line({ size: 'L', quantity: 1, productVariantId: 71 }), line({ size: 'M', quantity: 3 })])
    expect(plan.items).toEqual([{ productId: 7, colorId: 3, logoId: 5, quantity: { M: 5, L: 1 } }])
    expect(plan.unavailable).toEqual([])
  })

  test('another colour or logo is another item; a line without a size is ordered by quantity', () => {
    const plan = planReorder([line(), line({ colorId: 4, productVariantId: 72 }), line({ logo: null, productVariantId: 73 }), line({ productId: 8, colorId: null, logo: null, size: null, quantity: 4, name: 'Tote' })])
    expect(plan.items).toEqual([
      { productId: 7, colorId: 3, logoId: 5, quantity: { M: 2 } },
      { productId: 7, colorId: 4, logoId: 5, quantity: { M: 2 } },
      { productId: 7, colorId: 3, logoId: null, quantity: { M: 2 } },
      { productId: 8, colorId: null, logoId: null, quantity: { Quantity: 4 } },
    ])
  })

  test('a promotion’s free product and fee lines are not ordered again; deleted products are unavailable, named once', () => {
    const plan = planReorder([
      line({ lineType: 'reward', name: 'Free cap' }),
      line({ productId: null, name: 'Retired Jacket' }),
      line({ productVariantId: null, name: 'Retired Jacket', size: 'L' }),
      line(),
    ])
    expect(plan.items).toEqual([{ productId: 7, colorId: 3, logoId: 5, quantity: { M: 2 } }])
    expect(plan.unavailable).toEqual(['Retired Jacket'])
  })

  test('a line made in the editor keeps its design, apart from the same product without one', () => {
    const plan = planReorder([line(), line({ designId: '9b2f6c1e-0000-4000-8000-000000000001' })])
    expect(plan.items).toEqual([
      { productId: 7, colorId: 3, logoId: 5, quantity: { M: 2 } },
      { productId: 7, colorId: 3, logoId: 5, designId: '9b2f6c1e-0000-4000-8000-000000000001', quantity: { M: 2 } },
    ])
  })
})

describe('the outcome of a reorder', () => {
  test('priced lines are added at today’s prices; what the store dropped is named with the unavailable ones', () => {
    const plan = planReorder([line(), line({ productId: 9, productVariantId: 90, colorId: 1, logo: null, name: 'Twill Cap' }), line({ productId: null, name: 'Retired Jacket' })])
    const outcome = reorderOutcome(plan, [{ lines: [priced(plan.items[0]!)], dropped: [{ key: '9:1:0', productId: 9, message: 'Product 9 is not available in this store. Remove it from the cart.' }] }])
    expect(outcome.add).toHaveLength(1)
    expect(outcome.add[0]).toMatchObject({ productId: 7, quantity: { M: 2 }, unitPrices: { M: 25 } })
    expect(outcome.add[0]).not.toHaveProperty('key')
    expect(outcome.skipped).toEqual(['Retired Jacket', 'Twill Cap'])
  })

  test('a priced line becomes a cart line without its key and total (the cart store computes them)', () => {
    const line = cartLineOf(priced({ productId: 7, colorId: 3, logoId: 5, quantity: { M: 2 } }))
    expect(line).not.toHaveProperty('totalQuantity')
    expect(line).toMatchObject({ productId: 7, slug: 'core-blend-polo', variantIds: { M: 70 } })
  })

  test('reorder asks the server in batches it accepts and adds every line it priced', async () => {
    const lines = Array.from({ length: SUMMARY_MAX_LINES + 5 }, (_, index) => line({ productId: 100 + index, productVariantId: 1000 + index }))
    const batches: number[] = []
    const added: NewCartLine[] = []
    const result = await reorder(lines, {
      price: async (items) => {
        batches.push(items.length)
        return { lines: items.filter((item) => item.productId !== 101).map((item) => priced(item, `Product ${item.productId}`)), dropped: items.filter((item) => item.productId === 101).map((item) => ({ key: `${item.productId}:3:5`, productId: item.productId, message: 'gone' })) }
      },
      addLine: (cartLine) => added.push(cartLine),
    })
    expect(batches).toEqual([SUMMARY_MAX_LINES, 5])
    expect(result).toEqual({ added: SUMMARY_MAX_LINES + 4, skipped: ['Core Blend Polo'] })
    expect(added).toHaveLength(SUMMARY_MAX_LINES + 4)
  })

  test('when the store cannot be asked nothing is added', async () => {
    const added: NewCartLine[] = []
    await expect(reorder([line()], { price: () => Promise.reject(new Error('offline')), addLine: (cartLine) => added.push(cartLine) })).rejects.toThrow('offline')
    expect(added).toEqual([])
  })
})
