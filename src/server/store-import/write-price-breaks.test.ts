import os from 'node:os'
import path from 'node:path'
import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { buildStoreFile, writeStoreFile } from '../../../tests/factories/store-file'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { findProductBySlug } from '../catalog/catalog-service'
import { productPriceBreaks, products, websites } from '../db/schema'
import { StoreFileError } from './store-file-error'
import { loadStoreFile } from './load-store-file'
import { importStoreFile } from './store-import-service'

// Issue 16: a product's `priceBreaks` in the store file, validated with the console's field rule and
// written by product and minimum quantity, so importing the same file again changes nothing.

const IMAGES_DIR = path.join(os.tmpdir(), 'webstore-test-images')

/** The field tee ($12.50, 2XL +$2) with the given breaks. */
function storeWithBreaks(priceBreaks: unknown) {
  const store = buildStoreFile()
  store.products[0]!.priceBreaks = priceBreaks
  return store
}

async function problemOf(store: unknown): Promise<string> {
  const { filePath } = await writeStoreFile(store)
  const error = await loadStoreFile(filePath).then(
    () => null,
    (caught: unknown) => caught,
  )
  if (!(error instanceof StoreFileError)) throw new Error(`expected a StoreFileError, got ${String(error)}`)
  return error.message
}

describe('price breaks in a store file are refused when', () => {
  test('a minimum quantity is below 2: one piece is the product’s own price', async () => {
    expect(await problemOf(storeWithBreaks([{ minQuantity: 1, price: 11 }]))).toMatch(
      /products\[0\]\.priceBreaks\[0\]\.minQuantity: must be 2 or more: the price of 1 piece is the product’s price$/,
    )
  })

  test('a minimum quantity is listed twice', async () => {
    expect(
      await problemOf(
        storeWithBreaks([
          { minQuantity: 12, price: 11 },
          { minQuantity: 12, price: 10 },
        ]),
      ),
    ).toMatch(/products\[0\]\.priceBreaks\[1\]\.minQuantity: lists 12 pieces twice: each quantity can have one price$/)
  })

  test('a break’s price is not below the product’s', async () => {
    expect(await problemOf(storeWithBreaks([{ minQuantity: 12, price: 12.5 }]))).toMatch(
      /products\[0\]\.priceBreaks\[0\]\.price: must be below the product’s price \(12\.50\): a break lowers the price$/,
    )
  })

  test('more pieces would not cost less each than fewer', async () => {
    expect(
      await problemOf(
        storeWithBreaks([
          { minQuantity: 12, price: 10 },
          { minQuantity: 48, price: 10 },
        ]),
      ),
    ).toMatch(/products\[0\]\.priceBreaks\[1\]\.price: must be below the price from 12 pieces \(10\.00\): more pieces cost less each$/)
  })

  test('a break is not a whole number of pieces or its price has fractions of a cent', async () => {
    expect(await problemOf(storeWithBreaks([{ minQuantity: 12.5, price: 11 }]))).toMatch(/priceBreaks\[0\]\.minQuantity: must be a whole number$/)
    expect(await problemOf(storeWithBreaks([{ minQuantity: 12, price: 11.005 }]))).toMatch(/priceBreaks\[0\]\.price: must have at most 2 decimal places$/)
  })
})

describe.each(testDatabaseKinds())('importing price breaks on %s', (kind) => {
  const { db } = useTestDatabase(kind)

  beforeAll(() => {
    vi.stubEnv('IMAGES_DIR', IMAGES_DIR)
  })

  const breaksOf = async (websiteId: number, slug: string) => {
    const [product] = await db()
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.websiteId, websiteId), eq(products.slug, slug)))
    return db()
      .select({ id: productPriceBreaks.id, minQuantity: productPriceBreaks.minQuantity, priceAmount: productPriceBreaks.priceAmount })
      .from(productPriceBreaks)
      .where(eq(productPriceBreaks.productId, product!.id))
      .orderBy(asc(productPriceBreaks.minQuantity))
  }

  test('writes the breaks in cents, changes nothing when imported again, and updates or removes them by quantity', async () => {
    const store = storeWithBreaks([
      { minQuantity: 48, price: 10 },
      { minQuantity: 12, price: 11.25 },
    ])
    const first = await importStoreFile({ filePath: (await writeStoreFile(store)).filePath })
    const [website] = await db().select({ id: websites.id }).from(websites).where(eq(websites.code, 'test-store'))
    const websiteId = website!.id
    const written = await breaksOf(websiteId, 'field-tee')
    expect(written.map(({ minQuantity, priceAmount }) => ({ minQuantity, priceAmount }))).toEqual([
      { minQuantity: 12, priceAmount: 1125 },
      { minQuantity: 48, priceAmount: 1000 },
    ])
    expect(first.counts.priceBreaks).toMatchObject({ created: 2 })
    expect(await breaksOf(websiteId, 'field-cap')).toEqual([])

    // The product page reads them as the tiers it shows.
    const page = await findProductBySlug({ websiteId, slug: 'field-tee' })
    expect(page).toMatchObject({
      basePrice: 12.5,
      priceBreaks: [
        { minQuantity: 12, price: 11.25 },
        { minQuantity: 48, price: 10 },
      ],
    })

    const again = await importStoreFile({ filePath: (await writeStoreFile(store)).filePath })
    expect(again.counts.priceBreaks).toEqual({ created: 0, updated: 0, unchanged: 2, removed: 0 })
    expect(again.touchedCaches).toEqual([])
    expect(await breaksOf(websiteId, 'field-tee')).toEqual(written)

    store.products[0]!.priceBreaks = [{ minQuantity: 12, price: 11 }]
    const changed = await importStoreFile({ filePath: (await writeStoreFile(store)).filePath })
    expect(changed.counts.priceBreaks).toEqual({ created: 0, updated: 1, unchanged: 0, removed: 1 })
    expect(changed.touchedCaches).toContain('Products')
    const [twelve] = await breaksOf(websiteId, 'field-tee')
    expect(twelve).toEqual({ id: written[0]!.id, minQuantity: 12, priceAmount: 1100 })
    expect(await breaksOf(websiteId, 'field-tee')).toHaveLength(1)

    // A product without the field has none.
    delete store.products[0]!.priceBreaks
    await importStoreFile({ filePath: (await writeStoreFile(store)).filePath })
    expect(await breaksOf(websiteId, 'field-tee')).toEqual([])
  })
})
