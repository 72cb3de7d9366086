import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { ParsedAdminMutationValues, ParsedAdminQueryValues } from '@/isomorphic/contract/admin'
import {
  type DecorationAdminMutationResponses,
  type DecorationPartnerAdminEntry,
  type DecorationSettingsAdminData,
  type LogoAdminEntry,
  type LogosAdminData,
  MAX_LOGO_ARTWORK_BYTES,
  MAX_LOGO_ARTWORK_SIZE_LABEL,
} from '@/isomorphic/contract/admin-decoration'
import { DECORATION_METHOD_CODES } from '@/isomorphic/contract/decoration'
import type { DecorationMethodCode } from '@/isomorphic/decoration-types'
import { imageUrl, isAbsoluteImageUrl } from '@/isomorphic/image-address'
import { recordAudit } from '../audit/audit-log'
import { assertFreshEdit } from '../audit/edit-conflict'
import { type CacheName, invalidateCaches } from '../cache/named-cache'
import { fileLabel, type UploadedFile } from '../catalog/product-images-admin'
import { type Executor, getDb, type Transaction } from '../db/client'
import { decorationMethods, decorationPartners, decorationSettings, logoDecorationMethods, logos, orderLines, printAreas, products, productVariantLogos, productVariants, staff, workOrders } from '../db/schema'
import { contentHash, slugify, storeImage } from '../images/image-store'
import { GARMENT_KINDS } from '../images/garment-shapes'
import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import type { CoreContext, Staff } from '../kernel/context'
import { DomainError, notFound } from '../kernel/errors'
import { requireStaff, storeScope } from '../kernel/permissions'
import { cleanArtwork } from './artwork-service'
import { isGarmentKind, storeGarmentView, VIEW_INCHES } from './garment-views'
import { saveVersioned } from '../audit/versioned-save'

// Decoration in the console (issue 16): logos and their artwork, decoration partners, and a
// store's decoration settings (methods and prices, print areas, fonts, palette, uploads). Logos and
// partners are shared by the install's stores (their codes are unique install-wide, as in the store
// file): each key acts from a store the member manages ('store.manage'), and a logo or partner that
// products of stores the member does not manage use is an owner's to change. Artwork goes through
// the artwork cleaner shoppers' uploads use (artwork-service.ts: the SVG sanitizer, then drawn as a
// PNG; a PNG re-encoded). Each save is one transaction with its audit row, versioned (a stale save
// is a 409); the editor's options live in the Products cache, dropped after each commit.

/** Logos show in the editor's options and on product pages (Products) and in lists of products. */
const LOGO_CACHES: readonly CacheName[] = ['Products', 'ProductList', 'FeaturedProducts', 'HomePage']
/** The editor's options (methods, print areas, fonts, palette, uploads) and a product's pricing (its partner's address) are kept in Products only. */
const EDITOR_CACHES: readonly CacheName[] = ['Products']

const THUMBNAIL = 256

const METHOD_NAMES: Record<DecorationMethodCode, string> = {
  embroidery: 'Embroidery',
  screen_print: 'Screen print',
  dtg: 'Direct to garment',
  heat_transfer: 'Heat transfer',
  engraving: 'Engraving',
}

const dollars = (cents: number) => cents / 100
const cents = (amount: number) => Math.round(amount * 100)

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

// ---- whose records --------------------------------------------------------------------------

/** The stores whose products carry each logo. */
async function logoStores(db: Executor, logoIds: readonly number[]): Promise<Map<number, { websiteId: number; productId: number }[]>> {
  const found = new Map<number, { websiteId: number; productId: number }[]>()
  if (logoIds.length === 0) return found
  // store-scope: logos are install-wide: this lists every store that uses a logo, for the logo console
  const used = await db
    .selectDistinct({ logoId: productVariantLogos.logoId, productId: products.id, websiteId: products.websiteId })
    .from(productVariantLogos)
    .innerJoin(productVariants, eq(productVariants.id, productVariantLogos.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariantLogos.logoId, [...logoIds]))
  for (const row of used) found.set(row.logoId, [...(found.get(row.logoId) ?? []), { websiteId: row.websiteId, productId: row.productId }])
  return found
}

/** A shared logo or partner used by products of stores the member does not manage is an owner's to change. */
function assertInScope(member: Staff, websiteIds: readonly number[], what: string): void {
  const scope = storeScope(member)
  if (scope === null) return
  if (websiteIds.some((websiteId) => !scope.includes(websiteId))) {
    throw new DomainError('forbidden', `${what} is used by stores outside staff ${member.staffId}'s`, `${what} is also used by products of stores you do not manage. Ask an owner to change it.`)
  }
}

async function partnerStores(db: Executor, partnerId: number): Promise<number[]> {
  const partnerLogos = await db.select({ id: logos.id }).from(logos).where(eq(logos.decorationPartnerId, partnerId))
  const used = await logoStores(
    db,
    partnerLogos.map((logo) => logo.id),
  )
  return [...new Set([...used.values()].flat().map((entry) => entry.websiteId))]
}

