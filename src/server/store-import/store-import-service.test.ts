import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { buildStoreFile, lineContaining, writeStoreFile } from '../../../tests/factories/store-file'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import type { Database } from '../db/client'
import {
  contentPages,
  deliveryMethods,
  logos,
  partners,
  productImages,
  products,
  productVariants,
  promotionPrograms,
  websites,
} from '../db/schema'
import { hashPassword, verifyPassword } from '../accounts/passwords'
import { env } from '../env'
import { loadStoreDirectory, storeForHost } from '../website/store-directory'
import { StoreFileError } from './store-file-error'
import { importStoreFile } from './store-import-service'

const DEMO = path.resolve('data/demo-store.json')
const DEMO_ARTWORK = { logos: 'data/logos' }

// Mockups are named by a hash of what they show, so test runs can share them safely.
const IMAGES_DIR = path.join(os.tmpdir(), 'webstore-test-images')

const TABLES = [
  'websites', 'countries', 'states', 'website_shipping_countries', 'sizes', 'attributes', 'attribute_values', 'brands',
  'categories', 'decoration_partners', 'logos', 'products', 'product_categories', 'product_attribute_values',
  'product_variants', 'product_variant_logos', 'product_price_breaks', 'product_images', 'home_pages', 'content_pages', 'delivery_methods',
  'delivery_price_rules', 'payment_methods', 'tax_credentials', 'tax_rates', 'promotion_programs', 'order_extra_fields', 'order_options',
]

/** Every row of every table the import writes, as text: equal snapshots mean nothing changed. */
async function snapshot(db: Database): Promise<Record<string, string>> {
  const result: Record<string, string> = {}
  for (const table of TABLES) {
    const { rows } = (await db.execute(
      sql.raw(`select count(*)::int as count, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from ${table} t`),
    )) as unknown as { rows: { count: number; digest: string }[] }
    result[table] = `${rows[0]!.count}:${rows[0]!.digest}`
  }
  return result
}

async function count(db: Database, table: string): Promise<number> {
  const { rows } = (await db.execute(sql.raw(`select count(*)::int as count from ${table}`))) as unknown as { rows: { count: number }[] }
  return rows[0]!.count
}

async function rejection(promise: Promise<unknown>): Promise<StoreFileError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  if (!(error instanceof StoreFileError)) throw new Error(`expected a StoreFileError, got ${String(error)}`)
  return error
}

