import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { CacheName } from '@/isomorphic/contract/queries'
import { invalidateCaches } from '../cache/named-cache'
import { getDb, type Transaction } from '../db/client'
import {
  attributes,
  attributeValues,
  brands,
  categories,
  contentPages,
  countries,
  decorationPartners,
  deliveryMethods,
  deliveryPriceRules,
  homePages,
  logos,
  orderExtraFields,
  orderOptions,
  paymentMethods,
  productAttributeValues,
  productCategories,
  productImages,
  products,
  productVariantLogos,
  productVariants,
  promotionPrograms,
  sizes,
  states,
  taxCredentials,
  taxRates,
  websites,
  websiteShippingCountries,
} from '../db/schema'
import { env } from '../env'
import { slugify } from '../images/image-store'
import { toCents } from '../kernel/money'
import { formatJsonPath, JsonSyntaxError, type LocatedJson, parseJsonWithLocations } from '../kernel/json-locations'
import { StoreFileError, type StoreFileIssue } from './store-file-error'
import { checkReferences, type ReferenceIssue } from './store-file-references'
import { friendlyIssueMessage, type StoreFile, StoreFileSchema } from './store-file-schema'
import { ImagePreparationError, type PreparedImages, prepareStoreImages } from './store-images'
import { garmentOfProduct } from './decoration-schema'
import { writeAccounts } from './write-accounts'
import { writeDecoration } from './write-decoration'
import { writeGiftCards } from './write-gift-cards'

// Loads a store file (docs/store-file.md) into the database: validate everything first, draw and
// copy the images, then write the whole store in ONE transaction, updating rows in place by their
// natural keys. Rows whose values are already those of the file are not touched, so importing the
// same file twice changes nothing. What the file no longer lists is removed, except what orders may
// point at (products, delivery and payment methods, promotions), which is unpublished/deactivated.

/** Every named cache an import can change; the summary lists the ones it did change. */
export const STORE_IMPORT_CACHES = [
  'Website',
  'HomePage',
  'FeaturedProducts',
  'ProductList',
  'Products',
  'ContentPages',
  'DeliveryMethods',
  'PaymentMethods',
  'Taxes',
  'Promotions',
  'OrderExtraFields',
  'OrderOptions',
] as const satisfies readonly CacheName[]

export type ChangeCounts = { created: number; updated: number; unchanged: number; removed: number }

export type StoreImportSummary = {
  websiteId: number
  websiteCode: string
  websiteName: string
  createdWebsite: boolean
  counts: Record<string, ChangeCounts>
  images: PreparedImages['stats'] & { removed: number }
  /** The caches whose data this import changed: invalidate them. */
  touchedCaches: CacheName[]
  milliseconds: number
}

export type LoadedStoreFile = { file: StoreFile; baseDir: string; fileLabel: string; located: LocatedJson }

// Two app instances starting on one empty PostgreSQL may both try to seed the demo store.
const IMPORT_LOCK = 7_340_022

/** Reads and validates a store file. Throws StoreFileError naming the line and field of every problem. */
export async function loadStoreFile(filePath: string): Promise<LoadedStoreFile> {
  const fileLabel = path.basename(filePath)
  let text: string
  try {
    text = await readFile(filePath, 'utf8')
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : (error as Error).message
    throw new StoreFileError(fileLabel, [{ line: null, path: '', message: `${reason} (${path.resolve(filePath)})` }])
  }
  let located: LocatedJson
  try {
    located = parseJsonWithLocations(text)
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error
    throw new StoreFileError(fileLabel, [{ line: error.line, path: '', message: `JSON syntax error at column ${error.column}: ${error.message}` }])
  }
  const parsed = StoreFileSchema.safeParse(located.value, { error: friendlyIssueMessage })
  if (!parsed.success) {
    const issues = parsed.error.issues.flatMap((issue): StoreFileIssue[] => {
      if (issue.code === 'unrecognized_keys') {
        return issue.keys.map((key) => issueAt(located, [...issue.path, key], 'unknown field (check its spelling in docs/store-file.md)'))
      }
      return [issueAt(located, issue.path, issue.message)]
    })
    throw new StoreFileError(fileLabel, sortIssues(issues))
  }
  const baseDir = path.dirname(path.resolve(filePath))
  const referenceIssues = checkReferences(parsed.data, baseDir)
  if (referenceIssues.length > 0) throw new StoreFileError(fileLabel, sortIssues(referenceIssues.map((issue) => issueAt(located, issue.path, issue.message))))
  return { file: parsed.data, baseDir, fileLabel, located }
}

function issueAt(located: LocatedJson, at: readonly PropertyKey[], message: string): StoreFileIssue {
  return { line: located.lineOf(at), path: formatJsonPath(at), message }
}

function sortIssues(issues: StoreFileIssue[]): StoreFileIssue[] {
  return issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
}

/**
 * Imports a store file into the database (getDb()). All or nothing: a bad file, a missing image or a
 * database error leaves the database as it was. Throws StoreFileError for problems in the file.
 */