// ---- logos ----------------------------------------------------------------------------------

function thumbnailOf(image: string | null): string | null {
  if (!image) return null
  return isAbsoluteImageUrl(image) ? image : imageUrl(image, THUMBNAIL, THUMBNAIL, 'png')
}

async function logoEntries(db: Executor, websiteId: number, ids?: readonly number[]): Promise<LogoAdminEntry[]> {
  const logoRows = await db
    .select({ logo: logos, partnerName: decorationPartners.name })
    .from(logos)
    .innerJoin(decorationPartners, eq(decorationPartners.id, logos.decorationPartnerId))
    .where(ids ? inArray(logos.id, [...ids]) : undefined)
    .orderBy(asc(logos.name), asc(logos.id))
  const logoIds = logoRows.map((row) => row.logo.id)
  const [links, used] = await Promise.all([
    logoIds.length === 0 ? [] : db.select().from(logoDecorationMethods).where(inArray(logoDecorationMethods.logoId, logoIds)),
    logoStores(db, logoIds),
  ])
  return logoRows.map(({ logo, partnerName }) => ({
    id: logo.id,
    version: logo.version,
    code: logo.code,
    name: logo.name,
    decorationPartnerId: logo.decorationPartnerId,
    decorationPartnerName: partnerName,
    decorationMethod: logo.decorationMethod,
    methods: DECORATION_METHOD_CODES.filter((code) => links.some((link) => link.logoId === logo.id && link.method === code)),
    colorCount: logo.colorCount,
    thumbnailUrl: thumbnailOf(logo.image),
    productCount: new Set((used.get(logo.id) ?? []).filter((entry) => entry.websiteId === websiteId).map((entry) => entry.productId)).size,
  }))
}

async function storeMethods(db: Executor, websiteId: number) {
  return db.select().from(decorationMethods).where(eq(decorationMethods.websiteId, websiteId)).orderBy(asc(decorationMethods.sequence), asc(decorationMethods.id))
}

export async function listLogos(ctx: CoreContext, value: ParsedAdminQueryValues['logos.list']): Promise<LogosAdminData> {
  await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  const [entries, partners, methods] = await Promise.all([
    logoEntries(db, value.websiteId),
    db.select({ id: decorationPartners.id, name: decorationPartners.name, active: decorationPartners.active }).from(decorationPartners).orderBy(asc(decorationPartners.name), asc(decorationPartners.id)),
    storeMethods(db, value.websiteId),
  ])
  // An inactive partner is offered only to the logos it still has (so their form shows it).
  const kept = new Set(entries.map((entry) => entry.decorationPartnerId))
  return { logos: entries, partners: partners.filter((partner) => partner.active || kept.has(partner.id)), methods: methods.map((method) => ({ code: method.code, name: method.name })) }
}

async function lockedLogo(tx: Executor, id: number) {
  const [row] = await tx.select().from(logos).where(eq(logos.id, id)).for('update')
  if (!row) throw notFound('Logo', id)
  return row
}

async function assertCodeFree(tx: Executor, table: typeof logos | typeof decorationPartners, code: string, id: number | undefined, what: string) {
  const [clash] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.code, code), id === undefined ? undefined : ne(table.id, id)))
  if (clash) throw new DomainError('conflict', `duplicate ${what} code ${code}`, `There is already a ${what} with the code “${code}”. Choose another code.`)
}