describe.each(testDatabaseKinds())('importing a store file on %s', (kind) => {
  type DemoFile = {
    products: { slug: string; price: number; colors: string[]; sizes: string[]; published: boolean; brand?: string; sizeUpcharges: Record<string, number> }[]
  }
  let demo: DemoFile

  beforeAll(async () => {
    vi.stubEnv('IMAGES_DIR', IMAGES_DIR)
    demo = JSON.parse(await readFile(DEMO, 'utf8')) as DemoFile
  })

  // Each describe block has a database of its own and sets up in it what its tests read, so the
  // tests hold in any order (vitest --sequence.shuffle). The demo store's tests leave it as they
  // found it: they say so with a snapshot.
  describe('the demo store, imported into an empty database', () => {
    const { db } = useTestDatabase(kind)
    let summary: Awaited<ReturnType<typeof importStoreFile>>

    beforeAll(async () => {
      summary = await importStoreFile({ filePath: DEMO })
    })

    test('loads the demo store into an empty database as the website the app serves', async () => {
      expect(summary).toMatchObject({ websiteId: env().WEBSITE_ID, websiteCode: 'granite-ridge', createdWebsite: true })
      const variantCount = demo.products.reduce((sum, product) => sum + product.colors.length * product.sizes.length, 0)
      expect(summary.counts.products).toEqual({ created: demo.products.length, updated: 0, unchanged: 0, removed: 0 })
      expect(summary.counts.variants!.created).toBe(variantCount)
      expect(summary.touchedCaches).toEqual(expect.arrayContaining(['Website', 'ProductList', 'DeliveryMethods', 'Taxes', 'Promotions']))

      const database = db()
      expect(await count(database, 'products')).toBe(demo.products.length)
      expect(await count(database, 'product_variants')).toBe(variantCount)
      expect(await count(database, 'categories')).toBeGreaterThanOrEqual(8)
      expect(await count(database, 'brands')).toBeGreaterThanOrEqual(5)
      expect(await count(database, 'logos')).toBeGreaterThanOrEqual(3)
      expect(await count(database, 'decoration_partners')).toBeGreaterThanOrEqual(2)
      expect(await count(database, 'delivery_price_rules')).toBe(5)
      expect(await count(database, 'content_pages')).toBe(6)
      expect(await count(database, 'states')).toBe(64)
    })

    test('stores money in cents, prices as the cheapest and dearest variant, and SKUs per colour and size', async () => {
      const [tee] = await db().select().from(products).where(eq(products.slug, 'essential-crew-tee'))
      expect(tee).toMatchObject({ templateSkuCode: 'RA100', priceAmount: 1450, maxPriceAmount: 1850, weight: 0.42, isPublished: true })
      const variants = await db().select().from(productVariants).where(eq(productVariants.productId, tee!.id))
      expect(variants.map((variant) => variant.sku)).toEqual(expect.arrayContaining(['RA100-TRUE-NAVY-XS', 'RA100-HEATHER-GREY-4XL']))
      expect(variants.find((variant) => variant.sku === 'RA100-TRUE-NAVY-2XL')!.priceAmount).toBe(1650)
      expect(variants.find((variant) => variant.sku === 'RA100-TRUE-NAVY-XL')!.priceAmount).toBe(1450)

      const [legacy] = await db().select({ isPublished: products.isPublished }).from(products).where(eq(products.slug, 'legacy-windbreaker'))
      expect(legacy!.isPublished).toBe(false)
    })

    test('gives every product one image per colour and logo, drawn into the image store', async () => {
      const [tee] = await db().select({ id: products.id }).from(products).where(eq(products.slug, 'essential-crew-tee'))
      const images = await db().select().from(productImages).where(eq(productImages.productId, tee!.id)).orderBy(productImages.sequence)
      const teeLogos = await db().select({ id: logos.id, code: logos.code }).from(logos).where(inArray(logos.code, ['GR-STACKED', 'GR-FIELD-CREW']))
      const logoId = (code: string) => teeLogos.find((logo) => logo.code === code)!.id
      expect(images).toHaveLength(10)
      expect(new Set(images.map((image) => image.colorValueId)).size).toBe(5)
      expect(new Set(images.map((image) => `${image.colorValueId}/${image.logoId}`)).size).toBe(10)
      expect(images[0]).toMatchObject({
        path: 'stores/granite-ridge/products/essential-crew-tee',
        alt: 'Essential Crew Tee in True Navy with the Stacked Wordmark logo',
        logoId: logoId('GR-STACKED'),
      })
      expect(images[1]).toMatchObject({ colorValueId: images[0]!.colorValueId, logoId: logoId('GR-FIELD-CREW') })
      expect(images[1]!.name).not.toBe(images[0]!.name)
      for (const image of images) expect(existsSync(path.join(IMAGES_DIR, image.path, image.name))).toBe(true)

      const [website] = await db().select().from(websites).where(eq(websites.code, 'granite-ridge'))
      for (const file of [website!.faviconImage, website!.socialImage, website!.logoImage]) {
        expect(file).toMatch(/^stores\/granite-ridge\/site\//)
        expect(existsSync(path.join(IMAGES_DIR, file!))).toBe(true)
      }
      const [mark] = await db().select({ image: logos.image }).from(logos).where(eq(logos.code, 'GR-MARK'))
      expect(mark!.image).toMatch(/^logos\/gr-mark\.[0-9a-f]{10}\.png$/)
    })

    test('importing the same file twice changes nothing', async () => {
      const before = await snapshot(db())
      const summary = await importStoreFile({ filePath: DEMO })
      expect(await snapshot(db())).toEqual(before)
      expect(summary.createdWebsite).toBe(false)
      expect(summary.touchedCaches).toEqual([])
      expect(summary.images).toMatchObject({ drawn: 0, copied: 0, removed: 0 })
      for (const counts of Object.values(summary.counts)) expect(counts).toMatchObject({ created: 0, updated: 0, removed: 0 })
    })

    test('rejects a file with an error deep in it, naming the line and field, and changes nothing', async () => {
      const before = await snapshot(db())
      const broken = JSON.parse(await readFile(DEMO, 'utf8')) as { products: Record<string, unknown>[] }
      broken.products[50]!.price = 0
      broken.products[50]!.name = 'Changed before the error'
      const { filePath, text } = await writeStoreFile(broken, { name: 'demo-store.json', withFolders: DEMO_ARTWORK })

      const error = await rejection(importStoreFile({ filePath }))
      expect(error.message).toBe(`demo-store.json line ${lineContaining(text, '"price": 0,')}: products[50].price: must be a positive amount`)
      expect(lineContaining(text, '"price": 0,')).toBeGreaterThan(2000)
      expect(await snapshot(db())).toEqual(before)
    })

    test('rejects a product naming a brand the file does not define, and changes nothing', async () => {
      const before = await snapshot(db())
      const broken = JSON.parse(await readFile(DEMO, 'utf8')) as { products: Record<string, unknown>[] }
      broken.products[40]!.brand = 'Acme Blanks'
      const { filePath, text } = await writeStoreFile(broken, { withFolders: DEMO_ARTWORK })

      const error = await rejection(importStoreFile({ filePath }))
      expect(error.message).toBe(`store.json line ${lineContaining(text, '"brand": "Acme Blanks"')}: products[40].brand: unknown brand "Acme Blanks"`)
      expect(await snapshot(db())).toEqual(before)
    })

    test('rolls the whole import back when the database fails part way', async () => {
      const before = await snapshot(db())
      const changed = JSON.parse(await readFile(DEMO, 'utf8')) as { products: Record<string, unknown>[]; orderOptions: Record<string, unknown>[] }
      changed.products[0]!.name = 'Renamed Tee'
      changed.orderOptions.push({ name: 'gift_wrap', label: 'Gift wrap', price: 5 })
      const { filePath } = await writeStoreFile(changed, { withFolders: DEMO_ARTWORK })
      await db().execute(sql`create function refuse_insert() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`)
      await db().execute(sql`create trigger refuse_options before insert on order_options for each row execute function refuse_insert()`)
      try {
        const error = (await importStoreFile({ filePath }).catch((caught: unknown) => caught)) as Error & { cause?: Error }
        expect(`${error.message} ${error.cause?.message}`).toMatch(/disk full/)
      } finally {
        await db().execute(sql`drop trigger refuse_options on order_options`)
        await db().execute(sql`drop function refuse_insert()`)
      }
      expect(await snapshot(db())).toEqual(before)
    })
  })

  describe('a store file with accounts', () => {
    const { db } = useTestDatabase(kind)

    test('creates the accounts it lists with hashed passwords, and a re-import leaves an existing account as its owner left it', async () => {
      const store = buildStoreFile({ accounts: [{ email: 'Pat.Lee@Example.com', name: 'Pat Lee', password: 'first password here', budget: 120.5 }] })
      store.website = { ...(store.website as object), code: 'store-with-accounts' }
      const { filePath } = await writeStoreFile(store)
      const { websiteId } = await importStoreFile({ filePath })
      const [account] = await db().select().from(partners).where(eq(partners.websiteId, websiteId))
      expect(account).toMatchObject({ email: 'pat.lee@example.com', name: 'Pat Lee', budgetAmount: 12050 })
      expect(await verifyPassword(account!.passwordHash, 'first password here')).toBe(true)

      await db().update(partners).set({ passwordHash: await hashPassword('changed by its owner'), name: 'Pat Lee-Owens' }).where(eq(partners.id, account!.id))
      const again = await importStoreFile({ filePath })
      expect(again.counts.accounts).toMatchObject({ created: 0, unchanged: 1 })
      const [after] = await db().select().from(partners).where(eq(partners.id, account!.id))
      expect(after!.name).toBe('Pat Lee-Owens')
      expect(await verifyPassword(after!.passwordHash, 'changed by its owner')).toBe(true)
    })
  })

  describe("the demo's two stores on one install", () => {
    const { db } = useTestDatabase(kind)

    test('the team store imports beside the demo store, each at its own host names, the demo untouched', async () => {
      const demoSummary = await importStoreFile({ filePath: DEMO })
      const demoRows = () =>
        db().select({ slug: products.slug, name: products.name, price: products.priceAmount }).from(products).where(eq(products.websiteId, demoSummary.websiteId)).orderBy(products.slug)
      const before = await demoRows()
      const team = await importStoreFile({ filePath: path.resolve('data/team-store.json') })
      expect(team).toMatchObject({ websiteCode: 'riverside-fc', websiteName: 'Riverside FC Team Store', createdWebsite: true })
      expect(team.websiteId).not.toBe(demoSummary.websiteId)
      expect(await db().$count(products, eq(products.websiteId, team.websiteId))).toBe(6)
      expect(await db().$count(products, eq(products.websiteId, demoSummary.websiteId))).toBe(demo.products.length)

      const directory = await loadStoreDirectory(db())
      const resolve = (host: string) => storeForHost(directory, host, { defaultStoreId: env().WEBSITE_ID })
      expect([resolve('localhost:3000'), resolve('127.0.0.1:3000'), resolve('team.localhost:3000'), resolve('elsewhere.example')]).toEqual([demoSummary.websiteId, demoSummary.websiteId, team.websiteId, null])

      // Importing the team store again changes nothing of either store.
      const again = await importStoreFile({ filePath: path.resolve('data/team-store.json') })
      expect(again.touchedCaches).toEqual([])
      expect(await demoRows()).toEqual(before)
      // The team store changed nothing every store shares (the size list, colours, brands, partners):
      // the demo's own file imports again without a change, as a store manager's import must.
      expect((await importStoreFile({ filePath: DEMO })).touchedCaches).toEqual([])
    })
  })

  describe('a second store beside the demo store', () => {
    const { db } = useTestDatabase(kind)
    let demoBefore: Record<string, string>
    let summary: Awaited<ReturnType<typeof importStoreFile>>

    beforeAll(async () => {
      await importStoreFile({ filePath: DEMO })
      demoBefore = await snapshot(db())
      const { filePath } = await writeStoreFile(buildStoreFile())
      summary = await importStoreFile({ filePath })
    })

    test('adds a second store with its own id and keeps the first untouched', async () => {
      expect(summary.createdWebsite).toBe(true)
      expect(summary.websiteId).not.toBe(env().WEBSITE_ID)
      const [demoSite] = await db().select({ id: websites.id }).from(websites).where(eq(websites.code, 'granite-ridge'))
      expect(demoSite!.id).toBe(env().WEBSITE_ID)
      const demoProducts = await db().select({ id: products.id }).from(products).where(eq(products.websiteId, demoSite!.id))
      expect(demoProducts).toHaveLength(demo.products.length)
      expect(demoBefore.products).not.toBe((await snapshot(db())).products)
    })

    test('draws a mockup that names its logo once per colour with that logo, and keeps plain addresses without a logo', async () => {
      const [website] = await db().select({ id: websites.id }).from(websites).where(eq(websites.code, 'test-store'))
      const [mark] = await db().select({ id: logos.id }).from(logos).where(eq(logos.code, 'TEST-MARK'))
      const rows = await db()
        .select({ slug: products.slug, colorValueId: productImages.colorValueId, logoId: productImages.logoId })
        .from(productImages)
        .innerJoin(products, eq(products.id, productImages.productId))
        .where(eq(products.websiteId, website!.id))
        .orderBy(products.slug, productImages.sequence)
      expect(rows.map((row) => [row.slug, row.logoId])).toEqual([
        ['field-cap', null],
        ['field-tee', mark!.id],
        ['field-tee', mark!.id],
      ])
      expect(rows[1]!.colorValueId).not.toBe(rows[2]!.colorValueId)
    })
  })

  describe('a store imported again after changes', () => {
    const { db } = useTestDatabase(kind)

    test('updates in place by natural key, unpublishes dropped products and removes or deactivates the rest', async () => {
      const store = buildStoreFile()
      const { filePath: first } = await writeStoreFile(store)
      await importStoreFile({ filePath: first })
      const [website] = await db().select({ id: websites.id }).from(websites).where(eq(websites.code, 'test-store'))
      const [teeBefore] = await db().select().from(products).where(and(eq(products.websiteId, website!.id), eq(products.slug, 'field-tee')))

      store.products[0]!.price = 14
      store.products[0]!.name = 'Field Tee, Heavyweight'
      store.products.pop()
      store.contentPages = []
      store.deliveryMethods = [{ name: 'Express', deliveryType: 'fixed', price: 24.95 }]
      store.promotions = [{ name: 'Ten off again', rewardType: 'discount', promoCode: 'TEN', discount: { type: 'fixed_amount', fixedAmount: 10 } }]
      const { filePath: second } = await writeStoreFile(store)
      const summary = await importStoreFile({ filePath: second })

      const rows = await db().select().from(products).where(eq(products.websiteId, website!.id)).orderBy(products.slug)
      expect(rows.map((row) => [row.slug, row.isPublished])).toEqual([
        ['field-cap', false],
        ['field-tee', true],
      ])
      const tee = rows.find((row) => row.slug === 'field-tee')!
      expect(tee).toMatchObject({ id: teeBefore!.id, name: 'Field Tee, Heavyweight', priceAmount: 1400, maxPriceAmount: 1600 })
      expect(await db().select().from(contentPages).where(eq(contentPages.websiteId, website!.id))).toEqual([])
      const methods = await db().select().from(deliveryMethods).where(eq(deliveryMethods.websiteId, website!.id)).orderBy(deliveryMethods.name)
      expect(methods.map((method) => [method.name, method.isActive, method.priceAmount])).toEqual([
        ['Express', true, 2495],
        ['Ground', false, 995],
      ])
      const programs = await db().select().from(promotionPrograms).where(eq(promotionPrograms.websiteId, website!.id)).orderBy(promotionPrograms.name)
      expect(programs.map((program) => [program.name, program.promoCode, program.isActive, program.discountFixedAmount])).toEqual([
        ['Ten off', null, false, null],
        ['Ten off again', 'TEN', true, 1000],
      ])
      expect(summary.counts.products).toEqual({ created: 0, updated: 1, unchanged: 0, removed: 1 })
      expect(summary.touchedCaches).toEqual(expect.arrayContaining(['ProductList', 'ContentPages', 'DeliveryMethods', 'Promotions']))
      expect(summary.touchedCaches).not.toContain('Taxes')
    })
  })
})
