import { existsSync } from 'node:fs'
import { cp, mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { insertConsoleOrder } from '../../../tests/factories/console-orders'
import { buildStoreFile, writeStoreFile } from '../../../tests/factories/store-file'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import type { CreatedStore, StoreListPage, StoreListRow } from '@/isomorphic/contract/admin-stores'
import { STORE_CODE_INVALID } from '@/isomorphic/host-names'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import type { Database } from '../db/client'
import { auditLog, productImages, products, staffStores, websites } from '../db/schema'
import { coreContext, type Staff } from '../kernel/context'
import { utcMidnight } from '../orders/order-dashboard'
import { exportStore } from '../store-import/export-store'
import { exportStoreFileZip, importStoreFileUpload } from '../store-import/store-file-console'
import { importStoreFile } from '../store-import/store-import-service'
import { createStore } from './create-store'
import { syncStoreHosts } from '../website/store-hosts'

// Issue 25: a store made from a template — a full copy of a store's settings and catalog under new
// ids, sharing its image files, or the built-in blank store — in one transaction with its audit
// row; refusals that write nothing; and the list of stores with their hosts and sales.

const DEMO = path.resolve('data/demo-store.json')
const SHARED_IMAGES = path.join(os.tmpdir(), 'webstore-test-images')

// The image store of this file alone (the server reads IMAGES_DIR once per process), seeded with the
// demo's drawings: a test here imports a template again, and imports remove images.
let imagesDir: string
beforeAll(async () => {
  imagesDir = await mkdtemp(path.join(os.tmpdir(), 'create-store-images-'))
  for (const part of ['stores/granite-ridge', 'logos']) {
    if (existsSync(path.join(SHARED_IMAGES, part))) await cp(path.join(SHARED_IMAGES, part), path.join(imagesDir, part), { recursive: true })
  }
  vi.stubEnv('IMAGES_DIR', imagesDir)
})
afterAll(() => {
  vi.unstubAllEnvs()
})

/** Rows of one store, per kind of record the copy carries or must leave out. */
const PER_STORE: Record<string, string> = {
  products: 'select count(*) from products where website_id = $1',
  variants: 'select count(*) from product_variants v join products p on p.id = v.product_id where p.website_id = $1',
  priceBreaks: 'select count(*) from product_price_breaks b join products p on p.id = b.product_id where p.website_id = $1',
  productImages: 'select count(*) from product_images i join products p on p.id = i.product_id where p.website_id = $1',
  categories: 'select count(*) from categories where website_id = $1',
  decorationMethods: 'select count(*) from decoration_methods where website_id = $1',
  printAreas: 'select count(*) from print_areas where website_id = $1',
  deliveryMethods: 'select count(*) from delivery_methods where website_id = $1',
  paymentMethods: 'select count(*) from payment_methods where website_id = $1',
  taxRates: 'select count(*) from tax_rates where website_id = $1',
  taxSettings: 'select count(*) from tax_credentials where website_id = $1',
  contentPages: 'select count(*) from content_pages where website_id = $1',
  redirects: 'select count(*) from redirects where website_id = $1',
  customerGroups: 'select count(*) from customer_groups where website_id = $1',
  promotions: 'select count(*) from promotion_programs where website_id = $1',
  accounts: 'select count(*) from partners where website_id = $1',
  giftCards: 'select count(*) from gift_cards where website_id = $1',
  orders: 'select count(*) from orders where website_id = $1',
}

async function countsOf(db: Database, websiteId: number): Promise<Record<string, number>> {
  const result: Record<string, number> = {}
  for (const [name, query] of Object.entries(PER_STORE)) {
    const { rows } = (await db.execute(sql.raw(query.replace('$1', String(Number(websiteId)))))) as unknown as { rows: { count: string | number }[] }
    result[name] = Number(rows[0]!.count)
  }
  return result
}

/** Rows of the whole install that a refused creation must not add. */
async function installRows(db: Database): Promise<Record<string, number>> {
  const result: Record<string, number> = {}
  for (const table of ['websites', 'store_hosts', 'products', 'product_variants', 'audit_log', 'staff_stores']) {
    const { rows } = (await db.execute(sql.raw(`select count(*) from ${table}`))) as unknown as { rows: { count: string | number }[] }
    result[table] = Number(rows[0]!.count)
  }
  return result
}

/** A store's file without what makes it this store (code, name, host names). */
async function storeContents(db: Database, websiteId: number) {
  const { file } = await exportStore(db, websiteId)
  const { code: _code, name: _name, hosts: _hosts, ...website } = file.website
  return { ...file, website }
}

/** A context acting as a staff member with the stores the database gives them now (as their next request would). */
async function asOfNow(db: Database, member: Staff) {
  const rows = await db.select({ websiteId: staffStores.websiteId }).from(staffStores).where(eq(staffStores.staffId, member.staffId))
  const actor: Staff = { ...member, storeIds: rows.map((row) => row.websiteId) }
  return coreContext({ websiteId: actor.storeIds[0] ?? 1, actor, clientKey: '203.0.113.9', userAgent: 'vitest' })
}

let codes = 0
const nextCode = (stem: string) => `${stem}-${++codes}`

describe.each(testDatabaseKinds())('creating a store from a template on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let templateId: number

  beforeAll(async () => {
    templateId = (await importStoreFile({ filePath: DEMO })).websiteId
    await insertConsoleOrder({ websiteId: templateId })
  })

  test('the copy has the template’s catalog, prices, decoration, delivery, payment, tax, content, redirects and customer groups, under new ids, showing the same image files', async () => {
    const owner = await staffContext(templateId, { role: 'owner' })
    const before = await storeContents(db(), templateId)
    const templateCounts = await countsOf(db(), templateId)

    const created = await createStore(owner, { template: templateId, code: 'granite-copy', name: 'Granite Copy', hosts: ['Copy.Localhost'] })

    expect(created).toMatchObject({ code: 'granite-copy', name: 'Granite Copy', state: 'draft', hosts: ['copy.localhost'], template: templateId })
    expect(created.websiteId).not.toBe(templateId)
    // Everything the store file holds is the same, images included (the same files, by path).
    expect(await storeContents(db(), created.websiteId)).toEqual(before)
    const copyCounts = await countsOf(db(), created.websiteId)
    expect(copyCounts).toEqual({ ...templateCounts, accounts: 0, giftCards: 0, orders: 0 })
    for (const kind of ['products', 'variants', 'priceBreaks', 'productImages', 'decorationMethods', 'printAreas', 'deliveryMethods', 'paymentMethods', 'taxSettings', 'contentPages', 'customerGroups']) {
      expect(copyCounts[kind], kind).toBeGreaterThan(0)
    }
    const ids = async (websiteId: number) => (await db().select({ id: products.id }).from(products).where(eq(products.websiteId, websiteId))).map((row) => row.id)
    const templateIds = new Set(await ids(templateId))
    expect((await ids(created.websiteId)).some((id) => templateIds.has(id))).toBe(false)
  })

  test('the copy’s own store file, downloaded from the console, imports back into it changing nothing', async () => {
    const owner = await staffContext(templateId, { role: 'owner' })
    const copy = await createStore(owner, { template: templateId, code: nextCode('round-trip'), name: 'Round trip', hosts: ['round-trip.localhost'] })
    const chunks: Uint8Array[] = []
    for await (const chunk of (await exportStoreFileZip(owner, copy.websiteId)).chunks) chunks.push(chunk)

    const report = await importStoreFileUpload(owner, { websiteId: copy.websiteId, fileName: 'round-trip.zip', bytes: Buffer.concat(chunks), dryRun: true })

    expect(JSON.stringify(report.entities.filter((entity) => entity.created + entity.updated + entity.removed > 0)).slice(0, 1500)).toBe('[]')
    expect(report.images).toMatchObject({ drawn: 0, copied: 0 })
  })

  test('the template is left as it was, and its accounts, gift cards and orders stay its own', async () => {
    const owner = await staffContext(templateId, { role: 'owner' })
    const before = await exportStore(db(), templateId)
    const countsBefore = await countsOf(db(), templateId)
    expect(countsBefore.accounts).toBeGreaterThan(0)
    expect(countsBefore.giftCards).toBeGreaterThan(0)
    expect(countsBefore.orders).toBe(1)

    const created = await createStore(owner, { template: templateId, code: nextCode('untouched'), name: 'Another copy', hosts: [] })

    expect(await exportStore(db(), templateId)).toEqual(before)
    expect(await countsOf(db(), templateId)).toEqual(countsBefore)
    expect(await countsOf(db(), created.websiteId)).toMatchObject({ accounts: 0, giftCards: 0, orders: 0 })
  })

  test('the new store is a draft with its host names and audit row, and the store manager who made it manages it', async () => {
    const manager = await staffContext(templateId, { role: 'store_manager' })
    const created = await createStore(manager, { template: templateId, code: nextCode('team'), name: 'Team store', hosts: ['team-store.localhost', 'team.example.com'], accentColor: '#1f4d3a' })

    const [row] = await db().select({ state: websites.state, accentColor: websites.accentColor }).from(websites).where(eq(websites.id, created.websiteId))
    expect(row).toEqual({ state: 'draft', accentColor: '#1f4d3a' })
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.websiteId, created.websiteId), eq(auditLog.action, 'store.create')))
    expect(audit).toMatchObject({ staffId: manager.staff.staffId, entityType: 'website', entityId: String(created.websiteId) })
    expect(audit!.after).toMatchObject({ code: created.code, hosts: ['team-store.localhost', 'team.example.com'], template: templateId })

    const nextRequest = await asOfNow(db(), manager.staff)
    const settings = (await executeAdminQuery('settings.get', { websiteId: created.websiteId }, nextRequest)) as { name: string }
    expect(settings.name).toBe('Team store')
    const list = (await executeAdminQuery('stores.list', {}, nextRequest)) as StoreListPage
    expect(list.rows.map((store) => store.websiteId)).toEqual([templateId, created.websiteId])
  })

  test('a host name another store has is refused with a sentence naming it, and nothing is written', async () => {
    const owner = await staffContext(templateId, { role: 'owner' })
    await syncStoreHosts(db(), templateId, ['shop.granite.example'])
    const before = await installRows(db())

    const error = await refusal(createStore(owner, { template: templateId, code: nextCode('clash'), name: 'Clash', hosts: ['fresh.example.com', 'SHOP.granite.example.'] }))

    expect(error.code).toBe('conflict')
    expect(error.userMessage).toBe('The host name "shop.granite.example" is already used by another store: choose another name, or remove it from that store first.')
    expect(await installRows(db())).toEqual(before)
  })

  test('an invalid store code, a store code in use, and an invalid or repeated host name are refused with a sentence', async () => {
    const owner = await staffContext(templateId, { role: 'owner' })
    const before = await installRows(db())
    const attempt = (input: { code?: string; hosts?: string[] }) => refusal(createStore(owner, { template: 'blank', code: input.code ?? nextCode('ok'), name: 'Store', hosts: input.hosts ?? [] }))

    expect(await attempt({ code: 'Not A Code!' })).toMatchObject({ code: 'invalid', userMessage: STORE_CODE_INVALID })
    expect(await attempt({ code: '-dash' })).toMatchObject({ code: 'invalid', userMessage: STORE_CODE_INVALID })
    expect(await attempt({ code: 'granite-ridge' })).toMatchObject({ code: 'conflict', userMessage: 'The store code "granite-ridge" is already used by another store: choose another code.' })
    expect((await attempt({ hosts: ['https://shop.example.com/'] })).userMessage).toMatch(/^"https:\/\/shop\.example\.com\/" is not a host name\. Enter a host name only/)
    expect((await attempt({ hosts: ['a.example.com', 'A.example.com'] })).userMessage).toBe('The host name "a.example.com" is listed twice.')
    expect(await installRows(db())).toEqual(before)
  })

  test('a template the member may not manage reads like a store that does not exist', async () => {
    const otherStore = await createStore(await staffContext(templateId, { role: 'owner' }), { template: 'blank', code: nextCode('elsewhere'), name: 'Elsewhere', hosts: [] })
    const outsider = await staffContext(otherStore.websiteId, { role: 'store_manager' })
    const fulfilment = await staffContext(templateId, { role: 'fulfilment' })
    const before = await installRows(db())

    const notTheirs = await refusal(createStore(outsider, { template: templateId, code: nextCode('stolen'), name: 'Stolen', hosts: [] }))
    const missing = await refusal(createStore(outsider, { template: 987_654, code: nextCode('missing'), name: 'Missing', hosts: [] }))

    expect(notTheirs.code).toBe('not_found')
    expect({ code: missing.code, userMessage: missing.userMessage }).toEqual({ code: notTheirs.code, userMessage: notTheirs.userMessage })
    expect((await refusal(createStore(fulfilment, { template: templateId, code: nextCode('fulfil'), name: 'No', hosts: [] }))).code).toBe('forbidden')
    expect(await installRows(db())).toEqual(before)
  })

  test('the blank template is a store with a name, a code and a country to ship to, and no products (through the console’s key)', async () => {
    const owner = await staffContext(templateId, { role: 'owner' })
    const created = (await executeAdminMutation('stores.create', { template: 'blank', code: nextCode('blank'), name: 'Blank store', hosts: ['blank.localhost'] }, owner)) as CreatedStore

    expect(created).toMatchObject({ name: 'Blank store', state: 'draft', hosts: ['blank.localhost'], template: 'blank' })
    const { file } = await exportStore(db(), created.websiteId)
    expect(file.website.shippingCountries).toEqual([expect.objectContaining({ code: 'US' })])
    expect(file.products).toEqual([])
    expect(await countsOf(db(), created.websiteId)).toMatchObject({ products: 0, deliveryMethods: 0, paymentMethods: 0, orders: 0 })
  })

  test('the list of stores pages by id and counts each store’s orders and revenue today and over 30 days', async () => {
    const owner = await staffContext(templateId, { role: 'owner' })
    const store = await createStore(owner, { template: 'blank', code: nextCode('sales'), name: 'Sales', hosts: ['sales.localhost', 'sales.example.com'] })
    const now = new Date()
    const today = new Date(Math.min(now.getTime(), utcMidnight(now, 0).getTime() + 60_000))
    const daysAgo = (days: number) => new Date(utcMidnight(now, days).getTime() + 3_600_000)
    await insertConsoleOrder({ websiteId: store.websiteId, createdAt: today, amountTotal: 1000 })
    await insertConsoleOrder({ websiteId: store.websiteId, createdAt: today, amountTotal: 700, state: 'draft' })
    await insertConsoleOrder({ websiteId: store.websiteId, createdAt: today, amountTotal: 900, state: 'cancel' })
    await insertConsoleOrder({ websiteId: store.websiteId, createdAt: today, amountTotal: 5000, kind: 'quotation', state: 'draft' })
    await insertConsoleOrder({ websiteId: store.websiteId, createdAt: daysAgo(5), amountTotal: 2550 })
    await insertConsoleOrder({ websiteId: store.websiteId, createdAt: daysAgo(29), amountTotal: 100 })
    await insertConsoleOrder({ websiteId: store.websiteId, createdAt: daysAgo(31), amountTotal: 9999 })

    const seen: StoreListRow[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = (await executeAdminQuery('stores.list', { limit: 2, ...(cursor ? { cursor } : {}) }, owner)) as StoreListPage
      expect(page.rows.length).toBeLessThanOrEqual(2)
      seen.push(...page.rows)
      cursor = page.nextCursor ?? undefined
      pages++
    } while (cursor)

    const [{ count }] = (await db().select({ count: sql<number>`count(*)::int` }).from(websites)) as [{ count: number }]
    expect(seen.map((row) => row.websiteId)).toEqual([...seen.map((row) => row.websiteId)].sort((a, b) => a - b))
    expect(seen).toHaveLength(count)
    expect(pages).toBe(Math.ceil(count / 2))
    expect(seen.find((row) => row.websiteId === store.websiteId)).toEqual({
      websiteId: store.websiteId,
      code: store.code,
      name: 'Sales',
      state: 'draft',
      version: expect.any(Number),
      address: 'http://sales.localhost:3000',
      hosts: ['sales.localhost', 'sales.example.com'],
      today: { orders: 2, revenue: 10 },
      last30Days: { orders: 4, revenue: 36.5 },
    })
    expect(seen.find((row) => row.websiteId === templateId)).toMatchObject({ state: 'open', today: { orders: 1, revenue: 10 } })
  })
})

