import { describe, expect, test } from 'vitest'
import { CartItemInputSchema, CartItemsInputSchema, cartItemKey, mergeCartItems } from './cart'

const polo = { productId: 7, colorId: 3, logoId: 11, quantity: { M: 2, L: 1 } }

function problemOf(input: unknown): string {
  const parsed = CartItemsInputSchema.safeParse(input)
  if (parsed.success) throw new Error('expected the input to be refused')
  return parsed.error.issues.map((issue) => issue.message).join('; ')
}

describe('cart item input', () => {
  test('ids and whole pieces per size are accepted as they are', () => {
    expect(CartItemInputSchema.parse(polo)).toEqual(polo)
    expect(CartItemInputSchema.parse({ ...polo, colorId: null, logoId: null })).toMatchObject({ colorId: null, logoId: null })
  })

  test.each([
    ['zero pieces', { M: 0 }, 'at least 1 piece'],
    ['negative pieces', { M: -3 }, 'at least 1 piece'],
    ['a fraction of a piece', { M: 1.5 }, 'whole number of pieces'],
    ['pieces as a string', { M: '2' }, 'must be a number of pieces'],
    ['a huge number of pieces', { M: 10_001 }, 'at most 10,000 pieces per size'],
    ['infinitely many pieces (1e400 parses as Infinity)', { M: Number.POSITIVE_INFINITY }, 'Quantity must be'],
    ['no sizes at all', {}, 'at least one size'],
  ])('%s is refused with a clear message', (_what, quantity, message) => {
    expect(problemOf([{ ...polo, quantity }])).toContain(message)
  })

  test('more than 60 sizes on one line is refused', () => {
    const quantity = Object.fromEntries(Array.from({ length: 61 }, (_, index) => [`S${index}`, 1]))
    expect(problemOf([{ ...polo, quantity }])).toContain('at most 60 sizes')
  })

  test('ids must be positive whole numbers; colour and logo may be null but not missing', () => {
    expect(problemOf([{ ...polo, productId: 0 }])).toContain('productId must be positive')
    expect(problemOf([{ ...polo, productId: 2.5 }])).toContain('productId must be a whole number')
    expect(problemOf([{ ...polo, logoId: '11' }])).toContain('logoId must be a number')
    const { colorId: _colorId, ...withoutColor } = polo
    expect(CartItemsInputSchema.safeParse([withoutColor]).success).toBe(false)
  })

  test('a price is nowhere to be sent: an item with one is refused, not read', () => {
    const parsed = CartItemsInputSchema.safeParse([{ ...polo, priceTotal: 0.01, unitPrices: { M: 0 } }])
    expect(parsed.success).toBe(false)
    expect(parsed.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['priceTotal', 'unitPrices'] })
  })

  test('a cart has at most 50 lines', () => {
    const lines = Array.from({ length: 51 }, (_, index) => ({ ...polo, productId: index + 1 }))
    expect(problemOf(lines)).toContain('at most 50 lines')
    expect(CartItemsInputSchema.parse(lines.slice(0, 50))).toHaveLength(50)
  })

  test('a size named __proto__ never reaches an object prototype', () => {
    expect(CartItemsInputSchema.safeParse([JSON.parse('{"productId":1,"colorId":null,"logoId":null,"quantity":{"__proto__":2}}')]).success).toBe(false)
    const [item] = CartItemsInputSchema.parse([JSON.parse('{"productId":1,"colorId":null,"logoId":null,"quantity":{"__proto__":{"x":1},"M":1}}')])
    expect(Object.getPrototypeOf(item!.quantity)).toBe(Object.prototype)
    expect(Object.keys(item!.quantity)).toEqual(['M'])
  })
})

describe('merging cart lines', () => {
  test('the line key is product, colour and logo, with 0 for none (as the browser keys lines)', () => {
    expect(cartItemKey(polo)).toBe('7:3:11')
    expect(cartItemKey({ productId: 7, colorId: null, logoId: null })).toBe('7:0:0')
  })

  test('the same product, colour and logo twice becomes one line with the pieces added per size', () => {
    expect(mergeCartItems([polo, { ...polo, quantity: { L: 2, XL: 4 } }, { ...polo, logoId: 12 }])).toEqual([
      { ...polo, quantity: { M: 2, L: 3, XL: 4 } },
      { ...polo, logoId: 12 },
    ])
  })

  test('merging does not change the items it was given', () => {
    const first = { ...polo, quantity: { M: 1 } }
    mergeCartItems([first, { ...polo, quantity: { M: 5 } }])
    expect(first.quantity).toEqual({ M: 1 })
  })

  test('the cart schema merges duplicates, and merged pieces must still be within the bound', () => {
    expect(CartItemsInputSchema.parse([polo, polo])).toEqual([{ ...polo, quantity: { M: 4, L: 2 } }])
    expect(problemOf([{ ...polo, quantity: { M: 6000 } }, { ...polo, quantity: { M: 6000 } }])).toContain('at most 10,000 pieces per size (size M of product 7)')
  })
})
