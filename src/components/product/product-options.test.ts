import { describe, expect, test } from 'vitest'
import type { ProductDetails, ProductImage, ProductVariant } from '@/isomorphic/catalog-types'
import {
  chosenLogoId,
  colorOptions,
  imagesFor,
  imagesForColor,
  initialColorId,
  type LogoOption,
  logoOptions,
  quantityTiers,
  sizeOptions,
  unitPriceFor,
} from './product-options'
import { NO_SIZE } from '@/isomorphic/variant-resolution'

const partner = { id: 1, name: 'Stitch Co', zip: '30301', street: '1 Main St', city: 'Atlanta', state: 'GA', country: 'US' }
const crest: LogoOption = { id: 21, name: 'Crest', logoInitialPro: 'logos/crest.png', decorationMethod: 'embroidery', decoratorPartnerId: partner }
const wordmark: LogoOption = { id: 22, name: 'Wordmark', logoInitialPro: null, decorationMethod: 'screen print', decoratorPartnerId: partner }

const NAVY = 1
const RED = 2
const GREEN = 3
const [S, M, XL2, XS] = [10, 11, 12, 13]

function image(name: string, colorValueId: number | null, logoId: number | null = null): ProductImage {
  return { path: 'p', name, alt: '', colorValueId, logoId }
}

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

describe('the colour a product page opens on', () => {
  test('is the colour of the first picture, the one the shop list showed', () => {
    expect(initialColorId(colorOptions(product), [image('red', RED), image('navy', NAVY)])).toBe(RED)
  })

  test('is the first colour when the first picture has none of the offered colours', () => {
    expect(initialColorId(colorOptions(product), [image('any', null), image('red', RED)])).toBe(NAVY)
    expect(initialColorId(colorOptions(product), [image('green', GREEN)])).toBe(NAVY)
    expect(initialColorId([], [image('red', RED)])).toBeNull()
  })
})

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
    const images = [image('navy.jpg', NAVY), image('any.jpg', null), image('red.jpg', RED)]
    expect(imagesForColor(images, NAVY).map((i) => i.name)).toEqual(['navy.jpg'])
    expect(imagesForColor(images, GREEN).map((i) => i.name)).toEqual(['any.jpg'])
    expect(imagesForColor([image('red.jpg', RED)], NAVY).map((i) => i.name)).toEqual(['red.jpg'])
  })

  test('the logo first chosen is the one the first picture shows, not the first one offered', () => {
    const images = [image('navy-wordmark.png', NAVY, wordmark.id), image('navy-crest.png', NAVY, crest.id)]
    expect(chosenLogoId([crest, wordmark], null, images, NAVY)).toBe(wordmark.id)
  })

  test('the logo first chosen follows the chosen colour’s first picture', () => {
    const images = [image('navy-wordmark.png', NAVY, wordmark.id), image('red-crest.png', RED, crest.id)]
    expect(chosenLogoId([crest, wordmark], null, images, RED)).toBe(crest.id)
  })

  test('a picture’s logo the colour does not offer is passed over for the first logo offered', () => {
    const images = [image('navy-crest.png', NAVY, crest.id), image('navy-plain.jpg', NAVY)]
    expect(chosenLogoId([wordmark], null, images, NAVY)).toBe(wordmark.id)
    expect(chosenLogoId([], null, images, NAVY)).toBeNull()
  })

  test('the shopper’s choice stands while the colour offers it, and gives way when it does not', () => {
    const images = [image('navy-crest.png', NAVY, crest.id), image('navy-wordmark.png', NAVY, wordmark.id)]
    expect(chosenLogoId([crest, wordmark], wordmark.id, images, NAVY)).toBe(wordmark.id)
    expect(chosenLogoId([crest], wordmark.id, images, NAVY)).toBe(crest.id)
  })

  test('the gallery shows the pictures of the chosen colour with the chosen logo, and those with no logo in particular', () => {
    const images = [
      image('navy-crest.png', NAVY, crest.id),
      image('navy-wordmark.png', NAVY, wordmark.id),
      image('navy-photo.jpg', NAVY),
      image('red-wordmark.png', RED, wordmark.id),
    ]
    expect(imagesFor(images, NAVY, wordmark.id).map((i) => i.name)).toEqual(['navy-wordmark.png', 'navy-photo.jpg'])
    expect(imagesFor(images, NAVY, crest.id).map((i) => i.name)).toEqual(['navy-crest.png', 'navy-photo.jpg'])
  })

  test('when no picture of the colour shows the chosen logo, the gallery shows all the colour’s pictures', () => {
    const images = [image('navy-crest.png', NAVY, crest.id), image('red-crest.png', RED, crest.id)]
    expect(imagesFor(images, NAVY, wordmark.id).map((i) => i.name)).toEqual(['navy-crest.png'])
    expect(imagesFor(images, NAVY, null).map((i) => i.name)).toEqual(['navy-crest.png'])
  })

  test('when no picture has the chosen colour, the gallery narrows all the pictures to the chosen logo', () => {
    const images = [image('navy-crest.png', NAVY, crest.id), image('navy-wordmark.png', NAVY, wordmark.id)]
    expect(imagesFor(images, GREEN, wordmark.id).map((i) => i.name)).toEqual(['navy-wordmark.png'])
  })
})

describe('the product page’s quantity pricing', () => {
  const priced = { basePrice: 20, priceBreaks: [{ minQuantity: 12, price: 18 }, { minQuantity: 48, price: 16 }] }

  test('reads the tiers as "1–11 $20.00 · 12–47 $18.00 · 48+ $16.00"', () => {
    expect(quantityTiers(priced)).toEqual([
      { from: 1, to: 11, price: 20 },
      { from: 12, to: 47, price: 18 },
      { from: 48, to: null, price: 16 },
    ])
    expect(quantityTiers({ basePrice: 20, priceBreaks: [] })).toEqual([])
  })

  test('shows each size at the price of the pieces entered, the 2XL keeping its upcharge', () => {
    expect(unitPriceFor(priced, 20, 11)).toBe(20)
    expect(unitPriceFor(priced, 20, 12)).toBe(18)
    expect(unitPriceFor(priced, 22, 12)).toBe(20)
    expect(unitPriceFor(priced, 22.5, 48)).toBe(18.5)
  })
})
