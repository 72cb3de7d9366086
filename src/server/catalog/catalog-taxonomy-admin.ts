import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { ParsedAdminMutationValues, ParsedAdminQueryValues } from '@/isomorphic/contract/admin'
import type { CatalogAdminMutationResponses, CatalogTaxonomyData } from '@/isomorphic/contract/admin-catalog'
import { compareSizes } from '@/isomorphic/size-order'
import { recordAudit } from '../audit/audit-log'
import { assertFreshEdit } from '../audit/edit-conflict'
import type { CacheName } from '../cache/named-cache'
import { type Executor, getDb, type Transaction } from '../db/client'
import { attributes, attributeValues, brands, categories, productAttributeValues, productCategories, products, productVariants, sizes } from '../db/schema'
import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import type { CoreContext, Staff } from '../kernel/context'
import { DomainError, notFound } from '../kernel/errors'
import { requireStaff, storeScope } from '../kernel/permissions'
import { saveVersioned } from '../audit/versioned-save'

// The catalog's vocabulary in the console (issue 16): a store's categories (name, slug, order), and
// the brands, colours (name and CSS colour) and sizes every store of the install shares. Sizes show
// in the spec's size order (src/isomorphic/size-order.ts), never a hand-made one. Each key names the
// store it acts from ('store.manage' there); a shared value that products of stores the member does
// not manage use can be changed by an owner only. A value in use is never deleted: the refusal says
// how many products use it. Saves are versioned (a stale one is a 409) and audited in their
// transaction; the shop's caches that show these names are dropped after the commit.

const TAXONOMY_CACHES: readonly CacheName[] = ['Website', 'ProductList', 'Products', 'FeaturedProducts', 'HomePage']

type Kind = 'category' | 'brand' | 'color' | 'size'
const LABELS: Record<Kind, string> = { category: 'category', brand: 'brand', color: 'colour', size: 'size' }

type Usage = { total: number; websiteIds: number[] }

/** The products using a value, as (product, store) pairs. */
function usingProducts(db: Executor, kind: Kind, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([] as { valueId: number; productId: number; websiteId: number }[])
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )
  const pairs =
    kind === 'category'
      ? sql`select ${productCategories.categoryId} as value_id, ${productCategories.productId} as product_id from ${productCategories} where ${productCategories.categoryId} in (${list})`
      : kind === 'brand'
        ? sql`select ${products.brandId} as value_id, ${products.id} as product_id from ${products} where ${products.brandId} in (${list})`
        : sql`select ${productAttributeValues.attributeValueId} as value_id, ${productAttributeValues.productId} as product_id from ${productAttributeValues} where ${productAttributeValues.attributeValueId} in (${list})
              union select ${kind === 'color' ? productVariants.colorValueId : productVariants.sizeValueId} as value_id, ${productVariants.productId} as product_id from ${productVariants}
              where ${kind === 'color' ? productVariants.colorValueId : productVariants.sizeValueId} in (${list})`
  const query = db.execute(sql`select distinct used.value_id, used.product_id, ${products.websiteId} as website_id from (${pairs}) used join ${products} on ${products.id} = used.product_id`)
  return (query as unknown as Promise<{ rows: { value_id: number | string; product_id: number | string; website_id: number | string }[] }>).then((result) => result.rows.map((row) => ({ valueId: Number(row.value_id), productId: Number(row.product_id), websiteId: Number(row.website_id) })))
}

async function usage(db: Executor, kind: Kind, id: number): Promise<Usage> {
  const rows = await usingProducts(db, kind, [id])
  return { total: rows.length, websiteIds: [...new Set(rows.map((row) => row.websiteId))] }
}

const plural = (count: number) => (count === 1 ? '1 product uses' : `${count} products use`)

/** A value in use is kept: the sentence says how many products use it. */
async function assertUnused(db: Executor, kind: Kind, id: number, name: string): Promise<void> {
  const { total } = await usage(db, kind, id)
  if (total > 0) {
    throw new DomainError('conflict', `${kind} ${id} in use by ${total} products`, `${plural(total)} the ${LABELS[kind]} “${name}”, so it cannot be deleted. Take it off ${total === 1 ? 'that product' : 'those products'} first.`)
  }
}