export async function saveLogo(ctx: CoreContext, value: ParsedAdminMutationValues['logos.save']): Promise<DecorationAdminMutationResponses['logos.save']> {
  const member = await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    // A change: the version and whose logo it is come first (a stale or out-of-scope save says so).
    const row = value.id === undefined ? null : await lockedLogo(tx, value.id)
    if (row) {
      await assertFreshEdit(tx, { entityType: 'logo', entityId: row.id, label: `The logo ${row.name}`, expectedVersion: value.version!, currentVersion: row.version })
      assertInScope(member, [...new Set(((await logoStores(tx, [row.id])).get(row.id) ?? []).map((entry) => entry.websiteId))], `The logo “${row.name}”`)
    }
    const [partner] = await tx.select({ id: decorationPartners.id, name: decorationPartners.name, active: decorationPartners.active }).from(decorationPartners).where(eq(decorationPartners.id, value.decorationPartnerId))
    if (!partner) throw new DomainError('invalid', `no decoration partner ${value.decorationPartnerId}`, 'That decoration partner does not exist any more. Reload the page and choose another.')
    // A logo may stay with its partner after the partner is deactivated, but none is given to one.
    if (!partner.active && row?.decorationPartnerId !== partner.id) {
      throw new DomainError('invalid', `decoration partner ${partner.id} is inactive`, `The decoration partner “${partner.name}” is inactive: choose an active partner, or activate it again in Decoration partners.`)
    }
    const offered = new Set((await storeMethods(tx, value.websiteId)).map((method) => method.code))
    const missing = value.methods.filter((method) => !offered.has(method))
    if (missing.length > 0) {
      throw new DomainError('invalid', `methods ${missing.join(',')} not offered by website ${value.websiteId}`, `This store does not offer ${missing.map((code) => METHOD_NAMES[code]).join(' or ')}. Add the method in Decoration settings first, or choose among the store’s methods.`)
    }
    await assertCodeFree(tx, logos, value.code, value.id, 'logo')
    const fields = { code: value.code, name: value.name, decorationPartnerId: value.decorationPartnerId, decorationMethod: value.decorationMethod, colorCount: value.colorCount }
    let id: number
    let version: number
    if (!row) {
      const [created] = await tx.insert(logos).values(fields).returning()
      id = created!.id
      version = created!.version
      await recordAudit(tx, ctx, { websiteId: value.websiteId, action: 'logo.create', entityType: 'logo', entityId: id, after: { ...fields, methods: value.methods, version } })
    } else {
      const before = await tx.select({ method: logoDecorationMethods.method }).from(logoDecorationMethods).where(eq(logoDecorationMethods.logoId, row.id))
      id = row.id
      version = row.version + 1
      await tx
        .update(logos)
        .set({ ...fields, version })
        .where(eq(logos.id, id))
      await tx.delete(logoDecorationMethods).where(eq(logoDecorationMethods.logoId, id))
      await recordAudit(tx, ctx, {
        websiteId: value.websiteId,
        action: 'logo.update',
        entityType: 'logo',
        entityId: id,
        before: { code: row.code, name: row.name, decorationPartnerId: row.decorationPartnerId, decorationMethod: row.decorationMethod, colorCount: row.colorCount, methods: before.map((entry) => entry.method) },
        after: { ...fields, methods: value.methods, version },
      })
    }
    await tx.insert(logoDecorationMethods).values(value.methods.map((method) => ({ logoId: id, method })))
    return { id, version }
  })
}

/**
 * Deletes a logo that nothing carries. A logo on products is refused (409) with how many: taking it
 * off them is a visible change to the shop, made in Products, not a side effect of a delete (as
 * Shopify refuses to delete a location or a market still in use). A logo on orders is kept for
 * their history (the work-order sheets print its artwork).
 */
export async function deleteLogo(ctx: CoreContext, value: ParsedAdminMutationValues['logos.delete']): Promise<DecorationAdminMutationResponses['logos.delete']> {
  const member = await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const row = await lockedLogo(tx, value.id)
    await assertFreshEdit(tx, { entityType: 'logo', entityId: row.id, label: `The logo ${row.name}`, expectedVersion: value.version, currentVersion: row.version })
    const used = (await logoStores(tx, [row.id])).get(row.id) ?? []
    assertInScope(member, [...new Set(used.map((entry) => entry.websiteId))], `The logo “${row.name}”`)
    const productCount = new Set(used.map((entry) => entry.productId)).size
    if (productCount > 0) {
      const products = productCount === 1 ? '1 product' : `${productCount} products`
      throw new DomainError('conflict', `logo ${row.id} is on ${productCount} products`, `The logo “${row.name}” is on ${products}, so it cannot be deleted. Take it off ${productCount === 1 ? 'that product' : 'those products'} in Products first.`)
    }
    const [{ count: orderCount } = { count: 0 }] = await tx.select({ count: sql<number>`count(distinct ${orderLines.orderId})::int` }).from(orderLines).where(eq(orderLines.logoId, row.id))
    if (Number(orderCount) > 0) {
      const orders = Number(orderCount) === 1 ? '1 order' : `${orderCount} orders`
      throw new DomainError('conflict', `logo ${row.id} is on ${orderCount} orders`, `The logo “${row.name}” is on ${orders}, so it is kept for their history and cannot be deleted.`)
    }
    await tx.delete(logos).where(eq(logos.id, row.id))
    await recordAudit(tx, ctx, { websiteId: value.websiteId, action: 'logo.delete', entityType: 'logo', entityId: row.id, before: { code: row.code, name: row.name, decorationPartnerId: row.decorationPartnerId, image: row.image } })
    return { deleted: row.id }
  })
}

/** The artwork's kind from its first bytes: a PNG's signature, or an SVG's markup. */
function artworkKind(data: Buffer): 'png' | 'svg' | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
  const head = data.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '')
  if (/^\s*</.test(head) && /<svg[\s>]/i.test(head)) return 'svg'
  return null
}

/**
 * Replaces a logo's artwork with an uploaded PNG or SVG: an SVG is cleaned by the sanitizer (or
 * refused with its sentence), a PNG decoded and encoded again, and the PNG drawing of either is what
 * the logo shows (the editor, the mockups, the thumbnails). The logo's colour count is counted again
 * from the drawing. Moves the logo's version like any other save.
 */
