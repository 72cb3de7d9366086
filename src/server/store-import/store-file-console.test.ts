import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, mkdtemp, readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, inject, test, vi } from 'vitest'
import { callerContext } from '../../../tests/support/core-context'
import { staffContext } from '../../../tests/support/staff'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import type { StoreFileImportReport, StoreFileRefusalData } from '@/isomorphic/contract/admin-store-file'
import { executeAdminQuery } from '../api/admin-registry'
import { createMemoryCache, useNamedCache as installNamedCache } from '../cache/named-cache'
import { adoptConnection, type Database, getDb } from '../db/client'
import { auditLog, deliveryMethods, products, productVariants, taxCredentials, websites } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { DomainError } from '../kernel/errors'
import { KEPT_SECRET } from './kept-secrets'
import { exportStore } from './export-store'
import { StoreFileSchema } from './store-file-schema'
import { exportStoreFileZip, importStoreFileUpload } from './store-file-console'
import { storeFileZip, unpackStoreZip } from './store-file-zip'
import { importStoreFile } from './store-import-service'
import { syncStoreHosts } from '../website/store-hosts'

// The store file in the console (issue 16): the live store exported as a .zip that validates and
// reproduces the store; a dry run that reports what an import would change and changes nothing;
// the real import doing what the dry run said, audited; refusals with the importer's own words;
// secrets that never leave the server.

const DEMO = path.resolve('data/demo-store.json')
const SHARED_IMAGES = path.join(os.tmpdir(), 'webstore-test-images')

const TABLES = ['websites', 'products', 'product_variants', 'product_images', 'categories', 'content_pages', 'delivery_methods', 'payment_methods', 'promotion_programs', 'logos', 'attribute_values']

/** Row count and a digest of every table the import writes: equal snapshots mean nothing changed. */
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

/** An image store of this file's own (imports remove images they no longer use), seeded with the demo's drawings. */
async function privateImagesDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'store-file-images-'))
  for (const part of ['stores/granite-ridge', 'logos']) {
    if (existsSync(path.join(SHARED_IMAGES, part))) await cp(path.join(SHARED_IMAGES, part), path.join(dir, part), { recursive: true })
  }
  return dir
}

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = []
  for await (const chunk of chunks) parts.push(chunk)
  return Buffer.concat(parts)
}

async function exportZip(ctx: CoreContext, websiteId: number): Promise<Uint8Array> {
  return collect((await exportStoreFileZip(ctx, websiteId)).chunks)
}

function storeJsonOf(zip: Uint8Array): { text: string; file: Record<string, unknown> & { products: { slug: string; price: number }[] } } {
  const text = new TextDecoder().decode(unzipSync(zip)['store.json']!)
  return { text, file: JSON.parse(text) }
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  if (!(error instanceof DomainError)) throw new Error(`expected a refusal, got ${String(error)}`)
  return error
}

const changed = (report: StoreFileImportReport) =>
  Object.fromEntries(report.entities.filter((row) => row.created + row.updated + row.removed > 0).map((row) => [row.entity, { created: row.created, updated: row.updated, removed: row.removed }]))