/** A shared value used by products of stores the member does not manage is an owner's to change. */
async function assertSharedValueInScope(db: Executor, member: Staff, kind: Kind, id: number, name: string): Promise<void> {
  const scope = storeScope(member)
  if (scope === null) return
  const { websiteIds } = await usage(db, kind, id)
  if (websiteIds.some((websiteId) => !scope.includes(websiteId))) {
    throw new DomainError('forbidden', `${kind} ${id} is used by stores outside staff ${member.staffId}'s`, `The ${LABELS[kind]} “${name}” is also used by products of stores you do not manage. Ask an owner to change it.`)
  }
}

async function attributeIdFor(db: Executor, name: 'Color' | 'Size'): Promise<number> {
  const [found] = await db.select({ id: attributes.id }).from(attributes).where(eq(attributes.name, name))
  if (found) return found.id
  const [created] = await db.insert(attributes).values({ name }).onConflictDoNothing().returning({ id: attributes.id })
  if (created) return created.id
  const [again] = await db.select({ id: attributes.id }).from(attributes).where(eq(attributes.name, name))
  return again!.id
}

const duplicate = (kind: Kind, what: string) => new DomainError('conflict', `duplicate ${kind} ${what}`, `There is already a ${LABELS[kind]} ${what}. Choose another.`)

// ---- reads ----------------------------------------------------------------------------------

export async function catalogTaxonomy(ctx: CoreContext, value: ParsedAdminQueryValues['catalog.taxonomy']): Promise<CatalogTaxonomyData> {
  await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  const [colorAttribute, sizeAttribute] = [await attributeIdFor(db, 'Color'), await attributeIdFor(db, 'Size')]
  const [categoryRows, brandRows, colorRows, sizeRows] = await Promise.all([
    db.select().from(categories).where(eq(categories.websiteId, value.websiteId)).orderBy(asc(categories.sequence), asc(categories.name), asc(categories.id)),
    db.select().from(brands).orderBy(asc(brands.name)),
    db.select().from(attributeValues).where(eq(attributeValues.attributeId, colorAttribute)).orderBy(asc(attributeValues.sequence), asc(attributeValues.name), asc(attributeValues.id)),
    db.select().from(attributeValues).where(eq(attributeValues.attributeId, sizeAttribute)),
  ])
  /** Products of this store using each value. */
  const counts = async (kind: Kind, ids: number[]) => {
    const found = new Map<number, number>()
    for (const row of await usingProducts(db, kind, ids)) if (row.websiteId === value.websiteId) found.set(row.valueId, (found.get(row.valueId) ?? 0) + 1)
    return found
  }
  const [categoryCounts, brandCounts, colorCounts, sizeCounts] = await Promise.all([
    counts(
      'category',
      categoryRows.map((row) => row.id),
    ),
    counts(
      'brand',
      brandRows.map((row) => row.id),
    ),
    counts(
      'color',
      colorRows.map((row) => row.id),
    ),
    counts(
      'size',
      sizeRows.map((row) => row.id),
    ),
  ])
  return {
    categories: categoryRows.map((row) => ({ id: row.id, version: row.version, name: row.name, slug: row.slug, sequence: row.sequence, productCount: categoryCounts.get(row.id) ?? 0 })),
    brands: brandRows.map((row) => ({ id: row.id, version: row.version, name: row.name, productCount: brandCounts.get(row.id) ?? 0 })),
    colors: colorRows.map((row) => ({ id: row.id, version: row.version, name: row.name, css: row.htmlColor, sequence: row.sequence, productCount: colorCounts.get(row.id) ?? 0 })),
    sizes: sizeRows
      .sort((a, b) => compareSizes(a.name, b.name) || a.id - b.id)
      .map((row) => ({ id: row.id, version: row.version, name: row.name, productCount: sizeCounts.get(row.id) ?? 0 })),
  }
}

// ---- categories (one store's) ---------------------------------------------------------------