export async function uploadLogoArtwork(ctx: CoreContext, input: { websiteId: number; logoId: number; version: number; file: UploadedFile }): Promise<{ logo: LogoAdminEntry }> {
  const member = await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  const [existing] = await db.select({ id: logos.id }).from(logos).where(eq(logos.id, input.logoId))
  if (!existing) throw notFound('Logo', input.logoId)
  const label = fileLabel(input.file.name)
  if (input.file.data.length === 0) throw new DomainError('invalid', 'empty logo artwork', `${label} is empty. Choose the artwork file again.`)
  if (input.file.data.length > MAX_LOGO_ARTWORK_BYTES) {
    throw new DomainError('invalid', `logo artwork of ${input.file.data.length} bytes`, `${label} is larger than ${MAX_LOGO_ARTWORK_SIZE_LABEL}: make it smaller and upload it again.`)
  }
  const kind = artworkKind(input.file.data)
  if (!kind) throw new DomainError('invalid', 'logo artwork neither PNG nor SVG', `${label} is not a PNG or SVG image. Upload the logo’s artwork as a PNG or SVG file.`)
  let clean: Awaited<ReturnType<typeof cleanArtwork>>
  try {
    clean = await cleanArtwork(input.file.data, kind)
  } catch (error) {
    if (error instanceof DomainError && error.code === 'invalid') throw new DomainError('invalid', error.message, `${label}: ${error.userMessage}`)
    throw error
  }
  const [current] = await db.select({ code: logos.code }).from(logos).where(eq(logos.id, input.logoId))
  const stored = await storeImage({ folder: 'logos', stem: slugify(current!.code), key: contentHash('logo-artwork', clean.rendering.png), ext: 'png', produce: async () => clean.rendering.png })

  await db.transaction(async (tx) => {
    const row = await lockedLogo(tx, input.logoId)
    await assertFreshEdit(tx, { entityType: 'logo', entityId: row.id, label: `The logo ${row.name}`, expectedVersion: input.version, currentVersion: row.version })
    assertInScope(member, [...new Set(((await logoStores(tx, [row.id])).get(row.id) ?? []).map((entry) => entry.websiteId))], `The logo “${row.name}”`)
    const version = row.version + 1
    const colorCount = Math.max(1, Math.min(64, clean.colorCount))
    await tx.update(logos).set({ image: stored.imagePath, colorCount, version }).where(eq(logos.id, row.id))
    await recordAudit(tx, ctx, {
      websiteId: input.websiteId,
      action: 'logo.artwork',
      entityType: 'logo',
      entityId: row.id,
      before: { image: row.image, colorCount: row.colorCount },
      after: { image: stored.imagePath, colorCount, fileType: kind, version },
    })
  })
  // A logo may serve several stores (logo_websites): every store's pages are dropped.
  await invalidateCaches(LOGO_CACHES)
  const [entry] = await logoEntries(db, input.websiteId, [input.logoId])
  return { logo: entry! }
}

// ---- decoration partners --------------------------------------------------------------------

export async function listDecorationPartners(ctx: CoreContext, value: ParsedAdminQueryValues['decorationPartners.list']): Promise<{ partners: DecorationPartnerAdminEntry[] }> {
  await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  const partnerRows = await db.select().from(decorationPartners).orderBy(asc(decorationPartners.name), asc(decorationPartners.id))
  const [logoCounts, workOrderCounts] = await Promise.all([
    db
      .select({ id: logos.decorationPartnerId, count: sql<number>`count(*)::int` })
      .from(logos)
      .groupBy(logos.decorationPartnerId),
    db
      .select({ id: workOrders.decorationPartnerId, count: sql<number>`count(*)::int` })
      .from(workOrders)
      .where(eq(workOrders.websiteId, value.websiteId))
      .groupBy(workOrders.decorationPartnerId),
  ])
  const countOf = (list: { id: number; count: number }[], id: number) => Number(list.find((entry) => entry.id === id)?.count ?? 0)
  return {
    partners: partnerRows.map((row) => ({
      id: row.id,
      version: row.version,
      code: row.code,
      name: row.name,
      address: { street: row.street, ...(row.street2 ? { street2: row.street2 } : {}), city: row.city, state: row.stateCode, zip: row.zip, country: row.countryCode },
      phone: row.phone,
      email: row.email,
      active: row.active,
      logoCount: countOf(logoCounts, row.id),
      workOrderCount: countOf(workOrderCounts, row.id),
    })),
  }
}

async function lockedPartner(tx: Executor, id: number) {
  const [row] = await tx.select().from(decorationPartners).where(eq(decorationPartners.id, id)).for('update')
  if (!row) throw notFound('Decoration partner', id)
  return row
}

