import { asc, eq, sql } from 'drizzle-orm'
import { BLANK_TEMPLATE, type CreatedStore } from '@/isomorphic/contract/admin-stores'
import { HOST_NAME_INVALID, isStoreCode, normalizeHostName, STORE_CODE_INVALID } from '@/isomorphic/host-names'
import { SLUG_PATTERN } from '@/isomorphic/contract/field-rules'
import { recordAudit } from '../audit/audit-log'
import { invalidateCaches } from '../cache/named-cache'
import { type Executor, getDb, type Transaction } from '../db/client'
import { attributes, attributeValues, countries, staffStores, states, websites } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { DomainError } from '../kernel/errors'
import { mayActOnStore, requireStaff } from '../kernel/permissions'
import { exportStore } from '../store-import/export-store'
import { resolveKeptSecrets } from '../store-import/kept-secrets'
import { sharedRecordsChanged } from '../store-import/store-file-console'
import { friendlyIssueMessage, STORE_FILE_FORMAT, type StoreFileDocument, StoreFileSchema } from '../store-import/store-file-schema'
import { sharedStoreImages } from '../store-import/store-images'
import { cachesTouchedBy, takeImportLock, writeStore } from '../store-import/store-import-service'
import { hostsOfOtherStores, hostTakenMessage } from '../website/store-hosts'

// A new store made from a template (issue 25): a copy of a store the member may manage, or the
// built-in blank store. It reuses the store file machinery, so a copy is exactly what an export
// followed by an import into a new store would give — and nothing else: the template is exported
// in memory inside the transaction and written as a new store by the importer's own writeStore,
// with the new code, name and host names. All in one transaction, with the audit row; bad input is
// refused with a sentence before anything is written.
//
// What is copied: the catalog (products, variants, prices, price breaks, images, categories, size
// list), decoration (methods, print areas, editor settings; logos and decoration partners are shared
// by every store already), delivery, payment and tax settings, promotions, checkout fields, the home
// page, content pages, redirects, customer groups and allowance programs. New rows, new ids.
// Not copied: accounts, gift cards, orders (live data, not settings; the store file leaves them
// out too), staff, and the template's own reCAPTCHA keys (Google ties them to host names: the new
// store uses the install's until it sets its own).
// Secrets the store file keeps on the server (single sign-on client secret, carrier credentials,
// the tax service's key and token) are copied from the template as they are stored: the member
// may manage the template, so they already run the store on them.
// Images are shared, never copied: image files are content-addressed and the new store's rows name
// the template's files (imports keep a file while any store shows it).
//
// The new store is a draft. The member who creates it manages it: a store manager gets it among
// their stores (staff_stores); an owner acts on every store already.

const ACTION = 'store.create'
const TEMPLATE_NOT_FOUND = 'The template store was not found. Choose one of your stores, or the blank store.'
/** The size list of a blank store when the install has none yet. */
const DEFAULT_SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', 'OSFA']

export type CreateStoreInput = {
  template: number | typeof BLANK_TEMPLATE
  code: string
  name: string
  hosts: readonly string[]
  accentColor?: string
}