export async function saveCategory(ctx: CoreContext, value: ParsedAdminMutationValues['catalog.saveCategory']): Promise<CatalogAdminMutationResponses['catalog.saveCategory']> {
  await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.websiteId, value.websiteId), eq(categories.slug, value.slug), value.id === undefined ? undefined : ne(categories.id, value.id)))
    if (clash) throw duplicate('category', `with the slug “${value.slug}”`)
    if (value.id === undefined) {
      const [last] = await tx.select({ sequence: sql<number>`coalesce(max(${categories.sequence}), -1)` }).from(categories).where(eq(categories.websiteId, value.websiteId))
      const [row] = await tx
        .insert(categories)
        .values({ websiteId: value.websiteId, name: value.name, slug: value.slug, sequence: Number(last?.sequence ?? -1) + 1 })
        .returning()
      await recordAudit(tx, ctx, { websiteId: value.websiteId, action: 'category.create', entityType: 'category', entityId: row!.id, after: { name: row!.name, slug: row!.slug, version: row!.version } })
      return { id: row!.id, version: row!.version }
    }
    const [row] = await tx
      .select()
      .from(categories)
      .where(and(eq(categories.id, value.id), eq(categories.websiteId, value.websiteId)))
      .for('update')
    if (!row) throw notFound('Category', value.id)
    const { version } = await saveVersioned(tx, ctx, {
      table: categories,
      current: row,
      expectedVersion: value.version,
      noun: 'the category',
      label: `The category ${row.name}`,
      values: { name: value.name, slug: value.slug },
      audit: { websiteId: value.websiteId, action: 'category.update', entityType: 'category' },
    })
    return { id: row.id, version }
  })
}

export async function deleteCategory(ctx: CoreContext, value: ParsedAdminMutationValues['catalog.deleteCategory']): Promise<CatalogAdminMutationResponses['catalog.deleteCategory']> {
  await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(categories)
      .where(and(eq(categories.id, value.id), eq(categories.websiteId, value.websiteId)))
      .for('update')
    if (!row) throw notFound('Category', value.id)
    await assertFreshEdit(tx, { entityType: 'category', entityId: row.id, label: `The category ${row.name}`, expectedVersion: value.version, currentVersion: row.version })
    await assertUnused(tx, 'category', row.id, row.name)
    // store-scope: row was read above with the store in its where
    await tx.delete(categories).where(eq(categories.id, row.id))
    await recordAudit(tx, ctx, { websiteId: value.websiteId, action: 'category.delete', entityType: 'category', entityId: row.id, before: { name: row.name, slug: row.slug, sequence: row.sequence } })
    return { deleted: row.id }
  })
}

/** Puts every listed record in the listed order (`ids` must be all of them, once). */
async function reorder(
  tx: Transaction,
  ctx: CoreContext,
  rows: readonly { id: number; sequence: number }[],
  ids: readonly number[],
  apply: (id: number, sequence: number) => Promise<unknown>,
  audit: { websiteId: number | null; action: string; entityType: string; entityId: string | number },
) {
  const known = new Set(rows.map((row) => row.id))
  if (ids.length !== rows.length || ids.some((id) => !known.has(id))) {
    throw new DomainError('conflict', `reorder with ${ids.join(',')} of ${[...known].join(',')}`, 'The list changed since you opened this page. Reload it, then put it in order again.')
  }
  const before = [...rows].sort((a, b) => a.sequence - b.sequence || a.id - b.id).map((row) => row.id)
  for (const [sequence, id] of ids.entries()) if (rows.find((row) => row.id === id)!.sequence !== sequence) await apply(id, sequence)
  await recordAudit(tx, ctx, { ...audit, before: { order: before }, after: { order: ids } })
  return { ids: [...ids] }
}

export async function reorderCategories(ctx: CoreContext, value: ParsedAdminMutationValues['catalog.reorderCategories']): Promise<CatalogAdminMutationResponses['catalog.reorderCategories']> {
  await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: categories.id, sequence: categories.sequence }).from(categories).where(eq(categories.websiteId, value.websiteId)).for('update')
    // store-scope: the reorder callback only gets ids of the store rows read on this line
    return reorder(tx, ctx, rows, value.ids, (id, sequence) => tx.update(categories).set({ sequence }).where(eq(categories.id, id)), {
      websiteId: value.websiteId,
      action: 'category.reorder',
      entityType: 'website',
      entityId: value.websiteId,
    })
  })
}