export async function saveDecorationPartner(ctx: CoreContext, value: ParsedAdminMutationValues['decorationPartners.save']): Promise<DecorationAdminMutationResponses['decorationPartners.save']> {
  const member = await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    await assertCodeFree(tx, decorationPartners, value.code, value.id, 'decoration partner')
    const fields = {
      code: value.code,
      name: value.name,
      street: value.address.street,
      street2: value.address.street2 || null,
      city: value.address.city,
      stateCode: value.address.state,
      zip: value.address.zip,
      countryCode: value.address.country,
      phone: value.phone || null,
      email: value.email ?? null,
    }
    if (value.id === undefined) {
      const [row] = await tx.insert(decorationPartners).values(fields).returning()
      await recordAudit(tx, ctx, { websiteId: value.websiteId, action: 'decorationPartner.create', entityType: 'decorationPartner', entityId: row!.id, after: { ...fields, version: row!.version } })
      return { id: row!.id, version: row!.version }
    }
    const row = await lockedPartner(tx, value.id)
    await assertFreshEdit(tx, { entityType: 'decorationPartner', entityId: row.id, label: `The decoration partner ${row.name}`, expectedVersion: value.version!, currentVersion: row.version })
    assertInScope(member, await partnerStores(tx, row.id), `The decoration partner “${row.name}”`)
    const { version } = await saveVersioned(tx, ctx, {
      table: decorationPartners,
      current: row,
      expectedVersion: value.version,
      noun: 'the decoration partner',
      label: `The decoration partner ${row.name}`,
      values: fields,
      audit: { websiteId: value.websiteId, action: 'decorationPartner.update', entityType: 'decorationPartner' },
    })
    return { id: row.id, version }
  })
}

export async function deleteDecorationPartner(ctx: CoreContext, value: ParsedAdminMutationValues['decorationPartners.delete']): Promise<DecorationAdminMutationResponses['decorationPartners.delete']> {
  const member = await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const row = await lockedPartner(tx, value.id)
    await assertFreshEdit(tx, { entityType: 'decorationPartner', entityId: row.id, label: `The decoration partner ${row.name}`, expectedVersion: value.version, currentVersion: row.version })
    assertInScope(member, await partnerStores(tx, row.id), `The decoration partner “${row.name}”`)
    const count = async (table: typeof logos | typeof workOrders | typeof staff) =>
      Number((await tx.select({ count: sql<number>`count(*)::int` }).from(table).where(eq(table.decorationPartnerId, row.id)))[0]?.count ?? 0)
    const [logoCount, workOrderCount, staffCount] = [await count(logos), await count(workOrders), await count(staff)]
    const uses = [logoCount > 0 ? `${logoCount} ${logoCount === 1 ? 'logo' : 'logos'}` : null, workOrderCount > 0 ? `${workOrderCount} ${workOrderCount === 1 ? 'work order' : 'work orders'}` : null, staffCount > 0 ? `${staffCount} console ${staffCount === 1 ? 'account' : 'accounts'}` : null].filter((use) => use !== null)
    if (uses.length > 0) {
      throw new DomainError('conflict', `decoration partner ${row.id} has ${uses.join(', ')}`, `The decoration partner “${row.name}” has ${uses.join(' and ')}, so it cannot be deleted. Give its logos to another partner first; a partner with work orders is kept for their history.`)
    }
    await tx.delete(decorationPartners).where(eq(decorationPartners.id, row.id))
    await recordAudit(tx, ctx, { websiteId: value.websiteId, action: 'decorationPartner.delete', entityType: 'decorationPartner', entityId: row.id, before: { code: row.code, name: row.name } })
    return { deleted: row.id }
  })
}

/**
 * Deactivates a partner or makes it active again. An inactive partner keeps its logos, work orders
 * and console accounts (their history and their work in progress), and is offered for no new logo
 * or account; its logos' next orders still go to it until they are given to another partner.
 */
export async function setDecorationPartnerActive(ctx: CoreContext, value: ParsedAdminMutationValues['decorationPartners.setActive']): Promise<DecorationAdminMutationResponses['decorationPartners.setActive']> {
  const member = await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const row = await lockedPartner(tx, value.id)
    await assertFreshEdit(tx, { entityType: 'decorationPartner', entityId: row.id, label: `The decoration partner ${row.name}`, expectedVersion: value.version, currentVersion: row.version })
    assertInScope(member, await partnerStores(tx, row.id), `The decoration partner “${row.name}”`)
    const { version } = await saveVersioned(tx, ctx, {
      table: decorationPartners,
      current: row,
      expectedVersion: value.version,
      noun: 'the decoration partner',
      label: `The decoration partner ${row.name}`,
      values: { active: value.active },
      audit: { websiteId: value.websiteId, action: value.active ? 'decorationPartner.activate' : 'decorationPartner.deactivate', entityType: 'decorationPartner' },
    })
    return { id: row.id, version }
  })
}

// ---- decoration settings (one store's) -------------------------------------------------------

