import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { products, productVariants } from '@/server/db/schema'
import { DomainError } from '@/server/kernel/errors'
import { createDecorationPartner, createLogo, createProduct } from '../../../tests/factories/catalog'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { CartItemsInputSchema } from '@/isomorphic/contract/cart'
import { priceCartItems, priceCartItemsLeniently } from './cart-pricing'

describe.each(testDatabaseKinds())('pricing cart items on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let otherWebsiteId: number
  let polo: Awaited<ReturnType<typeof createProduct>>
  let crest: Awaited<ReturnType<typeof createLogo>>
  let foreignLogo: Awaited<ReturnType<typeof createLogo>>
  let navyId: number
  let redId: number

  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    otherWebsiteId = (await createWebsite()).id
    const decorator = await createDecorationPartner({ name: 'Stitch Works', street: '120 Mill Road', city: 'Greenville', stateCode: 'SC', zip: '29601-1234' })
    crest = await createLogo({ name: 'Crest', decorationPartnerId: decorator.id })
    foreignLogo = await createLogo({ name: 'Other crest' })
    polo = await createProduct({
      websiteId,
      name: 'Core Blend Polo',
      colors: ['Navy', 'Red'],
      sizes: ['S', 'M', '2XL'],
      priceAmount: 2000,
      sizePrices: { '2XL': 2350 },
      weight: 0.45,
      taxCode: 'PC040144',
      logoSets: [[crest], [foreignLogo]],
    })
    const colorIds = [...new Set(polo.variants.map((variant) => variant.colorValueId!))]
    navyId = colorIds[0]!
    redId = colorIds[1]!
  })

  const item = (overrides: Partial<{ productId: number; colorId: number | null; logoId: number | null; quantity: Record<string, number> }> = {}) => ({
    productId: polo.id,
    colorId: navyId,
    logoId: crest.id,
    quantity: { S: 2, '2XL': 3 },
    ...overrides,
  })

  test('a line is priced from the variants in the database: each size at its own price', async () => {
    const [line] = await priceCartItems(db(), websiteId, [item()])
    expect(line).toEqual({
      key: `${polo.id}:${navyId}:${crest.id}`,
      productId: polo.id,
      name: 'Core Blend Polo',
      templateSkuCode: polo.templateSkuCode,
      taxCode: 'PC040144',
      quantity: { S: 2, '2XL': 3 },
      totalQuantity: 5,
      amount: 2 * 2000 + 3 * 2350,
      weight: 2.25,
      origin: {
        name: 'Stitch Works',
        street: '120 Mill Road',
        street2: null,
        city: 'Greenville',
        stateCode: 'SC',
        countryCode: 'US',
        zip: '29601-1234',
      },
    })
  })

  test('a tampered client price changes nothing: the input has nowhere to carry one', async () => {
    const tampered = { ...item(), priceTotal: 0.01, unitPrices: { S: 0, '2XL': 0 }, amount: 1 }
    expect(CartItemsInputSchema.safeParse([tampered]).success).toBe(false)
    // Even if a caller smuggled extra fields past the schema, pricing reads only ids and pieces.
    const [line] = await priceCartItems(db(), websiteId, [tampered as ReturnType<typeof item>])
    expect(line!.amount).toBe(11_050)
  })

  test('a size the product does not offer is refused, naming the product and the size', async () => {
    const attempt = priceCartItems(db(), websiteId, [item({ quantity: { XS: 1 } })])
    await expect(attempt).rejects.toBeInstanceOf(DomainError)
    await expect(attempt).rejects.toMatchObject({ code: 'invalid', userMessage: 'Core Blend Polo is not offered in size XS.' })
  })

  test('a logo the colour may not carry is refused', async () => {
    await expect(priceCartItems(db(), websiteId, [item({ logoId: foreignLogo.id })])).rejects.toMatchObject({
      code: 'invalid',
      userMessage: 'Core Blend Polo cannot be decorated with the chosen logo. Remove it from the cart.',
    })
    // The red variants carry the other logo, so that pairing prices.
    const [line] = await priceCartItems(db(), websiteId, [item({ colorId: redId, logoId: foreignLogo.id, quantity: { M: 1 } })])
    expect(line!.amount).toBe(2000)
  })

  test('a product decorated with logos needs one chosen', async () => {
    await expect(priceCartItems(db(), websiteId, [item({ logoId: null })])).rejects.toMatchObject({ userMessage: 'Choose a logo for Core Blend Polo.' })
  })

  test('a product that comes in colours needs one chosen: no colour is not "the first variant"', async () => {
    await expect(priceCartItems(db(), websiteId, [item({ colorId: null })])).rejects.toMatchObject({ code: 'invalid', userMessage: 'Choose a colour for Core Blend Polo.' })
    const { priced, dropped } = await priceCartItemsLeniently(db(), websiteId, [item({ colorId: null })])
    expect(priced).toHaveLength(0)
    expect(dropped.map((line) => line.message)).toEqual(['Choose a colour for Core Blend Polo.'])
  })

  test('a colour the product does not come in is refused', async () => {
    await expect(priceCartItems(db(), websiteId, [item({ colorId: 999_999 })])).rejects.toMatchObject({ code: 'invalid' })
  })

  test('a product of another website, an unknown one and an unpublished one are refused', async () => {
    const elsewhere = await createProduct({ websiteId: otherWebsiteId, logos: [crest] })
    await expect(priceCartItems(db(), websiteId, [item({ productId: elsewhere.id })])).rejects.toMatchObject({
      userMessage: `Product ${elsewhere.id} is not available in this store. Remove it from the cart.`,
    })
    await expect(priceCartItems(db(), websiteId, [item({ productId: 999_999 })])).rejects.toMatchObject({ code: 'invalid' })
    const hidden = await createProduct({ websiteId, logos: [crest], isPublished: false })
    const colorId = hidden.variants[0]!.colorValueId
    await expect(priceCartItems(db(), websiteId, [{ productId: hidden.id, colorId, logoId: crest.id, quantity: { S: 1 } }])).rejects.toMatchObject({
      code: 'invalid',
    })
  })

  test('a product without colours or logos is ordered by plain quantity and has no origin', async () => {
    const mug = await createProduct({ websiteId, name: 'Camp Mug', colors: [], sizes: [], priceAmount: 1200, weight: 1 })
    await db().insert(productVariants).values({ productId: mug.id, sku: 'MUG', priceAmount: 1200 })
    const [line] = await priceCartItems(db(), websiteId, [{ productId: mug.id, colorId: null, logoId: null, quantity: { Quantity: 4 } }])
    expect(line).toMatchObject({ key: `${mug.id}:0:0`, amount: 4800, weight: 4, origin: null })
  })

  test('pricing leniently keeps what prices and names what does not', async () => {
    const gone = await createProduct({ websiteId, name: 'Retired Tee', logos: [crest] })
    const goneItem = { productId: gone.id, colorId: gone.variants[0]!.colorValueId, logoId: crest.id, quantity: { S: 1 } }
    await db().update(products).set({ isPublished: false }).where(eq(products.id, gone.id))
    const { priced, kept, dropped } = await priceCartItemsLeniently(db(), websiteId, [item(), goneItem])
    expect(priced.map((entry) => entry.line.productId)).toEqual([polo.id])
    expect(kept).toEqual([item()])
    expect(dropped).toEqual([{ key: `${gone.id}:${goneItem.colorId}:${crest.id}`, productId: gone.id, message: `Product ${gone.id} is not available in this store. Remove it from the cart.` }])
    expect(priced[0]!.display).toMatchObject({
      slug: polo.slug,
      color: { id: navyId, name: 'Navy' },
      logo: { id: crest.id, name: 'Crest', decoratorPartnerId: { zip: '29601-1234', street: '120 Mill Road', city: 'Greenville', state: 'SC', country: 'US' } },
      unitPrices: { S: 20, '2XL': 23.5 },
      priceTotal: 110.5,
      totalQuantity: 5,
    })
  })
})