// ---- brands (shared) ------------------------------------------------------------------------

export async function saveBrand(ctx: CoreContext, value: ParsedAdminMutationValues['catalog.saveBrand']): Promise<CatalogAdminMutationResponses['catalog.saveBrand']> {
  const member = await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: brands.id })
      .from(brands)
      .where(and(sql`lower(${brands.name}) = lower(${value.name})`, value.id === undefined ? undefined : ne(brands.id, value.id)))
    if (clash) throw duplicate('brand', `named “${value.name}”`)
    if (value.id === undefined) {
      const [row] = await tx.insert(brands).values({ name: value.name }).returning()
      await recordAudit(tx, ctx, { websiteId: null, action: 'brand.create', entityType: 'brand', entityId: row!.id, after: { name: row!.name, version: row!.version } })
      return { id: row!.id, version: row!.version }
    }
    const [row] = await tx.select().from(brands).where(eq(brands.id, value.id)).for('update')
    if (!row) throw notFound('Brand', value.id)
    await assertFreshEdit(tx, { entityType: 'brand', entityId: row.id, label: `The brand ${row.name}`, expectedVersion: value.version!, currentVersion: row.version })
    await assertSharedValueInScope(tx, member, 'brand', row.id, row.name)
    const { version } = await saveVersioned(tx, ctx, {
      table: brands,
      current: row,
      expectedVersion: value.version,
      noun: 'the brand',
      label: `The brand ${row.name}`,
      values: { name: value.name },
      audit: { websiteId: null, action: 'brand.update', entityType: 'brand' },
    })
    return { id: row.id, version }
  })
}

export async function deleteBrand(ctx: CoreContext, value: ParsedAdminMutationValues['catalog.deleteBrand']): Promise<CatalogAdminMutationResponses['catalog.deleteBrand']> {
  await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(brands).where(eq(brands.id, value.id)).for('update')
    if (!row) throw notFound('Brand', value.id)
    await assertFreshEdit(tx, { entityType: 'brand', entityId: row.id, label: `The brand ${row.name}`, expectedVersion: value.version, currentVersion: row.version })
    await assertUnused(tx, 'brand', row.id, row.name)
    await tx.delete(brands).where(eq(brands.id, row.id))
    await recordAudit(tx, ctx, { websiteId: null, action: 'brand.delete', entityType: 'brand', entityId: row.id, before: { name: row.name } })
    return { deleted: row.id }
  })
}

// ---- colours and sizes (shared attribute values) --------------------------------------------

async function lockedValue(tx: Transaction, attributeId: number, id: number, what: string) {
  const [row] = await tx
    .select()
    .from(attributeValues)
    .where(and(eq(attributeValues.id, id), eq(attributeValues.attributeId, attributeId)))
    .for('update')
  if (!row) throw notFound(what, id)
  return row
}

async function assertFreeValueName(tx: Transaction, kind: 'color' | 'size', attributeId: number, name: string, id: number | undefined) {
  const [clash] = await tx
    .select({ id: attributeValues.id })
    .from(attributeValues)
    .where(and(eq(attributeValues.attributeId, attributeId), sql`lower(${attributeValues.name}) = lower(${name})`, id === undefined ? undefined : ne(attributeValues.id, id)))
  if (clash) throw duplicate(kind, `named “${name}”`)
}