export async function getDecorationSettingsAdmin(ctx: CoreContext, value: ParsedAdminQueryValues['decorationSettings.get']): Promise<DecorationSettingsAdminData> {
  await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  const [[settings], methods, areas, designable] = await Promise.all([
    db.select().from(decorationSettings).where(eq(decorationSettings.websiteId, value.websiteId)),
    storeMethods(db, value.websiteId),
    db
      .select({ area: printAreas, productName: products.name })
      .from(printAreas)
      .leftJoin(products, eq(products.id, printAreas.productId))
      .where(eq(printAreas.websiteId, value.websiteId))
      .orderBy(asc(printAreas.garmentKind), asc(printAreas.productId), asc(printAreas.sequence), asc(printAreas.id)),
    db
      .select({ id: products.id, name: products.name, garmentKind: products.garmentKind })
      .from(products)
      .where(and(eq(products.websiteId, value.websiteId), isNotNull(products.garmentKind)))
      .orderBy(asc(products.name)),
  ])
  const kindOf = new Map(designable.map((product) => [product.id, product.garmentKind]))
  const viewImages: Record<string, string> = {}
  for (const { area } of areas) {
    const kind = area.garmentKind ?? (area.productId === null ? null : (kindOf.get(area.productId) ?? null))
    const key = `${kind}:${area.view}`
    if (!isGarmentKind(kind) || viewImages[key]) continue
    viewImages[key] = imageUrl(await storeGarmentView(kind, area.view, '#f4f3ef', false), 400, 400)
  }
  return {
    version: settings?.version ?? null,
    fonts: settings?.fonts ?? [],
    palette: settings?.palette ?? [],
    uploads: { allowed: settings?.uploadsAllowed ?? false, maxBytes: settings?.uploadMaxBytes ?? 2_000_000, rightsStatement: settings?.rightsStatement ?? '' },
    methods: methods.map((row) => ({
      code: row.code,
      name: row.name,
      minWidth: row.minWidth,
      minHeight: row.minHeight,
      maxColors: row.maxColors,
      fileTypes: row.fileTypes,
      setupFee: dollars(row.setupFeeAmount),
      pricePerLocation: dollars(row.pricePerLocationAmount),
      version: row.version,
    })),
    methodCodes: [...DECORATION_METHOD_CODES],
    printAreas: areas.map(({ area, productName }) => ({
      id: area.id,
      version: area.version,
      garmentKind: area.garmentKind,
      productId: area.productId,
      productName,
      code: area.code,
      name: area.name,
      view: area.view,
      x: area.x,
      y: area.y,
      width: area.width,
      height: area.height,
      methods: area.methods,
    })),
    garmentKinds: GARMENT_KINDS.map((kind) => ({ kind, inches: VIEW_INCHES[kind] })),
    products: designable.map((product) => ({ id: product.id, name: product.name, garmentKind: product.garmentKind! })),
    viewImages,
  }
}

export async function saveDecorationSettings(ctx: CoreContext, value: ParsedAdminMutationValues['decorationSettings.save']): Promise<DecorationAdminMutationResponses['decorationSettings.save']> {
  await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(decorationSettings).where(eq(decorationSettings.websiteId, value.websiteId)).for('update')
    const fields = { fonts: value.fonts, palette: value.palette, uploadsAllowed: value.uploads.allowed, uploadMaxBytes: value.uploads.maxBytes, rightsStatement: value.uploads.rightsStatement }
    const label = 'The decoration settings'
    if (!row) {
      if (value.version !== undefined) await assertFreshEdit(tx, { entityType: 'decorationSettings', entityId: value.websiteId, label, expectedVersion: value.version, currentVersion: 0 })
      const [created] = await tx
        .insert(decorationSettings)
        .values({ websiteId: value.websiteId, ...fields })
        .onConflictDoNothing()
        .returning()
      if (!created) throw new DomainError('conflict', `decoration settings of website ${value.websiteId} created meanwhile`, 'Someone else saved the decoration settings at the same time. Reload the page and make your change again.')
      await recordAudit(tx, ctx, { websiteId: value.websiteId, action: 'decorationSettings.create', entityType: 'decorationSettings', entityId: value.websiteId, after: { ...fields, version: created!.version } })
      return { version: created!.version }
    }
    await assertFreshEdit(tx, { entityType: 'decorationSettings', entityId: value.websiteId, label, expectedVersion: value.version ?? 0, currentVersion: row.version })
    const version = row.version + 1
    await tx
      .update(decorationSettings)
      .set({ ...fields, version })
      .where(eq(decorationSettings.websiteId, value.websiteId))
    await recordAudit(tx, ctx, {
      websiteId: value.websiteId,
      action: 'decorationSettings.update',
      entityType: 'decorationSettings',
      entityId: value.websiteId,
      before: { fonts: row.fonts, palette: row.palette, uploadsAllowed: row.uploadsAllowed, uploadMaxBytes: row.uploadMaxBytes, rightsStatement: row.rightsStatement },
      after: { ...fields, version },
    })
    return { version }
  })
}

