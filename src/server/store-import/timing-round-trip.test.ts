import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { buildStoreFile, writeStoreFile } from '../../../tests/factories/store-file'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { deliveryMethods, products, websites } from '../db/schema'
import { exportStore } from './export-store'
import { loadStoreFile } from './load-store-file'
import { StoreFileError } from './store-file-error'
import { importStoreFile } from './store-import-service'

// Issue 17: the store's lead time, a product's own lead time and size chart, and a delivery
// method's transit days go into the database and come back out in the same store file.

const SIZE_CHART = {
  unit: 'in',
  measurements: ['Chest', 'Body length'],
  rows: [
    { size: 'S', values: [36, 28] },
    { size: 'M', values: [40, 29] },
    { size: 'L', values: [44, 30.5] },
  ],
}

function timedStore() {
  const store = buildStoreFile()
  store.website = { ...store.website, leadTime: { minDays: 7, maxDays: 10 } }
  store.products = store.products.map((product) => (product.slug === 'field-tee' ? { ...product, leadTime: { minDays: 10, maxDays: 14 }, sizeChart: SIZE_CHART } : product))
  store.deliveryMethods = [{ name: 'Ground', description: 'Free on orders of $150 or more.', deliveryType: 'fixed', price: 9.95, freeOverAmount: 150, transitDays: { minDays: 3, maxDays: 5 } }]
  return store
}

async function problems(store: unknown): Promise<string> {
  const { filePath } = await writeStoreFile(store)
  const error = await loadStoreFile(filePath).then(
    () => null,
    (caught: unknown) => caught,
  )
  if (!(error instanceof StoreFileError)) throw new Error(`expected a StoreFileError, got ${String(error)}`)
  return error.message
}

describe.each(testDatabaseKinds())('timing and sizing in the store file on %s', (kind) => {
  const { db } = useTestDatabase(kind)

  test('imports the lead times, the size chart and the transit days, and exports them as they were', async () => {
    const { filePath } = await writeStoreFile(timedStore())
    const { websiteId } = await importStoreFile({ filePath })

    const [website] = await db().select({ leadTime: websites.leadTime }).from(websites).where(eq(websites.id, websiteId))
    expect(website!.leadTime).toEqual({ minDays: 7, maxDays: 10 })
    const [tee] = await db().select({ leadTime: products.leadTime, sizeChart: products.sizeChart }).from(products).where(eq(products.slug, 'field-tee'))
    expect(tee).toEqual({ leadTime: { minDays: 10, maxDays: 14 }, sizeChart: SIZE_CHART })
    const [cap] = await db().select({ leadTime: products.leadTime, sizeChart: products.sizeChart }).from(products).where(eq(products.slug, 'field-cap'))
    expect(cap).toEqual({ leadTime: null, sizeChart: null })
    const [ground] = await db().select({ transitDays: deliveryMethods.transitDays, description: deliveryMethods.description }).from(deliveryMethods).where(eq(deliveryMethods.websiteId, websiteId))
    expect(ground).toEqual({ transitDays: { minDays: 3, maxDays: 5 }, description: 'Free on orders of $150 or more.' })

    const { file } = await exportStore(db(), websiteId)
    expect(file.website.leadTime).toEqual({ minDays: 7, maxDays: 10 })
    const exportedTee = file.products!.find((product) => product.slug === 'field-tee')!
    expect(exportedTee).toMatchObject({ leadTime: { minDays: 10, maxDays: 14 }, sizeChart: SIZE_CHART })
    expect(file.products!.find((product) => product.slug === 'field-cap')).not.toHaveProperty('sizeChart')
    expect(file.deliveryMethods?.[0]).toMatchObject({ transitDays: { minDays: 3, maxDays: 5 } })

    // What the export says imports again without a change to these rows (the images stay the original file's).
    const original = timedStore()
    const fromExport = {
      ...original,
      website: { ...original.website, leadTime: file.website.leadTime },
      products: original.products.map((product) => {
        const exported = file.products!.find((row) => row.slug === product.slug)!
        return { ...product, leadTime: exported.leadTime, sizeChart: exported.sizeChart }
      }),
      deliveryMethods: file.deliveryMethods,
    }
    const again = await writeStoreFile(fromExport)
    const summary = await importStoreFile({ filePath: again.filePath })
    expect(summary.counts.products?.updated ?? 0).toBe(0)
    expect(summary.counts.deliveryMethods?.updated ?? 0).toBe(0)
  })

  test('a file without lead times clears them on import', async () => {
    const { filePath } = await writeStoreFile(timedStore())
    const { websiteId } = await importStoreFile({ filePath })
    const plain = await writeStoreFile(buildStoreFile())
    await importStoreFile({ filePath: plain.filePath })
    const [website] = await db().select({ leadTime: websites.leadTime }).from(websites).where(eq(websites.id, websiteId))
    expect(website!.leadTime).toBeNull()
    const [tee] = await db().select({ sizeChart: products.sizeChart }).from(products).where(eq(products.slug, 'field-tee'))
    expect(tee!.sizeChart).toBeNull()
  })
})

describe('timing and sizing rules of the store file', () => {
  test('a lead time whose maximum is below its minimum is refused with the field named', async () => {
    const store = timedStore()
    store.website = { ...store.website, leadTime: { minDays: 10, maxDays: 7 } }
    expect(await problems(store)).toContain('website.leadTime.maxDays: must be at least the minimum business days')
  })

  test('a size chart row for a size the product does not have, or with a value missing, is refused', async () => {
    const store = timedStore()
    store.products[0] = { ...store.products[0], sizeChart: { ...SIZE_CHART, rows: [...SIZE_CHART.rows, { size: '5XL', values: [60, 34] }, { size: 'XL', values: [48] }] } }
    const message = await problems(store)
    expect(message).toContain('lists size 5XL, which the product does not have')
    expect(message).toContain('must give 2 values, one per measurement (Chest, Body length)')
  })
})
