import { sql } from 'drizzle-orm'
import type { CacheName } from '@/isomorphic/contract/queries'
import { invalidateCaches } from '../cache/named-cache'
import { type Executor, getDb, type Transaction } from '../db/client'
import { homePages, productImages, websites } from '../db/schema'
import { issueAt, loadStoreFile, sortIssues } from './load-store-file'
import { type ReferenceIssue, StoreFileError } from './store-file-error'
import type { StoreFile } from './store-file-schema'
import { ImagePreparationError, type PreparedImages, prepareStoreImages } from './store-images'
import { resolveKeptSecrets } from './kept-secrets'
import { type ChangeCounts, type ChangeDetails, Tally } from './sync-rows'
import { writeAccounts } from './write-accounts'
import { writeAllowances } from './write-allowances'
import { writeCategories, writeBrands, writeColors, writeSizes } from './write-catalog'
import { writeHomeAndContent, writeRedirects } from './write-content'
import { writeDecoration } from './write-decoration'
import { writeDelivery } from './write-delivery'
import { writeGiftCards } from './write-gift-cards'
import { writeLogos } from './write-logos'
import { writeOrderFields } from './write-order-fields'
import { writePayments } from './write-payments'
import { writePriceBreaks } from './write-price-breaks'
import { writeProductImages } from './write-product-images'
import { writeProductLinks, writeProducts } from './write-products'
import { writePromotions } from './write-promotions'
import { writeTax } from './write-tax'
import { writeVariants } from './write-variants'
import { takenHostIssues, writeCountries, writeHosts, writeWebsite } from './write-website'

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
  'Redirects',
  'DeliveryMethods',
  'PaymentMethods',
  'Taxes',
  'Promotions',
  'OrderExtraFields',
  'OrderOptions',
] as const satisfies readonly CacheName[]

export type StoreImportSummary = {
  websiteId: number
  websiteCode: string
  websiteName: string
  createdWebsite: boolean
  counts: Record<string, ChangeCounts>
  /** The records behind the counts, by natural key (bounded: DETAILS_PER_ENTITY per kind). */
  details: Record<string, ChangeDetails>
  /** True: everything was written and then rolled back; nothing changed. */
  dryRun: boolean
  images: PreparedImages['stats'] & { removed: number }
  /** The caches whose data this import changed: invalidate them. */
  touchedCaches: CacheName[]
  milliseconds: number
}

// Two app instances starting on one empty PostgreSQL may both try to seed the demo store.
const IMPORT_LOCK = 7_340_022