describe.each(testDatabaseKinds())('the store file in the console on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let owner: CoreContext
  let manager: CoreContext

  beforeAll(async () => {
    vi.stubEnv('IMAGES_DIR', await privateImagesDir())
    websiteId = (await importStoreFile({ filePath: DEMO })).websiteId
    owner = await staffContext(websiteId, { role: 'owner' })
    manager = await staffContext(websiteId, { role: 'store_manager' })
  })
  afterAll(() => {
    vi.unstubAllEnvs()
  })

  test('exports a zip whose store.json validates, names every image it carries, and leaves accounts and gift cards out', async () => {
    const zip = await exportZip(manager, websiteId)
    const entries = unzipSync(zip)
    const { file } = storeJsonOf(zip)
    const parsed = StoreFileSchema.safeParse(file)
    expect(parsed.success).toBe(true)
    const demo = JSON.parse(await readFile(DEMO, 'utf8')) as { products: unknown[] }
    expect(file.products).toHaveLength(demo.products.length)
    expect(file).not.toHaveProperty('accounts')
    expect(file).not.toHaveProperty('giftCards')
    const named = new Set(JSON.stringify(file).match(/images\/[^"]+/g))
    expect(named.size).toBeGreaterThan(100)
    for (const name of named) expect(entries[name], name).toBeDefined()
  })

  test('importing the export it just made would change nothing', async () => {
    const zip = await exportZip(owner, websiteId)
    const report = await importStoreFileUpload(owner, { websiteId, fileName: 'granite-ridge.zip', bytes: zip, dryRun: true })
    expect(changed(report)).toEqual({})
  })

  test('a dry run reports the changed price and writes nothing; the import then changes exactly that, audited', async () => {
    const { file } = storeJsonOf(await exportZip(manager, websiteId))
    const product = file.products.find((row) => row.slug === 'fieldhouse-hoodie') ?? file.products[1]!
    const priceOf = async () => (await db().select({ price: products.priceAmount }).from(products).where(and(eq(products.websiteId, websiteId), eq(products.slug, product.slug))))[0]!.price
    const priceBefore = await priceOf()
    product.price = Math.round(product.price * 100 + 700) / 100
    const bytes = new TextEncoder().encode(JSON.stringify(file, null, 2))
    const before = await snapshot(db())

    const dryRun = await importStoreFileUpload(manager, { websiteId, fileName: 'store.json', bytes, dryRun: true })
    expect(dryRun.dryRun).toBe(true)
    expect(changed(dryRun).products).toEqual({ created: 0, updated: 1, removed: 0 })
    expect(dryRun.entities.find((row) => row.entity === 'products')!.details.updated).toEqual([{ key: product.slug, fields: expect.arrayContaining(['priceAmount']) }])
    expect(Object.keys(changed(dryRun)).sort()).toEqual(['products', 'variants'])
    expect(await snapshot(db())).toEqual(before)
    expect(await priceOf()).toBe(priceBefore)

    const real = await importStoreFileUpload(manager, { websiteId, fileName: 'store.json', bytes, dryRun: false })
    expect(real.dryRun).toBe(false)
    expect(changed(real)).toEqual(changed(dryRun))
    expect(await priceOf()).toBe(priceBefore + 700)
    expect(real.touchedCaches).toEqual(expect.arrayContaining(['ProductList', 'Products']))
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'store.import'), eq(auditLog.websiteId, websiteId)))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1)
    expect(audit).toMatchObject({ role: 'store_manager', entityType: 'website', after: { fileName: 'store.json', sha256: real.sha256, counts: changed(real) } })
  })

  test('a bad file is refused with the importer’s line, path and message, and nothing is written', async () => {
    const { file } = storeJsonOf(await exportZip(owner, websiteId))
    // Without its price breaks, which a negative price would also make wrong.
    ;(file.products[0] as Record<string, unknown>).priceBreaks = []
    ;(file.products[0] as Record<string, unknown>).price = -5
    ;(file.products[1] as Record<string, unknown>).colour = 'Navy'
    const before = await snapshot(db())
    const error = await refusal(importStoreFileUpload(owner, { websiteId, fileName: 'broken.json', bytes: new TextEncoder().encode(JSON.stringify(file, null, 2)), dryRun: false }))
    expect(error.code).toBe('invalid')
    expect(error.userMessage).toBe('The store file has 2 problems; nothing was changed.')
    const data = error.data as StoreFileRefusalData
    expect(data.fileLabel).toBe('broken.json')
    expect(data.issues).toEqual([
      expect.objectContaining({ path: 'products[0].price', message: 'must be a positive amount', line: expect.any(Number) }),
      expect.objectContaining({ path: 'products[1].colour', line: expect.any(Number) }),
    ])
    expect(await snapshot(db())).toEqual(before)

    const { file: outside } = storeJsonOf(await exportZip(owner, websiteId))
    ;(outside.products[0] as Record<string, unknown>).images = [{ file: '../../../outside.png' }]
    const leaving = await refusal(importStoreFileUpload(owner, { websiteId, fileName: 'store.json', bytes: new TextEncoder().encode(JSON.stringify(outside, null, 2)), dryRun: true }))
    expect((leaving.data as StoreFileRefusalData).issues).toEqual([expect.objectContaining({ path: 'products[0].images[0].file', message: 'must be a file inside the uploaded store file (no "..")' })])

    const notAStoreFile = await refusal(importStoreFileUpload(owner, { websiteId, fileName: 'notes.txt', bytes: new TextEncoder().encode('hello'), dryRun: true }))
    expect(notAStoreFile.userMessage).toMatch(/a \.zip exported from the console, or its store\.json/)
  })

  test('secrets never leave the server: the export keeps a placeholder that the import reads as "keep the current value"', async () => {
    const secrets = { sso: 'sso-client-secret-4f1c', ups: 'ups-client-secret-9a7e', tax: 'avatax-token-77d2' }
    await db()
      .update(websites)
      .set({ ssologin: 'Granite SSO', ssoConfig: { issuer: 'https://login.example.com', clientId: 'store', clientSecret: secrets.sso } })
      .where(eq(websites.id, websiteId))
    const [method] = await db().select().from(deliveryMethods).where(eq(deliveryMethods.websiteId, websiteId)).limit(1)
    await db()
      .insert(deliveryMethods)
      .values({ websiteId, name: 'UPS Ground', deliveryType: 'ups_rubikx', url: 'https://ups.example.com', credentials: { upsClientId: 'client-id', upsClientSecret: secrets.ups }, sequence: method!.sequence + 100 })
    await db().update(taxCredentials).set({ token: secrets.tax }).where(eq(taxCredentials.websiteId, websiteId))

    const zip = await exportZip(owner, websiteId)
    const { text, file } = storeJsonOf(zip)
    for (const secret of Object.values(secrets)) {
      expect(text).not.toContain(secret)
      expect(Buffer.from(zip).includes(secret)).toBe(false)
    }
    expect(text).toContain(KEPT_SECRET)
    expect(StoreFileSchema.safeParse(file).success).toBe(true)

    const report = await importStoreFileUpload(owner, { websiteId, fileName: 'store.zip', bytes: zip, dryRun: false })
    expect(changed(report)).toEqual({})
    const [site] = await db().select({ ssoConfig: websites.ssoConfig }).from(websites).where(eq(websites.id, websiteId))
    expect(site!.ssoConfig).toMatchObject({ clientSecret: secrets.sso })
    const [ups] = await db().select({ credentials: deliveryMethods.credentials }).from(deliveryMethods).where(and(eq(deliveryMethods.websiteId, websiteId), eq(deliveryMethods.name, 'UPS Ground')))
    expect(ups!.credentials).toMatchObject({ upsClientSecret: secrets.ups })

    // A placeholder for a secret the store does not have is refused where it stands.
    const methods = file.deliveryMethods as Record<string, unknown>[]
    methods.push({ ...methods.find((method) => method.name === 'UPS Ground'), name: 'UPS Express' })
    const missing = await refusal(importStoreFileUpload(owner, { websiteId, fileName: 'store.json', bytes: new TextEncoder().encode(JSON.stringify(file, null, 2)), dryRun: true }))
    expect((missing.data as StoreFileRefusalData).issues.map((issue) => issue.path).sort()).toEqual(
      ['upsClientId', 'upsClientSecret'].map((key) => `deliveryMethods[${methods.length - 1}].credentials.${key}`),
    )
    expect((missing.data as StoreFileRefusalData).issues[0]!.message).toMatch(/this store has none/)
  })

  test('a store manager may not change what every store shares; an owner may', async () => {
    const { file } = storeJsonOf(await exportZip(owner, websiteId))
    const colors = file.colors as { name: string; css: string }[]
    colors[0]!.css = colors[0]!.css === '#123456' ? '#654321' : '#123456'
    const bytes = new TextEncoder().encode(JSON.stringify(file))
    const error = await refusal(importStoreFileUpload(manager, { websiteId, fileName: 'store.json', bytes, dryRun: true }))
    expect(error.code).toBe('forbidden')
    expect(error.userMessage).toMatch(/records every store shares \(colours\): an owner must import it/)
    const report = await importStoreFileUpload(owner, { websiteId, fileName: 'store.json', bytes, dryRun: true })
    expect(changed(report).colors).toEqual({ created: 0, updated: 1, removed: 0 })
  })

  test('a file of another store is refused, naming both stores', async () => {
    const { file } = storeJsonOf(await exportZip(owner, websiteId))
    ;(file.website as Record<string, unknown>).code = 'another-store'
    const error = await refusal(importStoreFileUpload(owner, { websiteId, fileName: 'store.json', bytes: new TextEncoder().encode(JSON.stringify(file)), dryRun: true }))
    expect(error.userMessage).toMatch(/This file is the store "another-store" \(website.code\), not "granite-ridge"/)
    expect(await db().select().from(websites).where(eq(websites.code, 'another-store'))).toEqual([])
  })

  test('fulfilment gets 403, another store’s manager 404 and a caller without a console session 401', async () => {
    const fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    const [other] = await db().insert(websites).values({ code: `other-${Date.now()}`, name: 'Other store' }).returning({ id: websites.id })
    const otherManager = await staffContext(other!.id, { role: 'store_manager' })
    const anonymous = callerContext(websiteId)
    const bytes = new TextEncoder().encode('{}')
    for (const [ctx, code] of [
      [fulfilment, 'forbidden'],
      [otherManager, 'not_found'],
      [anonymous, 'unauthorized'],
    ] as const) {
      expect((await refusal(exportStoreFileZip(ctx, websiteId))).code).toBe(code)
      expect((await refusal(importStoreFileUpload(ctx, { websiteId, fileName: 'store.json', bytes, dryRun: true }))).code).toBe(code)
      expect((await refusal(executeAdminQuery('storeFileOverview', { websiteId }, ctx))).code).toBe(code)
    }
  })

  test('the page’s overview names the store and its latest imports', async () => {
    const overview = (await executeAdminQuery('storeFileOverview', { websiteId }, manager)) as { code: string; stores: { id: number }[] }
    expect(overview).toMatchObject({ code: 'granite-ridge', stores: [{ id: websiteId }] })
  })
})