export async function saveColor(ctx: CoreContext, value: ParsedAdminMutationValues['catalog.saveColor']): Promise<CatalogAdminMutationResponses['catalog.saveColor']> {
  const member = await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  const css = value.css.toLowerCase()
  return db.transaction(async (tx) => {
    const attributeId = await attributeIdFor(tx, 'Color')
    await assertFreeValueName(tx, 'color', attributeId, value.name, value.id)
    if (value.id === undefined) {
      const [last] = await tx.select({ sequence: sql<number>`coalesce(max(${attributeValues.sequence}), -1)` }).from(attributeValues).where(eq(attributeValues.attributeId, attributeId))
      const [row] = await tx
        .insert(attributeValues)
        .values({ attributeId, name: value.name, htmlColor: css, sequence: Number(last?.sequence ?? -1) + 1 })
        .returning()
      await recordAudit(tx, ctx, { websiteId: null, action: 'color.create', entityType: 'color', entityId: row!.id, after: { name: row!.name, css, version: row!.version } })
      return { id: row!.id, version: row!.version }
    }
    const row = await lockedValue(tx, attributeId, value.id, 'Colour')
    await assertFreshEdit(tx, { entityType: 'color', entityId: row.id, label: `The colour ${row.name}`, expectedVersion: value.version!, currentVersion: row.version })
    await assertSharedValueInScope(tx, member, 'color', row.id, row.name)
    const { version } = await saveVersioned(tx, ctx, {
      table: attributeValues,
      current: row,
      expectedVersion: value.version,
      noun: 'the colour',
      label: `The colour ${row.name}`,
      values: { name: value.name, htmlColor: css },
      audit: { websiteId: null, action: 'color.update', entityType: 'color', shown: { before: { name: row.name, css: row.htmlColor }, after: { name: value.name, css } } },
    })
    return { id: row.id, version }
  })
}

async function deleteValue(ctx: CoreContext, kind: 'color' | 'size', value: { websiteId: number; id: number; version: number }) {
  const member = await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const attributeId = await attributeIdFor(tx, kind === 'color' ? 'Color' : 'Size')
    const row = await lockedValue(tx, attributeId, value.id, kind === 'color' ? 'Colour' : 'Size')
    await assertFreshEdit(tx, { entityType: kind, entityId: row.id, label: `The ${LABELS[kind]} ${row.name}`, expectedVersion: value.version, currentVersion: row.version })
    await assertUnused(tx, kind, row.id, row.name)
    await assertSharedValueInScope(tx, member, kind, row.id, row.name)
    await tx.delete(attributeValues).where(eq(attributeValues.id, row.id))
    // store-scope: sizes are named after the install-wide shared size value: its removal reaches every store using it
    if (kind === 'size') await tx.delete(sizes).where(eq(sizes.name, row.name))
    await recordAudit(tx, ctx, { websiteId: null, action: `${kind}.delete`, entityType: kind, entityId: row.id, before: { name: row.name, ...(kind === 'color' ? { css: row.htmlColor } : {}) } })
    return { deleted: row.id }
  })
}

export const deleteColor = (ctx: CoreContext, value: ParsedAdminMutationValues['catalog.deleteColor']) => deleteValue(ctx, 'color', value)
export const deleteSize = (ctx: CoreContext, value: ParsedAdminMutationValues['catalog.deleteSize']) => deleteValue(ctx, 'size', value)

export async function reorderColors(ctx: CoreContext, value: ParsedAdminMutationValues['catalog.reorderColors']): Promise<CatalogAdminMutationResponses['catalog.reorderColors']> {
  await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const attributeId = await attributeIdFor(tx, 'Color')
    const rows = await tx.select({ id: attributeValues.id, sequence: attributeValues.sequence }).from(attributeValues).where(eq(attributeValues.attributeId, attributeId)).for('update')
    return reorder(tx, ctx, rows, value.ids, (id, sequence) => tx.update(attributeValues).set({ sequence }).where(eq(attributeValues.id, id)), {
      websiteId: null,
      action: 'color.reorder',
      entityType: 'attribute',
      entityId: attributeId,
    })
  })
}

/** The store's sizes (its store file's size order) in the spec's order. */
async function resequenceStoreSizes(tx: Transaction, websiteId: number) {
  const rows = await tx.select({ id: sizes.id, name: sizes.name, sequence: sizes.sequence }).from(sizes).where(eq(sizes.websiteId, websiteId))
  const ordered = [...rows].sort((a, b) => compareSizes(a.name, b.name) || a.id - b.id)
  // store-scope: row ids come from the store sizes read on the line above
  for (const [sequence, row] of ordered.entries()) if (row.sequence !== sequence) await tx.update(sizes).set({ sequence }).where(eq(sizes.id, row.id))
}