export async function createStore(ctx: CoreContext, input: CreateStoreInput): Promise<CreatedStore> {
  const staff = await requireStaff(ctx, 'store.manage')
  // A store the member may not manage reads exactly like one that does not exist.
  const templateNotFound = () => new DomainError('not_found', `template store ${String(input.template)} not found for staff ${staff.staffId}`, TEMPLATE_NOT_FOUND)
  if (input.template !== BLANK_TEMPLATE && !mayActOnStore(staff, input.template)) throw templateNotFound()
  const name = input.name.trim()
  if (name.length === 0) throw new DomainError('invalid', 'empty store name', 'Give the store a name.')
  const code = input.code.trim()
  if (!isStoreCode(code) || !SLUG_PATTERN.test(code)) throw new DomainError('invalid', `bad store code ${JSON.stringify(code)}`, STORE_CODE_INVALID)
  const hosts = normalizedHosts(input.hosts)

  const db = await getDb()
  const created = await db.transaction(async (tx) => {
    await takeImportLock(tx)
    const [codeTaken] = await tx.select({ id: websites.id }).from(websites).where(eq(websites.code, code))
    if (codeTaken) throw new DomainError('conflict', `store code ${code} taken`, `The store code "${code}" is already used by another store: choose another code.`)
    const taken = await hostsOfOtherStores(tx, hosts, null)
    if (taken.length > 0) throw new DomainError('conflict', `host names taken: ${taken.join(', ')}`, taken.map(hostTakenMessage).join(' '))

    let document: StoreFileDocument
    let templateCode: string | null = null
    if (input.template === BLANK_TEMPLATE) {
      document = await blankStore(tx, code, name)
    } else {
      const [template] = await tx.select({ code: websites.code }).from(websites).where(eq(websites.id, input.template))
      if (!template) throw templateNotFound()
      templateCode = template.code
      document = (await exportStore(tx, input.template)).file
    }
    document.website = { ...document.website, code, name, hosts, ...(input.accentColor ? { accentColor: input.accentColor } : {}) }
    const parsed = StoreFileSchema.safeParse(document, { error: friendlyIssueMessage })
    if (!parsed.success) {
      const problems = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      throw new DomainError('invalid', `template ${String(input.template)} does not make a valid store: ${problems.join('; ')}`, `The template cannot be copied: ${problems.join('; ')}.`)
    }
    const kept = templateCode === null ? { file: parsed.data, issues: [] } : await resolveKeptSecrets(tx, parsed.data, templateCode)
    if (kept.issues.length > 0) throw new Error(`template ${templateCode} keeps secrets it does not have: ${kept.issues.map((issue) => issue.path.join('.')).join(', ')}`)

    const written = await writeStore(tx, kept.file, sharedStoreImages(kept.file))
    if (!written.createdWebsite) throw new Error(`store ${code} existed already`)
    const websiteId = written.websiteId
    if (staff.role !== 'owner') {
      const shared = sharedRecordsChanged(written.counts)
      if (shared.length > 0) {
        throw new DomainError(
          'forbidden',
          `store manager ${staff.staffId} copy changes shared records: ${shared.join(', ')}`,
          `Copying this store would change records every store shares (${shared.join(', ')}): an owner must create it. Nothing was changed.`,
        )
      }
    }
    await tx.update(websites).set({ state: 'draft' }).where(eq(websites.id, websiteId))
    if (staff.role !== 'owner') await tx.insert(staffStores).values({ staffId: staff.staffId, websiteId })
    const copied = Object.fromEntries(
      Object.entries(written.counts)
        .filter(([, count]) => count.created > 0)
        .map(([entity, count]) => [entity, count.created]),
    )
    await recordAudit(tx, ctx, {
      websiteId,
      action: ACTION,
      entityType: 'website',
      entityId: websiteId,
      after: { code, name, hosts, template: input.template, templateCode, ...(input.accentColor ? { accentColor: input.accentColor } : {}), copied },
    })
    return { websiteId, counts: written.counts, copied }
  })
  // The new store's rows were never cached; the directory of stores and hosts was, and a shared record an owner's copy changed.
  const shared = cachesTouchedBy(created.counts, { createdToo: false })
  await invalidateCaches(['Website'], created.websiteId)
  if (shared.length > 0) await invalidateCaches(shared)
  return { websiteId: created.websiteId, code, name, state: 'draft', hosts, template: input.template, copied: created.copied }
}

/** The typed host names in their one spelling, or a refusal naming the first bad or repeated one. */
function normalizedHosts(typed: readonly string[]): string[] {
  const hosts: string[] = []
  for (const text of typed) {
    const host = normalizeHostName(text)
    if (host === null) throw new DomainError('invalid', `bad host name ${JSON.stringify(text)}`, `"${text.trim()}" is not a host name. ${HOST_NAME_INVALID}`)
    if (hosts.includes(host)) throw new DomainError('invalid', `host ${host} listed twice`, `The host name "${host}" is listed twice.`)
    hosts.push(host)
  }
  return hosts
}

/**
 * The built-in blank store: a name, a code, one country to ship to and the size list, no products.
 * It takes the install's own records where they exist (the United States, or else the first
 * country, with its states; the install's size list), so creating it changes nothing other stores share.
 */
async function blankStore(tx: Transaction, code: string, name: string): Promise<StoreFileDocument> {
  return {
    format: STORE_FILE_FORMAT,
    website: { code, name, shippingCountries: [await blankCountry(tx)], sizeOrder: await installSizes(tx) },
  }
}

async function blankCountry(tx: Executor) {
  const known = await tx.select({ id: countries.id, code: countries.code, name: countries.name }).from(countries).orderBy(sql`${countries.code} <> 'US'`, asc(countries.id)).limit(1)
  const country = known[0]
  if (!country) return { code: 'US', name: 'United States', states: [] }
  const stateRows = await tx.select({ code: states.code, name: states.name }).from(states).where(eq(states.countryId, country.id)).orderBy(asc(states.id))
  return { code: country.code, name: country.name, states: stateRows }
}

/**
 * The install's size list as far as its stored order runs unbroken (sizes 0, 1, 2 … of the shared
 * Size values): the order a store file writes, so the blank store's list changes no shared value.
 */
async function installSizes(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ name: attributeValues.name, sequence: attributeValues.sequence })
    .from(attributeValues)
    .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
    .where(eq(attributes.name, 'Size'))
    .orderBy(asc(attributeValues.sequence), asc(attributeValues.id))
  const sizes: string[] = []
  for (const row of rows) if (row.sequence === sizes.length) sizes.push(row.name)
  return sizes.length > 0 ? sizes : DEFAULT_SIZES
}
