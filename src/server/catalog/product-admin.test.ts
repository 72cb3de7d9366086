import { existsSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { AdminProduct, ProductFieldsInput, ProductsAdminMutationResponses, ProductsAdminQueryResponses } from '@/isomorphic/contract/admin-products'
import { isEditConflictData } from '@/isomorphic/contract/admin-edit'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { createWebsite } from '../../../tests/factories/website'
import { createLogo, createProduct as createFactoryProduct, ensureAttributeValue, ensureBrand, ensureCategory } from '../../../tests/factories/catalog'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { insertTestOrder } from '../documents/document-test-support'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import { auditLog, homePages, orderLines, productImages, productPriceBreaks, products, productVariants } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { imagesRoot } from '../images/image-store'
import { listProducts, listProductsCached } from './catalog-service'
import { CURSOR_OF_ANOTHER_SORT } from '../kernel/list-cursor'

// The console's products (issue 16): a store manager creates, edits, duplicates, archives,
// publishes and reorders the products of their store; every save is one transaction with its audit
// row, refuses a stale version with a 409 that names what changed, and shows in the shop at once.

type Q = ProductsAdminQueryResponses
type M = ProductsAdminMutationResponses

describe.each(testDatabaseKinds())('products in the console on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let manager: CoreContext
  let fulfilment: CoreContext
  let otherManager: CoreContext
  let navy: number
  let red: number
  let small: number
  let medium: number
  let xl: number
  let polos: number
  let tees: number
  let brand: number
  let logoId: number
  let counter = 0

  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    const otherStore = (await createWebsite()).id
    manager = await staffContext(websiteId, { role: 'store_manager' })
    fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    otherManager = await staffContext(otherStore, { role: 'store_manager' })
    navy = await ensureAttributeValue(db(), 'Color', 'Navy', { htmlColor: '#1f2a44' })
    red = await ensureAttributeValue(db(), 'Color', 'Red', { htmlColor: '#c0392b' })
    small = await ensureAttributeValue(db(), 'Size', 'S')
    medium = await ensureAttributeValue(db(), 'Size', 'M')
    xl = await ensureAttributeValue(db(), 'Size', 'XL')
    polos = await ensureCategory(db(), websiteId, 'Console Polos')
    tees = await ensureCategory(db(), websiteId, 'Console Tees')
    brand = await ensureBrand(db(), 'Console Brand')
    logoId = (await createLogo()).id
  })

  const fields = (overrides: Partial<ProductFieldsInput> = {}): ProductFieldsInput => {
    counter++
    return {
      websiteId,
      name: `Field Tee ${counter}`,
      slug: `field-tee-${counter}`,
      templateSkuCode: `FT${counter}`,
      description: 'A soft tee.',
      brandId: brand,
      categoryIds: [polos],
      price: 20,
      sizeUpcharges: [{ sizeId: xl, amount: 2 }],
      colorIds: [navy, red],
      sizeIds: [small, medium, xl],
      logoIds: [logoId],
      priceBreaks: [{ minQuantity: 12, price: 17.5 }],
      weight: 0.4,
      published: true,
      ...overrides,
    }
  }
  const create = (value: ProductFieldsInput, ctx = manager) => executeAdminMutation('products.create', value, ctx) as Promise<M['products.create']>
  const update = (product: AdminProduct, change: Partial<ProductFieldsInput>, ctx = manager) =>
    executeAdminMutation('products.update', { ...editable(product), ...change, productId: product.id, version: product.version }, ctx) as Promise<M['products.update']>
  const get = (productId: number, ctx = manager) => executeAdminQuery('products.get', { websiteId, productId }, ctx) as Promise<Q['products.get']>
  const list = (view: Record<string, unknown> = {}) => executeAdminQuery('products.list', { websiteId, ...view }, manager) as Promise<Q['products.list']>
  const auditOf = (productId: number) => db().select().from(auditLog).where(and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, String(productId)))).orderBy(asc(auditLog.id))

  /** What the edit form sends back: every editable field as it opened. */
  function editable(product: AdminProduct): ProductFieldsInput {
    const { id: _id, version: _version, archived: _archived, status: _status, imageCount: _images, websiteSequence: _sequence, updatedAt: _updated, variants, ...rest } = product
    return { ...rest, variants: variants.map(({ id: _variantId, ...variant }) => variant) }
  }

  test('a manager creates a product with two colours and three sizes: the grid has six variants with their SKUs, prices, logos and the price break', async () => {
    const product = await create(fields({ name: 'Grid Tee', slug: 'grid-tee', templateSkuCode: 'GT100', featured: true }))
    expect(product).toMatchObject({ name: 'Grid Tee', status: 'published', price: 20, version: 1, featured: true, priceBreaks: [{ minQuantity: 12, price: 17.5 }] })
    expect(product.variants.map((variant) => [variant.sku, variant.price, variant.logoIds])).toEqual([
      ['GT100-NAVY-S', 20, [logoId]],
      ['GT100-NAVY-M', 20, [logoId]],
      ['GT100-NAVY-XL', 22, [logoId]],
      ['GT100-RED-S', 20, [logoId]],
      ['GT100-RED-M', 20, [logoId]],
      ['GT100-RED-XL', 22, [logoId]],
    ])
    expect(product.sizeUpcharges).toEqual([{ sizeId: xl, amount: 2 }])
    const shop = await listProducts({ websiteId })
    expect(shop.find((item) => item.slug === 'grid-tee')).toMatchObject({ price: 20, maxPrice: 22 })
    const [home] = await db().select().from(homePages).where(eq(homePages.websiteId, websiteId))
    expect(home!.featuredProductSlugs).toContain('grid-tee')
    const [audit] = await auditOf(product.id)
    expect(audit).toMatchObject({ action: 'product.create', websiteId, role: 'store_manager', after: { name: 'Grid Tee', priceAmount: 2000, priceBreaks: ['12+ 1750'], version: 1 } })
  })

  test('an edit saves the whole product in one go and moves its version; the shop sees it at the next read', async () => {
    const product = await create(fields())
    const warm = await listProductsCached({ websiteId })
    expect(warm.find((item) => item.id === product.id)?.name).toBe(product.name)
    const edited = await executeAdminMutation(
      'products.update',
      { ...editable(product), name: 'Renamed Tee', colorIds: [navy], sizeIds: [small, medium], variants: [{ colorId: navy, sizeId: medium, sku: 'CUSTOM-M', price: 21, logoIds: [] }], priceBreaks: [{ minQuantity: 24, price: 16 }, { minQuantity: 12, price: 18 }], productId: product.id, version: 1 },
      manager,
    ) as M['products.update']
    expect(edited).toMatchObject({ name: 'Renamed Tee', version: 2, priceBreaks: [{ minQuantity: 12, price: 18 }, { minQuantity: 24, price: 16 }] })
    expect(edited.variants.map((variant) => [variant.sku, variant.price, variant.logoIds])).toEqual([
      [`${product.templateSkuCode}-NAVY-S`, 20, [logoId]],
      ['CUSTOM-M', 21, []],
    ])
    // The navy S variant kept its id; the red ones and the XL are gone.
    expect(edited.variants[0]!.id).toBe(product.variants[0]!.id)
    expect(await db().select().from(productVariants).where(eq(productVariants.productId, product.id))).toHaveLength(2)
    expect((await listProductsCached({ websiteId })).find((item) => item.id === product.id)?.name).toBe('Renamed Tee')
    const rows = await auditOf(product.id)
    expect(rows.at(-1)).toMatchObject({ action: 'product.update', before: { name: product.name, version: 1 }, after: { name: 'Renamed Tee', version: 2 } })
    expect(rows.at(-1)!.after).not.toHaveProperty('description')
  })

  test('a save from a stale version is a 409 naming who changed which fields, and changes nothing', async () => {
    const product = await create(fields())
    const colleague = await staffContext(websiteId, { role: 'store_manager', email: `colleague-${counter}@example.test` })
    await update(product, { name: 'Changed by a colleague' }, colleague)
    const stale = await refusal(update(product, { description: 'My late change' }))
    expect(stale.code).toBe('conflict')
    expect(stale.userMessage).toContain('was changed by colleague-')
    expect(stale.userMessage).toContain('(name)')
    expect(isEditConflictData(stale.data)).toBe(true)
    expect(stale.data).toMatchObject({ currentVersion: 2, changes: [{ field: 'name', before: product.name, after: 'Changed by a colleague' }] })
    expect((await get(product.id)).description).toBe('A soft tee.')
  })

  test('bad price breaks, a slug or SKU another product has, and a variant below the base are refused with a sentence naming the row', async () => {
    const first = await create(fields())
    const atBase = await refusal(create(fields({ priceBreaks: [{ minQuantity: 12, price: 18 }, { minQuantity: 48, price: 20 }] })))
    expect(atBase.code).toBe('invalid')
    expect(atBase.userMessage).toBe('Price break 2 (from 48 pieces): its price $20.00 must be below the base price $20.00.')
    // The store file's rule: the row is named by its place in the list (from 0).
    const twice = await refusal(create(fields({ priceBreaks: [{ minQuantity: 12, price: 18 }, { minQuantity: 12, price: 17 }] })))
    expect(twice.code).toBe('invalid')
    expect(twice.userMessage).toContain('priceBreaks.1.minQuantity lists 12 pieces twice')
    const one = await refusal(create(fields({ priceBreaks: [{ minQuantity: 1, price: 18 }] })))
    expect(one.code).toBe('invalid')
    const slug = await refusal(create(fields({ slug: first.slug })))
    expect(slug).toMatchObject({ code: 'conflict', userMessage: `The product “${first.name}” already uses the address /product/${first.slug}. Choose another slug.` })
    const sku = await refusal(create(fields({ templateSkuCode: first.templateSkuCode.toLowerCase() })))
    expect(sku).toMatchObject({ code: 'conflict', userMessage: `The product “${first.name}” already has the style code ${first.templateSkuCode}. Choose another SKU.` })
    const below = await refusal(create(fields({ variants: [{ colorId: red, sizeId: medium, price: 19.99 }] })))
    expect(below.userMessage).toBe('Variant Red / M: its price $19.99 is below the base price $20.00. Lower the base price or raise the variant’s.')
    const sameSku = await refusal(create(fields({ variants: [{ colorId: red, sizeId: medium, sku: 'DUP-1' }, { colorId: navy, sizeId: small, sku: 'DUP-1' }] })))
    expect(sameSku.userMessage).toBe('Variant Red / M: the SKU DUP-1 is already the SKU of Navy / S. Each variant needs its own SKU.')
  })

  test('fulfilment is refused (403) and a manager of another store is told the product does not exist (404); nothing changes', async () => {
    const product = await create(fields())
    expect((await refusal(create(fields(), fulfilment))).code).toBe('forbidden')
    expect((await refusal(update(product, { name: 'Fulfilment edit' }, fulfilment))).code).toBe('forbidden')
    expect((await refusal(get(product.id, fulfilment))).code).toBe('forbidden')
    expect((await refusal(get(product.id, otherManager))).code).toBe('not_found')
    expect((await refusal(update(product, { name: 'Other store edit' }, otherManager))).code).toBe('not_found')
    expect((await refusal(executeAdminMutation('products.bulk', { websiteId, action: 'unpublish', productIds: [product.id] }, otherManager))).code).toBe('not_found')
    expect((await get(product.id)).name).toBe(product.name)
  })

  test('a bulk price change moves every variant and break by the percentage, rounded to the cent, with one audit row per product', async () => {
    const a = await create(fields({ price: 19.99, sizeUpcharges: [], priceBreaks: [{ minQuantity: 12, price: 17.49 }] }))
    const b = await create(fields({ price: 10, sizeUpcharges: [{ sizeId: xl, amount: 1.5 }], priceBreaks: [] }))
    const done = (await executeAdminMutation('products.bulk', { websiteId, action: 'adjustPrices', productIds: [a.id, b.id], percent: 10 }, manager)) as M['products.bulk']
    expect(done).toEqual({ action: 'adjustPrices', updated: 2 })
    const [afterA, afterB] = [await get(a.id), await get(b.id)]
    expect(afterA).toMatchObject({ price: 21.99, version: 2, priceBreaks: [{ minQuantity: 12, price: 19.24 }] })
    expect(afterA.variants.every((variant) => variant.price === 21.99)).toBe(true)
    expect(afterB.variants.map((variant) => variant.price)).toEqual([11, 11, 12.65, 11, 11, 12.65])
    expect((await auditOf(a.id)).filter((row) => row.action === 'product.bulk_adjustPrices')).toHaveLength(1)
    expect((await auditOf(b.id)).filter((row) => row.action === 'product.bulk_adjustPrices')).toHaveLength(1)
  })

  test('a bulk action with one product it cannot apply to leaves every selected product as it was', async () => {
    const fine = await create(fields({ price: 30, priceBreaks: [{ minQuantity: 12, price: 25 }] }))
    // Half of 20.00 is 10.00, and half of 19.99 rounds to 10.00: the break would no longer be below the base.
    const failing = await create(fields({ price: 20, priceBreaks: [{ minQuantity: 12, price: 19.99 }] }))
    const refused = await refusal(executeAdminMutation('products.bulk', { websiteId, action: 'adjustPrices', productIds: [fine.id, failing.id], percent: -50 }, manager))
    expect(refused.code).toBe('invalid')
    expect(refused.userMessage).toContain(failing.name)
    expect(refused.userMessage).toContain('Nothing was changed.')
    expect(await get(fine.id)).toMatchObject({ price: 30, version: 1, priceBreaks: [{ minQuantity: 12, price: 25 }] })
    expect((await get(fine.id)).variants.map((variant) => variant.price)).toEqual(fine.variants.map((variant) => variant.price))
    expect(await get(failing.id)).toMatchObject({ price: 20, version: 1 })
    expect((await auditOf(fine.id)).filter((row) => row.action.startsWith('product.bulk'))).toHaveLength(0)

    const missing = await refusal(executeAdminMutation('products.bulk', { websiteId, action: 'unpublish', productIds: [fine.id, 2_000_000_000] }, manager))
    expect(missing.code).toBe('not_found')
    expect((await get(fine.id)).status).toBe('published')
  })

  test('bulk publish, unpublish and categories change each selected product and move its version', async () => {
    const a = await create(fields({ published: false }))
    const b = await create(fields({ published: false }))
    await executeAdminMutation('products.bulk', { websiteId, action: 'publish', productIds: [a.id, b.id] }, manager)
    expect((await get(a.id)).status).toBe('published')
    await executeAdminMutation('products.bulk', { websiteId, action: 'addCategory', productIds: [a.id, b.id], categoryId: tees }, manager)
    expect((await get(a.id)).categoryIds).toEqual([polos, tees].sort((x, y) => x - y))
    await executeAdminMutation('products.bulk', { websiteId, action: 'setCategory', productIds: [a.id], categoryId: tees }, manager)
    expect(await get(a.id)).toMatchObject({ categoryIds: [tees], version: 4 })
    // An open form from before the bulk change is stale now.
    expect((await refusal(update(a, { name: 'stale' }))).code).toBe('conflict')
  })

  test('archiving unpublishes a product and hides it from the default list; the orders pointing at it keep their lines', async () => {
    const product = await create(fields({ featured: true }))
    const variant = product.variants[0]!
    const order = await insertTestOrder({ websiteId }, [
      { productId: product.id, productVariantId: variant.id!, name: product.name, templateSkuCode: product.templateSkuCode, quantity: 3, unitPriceAmount: 2000, subtotalAmount: 6000 },
    ])
    const archived = (await executeAdminMutation('products.archive', { websiteId, productId: product.id, version: product.version }, manager)) as M['products.archive']
    expect(archived).toEqual({ productId: product.id, version: 2, status: 'archived' })
    const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id))
    expect(line).toMatchObject({ productId: product.id, productVariantId: variant.id, quantity: 3 })
    expect((await db().select().from(products).where(eq(products.id, product.id)))[0]).toMatchObject({ isPublished: false })
    expect((await listProducts({ websiteId })).some((item) => item.id === product.id)).toBe(false)
    expect((await list()).rows.some((row) => row.id === product.id)).toBe(false)
    expect((await list({ status: 'archived' })).rows.map((row) => row.id)).toContain(product.id)
    const [home] = await db().select().from(homePages).where(eq(homePages.websiteId, websiteId))
    expect(home!.featuredProductSlugs).not.toContain(product.slug)
    const publish = await refusal(executeAdminMutation('products.setPublished', { websiteId, productId: product.id, version: 2, published: true }, manager))
    expect(publish.userMessage).toBe(`The product “${product.name}” is archived. Restore it before publishing it.`)
    const restored = (await executeAdminMutation('products.archive', { websiteId, productId: product.id, version: 2, archived: false }, manager)) as M['products.archive']
    expect(restored.status).toBe('unpublished')
  })

  test('a duplicate is an unpublished copy with a free slug and style code, the same grid and price breaks', async () => {
    const product = await create(fields({ name: 'Original Tee', slug: 'original-tee', templateSkuCode: 'ORIG1' }))
    const copy = (await executeAdminMutation('products.duplicate', { websiteId, productId: product.id }, manager)) as M['products.duplicate']
    expect(copy).toMatchObject({ name: 'Original Tee (copy)', slug: 'original-tee-copy', templateSkuCode: 'ORIG1-COPY', status: 'unpublished', featured: false, priceBreaks: product.priceBreaks })
    expect(copy.variants.map((variant) => variant.sku)).toContain('ORIG1-COPY-NAVY-XL')
    expect(copy.variants.map((variant) => variant.price)).toEqual(product.variants.map((variant) => variant.price))
    const again = (await executeAdminMutation('products.duplicate', { websiteId, productId: product.id }, manager)) as M['products.duplicate']
    expect(again).toMatchObject({ slug: 'original-tee-copy-2', templateSkuCode: 'ORIG1-COPY2' })
    expect(await db().select().from(productPriceBreaks).where(eq(productPriceBreaks.productId, again.id))).toHaveLength(1)
    expect((await auditOf(copy.id)).map((row) => [row.action, (row.after as { duplicateOf?: number }).duplicateOf])).toEqual([['product.duplicate', product.id]])
  })

  test('a duplicate shows the original’s pictures, and deleting the copy’s keeps the original’s file', async () => {
    const product = await create(fields({ name: 'Pictured Tee', slug: 'pictured-tee', templateSkuCode: 'PIC1' }))
    const navy = product.colorIds[0]!
    const folder = `stores/test-${product.id}/product-uploads/${product.id}`
    await mkdir(path.join(imagesRoot(), folder), { recursive: true })
    await writeFile(path.join(imagesRoot(), folder, 'front.webp'), 'picture')
    await db()
      .insert(productImages)
      .values([
        { productId: product.id, colorValueId: navy, path: folder, name: 'front.webp', alt: 'Front', sequence: 0 },
        { productId: product.id, colorValueId: null, path: folder, name: 'back.webp', alt: 'Back', sequence: 1 },
      ])
    const copy = (await executeAdminMutation('products.duplicate', { websiteId, productId: product.id }, manager)) as M['products.duplicate']
    const pictures = (productId: number) =>
      db()
        .select({ name: productImages.name, alt: productImages.alt, colorValueId: productImages.colorValueId, sequence: productImages.sequence })
        .from(productImages)
        .where(eq(productImages.productId, productId))
        .orderBy(asc(productImages.sequence))
    expect(await pictures(copy.id)).toEqual(await pictures(product.id))
    const [first] = await db().select().from(productImages).where(eq(productImages.productId, copy.id)).orderBy(asc(productImages.sequence))
    await executeAdminMutation('productImages.delete', { websiteId, imageId: first!.id, version: first!.version }, manager)
    expect((await pictures(product.id)).map((row) => row.name)).toEqual(['front.webp', 'back.webp'])
    expect(existsSync(path.join(imagesRoot(), folder, 'front.webp'))).toBe(true)
    await rm(path.join(imagesRoot(), `stores/test-${product.id}`), { recursive: true, force: true })
  })

  test('moving a product after another changes the shop’s order', async () => {
    const store = (await createWebsite()).id
    const storeManager = await staffContext(store, { role: 'store_manager' })
    const [a, b, c] = [
      await createFactoryProduct({ websiteId: store, name: 'Alpha', websiteSequence: 0 }),
      await createFactoryProduct({ websiteId: store, name: 'Bravo', websiteSequence: 1 }),
      await createFactoryProduct({ websiteId: store, name: 'Charlie', websiteSequence: 2 }),
    ]
    await executeAdminMutation('products.reorder', { websiteId: store, productId: a!.id, after: c!.id }, storeManager)
    expect((await listProducts({ websiteId: store })).map((item) => item.name)).toEqual(['Bravo', 'Charlie', 'Alpha'])
    await executeAdminMutation('products.reorder', { websiteId: store, productId: c!.id, before: b!.id }, storeManager)
    expect((await listProducts({ websiteId: store })).map((item) => item.name)).toEqual(['Charlie', 'Bravo', 'Alpha'])
    expect((await refusal(executeAdminMutation('products.reorder', { websiteId: store, productId: a!.id, after: a!.id }, storeManager))).code).toBe('invalid')
  })

  test('the list filters by status, category and brand, searches names and SKUs by their beginning, and pages both ways', async () => {
    const store = (await createWebsite()).id
    const storeManager = await staffContext(store, { role: 'store_manager' })
    for (let n = 0; n < 30; n++) {
      await createFactoryProduct({ websiteId: store, name: `Pager ${String(n).padStart(2, '0')}`, templateSkuCode: `PG${n}`, websiteSequence: n, isPublished: n % 3 !== 0, brand: n < 5 ? 'Five Brand' : 'Port Authority', categories: n % 2 === 0 ? ['Evens'] : ['Odds'] })
    }
    const page = (view: Record<string, unknown>) => executeAdminQuery('products.list', { websiteId: store, ...view }, storeManager) as Promise<Q['products.list']>
    const first = await page({ pageSize: 25 })
    expect(first.rows.map((row) => row.name)).toEqual(Array.from({ length: 25 }, (_, n) => `Pager ${String(n).padStart(2, '0')}`))
    expect(first.previousCursor).toBeNull()
    const second = await page({ pageSize: 25, cursor: first.nextCursor })
    expect(second.rows.map((row) => row.name)).toEqual(['Pager 25', 'Pager 26', 'Pager 27', 'Pager 28', 'Pager 29'])
    expect(second.nextCursor).toBeNull()
    const back = await page({ pageSize: 25, cursor: second.previousCursor })
    expect(back.rows.map((row) => row.id)).toEqual(first.rows.map((row) => row.id))
    expect((await page({ status: 'unpublished' })).rows).toHaveLength(10)
    expect((await page({ status: 'published' })).rows.every((row) => row.status === 'published')).toBe(true)
    const evens = await ensureCategory(db(), store, 'Evens')
    expect((await page({ categoryId: evens })).rows).toHaveLength(15)
    expect((await page({ brandId: await ensureBrand(db(), 'Five Brand') })).rows).toHaveLength(5)
    expect((await page({ q: 'pager 2' })).rows).toHaveLength(10)
    expect((await page({ q: 'pg1' })).rows.map((row) => row.templateSkuCode).sort()).toEqual(['PG1', 'PG10', 'PG11', 'PG12', 'PG13', 'PG14', 'PG15', 'PG16', 'PG17', 'PG18', 'PG19'])
    const byName = await page({ sort: 'name', dir: 'desc', pageSize: 25 })
    expect(byName.rows[0]!.name).toBe('Pager 29')
    expect(await refusal(page({ sort: 'price', cursor: first.nextCursor }))).toMatchObject({ code: 'invalid', userMessage: CURSOR_OF_ANOTHER_SORT })
  })

  test('the form’s choices are the store’s categories and every colour, size (in the spec’s order) and logo', async () => {
    const options = (await executeAdminQuery('products.options', { websiteId }, manager)) as Q['products.options']
    expect(options.websiteId).toBe(websiteId)
    expect(options.stores.map((store) => store.id)).toEqual([websiteId])
    expect(options.categories.map((category) => category.id)).toEqual(expect.arrayContaining([polos, tees]))
    const sizeNames = options.sizes.map((size) => size.name)
    expect(sizeNames.indexOf('S')).toBeLessThan(sizeNames.indexOf('M'))
    expect(sizeNames.indexOf('M')).toBeLessThan(sizeNames.indexOf('XL'))
    expect(options.colors.find((color) => color.id === navy)).toEqual({ id: navy, name: 'Navy', htmlColor: '#1f2a44' })
    expect(options.logos.map((logo) => logo.id)).toContain(logoId)
    expect((await refusal(executeAdminQuery('products.options', { websiteId }, otherManager))).code).toBe('not_found')
    expect((await refusal(executeAdminQuery('products.options', { websiteId }, fulfilment))).code).toBe('forbidden')
  })
})