export async function saveSize(ctx: CoreContext, value: ParsedAdminMutationValues['catalog.saveSize']): Promise<CatalogAdminMutationResponses['catalog.saveSize']> {
  const member = await requireStaff(ctx, 'store.manage', value.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const attributeId = await attributeIdFor(tx, 'Size')
    await assertFreeValueName(tx, 'size', attributeId, value.name, value.id)
    if (value.id === undefined) {
      const [row] = await tx.insert(attributeValues).values({ attributeId, name: value.name, sequence: 0 }).returning()
      // The store's size list (what its store file exports as website.sizeOrder) gains it too.
      await tx.insert(sizes).values({ websiteId: value.websiteId, name: value.name, sequence: 0 }).onConflictDoNothing()
      await resequenceStoreSizes(tx, value.websiteId)
      await recordAudit(tx, ctx, { websiteId: null, action: 'size.create', entityType: 'size', entityId: row!.id, after: { name: row!.name, version: row!.version } })
      return { id: row!.id, version: row!.version }
    }
    const row = await lockedValue(tx, attributeId, value.id, 'Size')
    await assertFreshEdit(tx, { entityType: 'size', entityId: row.id, label: `The size ${row.name}`, expectedVersion: value.version!, currentVersion: row.version })
    await assertSharedValueInScope(tx, member, 'size', row.id, row.name)
    const { version, changed } = await saveVersioned(tx, ctx, {
      table: attributeValues,
      current: row,
      expectedVersion: value.version,
      noun: 'the size',
      label: `The size ${row.name}`,
      values: { name: value.name },
      audit: { websiteId: null, action: 'size.update', entityType: 'size' },
    })
    if (changed) {
      // store-scope: sizes are named after the install-wide shared size value: a rename reaches every store using it
      const renamedIn = await tx.update(sizes).set({ name: value.name }).where(eq(sizes.name, row.name)).returning({ websiteId: sizes.websiteId })
      for (const websiteId of new Set(renamedIn.map((entry) => entry.websiteId))) await resequenceStoreSizes(tx, websiteId)
    }
    return { id: row.id, version }
  })
}

export const CATALOG_TAXONOMY_ADMIN_QUERIES = {
  'catalog.taxonomy': defineAdminQuery('catalog.taxonomy', (value, ctx) => catalogTaxonomy(ctx, value)),
}

const write = { invalidates: TAXONOMY_CACHES }

export const CATALOG_TAXONOMY_ADMIN_MUTATIONS = {
  'catalog.saveCategory': defineAdminMutation('catalog.saveCategory', { ...write, handler: (value, ctx) => saveCategory(ctx, value) }),
  'catalog.deleteCategory': defineAdminMutation('catalog.deleteCategory', { ...write, handler: (value, ctx) => deleteCategory(ctx, value) }),
  'catalog.reorderCategories': defineAdminMutation('catalog.reorderCategories', { ...write, handler: (value, ctx) => reorderCategories(ctx, value) }),
  'catalog.saveBrand': defineAdminMutation('catalog.saveBrand', { ...write, handler: (value, ctx) => saveBrand(ctx, value) }),
  'catalog.deleteBrand': defineAdminMutation('catalog.deleteBrand', { ...write, handler: (value, ctx) => deleteBrand(ctx, value) }),
  'catalog.saveColor': defineAdminMutation('catalog.saveColor', { ...write, handler: (value, ctx) => saveColor(ctx, value) }),
  'catalog.deleteColor': defineAdminMutation('catalog.deleteColor', { ...write, handler: (value, ctx) => deleteColor(ctx, value) }),
  'catalog.reorderColors': defineAdminMutation('catalog.reorderColors', { ...write, handler: (value, ctx) => reorderColors(ctx, value) }),
  'catalog.saveSize': defineAdminMutation('catalog.saveSize', { ...write, handler: (value, ctx) => saveSize(ctx, value) }),
  'catalog.deleteSize': defineAdminMutation('catalog.deleteSize', { ...write, handler: (value, ctx) => deleteSize(ctx, value) }),
}