/** Waits for any other import (or store creation) to finish; held until `tx` ends. */
export async function takeImportLock(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`)
}

/** What a caller may check or add inside the import's transaction (the console: the store, the audit row). */
export type BeforeCommit = (tx: Transaction, result: { websiteId: number; createdWebsite: boolean; counts: Record<string, ChangeCounts> }) => Promise<void>

class DryRunRollback extends Error {
  constructor(readonly result: Awaited<ReturnType<typeof writeStore>>) {
    super('dry run: rolled back')
  }
}

/**
 * Imports a store file into the database (getDb()). All or nothing: a bad file, a missing image or a
 * database error leaves the database as it was. Throws StoreFileError for problems in the file.
 *
 * `dryRun`: the very same writes run in the transaction, which is then rolled back, so the summary
 * says what an import would create, change and remove; no cache is dropped and no image removed
 * (images it drew are content-addressed files nothing points at, removed by the next real import).
 * `beforeCommit` runs in the transaction after the writes (a throw there undoes them).
 */
export async function importStoreFile({
  filePath,
  dryRun = false,
  confined = false,
  beforeCommit,
}: {
  filePath: string
  dryRun?: boolean
  /** Refuse image files outside the store file's folder (an upload). */
  confined?: boolean
  beforeCommit?: BeforeCommit
}): Promise<StoreImportSummary> {
  const started = performance.now()
  const { file, baseDir, fileLabel, located } = await loadStoreFile(filePath, { confined })
  let images: PreparedImages
  try {
    images = await prepareStoreImages(file, baseDir)
  } catch (error) {
    if (!(error instanceof ImagePreparationError)) throw error
    throw new StoreFileError(fileLabel, sortIssues(error.issues.map((issue: ReferenceIssue) => issueAt(located, issue.path, issue.message))))
  }

  const db = await getDb()
  let result: Awaited<ReturnType<typeof writeStore>>
  try {
    result = await db.transaction(async (tx) => {
      await takeImportLock(tx)
      const kept = await resolveKeptSecrets(tx, file)
      const issues = [...kept.issues, ...(await takenHostIssues(tx, file))]
      if (issues.length > 0) throw new StoreFileError(fileLabel, sortIssues(issues.map((issue) => issueAt(located, issue.path, issue.message))))
      const written = await writeStore(tx, kept.file, images)
      await beforeCommit?.(tx, written)
      if (dryRun) throw new DryRunRollback(written)
      return written
    })
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error
    result = error.result
  }
  const removedImages = dryRun ? 0 : await images.removeStale(await imagePathsInUse(db))

  const touched = cachesTouchedBy(result.counts)
  if (touched.length > 0 && !dryRun) {
    // Fresh planner statistics: PGlite never gathers them by itself, and catalog reads pick poor
    // plans without them.
    await db.execute(sql`analyze`)
    await invalidateCaches(touched, touchesInstallWide(result.counts) ? undefined : result.websiteId)
  }
  return {
    ...result,
    dryRun,
    websiteCode: file.website.code,
    websiteName: file.website.name,
    images: { ...images.stats, removed: removedImages },
    touchedCaches: touched,
    milliseconds: Math.round(performance.now() - started),
  }
}

/**
 * Every image-store path some store shows. A store created from a template shares the template's
 * pictures, which live in the template's folders: an import of either store keeps what the other
 * still shows.
 */
async function imagePathsInUse(db: Executor): Promise<Set<string>> {
  const [productRows, siteRows, homeRows] = await Promise.all([
    db.selectDistinct({ path: productImages.path, name: productImages.name }).from(productImages),
    db.select({ favicon: websites.faviconImage, social: websites.socialImage, logo: websites.logoImage }).from(websites),
    // store-scope: every store's pictures on purpose, so no import removes a file another store shows
    db.select({ hero: homePages.heroImage, sections: homePages.sections }).from(homePages),
  ])
  const paths = new Set(productRows.map((row) => `${row.path}/${row.name}`))
  for (const row of siteRows) for (const stored of [row.favicon, row.social, row.logo]) if (stored) paths.add(stored)
  for (const row of homeRows) {
    if (row.hero) paths.add(row.hero)
    for (const section of (row.sections ?? []) as { image?: string }[]) if (section.image) paths.add(section.image)
  }
  return paths
}

/** The caches a write with these counts changed; `createdToo: false`: rows that were only created (a new store's) change no cache. */
export function cachesTouchedBy(counts: Record<string, ChangeCounts>, { createdToo = true }: { createdToo?: boolean } = {}): CacheName[] {
  const touched = new Set<CacheName>()
  for (const [entity, count] of Object.entries(counts)) {
    if ((createdToo ? count.created : 0) + count.updated + count.removed === 0) continue
    for (const cache of CACHES_BY_ENTITY[entity] ?? []) touched.add(cache)
  }
  return STORE_IMPORT_CACHES.filter((cache) => touched.has(cache))
}

/** Whether a write with these counts changed rows every store reads (then every store's caches go). */
export function touchesInstallWide(counts: Record<string, ChangeCounts>, { createdToo = true }: { createdToo?: boolean } = {}): boolean {
  return Object.entries(counts).some(([entity, count]) => INSTALL_WIDE_ENTITIES.has(entity) && (createdToo ? count.created : 0) + count.updated + count.removed > 0)
}

const CATALOG_CACHES: CacheName[] = ['ProductList', 'Products', 'FeaturedProducts', 'HomePage']
// Rows every store reads (the colour and brand vocabulary, countries, logos shared between stores):
// a change to one drops every store's caches, not only the imported store's.
const INSTALL_WIDE_ENTITIES: ReadonlySet<string> = new Set(['countries', 'states', 'colors', 'brands', 'logos', 'decorationPartners'])
const CACHES_BY_ENTITY: Record<string, CacheName[]> = {
  websites: ['Website', 'HomePage'],
  // The store directory (which host is which store) lives in the Website cache.
  storeHosts: ['Website'],
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
  // The product page's tiers and the cart's prices (both read through Products).
  priceBreaks: ['Products'],
  productImages: CATALOG_CACHES,
  homePage: ['HomePage', 'FeaturedProducts'],
  contentPages: ['ContentPages', 'Website'],
  redirects: ['Redirects'],
  deliveryMethods: ['DeliveryMethods'],
  priceRules: ['DeliveryMethods'],
  paymentMethods: ['PaymentMethods'],
  taxCredentials: ['Taxes'],
  taxRates: ['Taxes'],
  promotions: ['Promotions'],
  orderExtraFields: ['OrderExtraFields'],
  orderOptions: [],
  customerGroups: [],
  allowancePrograms: [],
  // The decoration editor's options live in the Products cache.
  decorationMethods: ['Products'],
  printAreas: ['Products'],
  logoMethods: ['Products'],
  decorationSettings: ['Products'],
}

/** The whole store, part by part, in the import's one transaction (also a store created from a template). */
export async function writeStore(tx: Transaction, file: StoreFile, images: PreparedImages) {
  const tally = new Tally()
  const { websiteId, createdWebsite } = await writeWebsite(tx, tally, file, images)
  await writeHosts(tx, tally, file, websiteId)
  await writeCountries(tx, tally, file, websiteId)
  const sizeValueIds = await writeSizes(tx, tally, file, websiteId)
  const colorValueIds = await writeColors(tx, tally, file)
  const brandIds = await writeBrands(tx, tally, file)
  const categoryIds = await writeCategories(tx, tally, file, websiteId)
  const logoIds = await writeLogos(tx, tally, file, images)
  const productIds = await writeProducts(tx, tally, file, websiteId, { brandIds })
  await writeProductLinks(tx, tally, file, productIds, { categoryIds, colorValueIds, sizeValueIds })
  await writeVariants(tx, tally, file, productIds, { colorValueIds, sizeValueIds, logoIds })
  await writePriceBreaks(tx, tally, file, productIds)
  await writeProductImages(tx, tally, file, productIds, images, { colorValueIds, logoIds })
  await writeHomeAndContent(tx, tally, file, websiteId, images)
  await writeRedirects(tx, tally, file, websiteId)
  await writeDelivery(tx, tally, file, websiteId)
  await writePayments(tx, tally, file, websiteId)
  await writeTax(tx, tally, file, websiteId)
  await writePromotions(tx, tally, file, websiteId, productIds)
  const groupIds = await writeAllowances(tx, tally, file, websiteId)
  await writeOrderFields(tx, tally, file, websiteId)
  await writeAccounts(tx, tally, file, websiteId, groupIds)
  await writeGiftCards(tx, tally, file, websiteId)
  await writeDecoration(tx, tally, file, websiteId, { productIds, logoIds })
  return { websiteId, createdWebsite, counts: tally.counts, details: tally.details }
}
