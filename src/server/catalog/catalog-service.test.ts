import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { products } from '@/server/db/schema'
import { createDecorationPartner, createLogo, createProduct } from '../../../tests/factories/catalog'
import { createHomePage } from '../../../tests/factories/content'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { findProductBySlug, listFeaturedProducts, listProducts } from './catalog-service'

describe.each(testDatabaseKinds())('the catalog on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let otherWebsiteId: number
  let crest: Awaited<ReturnType<typeof createLogo>>
  let wordmark: Awaited<ReturnType<typeof createLogo>>
  let polo: Awaited<ReturnType<typeof createProduct>>
  let jacket: Awaited<ReturnType<typeof createProduct>>

  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    otherWebsiteId = (await createWebsite()).id
    const partner = await createDecorationPartner({ name: 'Stitch Works', zip: '29601-1234', street: '120 Mill Road', city: 'Greenville', stateCode: 'SC' })
    crest = await createLogo({ name: 'Left Chest Crest', decorationPartnerId: partner.id, image: 'logos/crest.png' })
    wordmark = await createLogo({ name: 'Full Back Wordmark' })
    polo = await createProduct({
      websiteId,
      name: 'Core Blend Polo',
      templateSkuCode: 'K500',
      websiteSequence: 20,
      colors: [{ name: 'Navy', htmlColor: '#1f2a44', sequence: 2 }, { name: 'Black', htmlColor: '#000000', sequence: 1 }],
      sizes: ['XL', 'S', '2XL', 'M'],
      priceAmount: 1800,
      sizePrices: { '2XL': 2100 },
      logoSets: [[crest], [crest, wordmark]],
      categories: ['Polos', 'Best Sellers'],
      brand: 'Port Authority',
      images: [{ name: 'back.jpg', sequence: 2 }, { name: 'front.jpg', sequence: 1, color: 'Navy', logo: wordmark }],
    })
    jacket = await createProduct({
      websiteId,
      name: 'Soft Shell Jacket',
      websiteSequence: 10,
      colors: ['Red'],
      sizes: ['M'],
      priceAmount: 5500,
      logos: [wordmark],
      brand: null,
      categories: [],
      images: [],
    })
    await createProduct({ websiteId, name: 'Hidden Draft', isPublished: false })
    await createProduct({ websiteId: otherWebsiteId, name: 'Other Store Tee' })
  })

  test('lists the published products of the website in website order', async () => {
    const list = await listProducts({ websiteId })
    expect(list.map((p) => p.name)).toEqual(['Soft Shell Jacket', 'Core Blend Polo'])
  })

  test('gives a list item its price range from its variants, in dollars', async () => {
    const [, item] = await listProducts({ websiteId })
    expect(item).toMatchObject({ price: 18, maxPrice: 21, templateSkuCode: 'K500', slug: polo.slug, websiteSequence: 20 })
  })

  test('lists colors, then sizes in size order, then the logos as Logo values', async () => {
    const [, item] = await listProducts({ websiteId })
    expect(item!.attributeValues.map((v) => `${v.attribute.name}:${v.name}`)).toEqual([
      'Color:Black',
      'Color:Navy',
      'Size:S',
      'Size:M',
      'Size:XL',
      'Size:2XL',
      'Logo:Full Back Wordmark',
      'Logo:Left Chest Crest',
    ])
    expect(item!.attributeValues[1]).toEqual({ id: expect.any(Number), name: 'Navy', attribute: { name: 'Color' }, htmlColor: '#1f2a44' })
    expect(item!.attributeValues[2]).not.toHaveProperty('htmlColor')
  })

  test('collapses variants to their distinct logo sets', async () => {
    const [jacketItem, poloItem] = await listProducts({ websiteId })
    expect(poloItem!.productVariants).toEqual([
      { id: polo.variants[0]!.id, logoIds: [{ id: crest.id, name: 'Left Chest Crest' }] },
      {
        id: polo.variants[4]!.id,
        logoIds: [
          { id: crest.id, name: 'Left Chest Crest' },
          { id: wordmark.id, name: 'Full Back Wordmark' },
        ].sort((a, b) => a.id - b.id),
      },
    ])
    expect(jacketItem!.productVariants).toEqual([{ id: jacket.variants[0]!.id, logoIds: [{ id: wordmark.id, name: 'Full Back Wordmark' }] }])
  })

  test('gives categories, brand and first image, or empty values', async () => {
    const [jacketItem, poloItem] = await listProducts({ websiteId })
    expect(poloItem!.categories.map((c) => c.name).sort()).toEqual(['Best Sellers', 'Polos'])
    expect(poloItem!.drBrandId).toEqual({ id: expect.any(Number), name: 'Port Authority' })
    expect(poloItem!.image).toEqual({ path: expect.stringMatching(/^products\//), name: 'front.jpg', alt: 'Core Blend Polo front', colorValueId: expect.any(Number), logoId: wordmark.id })
    expect(jacketItem).toMatchObject({ categories: [], drBrandId: null, image: null })
  })

  test('keeps list items compact: no descriptions, no logo artwork', async () => {
    const json = JSON.stringify(await listProducts({ websiteId }))
    expect(json).not.toContain('description')
    expect(json).not.toContain('logoInitialPro')
  })

  test('finds a product by slug with its variants, their logos and the decoration partner address', async () => {
    const details = await findProductBySlug({ websiteId, slug: polo.slug })
    expect(details).toMatchObject({
      id: polo.id,
      name: 'Core Blend Polo',
      description: expect.any(String),
      weight: 0.5,
      taxCode: 'PC040100',
      price: 18,
      maxPrice: 21,
    })
    expect(details!.images.map((image) => [image.name, image.logoId])).toEqual([
      ['front.jpg', wordmark.id],
      ['back.jpg', null],
    ])
    expect(details!.productVariants).toHaveLength(8)
    const twoXl = details!.productVariants.find((variant) => variant.sku.endsWith('-2XL'))
    expect(twoXl).toMatchObject({ price: 21, colorValueId: expect.any(Number), sizeValueId: expect.any(Number) })
    expect(details!.productVariants[0]!.logoIds).toEqual([
      {
        id: crest.id,
        name: 'Left Chest Crest',
        logoInitialPro: 'logos/crest.png',
        decorationMethod: 'embroidery',
        decoratorPartnerId: { id: expect.any(Number), name: 'Stitch Works', zip: '29601-1234', street: '120 Mill Road', city: 'Greenville', state: 'SC', country: 'US' },
      },
    ])
  })

  test('finds nothing for an unknown slug, an unpublished product or another website', async () => {
    expect(await findProductBySlug({ websiteId, slug: 'no-such-product' })).toBeNull()
    const [draft] = await db().select({ slug: products.slug }).from(products).where(eq(products.name, 'Hidden Draft'))
    expect(await findProductBySlug({ websiteId, slug: draft!.slug })).toBeNull()
    expect(await findProductBySlug({ websiteId: otherWebsiteId, slug: polo.slug })).toBeNull()
  })

  test('lists featured products by id in the given order, leaving out unknown ones', async () => {
    const featured = await listFeaturedProducts({ websiteId, ids: [polo.id, 999_999, jacket.id, polo.id] })
    expect(featured.map((p) => p.id)).toEqual([polo.id, jacket.id])
    expect(await listFeaturedProducts({ websiteId, ids: [] })).toEqual([])
  })

  test("lists the home page's featured slugs in their order without ids", async () => {
    expect(await listFeaturedProducts({ websiteId })).toEqual([])
    await createHomePage({ websiteId, featuredProductSlugs: [polo.slug, 'gone', jacket.slug] })
    const featured = await listFeaturedProducts({ websiteId })
    expect(featured.map((p) => p.name)).toEqual(['Core Blend Polo', 'Soft Shell Jacket'])
  })
})
