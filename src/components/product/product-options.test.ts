import { describe, expect, test } from 'vitest'
import type { ProductDetails, ProductImage, ProductVariant } from '@/shared/catalog-types'
import { colorOptions, imagesForColor, type LogoOption, logoOptions, NO_SIZE, parseQuantity, sizeOptions } from './product-options'

const partner = { id: 1, name: 'Stitch Co', zip: '30301', street: '1 Main St', city: 'Atlanta', state: 'GA', country: 'US' }
const crest: LogoOption = { id: 21, name: 'Crest', logoInitialPro: 'logos/crest.png', decorationMethod: 'embroidery', decoratorPartnerId: partner }
const wordmark: LogoOption = { id: 22, name: 'Wordmark', logoInitialPro: null, decorationMethod: 'screen print', decoratorPartnerId: partner }

const NAVY = 1
const RED = 2
const GREEN = 3
const [S, M, XL2, XS] = [10, 11, 12, 13]

function variant(id: number, colorValueId: number | null, sizeValueId: number | null, price: number, logoIds: LogoOption[] = [crest]): ProductVariant {
  return { id, sku: `V${id}`, colorValueId, sizeValueId, price, logoIds }
}

const product: Pick<ProductDetails, 'attributeValues' | 'productVariants'> = {
  attributeValues: [
    { id: NAVY, name: 'Navy', attribute: { name: 'Color' }, htmlColor: '#1f2a44' },
    { id: RED, name: 'Red', attribute: { name: 'Color' }, htmlColor: '#c00' },
    { id: GREEN, name: 'Green', attribute: { name: 'Color' }, htmlColor: '#0a0' },
    { id: XL2, name: '2XL', attribute: { name: 'Size' } },
    { id: M, name: 'M', attribute: { name: 'Size' } },
    { id: S, name: 'S', attribute: { name: 'Size' } },
    { id: XS, name: 'XS', attribute: { name: 'Size' } },
  ],
  productVariants: [
    variant(101, NAVY, XL2, 14.5, [crest, wordmark]),
    variant(102, NAVY, M, 12),
    variant(103, NAVY, S, 12, [crest, wordmark]),
    variant(104, RED, M, 12, [wordmark]),
    variant(105, RED, XS, 12, [wordmark]),
  ],
}

describe('product options', () => {
  test('only colours that have variants are offered, in the product’s colour order', () => {
    expect(colorOptions(product).map((color) => color.name)).toEqual(['Navy', 'Red'])
  })

  test('logos are those of the chosen colour’s variants', () => {
    expect(logoOptions(product, NAVY).map((logo) => logo.name)).toEqual(['Crest', 'Wordmark'])
    expect(logoOptions(product, RED).map((logo) => logo.name)).toEqual(['Wordmark'])
  })

  test('sizes come in size order with each size’s own price', () => {
    expect(sizeOptions(product, NAVY, crest.id)).toEqual([
      { name: 'S', variantId: 103, price: 12 },
      { name: 'M', variantId: 102, price: 12 },
      { name: '2XL', variantId: 101, price: 14.5 },
    ])
  })

  test('a logo narrows the sizes to the variants that take it', () => {
    expect(sizeOptions(product, NAVY, wordmark.id).map((size) => size.name)).toEqual(['S', '2XL'])
    expect(sizeOptions(product, RED, crest.id)).toEqual([])
  })

  test('a product without colours, logos or sizes is ordered by plain quantity', () => {
    const plain = { attributeValues: [], productVariants: [variant(9, null, null, 30, [])] }
    expect(colorOptions(plain)).toEqual([])
    expect(logoOptions(plain, null)).toEqual([])
    expect(sizeOptions(plain, null, null)).toEqual([{ name: NO_SIZE, variantId: 9, price: 30 }])
  })

  test('the gallery shows the colour’s own pictures, else the shared ones', () => {
    const image = (name: string, colorValueId: number | null): ProductImage => ({ path: 'p', name, alt: '', colorValueId })
    const images = [image('navy.jpg', NAVY), image('any.jpg', null), image('red.jpg', RED)]
    expect(imagesForColor(images, NAVY).map((i) => i.name)).toEqual(['navy.jpg'])
    expect(imagesForColor(images, GREEN).map((i) => i.name)).toEqual(['any.jpg'])
    expect(imagesForColor([image('red.jpg', RED)], NAVY).map((i) => i.name)).toEqual(['red.jpg'])
  })

  test.each([
    ['12', 12],
    [' 3 ', 3],
    ['', 0],
    ['-2', 0],
    ['1.5', 0],
    ['abc', 0],
    ['1e3', 0],
    ['1000000', 99_999],
  ])('the typed quantity %j counts as %d', (typed, pieces) => {
    expect(parseQuantity(typed)).toBe(pieces)
  })
})