describe('a store exported and imported into an empty database', () => {
  const { db } = useTestDatabase('pglite')

  beforeAll(async () => {
    vi.stubEnv('IMAGES_DIR', await privateImagesDir())
  })
  afterAll(() => {
    vi.unstubAllEnvs()
  })

  test('is the same store: exporting it again gives the same store.json and the same image files', async () => {
    const { websiteId } = await importStoreFile({ filePath: DEMO })
    await syncStoreHosts(db(), websiteId, ['shop.granite.example', 'granite-ridge.localhost'])
    const first = await collect(storeFileZip(await exportStore(db(), websiteId)))
    expect(storeJsonOf(first).file.website).toMatchObject({ hosts: ['shop.granite.example', 'granite-ridge.localhost'] })
    expect(StoreFileSchema.safeParse(storeJsonOf(first).file).success).toBe(true)

    const second = await inFreshDatabase(async (fresh) => {
      vi.stubEnv('IMAGES_DIR', await mkdtemp(path.join(os.tmpdir(), 'store-file-fresh-images-')))
      const folder = await mkdtemp(path.join(os.tmpdir(), 'store-file-roundtrip-'))
      const summary = await importStoreFile({ filePath: await unpackStoreZip(first, folder, 1e9) })
      expect(summary.createdWebsite).toBe(true)
      const [variantCount] = await fresh.select({ count: sql<number>`count(*)::int` }).from(productVariants)
      expect(variantCount!.count).toBeGreaterThan(1000)
      return collect(storeFileZip(await exportStore(fresh, summary.websiteId)))
    })

    expect(storeJsonOf(second).text).toBe(storeJsonOf(first).text)
    const files = (zip: Uint8Array) => Object.fromEntries(Object.entries(unzipSync(zip)).map(([name, data]) => [name, hash(data)]))
    expect(files(second)).toEqual(files(first))
  })
})

function hash(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex')
}

/** Runs `run` on a new, empty (migrated) embedded database, then gives the test's own back. */
async function inFreshDatabase<T>(run: (db: Database) => Promise<T>): Promise<T> {
  const key = Symbol.for('webstore.db')
  const holder = globalThis as unknown as Record<symbol, unknown>
  const previous = holder[key]
  await getDb()
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const schema = await import('../db/schema')
  const client = await PGlite.create({ loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]) })
  const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Database
  adoptConnection({ db, kind: 'pglite', close: () => client.close() })
  installNamedCache(createMemoryCache())
  try {
    return await run(db)
  } finally {
    await client.close()
    holder[key] = previous
    installNamedCache(createMemoryCache())
  }
}