export async function importStoreFile({ filePath }: { filePath: string }): Promise<StoreImportSummary> {
  const started = performance.now()
  const { file, baseDir, fileLabel, located } = await loadStoreFile(filePath)
  let images: PreparedImages
  try {
    images = await prepareStoreImages(file, baseDir)
  } catch (error) {
    if (!(error instanceof ImagePreparationError)) throw error
    throw new StoreFileError(fileLabel, sortIssues(error.issues.map((issue: ReferenceIssue) => issueAt(located, issue.path, issue.message))))
  }

  const db = await getDb()
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`)
    return writeStore(tx, file, images)
  })
  const removedImages = await images.removeStale()

  const touched = new Set<CacheName>()
  for (const [entity, counts] of Object.entries(result.counts)) {
    if (counts.created + counts.updated + counts.removed === 0) continue
    for (const cache of CACHES_BY_ENTITY[entity] ?? []) touched.add(cache)
  }
  if (touched.size > 0) {
    // Fresh planner statistics: PGlite never gathers them by itself, and catalog reads pick poor
    // plans without them.
    await db.execute(sql`analyze`)
    await invalidateCaches([...touched])
  }
  return {
    ...result,
    websiteCode: file.website.code,
    websiteName: file.website.name,
    images: { ...images.stats, removed: removedImages },
    touchedCaches: STORE_IMPORT_CACHES.filter((cache) => touched.has(cache)),
    milliseconds: Math.round(performance.now() - started),
  }
}

const CATALOG_CACHES: CacheName[] = ['ProductList', 'Products', 'FeaturedProducts', 'HomePage']
const CACHES_BY_ENTITY: Record<string, CacheName[]> = {
  websites: ['Website', 'HomePage'],
  countries: ['Website'],
  states: ['Website'],
  shippingCountries: ['Website'],
  sizes: ['Website', ...CATALOG_CACHES],
  sizeValues: CATALOG_CACHES,
  colors: CATALOG_CACHES,
  brands: CATALOG_CACHES,
  categories: CATALOG_CACHES,
  decorationPartners: CATALOG_CACHES,
  logos: CATALOG_CACHES,
  products: [...CATALOG_CACHES, 'Promotions'],
  productCategories: CATALOG_CACHES,
  productAttributeValues: CATALOG_CACHES,
  variants: CATALOG_CACHES,
  variantLogos: CATALOG_CACHES,
  productImages: CATALOG_CACHES,
  homePage: ['HomePage', 'FeaturedProducts'],
  contentPages: ['ContentPages', 'Website'],
  deliveryMethods: ['DeliveryMethods'],
  priceRules: ['DeliveryMethods'],
  paymentMethods: ['PaymentMethods'],
  taxCredentials: ['Taxes'],
  taxRates: ['Taxes'],
  promotions: ['Promotions'],
  orderExtraFields: ['OrderExtraFields'],
  orderOptions: [],
  // The decoration editor's options live in the Products cache.
  decorationMethods: ['Products'],
  printAreas: ['Products'],
  logoMethods: ['Products'],
  decorationSettings: ['Products'],
}

// Writing ------------------------------------------------------------------------------------------

type Counts = Record<string, ChangeCounts>

class Tally {
  readonly counts: Counts = {}
  add(entity: string, kind: keyof ChangeCounts, amount = 1) {
    this.counts[entity] ??= { created: 0, updated: 0, unchanged: 0, removed: 0 }
    this.counts[entity][kind] += amount
  }
}

/** Equal as stored: numbers to the column's scale, dates by time, JSON whatever its key order. */
function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    const time = (value: unknown) => (value instanceof Date ? value.getTime() : value == null ? null : new Date(value as string).getTime())
    return time(a) === time(b)
  }
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 1e-9
  if (a === null || b === null || a === undefined || b === undefined) return (a ?? null) === (b ?? null)
  if (typeof a === 'object' && typeof b === 'object') return stableJson(a) === stableJson(b)
  return a === b
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${stableJson(entry)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** The fields of `desired` whose values differ from `existing` (empty: nothing to write). */
function changes<T extends Record<string, unknown>>(existing: Record<string, unknown>, desired: T): Partial<T> {
  const changed: Partial<T> = {}
  for (const key of Object.keys(desired) as (keyof T & string)[]) {
    if (!same(existing[key], desired[key])) changed[key] = desired[key]
  }
  return changed
}

const scale = (value: number, digits: number) => Number(value.toFixed(digits))

/**
 * Upserts `desired` rows against `existing` ones by key: inserts the new, updates only changed
 * fields, and hands back the ones the file no longer has. Returns key → id for every desired row.
 */
async function sync<E extends { id: number }, D extends Record<string, unknown>>(options: {
  tally: Tally
  entity: string
  existing: E[]
  desired: D[]
  keyOf: (row: E | D) => string
  insert: (rows: D[]) => Promise<{ id: number; key: string }[]>
  update: (id: number, values: Partial<D>) => Promise<unknown>
}): Promise<{ ids: Map<string, number>; leftover: E[] }> {
  const { tally, entity } = options
  const byKey = new Map(options.existing.map((row) => [options.keyOf(row), row]))
  const ids = new Map<string, number>()
  const toInsert: D[] = []
  for (const row of options.desired) {
    const key = options.keyOf(row)
    const current = byKey.get(key)
    if (!current) {
      toInsert.push(row)
      continue
    }
    byKey.delete(key)
    ids.set(key, current.id)
    const changed = changes(current as Record<string, unknown>, row)
    if (Object.keys(changed).length === 0) {
      tally.add(entity, 'unchanged')
    } else {
      await options.update(current.id, { ...changed, updatedAt: new Date() } as Partial<D>)
      tally.add(entity, 'updated')
    }
  }
  for (const chunk of chunks(toInsert, 500)) {
    for (const inserted of await options.insert(chunk)) ids.set(inserted.key, inserted.id)
    tally.add(entity, 'created', chunk.length)
  }
  return { ids, leftover: [...byKey.values()] }
}

/** Makes a link table hold exactly `desired` for the given owners. */
async function syncLinks<L extends Record<string, number>>(options: {
  tally: Tally
  entity: string
  existing: L[]
  desired: L[]
  keyOf: (link: L) => string
  insert: (links: L[]) => Promise<unknown>
  remove: (links: L[]) => Promise<unknown>
}): Promise<void> {
  const existing = new Map(options.existing.map((link) => [options.keyOf(link), link]))
  const toInsert: L[] = []
  for (const link of options.desired) {
    const key = options.keyOf(link)
    if (existing.delete(key)) options.tally.add(options.entity, 'unchanged')
    else toInsert.push(link)
  }
  for (const chunk of chunks(toInsert, 1000)) await options.insert(chunk)
  options.tally.add(options.entity, 'created', toInsert.length)
  const toRemove = [...existing.values()]
  if (toRemove.length > 0) await options.remove(toRemove)
  options.tally.add(options.entity, 'removed', toRemove.length)
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = []
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size))
  return result
}

async function writeStore(tx: Transaction, file: StoreFile, images: PreparedImages) {
  const tally = new Tally()
  const { websiteId, createdWebsite } = await writeWebsite(tx, tally, file, images)
  await writeCountries(tx, tally, file, websiteId)
  const sizeValueIds = await writeSizes(tx, tally, file, websiteId)
  const colorValueIds = await writeColors(tx, tally, file)
  const brandIds = await writeBrands(tx, tally, file)
  const categoryIds = await writeCategories(tx, tally, file, websiteId)
  const logoIds = await writeLogos(tx, tally, file, images)
  const productIds = await writeProducts(tx, tally, file, websiteId, { brandIds })
  await writeProductLinks(tx, tally, file, productIds, { categoryIds, colorValueIds, sizeValueIds })
  await writeVariants(tx, tally, file, productIds, { colorValueIds, sizeValueIds, logoIds })
  await writeProductImages(tx, tally, file, productIds, images, { colorValueIds, logoIds })
  await writeHomeAndContent(tx, tally, file, websiteId, images)
  await writeDelivery(tx, tally, file, websiteId)
  await writePayments(tx, tally, file, websiteId)
  await writeTax(tx, tally, file, websiteId)
  await writePromotions(tx, tally, file, websiteId, productIds)
  await writeOrderFields(tx, tally, file, websiteId)
  await writeAccounts(tx, tally, file, websiteId)
  await writeGiftCards(tx, tally, file, websiteId)
  await writeDecoration(tx, tally, file, websiteId, { productIds, logoIds })
  return { websiteId, createdWebsite, counts: tally.counts }
}

async function writeWebsite(tx: Transaction, tally: Tally, file: StoreFile, images: PreparedImages) {
  const { website } = file
  const values = {
    name: website.name,
    description: website.description,
    domain: website.domain ?? null,
    faviconImage: images.site.favicon,
    socialImage: images.site.socialImage,
    logoImage: images.site.logo,
    lockBrowsing: website.lockBrowsing,
    ssologin: website.ssologin,
    ssoConfig: website.ssoConfig,
    currency: website.currency,
    contactEmail: website.contact.email ?? null,
    contactPhone: website.contact.phone ?? null,
    guestCheckout: website.guestCheckout,
  }
  const [existing] = await tx.select().from(websites).where(eq(websites.code, website.code))
  if (existing) {
    const changed = changes(existing, values)
    if (Object.keys(changed).length > 0) {
      await tx.update(websites).set({ ...changed, updatedAt: new Date() }).where(eq(websites.id, existing.id))
      tally.add('websites', 'updated')
    } else {
      tally.add('websites', 'unchanged')
    }
    return { websiteId: existing.id, createdWebsite: false }
  }
  // A new store takes the id the app serves (WEBSITE_ID) when that id is free, so the first import
  // into an empty database is the store the app shows.
  const wantedId = env().WEBSITE_ID
  const [taken] = await tx.select({ id: websites.id }).from(websites).where(eq(websites.id, wantedId))
  let websiteId: number
  if (taken) {
    const [inserted] = await tx.insert(websites).values({ code: website.code, ...values }).returning({ id: websites.id })
    websiteId = inserted!.id
  } else {
    await tx.insert(websites).overridingSystemValue().values({ id: wantedId, code: website.code, ...values })
    await tx.execute(sql`select setval(pg_get_serial_sequence('websites', 'id'), (select max(id) from websites))`)
    websiteId = wantedId
  }
  tally.add('websites', 'created')
  return { websiteId, createdWebsite: true }
}

async function writeCountries(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number) {
  const listed = file.website.shippingCountries
  const existing = await tx.select({ id: countries.id, code: countries.code, name: countries.name }).from(countries)
  const { ids: countryIds } = await sync({
    tally,
    entity: 'countries',
    existing: existing.filter((row) => listed.some((country) => country.code === row.code)),
    desired: listed.map((country) => ({ code: country.code, name: country.name })),
    keyOf: (row) => row.code,
    insert: (rows) => tx.insert(countries).values(rows).returning({ id: countries.id, key: countries.code }),
    update: (id, values) => tx.update(countries).set(values).where(eq(countries.id, id)),
  })

  const ids = [...countryIds.values()]
  const existingStates = await tx
    .select({ id: states.id, countryId: states.countryId, code: states.code, name: states.name })
    .from(states)
    .where(inArray(states.countryId, ids))
  await sync({
    tally,
    entity: 'states',
    existing: existingStates,
    desired: listed.flatMap((country) => country.states.map((state) => ({ countryId: countryIds.get(country.code)!, code: state.code, name: state.name }))),
    keyOf: (row) => `${row.countryId}/${row.code}`,
    insert: async (rows) =>
      (await tx.insert(states).values(rows).returning({ id: states.id, countryId: states.countryId, code: states.code })).map((row) => ({
        id: row.id,
        key: `${row.countryId}/${row.code}`,
      })),
    update: (id, values) => tx.update(states).set(values).where(eq(states.id, id)),
  })

  const existingLinks = await tx
    .select({ id: websiteShippingCountries.countryId, countryId: websiteShippingCountries.countryId, sequence: websiteShippingCountries.sequence })
    .from(websiteShippingCountries)
    .where(eq(websiteShippingCountries.websiteId, websiteId))
  const { leftover } = await sync({
    tally,
    entity: 'shippingCountries',
    existing: existingLinks,
    desired: listed.map((country, sequence) => ({ countryId: countryIds.get(country.code)!, sequence })),
    keyOf: (row) => String(row.countryId),
    insert: async (rows) => {
      await tx.insert(websiteShippingCountries).values(rows.map((row) => ({ websiteId, ...row })))
      return rows.map((row) => ({ id: row.countryId, key: String(row.countryId) }))
    },
    update: (countryId, values) =>
      tx
        .update(websiteShippingCountries)
        .set({ sequence: values.sequence })
        .where(and(eq(websiteShippingCountries.websiteId, websiteId), eq(websiteShippingCountries.countryId, countryId))),
  })
  if (leftover.length > 0) {
    await tx.delete(websiteShippingCountries).where(
      and(
        eq(websiteShippingCountries.websiteId, websiteId),
        inArray(
          websiteShippingCountries.countryId,
          leftover.map((row) => row.countryId),
        ),
      ),
    )
    tally.add('shippingCountries', 'removed', leftover.length)
  }
}

async function attributeId(tx: Transaction, name: 'Color' | 'Size'): Promise<number> {
  const [found] = await tx.select({ id: attributes.id }).from(attributes).where(eq(attributes.name, name))
  if (found) return found.id
  const [created] = await tx.insert(attributes).values({ name }).returning({ id: attributes.id })
  return created!.id
}

async function writeSizes(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number) {
  const order = file.website.sizeOrder
  const existing = await tx.select({ id: sizes.id, name: sizes.name, sequence: sizes.sequence }).from(sizes).where(eq(sizes.websiteId, websiteId))
  const { leftover } = await sync({
    tally,
    entity: 'sizes',
    existing,
    desired: order.map((name, sequence) => ({ name, sequence })),
    keyOf: (row) => row.name,
    insert: (rows) =>
      tx
        .insert(sizes)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: sizes.id, key: sizes.name }),
    update: (id, values) => tx.update(sizes).set(values).where(eq(sizes.id, id)),
  })
  await removeRows(tx, tally, 'sizes', sizes, leftover)

  const sizeAttribute = await attributeId(tx, 'Size')
  const existingValues = await tx
    .select({ id: attributeValues.id, name: attributeValues.name, sequence: attributeValues.sequence })
    .from(attributeValues)
    .where(and(eq(attributeValues.attributeId, sizeAttribute), inArray(attributeValues.name, order)))
  const { ids } = await sync({
    tally,
    entity: 'sizeValues',
    existing: existingValues,
    desired: order.map((name, sequence) => ({ name, sequence })),
    keyOf: (row) => row.name,
    insert: (rows) =>
      tx
        .insert(attributeValues)
        .values(rows.map((row) => ({ attributeId: sizeAttribute, ...row })))
        .returning({ id: attributeValues.id, key: attributeValues.name }),
    update: (id, values) => tx.update(attributeValues).set(values).where(eq(attributeValues.id, id)),
  })
  return ids
}

async function writeColors(tx: Transaction, tally: Tally, file: StoreFile) {
  const colorAttribute = await attributeId(tx, 'Color')
  const names = file.colors.map((color) => color.name)
  const existing =
    names.length === 0
      ? []
      : await tx
          .select({ id: attributeValues.id, name: attributeValues.name, htmlColor: attributeValues.htmlColor, sequence: attributeValues.sequence })
          .from(attributeValues)
          .where(and(eq(attributeValues.attributeId, colorAttribute), inArray(attributeValues.name, names)))
  const { ids } = await sync({
    tally,
    entity: 'colors',
    existing,
    desired: file.colors.map((color, sequence) => ({ name: color.name, htmlColor: color.css.toLowerCase(), sequence })),
    keyOf: (row) => row.name,
    insert: (rows) =>
      tx
        .insert(attributeValues)
        .values(rows.map((row) => ({ attributeId: colorAttribute, ...row })))
        .returning({ id: attributeValues.id, key: attributeValues.name }),
    update: (id, values) => tx.update(attributeValues).set(values).where(eq(attributeValues.id, id)),
  })
  return ids
}

async function writeBrands(tx: Transaction, tally: Tally, file: StoreFile) {
  const names = file.brands.map((brand) => brand.name)
  const existing = names.length === 0 ? [] : await tx.select({ id: brands.id, name: brands.name }).from(brands).where(inArray(brands.name, names))
  const { ids } = await sync({
    tally,
    entity: 'brands',
    existing,
    desired: file.brands.map((brand) => ({ name: brand.name })),
    keyOf: (row) => row.name,
    insert: (rows) => tx.insert(brands).values(rows).returning({ id: brands.id, key: brands.name }),
    update: (id, values) => tx.update(brands).set(values).where(eq(brands.id, id)),
  })
  return ids
}

async function writeCategories(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number) {
  const existing = await tx
    .select({ id: categories.id, slug: categories.slug, name: categories.name, sequence: categories.sequence })
    .from(categories)
    .where(eq(categories.websiteId, websiteId))
  const { ids, leftover } = await sync({
    tally,
    entity: 'categories',
    existing,
    desired: file.categories.map((category) => ({ slug: category.slug, name: category.name, sequence: category.sequence })),
    keyOf: (row) => row.slug,
    insert: (rows) =>
      tx
        .insert(categories)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: categories.id, key: categories.slug }),
    update: (id, values) => tx.update(categories).set(values).where(eq(categories.id, id)),
  })
  await removeRows(tx, tally, 'categories', categories, leftover)
  return ids
}

async function writeLogos(tx: Transaction, tally: Tally, file: StoreFile, images: PreparedImages) {
  const partnerCodes = file.decorationPartners.map((partner) => partner.code)
  const existingPartners =
    partnerCodes.length === 0
      ? []
      : await tx
          .select({
            id: decorationPartners.id,
            code: decorationPartners.code,
            name: decorationPartners.name,
            street: decorationPartners.street,
            street2: decorationPartners.street2,
            city: decorationPartners.city,
            stateCode: decorationPartners.stateCode,
            countryCode: decorationPartners.countryCode,
            zip: decorationPartners.zip,
            phone: decorationPartners.phone,
            email: decorationPartners.email,
          })
          .from(decorationPartners)
          .where(inArray(decorationPartners.code, partnerCodes))
  const { ids: partnerIds } = await sync({
    tally,
    entity: 'decorationPartners',
    existing: existingPartners,
    desired: file.decorationPartners.map((partner) => ({
      code: partner.code,
      name: partner.name,
      street: partner.address.street,
      street2: partner.address.street2 ?? null,
      city: partner.address.city,
      stateCode: partner.address.state,
      countryCode: partner.address.country,
      zip: partner.address.zip,
      phone: partner.phone ?? null,
      email: partner.email ?? null,
    })),
    keyOf: (row) => row.code,
    insert: (rows) => tx.insert(decorationPartners).values(rows).returning({ id: decorationPartners.id, key: decorationPartners.code }),
    update: (id, values) => tx.update(decorationPartners).set(values).where(eq(decorationPartners.id, id)),
  })

  const logoCodes = file.logos.map((logo) => logo.code)
  const existing =
    logoCodes.length === 0
      ? []
      : await tx
          .select({
            id: logos.id,
            code: logos.code,
            name: logos.name,
            decorationPartnerId: logos.decorationPartnerId,
            image: logos.image,
            decorationMethod: logos.decorationMethod,
            colorCount: logos.colorCount,
          })
          .from(logos)
          .where(inArray(logos.code, logoCodes))
  const { ids } = await sync({
    tally,
    entity: 'logos',
    existing,
    desired: file.logos.map((logo) => ({
      code: logo.code,
      name: logo.name,
      decorationPartnerId: partnerIds.get(logo.decorationPartner)!,
      image: images.logos.get(logo.code) ?? null,
      decorationMethod: logo.decorationMethod,
      colorCount: logo.colorCount ?? images.logoColors.get(logo.code) ?? 1,
    })),
    keyOf: (row) => row.code,
    insert: (rows) => tx.insert(logos).values(rows).returning({ id: logos.id, key: logos.code }),
    update: (id, values) => tx.update(logos).set(values).where(eq(logos.id, id)),
  })
  return ids
}

function variantPrices(product: StoreFile['products'][number]): Map<string, number> {
  const base = toCents(product.price)
  return new Map(product.sizes.map((size) => [size, base + toCents(product.sizeUpcharges[size] ?? 0)]))
}

async function writeProducts(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number, refs: { brandIds: Map<string, number> }) {
  const existing = await tx
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      templateSkuCode: products.templateSkuCode,
      description: products.description,
      priceAmount: products.priceAmount,
      maxPriceAmount: products.maxPriceAmount,
      weight: products.weight,
      taxCode: products.taxCode,
      brandId: products.brandId,
      websiteSequence: products.websiteSequence,
      isPublished: products.isPublished,
      garmentKind: products.garmentKind,
    })
    .from(products)
    .where(eq(products.websiteId, websiteId))
  const { ids, leftover } = await sync({
    tally,
    entity: 'products',
    existing,
    desired: file.products.map((product) => {
      const prices = [...variantPrices(product).values()]
      return {
        slug: product.slug,
        name: product.name,
        templateSkuCode: product.templateSkuCode,
        description: product.description,
        priceAmount: Math.min(...prices),
        maxPriceAmount: Math.max(...prices),
        weight: scale(product.weight, 3),
        taxCode: product.taxCode,
        brandId: product.brand ? refs.brandIds.get(product.brand)! : null,
        websiteSequence: product.websiteSequence,
        isPublished: product.published,
        garmentKind: garmentOfProduct(product),
      }
    }),
    keyOf: (row) => row.slug,
    insert: (rows) =>
      tx
        .insert(products)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: products.id, key: products.slug }),
    update: (id, values) => tx.update(products).set(values).where(eq(products.id, id)),
  })
  // Orders may point at products the file no longer lists: they are unpublished, not deleted.
  const stillPublished = leftover.filter((row) => row.isPublished)
  if (stillPublished.length > 0) {
    await tx
      .update(products)
      .set({ isPublished: false, updatedAt: new Date() })
      .where(
        inArray(
          products.id,
          stillPublished.map((row) => row.id),
        ),
      )
    tally.add('products', 'removed', stillPublished.length)
  }
  return ids
}

async function writeProductLinks(
  tx: Transaction,
  tally: Tally,
  file: StoreFile,
  productIds: Map<string, number>,
  refs: { categoryIds: Map<string, number>; colorValueIds: Map<string, number>; sizeValueIds: Map<string, number> },
) {
  const ids = [...productIds.values()]
  if (ids.length === 0) return
  await syncLinks({
    tally,
    entity: 'productCategories',
    existing: await tx
      .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
      .from(productCategories)
      .where(inArray(productCategories.productId, ids)),
    desired: file.products.flatMap((product) =>
      product.categories.map((slug) => ({ productId: productIds.get(product.slug)!, categoryId: refs.categoryIds.get(slug)! })),
    ),
    keyOf: (link) => `${link.productId}/${link.categoryId}`,
    insert: (links) => tx.insert(productCategories).values(links),
    remove: (links) =>
      tx.delete(productCategories).where(
        sql`(${productCategories.productId}, ${productCategories.categoryId}) in (${sql.join(
          links.map((link) => sql`(${link.productId}, ${link.categoryId})`),
          sql`, `,
        )})`,
      ),
  })
  await syncLinks({
    tally,
    entity: 'productAttributeValues',
    existing: await tx
      .select({ productId: productAttributeValues.productId, attributeValueId: productAttributeValues.attributeValueId })
      .from(productAttributeValues)
      .where(inArray(productAttributeValues.productId, ids)),
    desired: file.products.flatMap((product) => {
      const productId = productIds.get(product.slug)!
      return [
        ...product.colors.map((name) => ({ productId, attributeValueId: refs.colorValueIds.get(name)! })),
        ...product.sizes.map((name) => ({ productId, attributeValueId: refs.sizeValueIds.get(name)! })),
      ]
    }),
    keyOf: (link) => `${link.productId}/${link.attributeValueId}`,
    insert: (links) => tx.insert(productAttributeValues).values(links),
    remove: (links) =>
      tx.delete(productAttributeValues).where(
        sql`(${productAttributeValues.productId}, ${productAttributeValues.attributeValueId}) in (${sql.join(
          links.map((link) => sql`(${link.productId}, ${link.attributeValueId})`),
          sql`, `,
        )})`,
      ),
  })
}

/** A variant's SKU: the style, the colour and the size (`ST650-TRUE-NAVY-2XL`). */
export function variantSku(templateSkuCode: string, color: string, size: string): string {
  return `${templateSkuCode}-${slugify(color).toUpperCase()}-${size.toUpperCase()}`
}

async function writeVariants(
  tx: Transaction,
  tally: Tally,
  file: StoreFile,
  productIds: Map<string, number>,
  refs: { colorValueIds: Map<string, number>; sizeValueIds: Map<string, number>; logoIds: Map<string, number> },
) {
  const ids = [...productIds.values()]
  if (ids.length === 0) return
  const existing = await tx
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      sku: productVariants.sku,
      colorValueId: productVariants.colorValueId,
      sizeValueId: productVariants.sizeValueId,
      priceAmount: productVariants.priceAmount,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
  const desired = file.products.flatMap((product) => {
    const productId = productIds.get(product.slug)!
    const prices = variantPrices(product)
    return product.colors.flatMap((color) =>
      product.sizes.map((size) => ({
        productId,
        sku: variantSku(product.templateSkuCode, color, size),
        colorValueId: refs.colorValueIds.get(color)!,
        sizeValueId: refs.sizeValueIds.get(size)!,
        priceAmount: prices.get(size)!,
      })),
    )
  })
  const { ids: variantIds, leftover } = await sync({
    tally,
    entity: 'variants',
    existing,
    desired,
    keyOf: (row) => `${row.productId}/${row.sku}`,
    insert: async (rows) =>
      (await tx.insert(productVariants).values(rows).returning({ id: productVariants.id, productId: productVariants.productId, sku: productVariants.sku })).map(
        (row) => ({ id: row.id, key: `${row.productId}/${row.sku}` }),
      ),
    update: (id, values) => tx.update(productVariants).set(values).where(eq(productVariants.id, id)),
  })
  await removeRows(tx, tally, 'variants', productVariants, leftover)

  const allVariantIds = [...variantIds.values()]
  const existingLinks: { variantId: number; logoId: number }[] = []
  for (const chunk of chunks(allVariantIds, 5000)) {
    existingLinks.push(
      ...(await tx
        .select({ variantId: productVariantLogos.variantId, logoId: productVariantLogos.logoId })
        .from(productVariantLogos)
        .where(inArray(productVariantLogos.variantId, chunk))),
    )
  }
  const logosBySlug = new Map(file.products.map((product) => [product.slug, product.logos.map((code) => refs.logoIds.get(code)!)]))
  const slugById = new Map([...productIds].map(([slug, id]) => [id, slug]))
  await syncLinks({
    tally,
    entity: 'variantLogos',
    existing: existingLinks,
    desired: desired.flatMap((variant) => {
      const variantId = variantIds.get(`${variant.productId}/${variant.sku}`)!
      return (logosBySlug.get(slugById.get(variant.productId)!) ?? []).map((logoId) => ({ variantId, logoId }))
    }),
    keyOf: (link) => `${link.variantId}/${link.logoId}`,
    insert: (links) => tx.insert(productVariantLogos).values(links),
    remove: async (links) => {
      for (const chunk of chunks(links, 1000)) {
        await tx.delete(productVariantLogos).where(
          sql`(${productVariantLogos.variantId}, ${productVariantLogos.logoId}) in (${sql.join(
            chunk.map((link) => sql`(${link.variantId}, ${link.logoId})`),
            sql`, `,
          )})`,
        )
      }
    },
  })
}

async function writeProductImages(
  tx: Transaction,
  tally: Tally,
  file: StoreFile,
  productIds: Map<string, number>,
  images: PreparedImages,
  refs: { colorValueIds: Map<string, number>; logoIds: Map<string, number> },
) {
  const ids = [...productIds.values()]
  if (ids.length === 0) return
  const existing = await tx
    .select({
      id: productImages.id,
      productId: productImages.productId,
      path: productImages.path,
      name: productImages.name,
      alt: productImages.alt,
      colorValueId: productImages.colorValueId,
      logoId: productImages.logoId,
      sequence: productImages.sequence,
    })
    .from(productImages)
    .where(inArray(productImages.productId, ids))
  const { leftover } = await sync({
    tally,
    entity: 'productImages',
    existing,
    desired: file.products.flatMap((product) =>
      (images.products.get(product.slug) ?? []).map((image) => ({
        productId: productIds.get(product.slug)!,
        path: image.path,
        name: image.name,
        alt: image.alt,
        colorValueId: image.color ? refs.colorValueIds.get(image.color)! : null,
        logoId: image.logo ? refs.logoIds.get(image.logo)! : null,
        sequence: image.sequence,
      })),
    ),
    // By position, so a redrawn image (a new hashed name) updates its row and keeps its id.
    keyOf: (row) => `${row.productId}/${row.sequence}`,
    insert: async (rows) =>
      (
        await tx
          .insert(productImages)
          .values(rows)
          .returning({ id: productImages.id, productId: productImages.productId, sequence: productImages.sequence })
      ).map((row) => ({ id: row.id, key: `${row.productId}/${row.sequence}` })),
    update: (id, values) => tx.update(productImages).set(values).where(eq(productImages.id, id)),
  })
  await removeRows(tx, tally, 'productImages', productImages, leftover)
}

async function writeHomeAndContent(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number, images: PreparedImages) {
  const [existingHome] = await tx.select().from(homePages).where(eq(homePages.websiteId, websiteId))
  const home = file.homePage
  if (!home) {
    if (existingHome) {
      await tx.delete(homePages).where(eq(homePages.id, existingHome.id))
      tally.add('homePage', 'removed')
    }
  } else {
    const values = {
      heroTitle: home.hero.title,
      heroSubtitle: home.hero.subtitle,
      heroImage: images.site.heroImage,
      heroCtaLabel: home.hero.ctaLabel,
      heroCtaHref: home.hero.ctaHref,
      sections: home.sections.map((section, index) => {
        const image = images.site.sections[index]
        return {
          title: section.title,
          body: section.body,
          ...(section.href ? { href: section.href } : {}),
          ...(image ? { image } : {}),
        }
      }),
      featuredProductSlugs: home.featuredProducts,
    }
    await sync({
      tally,
      entity: 'homePage',
      existing: existingHome ? [existingHome] : [],
      desired: [values],
      keyOf: () => 'home',
      insert: async (rows) =>
        (await tx.insert(homePages).values(rows.map((row) => ({ websiteId, ...row }))).returning({ id: homePages.id })).map((row) => ({ id: row.id, key: 'home' })),
      update: (id, changed) => tx.update(homePages).set(changed).where(eq(homePages.id, id)),
    })
  }

  const existingPages = await tx
    .select({
      id: contentPages.id,
      slug: contentPages.slug,
      title: contentPages.title,
      body: contentPages.body,
      metaDescription: contentPages.metaDescription,
      showInFooter: contentPages.showInFooter,
      sequence: contentPages.sequence,
    })
    .from(contentPages)
    .where(eq(contentPages.websiteId, websiteId))
  const { leftover } = await sync({
    tally,
    entity: 'contentPages',
    existing: existingPages,
    desired: file.contentPages.map((page) => ({
      slug: page.slug,
      title: page.title,
      body: page.body,
      metaDescription: page.metaDescription,
      showInFooter: page.showInFooter,
      sequence: page.sequence,
    })),
    keyOf: (row) => row.slug,
    insert: (rows) =>
      tx
        .insert(contentPages)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: contentPages.id, key: contentPages.slug }),
    update: (id, values) => tx.update(contentPages).set(values).where(eq(contentPages.id, id)),
  })
  await removeRows(tx, tally, 'contentPages', contentPages, leftover)
}

async function writeDelivery(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number) {
  const existing = await tx
    .select({
      id: deliveryMethods.id,
      name: deliveryMethods.name,
      description: deliveryMethods.description,
      deliveryType: deliveryMethods.deliveryType,
      priceAmount: deliveryMethods.priceAmount,
      marginPercent: deliveryMethods.marginPercent,
      freeOver: deliveryMethods.freeOver,
      freeOverAmount: deliveryMethods.freeOverAmount,
      url: deliveryMethods.url,
      credentials: deliveryMethods.credentials,
      pickupAddress: deliveryMethods.pickupAddress,
      sequence: deliveryMethods.sequence,
      isActive: deliveryMethods.isActive,
    })
    .from(deliveryMethods)
    .where(eq(deliveryMethods.websiteId, websiteId))
  const { ids, leftover } = await sync({
    tally,
    entity: 'deliveryMethods',
    existing,
    desired: file.deliveryMethods.map((method) => ({
      name: method.name,
      description: method.description,
      deliveryType: method.deliveryType,
      priceAmount: toCents(method.price),
      marginPercent: scale(method.margin, 2),
      freeOver: method.freeOverAmount !== undefined,
      freeOverAmount: method.freeOverAmount === undefined ? 0 : toCents(method.freeOverAmount),
      url: method.url ?? null,
      credentials: Object.fromEntries(Object.entries(method.credentials).filter(([, value]) => value !== undefined)),
      pickupAddress: method.pickupAddress
        ? {
            name: method.name,
            street: method.pickupAddress.street,
            street2: method.pickupAddress.street2 ?? null,
            city: method.pickupAddress.city,
            state: method.pickupAddress.state,
            zip: method.pickupAddress.zip,
            country: method.pickupAddress.country,
          }
        : null,
      sequence: method.sequence,
      isActive: method.active,
    })),
    keyOf: (row) => row.name,
    insert: (rows) =>
      tx
        .insert(deliveryMethods)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: deliveryMethods.id, key: deliveryMethods.name }),
    update: (id, values) => tx.update(deliveryMethods).set(values).where(eq(deliveryMethods.id, id)),
  })
  await deactivate(tx, tally, 'deliveryMethods', deliveryMethods, leftover)

  const methodIds = [...ids.values()]
  if (methodIds.length === 0) return
  const existingRules = await tx
    .select({
      id: deliveryPriceRules.id,
      deliveryMethodId: deliveryPriceRules.deliveryMethodId,
      sequence: deliveryPriceRules.sequence,
      variable: deliveryPriceRules.variable,
      operator: deliveryPriceRules.operator,
      maxValue: deliveryPriceRules.maxValue,
      listBasePriceAmount: deliveryPriceRules.listBasePriceAmount,
      listPriceAmount: deliveryPriceRules.listPriceAmount,
      variableFactor: deliveryPriceRules.variableFactor,
    })
    .from(deliveryPriceRules)
    .where(inArray(deliveryPriceRules.deliveryMethodId, methodIds))
  const { leftover: oldRules } = await sync({
    tally,
    entity: 'priceRules',
    existing: existingRules,
    desired: file.deliveryMethods.flatMap((method) =>
      method.priceRules.map((rule, sequence) => ({
        deliveryMethodId: ids.get(method.name)!,
        sequence,
        variable: rule.variable,
        operator: rule.operator,
        maxValue: scale(rule.maxValue, 3),
        listBasePriceAmount: toCents(rule.listBasePrice),
        listPriceAmount: toCents(rule.listPrice),
        variableFactor: rule.variableFactor,
      })),
    ),
    keyOf: (row) => `${row.deliveryMethodId}/${row.sequence}`,
    insert: async (rows) =>
      (
        await tx
          .insert(deliveryPriceRules)
          .values(rows)
          .returning({ id: deliveryPriceRules.id, methodId: deliveryPriceRules.deliveryMethodId, sequence: deliveryPriceRules.sequence })
      ).map((row) => ({ id: row.id, key: `${row.methodId}/${row.sequence}` })),
    update: (id, values) => tx.update(deliveryPriceRules).set(values).where(eq(deliveryPriceRules.id, id)),
  })
  await removeRows(tx, tally, 'priceRules', deliveryPriceRules, oldRules)
}

async function writePayments(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number) {
  const existing = await tx
    .select({
      id: paymentMethods.id,
      name: paymentMethods.name,
      provider: paymentMethods.provider,
      instructions: paymentMethods.instructions,
      forGuests: paymentMethods.forGuests,
      sequence: paymentMethods.sequence,
      isActive: paymentMethods.isActive,
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.websiteId, websiteId))
  const { leftover } = await sync({
    tally,
    entity: 'paymentMethods',
    existing,
    desired: file.paymentMethods.map((method) => ({
      name: method.name,
      provider: method.provider,
      instructions: method.instructions,
      forGuests: method.guests,
      sequence: method.sequence,
      isActive: method.active,
    })),
    keyOf: (row) => row.name,
    insert: (rows) =>
      tx
        .insert(paymentMethods)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: paymentMethods.id, key: paymentMethods.name }),
    update: (id, values) => tx.update(paymentMethods).set(values).where(eq(paymentMethods.id, id)),
  })
  await deactivate(tx, tally, 'paymentMethods', paymentMethods, leftover)
}

async function writeTax(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number) {
  const [existing] = await tx.select().from(taxCredentials).where(eq(taxCredentials.websiteId, websiteId))
  const tax = file.tax
  if (!tax) {
    if (existing) {
      await tx.delete(taxCredentials).where(eq(taxCredentials.id, existing.id))
      tally.add('taxCredentials', 'removed')
    }
  } else {
    await sync({
      tally,
      entity: 'taxCredentials',
      existing: existing ? [existing] : [],
      desired: [
        {
          taxname: tax.taxname,
          url: tax.url ?? null,
          key: tax.key ?? null,
          token: tax.token ?? null,
          documentrecording: tax.documentrecording,
          companycode: tax.companycode,
          customercode: tax.customercode ?? null,
        },
      ],
      keyOf: () => 'tax',
      insert: async (rows) =>
        (await tx.insert(taxCredentials).values(rows.map((row) => ({ websiteId, ...row }))).returning({ id: taxCredentials.id })).map((row) => ({
          id: row.id,
          key: 'tax',
        })),
      update: (id, values) => tx.update(taxCredentials).set(values).where(eq(taxCredentials.id, id)),
    })
  }

  const existingRates = await tx
    .select({
      id: taxRates.id,
      countryCode: taxRates.countryCode,
      stateCode: taxRates.stateCode,
      zipPrefix: taxRates.zipPrefix,
      ratePercent: taxRates.ratePercent,
      shippingTaxable: taxRates.shippingTaxable,
    })
    .from(taxRates)
    .where(eq(taxRates.websiteId, websiteId))
  const { leftover } = await sync({
    tally,
    entity: 'taxRates',
    existing: existingRates,
    desired: (tax?.rates ?? []).map((rate) => ({
      countryCode: rate.country,
      stateCode: rate.state,
      zipPrefix: rate.zipPrefix,
      ratePercent: scale(rate.ratePercent, 4),
      shippingTaxable: rate.shippingTaxable,
    })),
    keyOf: (row) => `${row.countryCode}/${row.stateCode}/${row.zipPrefix}`,
    insert: async (rows) =>
      (
        await tx
          .insert(taxRates)
          .values(rows.map((row) => ({ websiteId, ...row })))
          .returning({ id: taxRates.id, countryCode: taxRates.countryCode, stateCode: taxRates.stateCode, zipPrefix: taxRates.zipPrefix })
      ).map((row) => ({ id: row.id, key: `${row.countryCode}/${row.stateCode}/${row.zipPrefix}` })),
    update: (id, values) => tx.update(taxRates).set(values).where(eq(taxRates.id, id)),
  })
  await removeRows(tx, tally, 'taxRates', taxRates, leftover)
}

async function writePromotions(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number, productIds: Map<string, number>) {
  const existing = await tx
    .select({
      id: promotionPrograms.id,
      name: promotionPrograms.name,
      rewardType: promotionPrograms.rewardType,
      promoApplicability: promotionPrograms.promoApplicability,
      promoCodeUsage: promotionPrograms.promoCodeUsage,
      promoCode: promotionPrograms.promoCode,
      ruleMinimumAmount: promotionPrograms.ruleMinimumAmount,
      ruleMinQuantity: promotionPrograms.ruleMinQuantity,
      ruleProductIds: promotionPrograms.ruleProductIds,
      dateFrom: promotionPrograms.dateFrom,
      dateTo: promotionPrograms.dateTo,
      maximumUseNumber: promotionPrograms.maximumUseNumber,
      maximumUsesPerCustomer: promotionPrograms.maximumUsesPerCustomer,
      firstOrderOnly: promotionPrograms.firstOrderOnly,
      discountType: promotionPrograms.discountType,
      discountPercentage: promotionPrograms.discountPercentage,
      discountFixedAmount: promotionPrograms.discountFixedAmount,
      discountApplyOn: promotionPrograms.discountApplyOn,
      rewardProductId: promotionPrograms.rewardProductId,
      rewardProductQuantity: promotionPrograms.rewardProductQuantity,
      isActive: promotionPrograms.isActive,
    })
    .from(promotionPrograms)
    .where(eq(promotionPrograms.websiteId, websiteId))
  const desired = file.promotions.map((promotion) => {
    const discount = promotion.rewardType === 'discount' ? promotion.discount : undefined
    return {
      name: promotion.name,
      rewardType: promotion.rewardType,
      promoApplicability: promotion.promoApplicability,
      promoCodeUsage: promotion.promoCode ? ('code_needed' as const) : ('no_code_needed' as const),
      promoCode: promotion.promoCode ?? null,
      ruleMinimumAmount: toCents(promotion.minimumAmount),
      ruleMinQuantity: promotion.minimumQuantity,
      ruleProductIds: promotion.products.map((slug) => productIds.get(slug)!),
      dateFrom: promotion.dateFrom ? new Date(promotion.dateFrom) : null,
      dateTo: promotion.dateTo ? new Date(promotion.dateTo) : null,
      maximumUseNumber: promotion.maximumUses,
      maximumUsesPerCustomer: promotion.maximumUsesPerCustomer,
      firstOrderOnly: promotion.firstOrderOnly,
      discountType: discount?.type ?? null,
      discountPercentage: discount?.type === 'percentage' && discount.percentage !== undefined ? scale(discount.percentage, 2) : null,
      discountFixedAmount: discount?.type === 'fixed_amount' && discount.fixedAmount !== undefined ? toCents(discount.fixedAmount) : null,
      discountApplyOn: discount?.applyOn ?? null,
      rewardProductId: promotion.rewardType === 'product' && promotion.rewardProduct ? productIds.get(promotion.rewardProduct.slug)! : null,
      rewardProductQuantity: promotion.rewardProduct?.quantity ?? 1,
      isActive: promotion.active,
    }
  })
  // A code moves with its program: a program the file dropped gives its code up first (unique per website).
  const wantedCodes = new Set(desired.map((row) => row.promoCode).filter((code) => code !== null))
  const listedNames = new Set(desired.map((row) => row.name))
  for (const row of existing) {
    if (!listedNames.has(row.name) && row.promoCode && wantedCodes.has(row.promoCode)) {
      await tx.update(promotionPrograms).set({ promoCode: null, isActive: false, updatedAt: new Date() }).where(eq(promotionPrograms.id, row.id))
      row.promoCode = null
      row.isActive = false
      tally.add('promotions', 'removed')
    }
  }
  const { leftover } = await sync({
    tally,
    entity: 'promotions',
    existing,
    desired,
    keyOf: (row) => row.name,
    insert: (rows) =>
      tx
        .insert(promotionPrograms)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: promotionPrograms.id, key: promotionPrograms.name }),
    update: (id, values) => tx.update(promotionPrograms).set(values).where(eq(promotionPrograms.id, id)),
  })
  await deactivate(tx, tally, 'promotions', promotionPrograms, leftover)
}

async function writeOrderFields(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number) {
  const existingFields = await tx
    .select({
      id: orderExtraFields.id,
      name: orderExtraFields.name,
      label: orderExtraFields.label,
      fieldType: orderExtraFields.fieldType,
      isRequired: orderExtraFields.isRequired,
      options: orderExtraFields.options,
      placeholder: orderExtraFields.placeholder,
      sequence: orderExtraFields.sequence,
    })
    .from(orderExtraFields)
    .where(eq(orderExtraFields.websiteId, websiteId))
  const { leftover: oldFields } = await sync({
    tally,
    entity: 'orderExtraFields',
    existing: existingFields,
    desired: file.orderExtraFields.map((field) => ({
      name: field.name,
      label: field.label,
      fieldType: field.type,
      isRequired: field.required,
      options: field.options,
      placeholder: field.placeholder ?? null,
      sequence: field.sequence,
    })),
    keyOf: (row) => row.name,
    insert: (rows) =>
      tx
        .insert(orderExtraFields)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: orderExtraFields.id, key: orderExtraFields.name }),
    update: (id, values) => tx.update(orderExtraFields).set(values).where(eq(orderExtraFields.id, id)),
  })
  await removeRows(tx, tally, 'orderExtraFields', orderExtraFields, oldFields)

  const existingOptions = await tx
    .select({ id: orderOptions.id, name: orderOptions.name, label: orderOptions.label, priceAmount: orderOptions.priceAmount, sequence: orderOptions.sequence })
    .from(orderOptions)
    .where(eq(orderOptions.websiteId, websiteId))
  const { leftover: oldOptions } = await sync({
    tally,
    entity: 'orderOptions',
    existing: existingOptions,
    desired: file.orderOptions.map((option) => ({ name: option.name, label: option.label, priceAmount: toCents(option.price), sequence: option.sequence })),
    keyOf: (row) => row.name,
    insert: (rows) =>
      tx
        .insert(orderOptions)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: orderOptions.id, key: orderOptions.name }),
    update: (id, values) => tx.update(orderOptions).set(values).where(eq(orderOptions.id, id)),
  })
  await removeRows(tx, tally, 'orderOptions', orderOptions, oldOptions)
}

type TableWithId = typeof categories | typeof sizes | typeof productVariants | typeof productImages | typeof contentPages
type TableWithIdAndActive = typeof deliveryMethods | typeof paymentMethods | typeof promotionPrograms

async function removeRows(
  tx: Transaction,
  tally: Tally,
  entity: string,
  table: TableWithId | typeof deliveryPriceRules | typeof taxRates | typeof orderExtraFields | typeof orderOptions,
  rows: { id: number }[],
) {
  if (rows.length === 0) return
  for (const chunk of chunks(rows, 1000)) {
    await tx.delete(table).where(
      inArray(
        table.id,
        chunk.map((row) => row.id),
      ),
    )
  }
  tally.add(entity, 'removed', rows.length)
}

async function deactivate(tx: Transaction, tally: Tally, entity: string, table: TableWithIdAndActive, rows: { id: number; isActive: boolean }[]) {
  const active = rows.filter((row) => row.isActive)
  if (active.length === 0) return
  await tx
    .update(table)
    .set({ isActive: false, updatedAt: new Date() })
    .where(
      inArray(
        table.id,
        active.map((row) => row.id),
      ),
    )
  tally.add(entity, 'removed', active.length)
}