describe('images a copy shares with its template', () => {
  const { db } = useTestDatabase('pglite')

  test('stay on disk when the template is imported again without them, while the copy still shows them', async () => {
    const { filePath } = await writeStoreFile(buildStoreFile())
    const { websiteId: templateId } = await importStoreFile({ filePath })
    const owner = await staffContext(templateId, { role: 'owner' })
    const copy = await createStore(owner, { template: templateId, code: 'test-copy', name: 'Copy', hosts: [] })
    const pictures = async (websiteId: number) =>
      (await db().select({ path: productImages.path, name: productImages.name }).from(productImages).innerJoin(products, eq(products.id, productImages.productId)).where(eq(products.websiteId, websiteId))).map(
        (row) => `${row.path}/${row.name}`,
      )
    const shown = await pictures(copy.websiteId)
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.sort()).toEqual((await pictures(templateId)).sort())

    // The template's navy is another shade now: its mockups are drawn again under new names.
    const changed = buildStoreFile()
    changed.colors = [{ name: 'Navy', css: '#22305a' }, { name: 'White', css: '#ffffff' }]
    const summary = await importStoreFile({ filePath: (await writeStoreFile(changed)).filePath })
    expect(summary.images.drawn).toBeGreaterThan(0)
    expect((await pictures(templateId)).some((stored) => !shown.includes(stored))).toBe(true)

    const files = shown.filter((stored) => !stored.startsWith('https://'))
    expect(files.length).toBeGreaterThan(0)
    for (const stored of files) expect(existsSync(path.join(imagesDir, stored)), stored).toBe(true)
  })
})