export async function saveDecorationMethod(ctx: CoreContext, value: ParsedAdminMutationValues['decorationMethods.save']): Promise<DecorationAdminMutationResponses['decorationMethods.save']> {
  await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(decorationMethods)
      .where(and(eq(decorationMethods.websiteId, value.websiteId), eq(decorationMethods.code, value.code)))
      .for('update')
    const fields = {
      name: value.name,
      minWidth: value.minWidth,
      minHeight: value.minHeight,
      maxColors: value.maxColors,
      fileTypes: value.fileTypes,
      setupFeeAmount: cents(value.setupFee),
      pricePerLocationAmount: cents(value.pricePerLocation),
    }
    const label = `The method ${row?.name ?? value.name}`
    if (!row) {
      if (value.version !== undefined) {
        throw new DomainError('conflict', `method ${value.code} of website ${value.websiteId} was removed`, `${label} is no longer offered by this store. Reload the page.`)
      }
      const [{ next } = { next: 0 }] = rows<{ next: number }>(await tx.execute(sql`select coalesce(max(${decorationMethods.sequence}) + 1, 0)::int as next from ${decorationMethods} where ${decorationMethods.websiteId} = ${value.websiteId}`))
      const [created] = await tx
        .insert(decorationMethods)
        .values({ websiteId: value.websiteId, code: value.code, sequence: Number(next), ...fields })
        .onConflictDoNothing()
        .returning()
      if (!created) throw new DomainError('conflict', `method ${value.code} of website ${value.websiteId} added meanwhile`, `Someone else added ${value.name} at the same time. Reload the page and edit it there.`)
      await recordAudit(tx, ctx, { websiteId: value.websiteId, action: 'decorationMethod.create', entityType: 'decorationMethod', entityId: created!.id, after: { code: value.code, ...fields, version: created!.version } })
      return { code: value.code, version: created!.version }
    }
    if (value.version === undefined) throw new DomainError('conflict', `method ${value.code} already offered`, `This store already offers ${row.name}. Reload the page and edit it there.`)
    const { version } = await saveVersioned(tx, ctx, {
      table: decorationMethods,
      current: row,
      expectedVersion: value.version,
      noun: 'the decoration method',
      label,
      values: fields,
      audit: { websiteId: value.websiteId, action: 'decorationMethod.update', entityType: 'decorationMethod' },
    })
    return { code: value.code, version }
  })
}

async function lockedArea(tx: Executor, websiteId: number, id: number) {
  const [row] = await tx
    .select()
    .from(printAreas)
    .where(and(eq(printAreas.id, id), eq(printAreas.websiteId, websiteId)))
    .for('update')
  if (!row) throw notFound('Print area', id)
  return row
}

export async function savePrintArea(ctx: CoreContext, value: ParsedAdminMutationValues['printAreas.save']): Promise<DecorationAdminMutationResponses['printAreas.save']> {
  await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  return db.transaction(async (tx: Transaction) => {
    let kind: string | null = value.garmentKind
    let owner: string
    if (value.productId !== null) {
      const [product] = await tx
        .select({ name: products.name, garmentKind: products.garmentKind })
        .from(products)
        .where(and(eq(products.id, value.productId), eq(products.websiteId, value.websiteId)))
      if (!product) throw notFound('Product', value.productId)
      if (!isGarmentKind(product.garmentKind)) throw new DomainError('invalid', `product ${value.productId} has no garment`, `The product “${product.name}” has no garment drawing, so the editor cannot design it. Give it a garment kind first.`)
      kind = product.garmentKind
      owner = `the product “${product.name}”`
    } else {
      if (!isGarmentKind(kind)) throw new DomainError('invalid', `unknown garment kind ${kind}`, `“${kind}” is not a garment kind. Choose one from the list.`)
      owner = `the garment ${kind}`
    }
    const side = VIEW_INCHES[kind as keyof typeof VIEW_INCHES]
    if (value.x + value.width > side) throw new DomainError('invalid', 'area past the view', `The area ends at ${value.x + value.width} in, past the ${side} in wide ${kind} view. Make it narrower or move it left.`)
    if (value.y + value.height > side) throw new DomainError('invalid', 'area past the view', `The area ends at ${value.y + value.height} in, past the ${side} in high ${kind} view. Make it shorter or move it up.`)
    const offered = new Set((await storeMethods(tx, value.websiteId)).map((method) => method.code))
    const missing = value.methods.filter((method) => !offered.has(method))
    if (missing.length > 0) throw new DomainError('invalid', `methods ${missing.join(',')} not offered`, `This store does not offer ${missing.map((code) => METHOD_NAMES[code]).join(' or ')}. Add the method first, or choose among the store’s methods.`)
    const ownerCondition = value.productId !== null ? eq(printAreas.productId, value.productId) : and(eq(printAreas.garmentKind, kind!), sql`${printAreas.productId} is null`)
    const [clash] = await tx
      .select({ id: printAreas.id })
      .from(printAreas)
      .where(and(eq(printAreas.websiteId, value.websiteId), ownerCondition, eq(printAreas.code, value.code), value.id === undefined ? undefined : ne(printAreas.id, value.id)))
    if (clash) throw new DomainError('conflict', `duplicate print area ${value.code}`, `There is already a print area “${value.code}” for ${owner}. Choose another code.`)
    const fields = {
      garmentKind: value.productId !== null ? null : kind,
      productId: value.productId,
      code: value.code,
      name: value.name,
      view: value.view,
      x: value.x,
      y: value.y,
      width: value.width,
      height: value.height,
      methods: value.methods,
    }
    if (value.id === undefined) {
      const [{ next } = { next: 0 }] = rows<{ next: number }>(await tx.execute(sql`select coalesce(max(${printAreas.sequence}) + 1, 0)::int as next from ${printAreas} where ${printAreas.websiteId} = ${value.websiteId} and ${ownerCondition}`))
      const [created] = await tx
        .insert(printAreas)
        .values({ websiteId: value.websiteId, sequence: Number(next), ...fields })
        .returning()
      await recordAudit(tx, ctx, { websiteId: value.websiteId, action: 'printArea.create', entityType: 'printArea', entityId: created!.id, after: { ...fields, version: created!.version } })
      return { id: created!.id, version: created!.version }
    }
    const row = await lockedArea(tx, value.websiteId, value.id)
    const { version } = await saveVersioned(tx, ctx, {
      table: printAreas,
      current: row,
      expectedVersion: value.version,
      noun: 'the print area',
      label: `The print area ${row.name}`,
      values: fields,
      audit: { websiteId: value.websiteId, action: 'printArea.update', entityType: 'printArea' },
    })
    return { id: row.id, version }
  })
}

export async function deletePrintArea(ctx: CoreContext, value: ParsedAdminMutationValues['printAreas.delete']): Promise<DecorationAdminMutationResponses['printAreas.delete']> {
  await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const row = await lockedArea(tx, value.websiteId, value.id)
    await assertFreshEdit(tx, { entityType: 'printArea', entityId: row.id, label: `The print area ${row.name}`, expectedVersion: value.version, currentVersion: row.version })
    // store-scope: row was read above with value.websiteId in its where
    await tx.delete(printAreas).where(eq(printAreas.id, row.id))
    await recordAudit(tx, ctx, {
      websiteId: value.websiteId,
      action: 'printArea.delete',
      entityType: 'printArea',
      entityId: row.id,
      before: { garmentKind: row.garmentKind, productId: row.productId, code: row.code, name: row.name, view: row.view, x: row.x, y: row.y, width: row.width, height: row.height, methods: row.methods },
    })
    return { deleted: row.id }
  })
}

export const DECORATION_ADMIN_QUERIES = {
  'logos.list': defineAdminQuery('logos.list', (value, ctx) => listLogos(ctx, value)),
  'decorationPartners.list': defineAdminQuery('decorationPartners.list', (value, ctx) => listDecorationPartners(ctx, value)),
  'decorationSettings.get': defineAdminQuery('decorationSettings.get', (value, ctx) => getDecorationSettingsAdmin(ctx, value)),
}

export const DECORATION_ADMIN_MUTATIONS = {
  'logos.save': defineAdminMutation('logos.save', { invalidates: LOGO_CACHES, handler: (value, ctx) => saveLogo(ctx, value) }),
  // A partner's address is where the cart's shipping is quoted from (the product's pricing, in Products).
  'decorationPartners.save': defineAdminMutation('decorationPartners.save', { invalidates: EDITOR_CACHES, handler: (value, ctx) => saveDecorationPartner(ctx, value) }),
  'decorationPartners.delete': defineAdminMutation('decorationPartners.delete', { invalidates: EDITOR_CACHES, handler: (value, ctx) => deleteDecorationPartner(ctx, value) }),
  'decorationPartners.setActive': defineAdminMutation('decorationPartners.setActive', { invalidates: EDITOR_CACHES, handler: (value, ctx) => setDecorationPartnerActive(ctx, value) }),
  'logos.delete': defineAdminMutation('logos.delete', { invalidates: LOGO_CACHES, handler: (value, ctx) => deleteLogo(ctx, value) }),
  'decorationSettings.save': defineAdminMutation('decorationSettings.save', { invalidates: EDITOR_CACHES, handler: (value, ctx) => saveDecorationSettings(ctx, value) }),
  'decorationMethods.save': defineAdminMutation('decorationMethods.save', { invalidates: EDITOR_CACHES, handler: (value, ctx) => saveDecorationMethod(ctx, value) }),
  'printAreas.save': defineAdminMutation('printAreas.save', { invalidates: EDITOR_CACHES, handler: (value, ctx) => savePrintArea(ctx, value) }),
  'printAreas.delete': defineAdminMutation('printAreas.delete', { invalidates: EDITOR_CACHES, handler: (value, ctx) => deletePrintArea(ctx, value) }),
}
