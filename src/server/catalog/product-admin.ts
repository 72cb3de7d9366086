import type { DaySpan } from '@/isomorphic/business-days'
import { type SizeChart, sizeChartStrangers } from '@/isomorphic/contract/timing-fields'
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { AdminProduct, AdminProductStatus, BulkProductActionSchema, ProductFields } from '@/isomorphic/contract/admin-products'
import type { z } from '@/isomorphic/contract/zod'
import { formatCents } from '@/isomorphic/format'
import { adjustedPrice, priceBreakProblem } from '@/isomorphic/product-rules'
import { recordAudit } from '../audit/audit-log'
import { assertFreshEdit } from '../audit/edit-conflict'
import { type Executor, getDb, type Transaction } from '../db/client'
import {
  attributes,
  attributeValues,
  brands,
  categories,
  homePages,
  logos,
  productAttributeValues,
  productCategories,
  productImages,
  productPriceBreaks,
  products,
  productVariantLogos,
  productVariants,
  websites,
} from '../db/schema'
import { GARMENT_KINDS } from '../images/garment-shapes'
import type { CoreContext } from '../kernel/context'
import { DomainError, notFound } from '../kernel/errors'
import { toCents } from '../kernel/money'
import { requireStaff } from '../kernel/permissions'
import { postgresErrorOf } from '../kernel/db-errors'
import { variantSku } from './product-columns'
import { featuredSlugs, productStatus, readAdminProduct } from './product-list-admin'

// The console's product writes (issue 16): create, edit, duplicate, archive, publish, bulk actions
// and the shop's order, for the members who manage the store ('store.manage'). Each save reads the
// product FOR UPDATE, refuses a stale version (assertFreshEdit: a 409 naming what changed), writes
// the product with its variants (the colour × size grid), their logos, its categories and price
// breaks, and its audit row in one transaction. A product is never deleted (orders point at it):
// archiving unpublishes it and takes it out of the console's default list.

type ProductRow = typeof products.$inferSelect

/** A product as the store file would hold it, resolved against the database: what a save writes. */
type ResolvedProduct = {
  row: {
    name: string
    slug: string
    templateSkuCode: string
    description: string
    priceAmount: number
    maxPriceAmount: number
    weight: number
    taxCode: string
    brandId: number | null
    garmentKind: string | null
    leadTime: DaySpan | null
    sizeChart: SizeChart | null
    isPublished: boolean
  }
  categoryIds: number[]
  colorIds: number[]
  sizeIds: number[]
  variants: { colorId: number; sizeId: number; sku: string; priceAmount: number; logoIds: number[] }[]
  priceBreaks: { minQuantity: number; priceAmount: number }[]
  featured: boolean
}

const invalid = (sentence: string) => new DomainError('invalid', sentence, sentence)
const conflict = (sentence: string) => new DomainError('conflict', sentence, sentence)

const uniq = (ids: readonly number[]) => [...new Set(ids)]

/** Checks every id and rule of the fields against the store and builds the full variant grid. */
async function resolveFields(tx: Executor, fields: ProductFields, currency: string): Promise<ResolvedProduct> {
  const categoryIds = uniq(fields.categoryIds)
  const colorIds = uniq(fields.colorIds)
  const sizeIds = uniq(fields.sizeIds)
  const logoIds = uniq([...fields.logoIds, ...fields.variants.flatMap((variant) => variant.logoIds ?? [])])
  const [brandRows, categoryRows, valueRows, logoRows] = await Promise.all([
    fields.brandId === null ? [] : tx.select({ id: brands.id }).from(brands).where(eq(brands.id, fields.brandId)),
    categoryIds.length === 0
      ? []
      : tx
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.websiteId, fields.websiteId), inArray(categories.id, categoryIds))),
    tx
      .select({ id: attributeValues.id, name: attributeValues.name, attribute: attributes.name })
      .from(attributeValues)
      .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
      .where(inArray(attributeValues.id, uniq([...colorIds, ...sizeIds]))),
    logoIds.length === 0 ? [] : tx.select({ id: logos.id }).from(logos).where(inArray(logos.id, logoIds)),
  ])
  if (fields.brandId !== null && brandRows.length === 0) throw invalid('The brand chosen no longer exists. Reload the page and choose another.')
  if (categoryRows.length !== categoryIds.length) throw invalid('A category chosen is not a category of this store. Reload the page and choose again.')
  if (logoRows.length !== logoIds.length) throw invalid('A logo chosen no longer exists. Reload the page and choose again.')
  const colorName = new Map(valueRows.filter((value) => value.attribute === 'Color').map((value) => [value.id, value.name]))
  const sizeName = new Map(valueRows.filter((value) => value.attribute === 'Size').map((value) => [value.id, value.name]))
  if (colorIds.some((id) => !colorName.has(id))) throw invalid('A colour chosen is not one of the store’s colours. Reload the page and choose again.')
  if (sizeIds.some((id) => !sizeName.has(id))) throw invalid('A size chosen is not one of the store’s sizes. Reload the page and choose again.')
  if (fields.garmentKind !== null && !(GARMENT_KINDS as readonly string[]).includes(fields.garmentKind)) {
    throw invalid(`The garment "${fields.garmentKind}" is not one the decoration editor draws. Choose one of: ${GARMENT_KINDS.join(', ')}.`)
  }
  const strangers = fields.sizeChart ? sizeChartStrangers(fields.sizeChart, sizeIds.map((id) => sizeName.get(id)!)) : []
  if (strangers.length > 0) throw invalid(`The size chart lists ${strangers.join(', ')}, which the product does not come in. Add the size to the product or take it out of the chart.`)

  const basePrice = toCents(fields.price)
  const upcharge = new Map<number, number>()
  // An upcharge of a size the product no longer has does nothing (as in the store file).
  for (const row of fields.sizeUpcharges) upcharge.set(row.sizeId, toCents(row.amount))
  const cellName = (colorId: number, sizeId: number) => `${colorName.get(colorId) ?? colorId} / ${sizeName.get(sizeId) ?? sizeId}`
  const overrides = new Map<string, (typeof fields.variants)[number]>()
  for (const [index, variant] of fields.variants.entries()) {
    if (!colorIds.includes(variant.colorId) || !sizeIds.includes(variant.sizeId)) {
      throw invalid(`Variant row ${index + 1} (${cellName(variant.colorId, variant.sizeId)}) is not a colour and size of the product. Add the colour and size, or remove the row.`)
    }
    const key = `${variant.colorId}/${variant.sizeId}`
    if (overrides.has(key)) throw invalid(`Variant ${cellName(variant.colorId, variant.sizeId)} is listed twice. Keep one row.`)
    overrides.set(key, variant)
  }
  const variants: ResolvedProduct['variants'] = []
  const skuOwner = new Map<string, string>()
  for (const colorId of colorIds) {
    for (const sizeId of sizeIds) {
      const override = overrides.get(`${colorId}/${sizeId}`)
      const name = cellName(colorId, sizeId)
      const sku = override?.sku || variantSku(fields.templateSkuCode, colorName.get(colorId)!, sizeName.get(sizeId)!)
      const priceAmount = override?.price !== undefined ? toCents(override.price) : basePrice + (upcharge.get(sizeId) ?? 0)
      if (priceAmount < basePrice) {
        throw invalid(`Variant ${name}: its price ${formatCents(priceAmount, currency)} is below the base price ${formatCents(basePrice, currency)}. Lower the base price or raise the variant’s.`)
      }
      const other = skuOwner.get(sku.toUpperCase())
      if (other) throw invalid(`Variant ${name}: the SKU ${sku} is already the SKU of ${other}. Each variant needs its own SKU.`)
      skuOwner.set(sku.toUpperCase(), name)
      variants.push({ colorId, sizeId, sku, priceAmount, logoIds: uniq(override?.logoIds ?? fields.logoIds) })
    }
  }
  const priceBreaks = fields.priceBreaks.map((tier) => ({ minQuantity: tier.minQuantity, priceAmount: toCents(tier.price) }))
  const problem = priceBreakProblem(basePrice, priceBreaks, currency)
  if (problem) throw invalid(problem)

  return {
    row: {
      name: fields.name,
      slug: fields.slug,
      templateSkuCode: fields.templateSkuCode,
      description: fields.description,
      priceAmount: basePrice,
      maxPriceAmount: Math.max(...variants.map((variant) => variant.priceAmount)),
      weight: Math.round(fields.weight * 1000) / 1000,
      taxCode: fields.taxCode,
      brandId: fields.brandId,
      garmentKind: fields.garmentKind,
      leadTime: fields.leadTime,
      sizeChart: fields.sizeChart,
      isPublished: fields.published,
    },
    categoryIds,
    colorIds,
    sizeIds,
    variants,
    priceBreaks: priceBreaks.sort((a, b) => a.minQuantity - b.minQuantity),
    featured: fields.featured,
  }
}

/** A slug or style code another product of the store already uses: a 409 with what to do. */
async function assertUnique(tx: Executor, websiteId: number, fields: { slug: string; templateSkuCode: string }, productId: number | null) {
  const others = await tx
    .select({ id: products.id, name: products.name, slug: products.slug, templateSkuCode: products.templateSkuCode })
    .from(products)
    .where(
      and(
        eq(products.websiteId, websiteId),
        productId === null ? undefined : ne(products.id, productId),
        sql`(${products.slug} = ${fields.slug} or upper(${products.templateSkuCode}) = ${fields.templateSkuCode.toUpperCase()})`,
      ),
    )
    .limit(2)
  const sameSlug = others.find((other) => other.slug === fields.slug)
  if (sameSlug) throw conflict(`The product “${sameSlug.name}” already uses the address /product/${fields.slug}. Choose another slug.`)
  const sameSku = others[0]
  if (sameSku) throw conflict(`The product “${sameSku.name}” already has the style code ${sameSku.templateSkuCode}. Choose another SKU.`)
}

async function storeCurrency(tx: Executor, websiteId: number): Promise<{ name: string; currency: string }> {
  const [store] = await tx.select({ name: websites.name, currency: websites.currency }).from(websites).where(eq(websites.id, websiteId))
  if (!store) throw notFound('Store', websiteId)
  return store
}

/** Adds or removes the slug on the home page's featured list; a renamed slug keeps its place. */
async function writeFeatured(tx: Transaction, websiteId: number, storeName: string, change: { oldSlug: string | null; slug: string; featured: boolean }) {
  const current = await featuredSlugs(tx, websiteId)
  const at = change.oldSlug === null ? -1 : current.indexOf(change.oldSlug)
  let next = current.filter((slug) => slug !== change.oldSlug && slug !== change.slug)
  if (change.featured) next = at >= 0 ? [...next.slice(0, at), change.slug, ...next.slice(at)] : [...next, change.slug]
  if (JSON.stringify(next) === JSON.stringify(current)) return
  const [home] = await tx.select({ id: homePages.id }).from(homePages).where(eq(homePages.websiteId, websiteId))
  // store-scope: home was read on the line above with the store in its where
  if (home) await tx.update(homePages).set({ featuredProductSlugs: next }).where(eq(homePages.id, home.id))
  else await tx.insert(homePages).values({ websiteId, heroTitle: storeName, featuredProductSlugs: next })
}

/** Writes the product's links, variants (kept by colour × size, so their ids stay), logos and price breaks. */
async function writeDetails(tx: Transaction, productId: number, resolved: ResolvedProduct) {
  await tx.delete(productCategories).where(eq(productCategories.productId, productId))
  if (resolved.categoryIds.length > 0) await tx.insert(productCategories).values(resolved.categoryIds.map((categoryId) => ({ productId, categoryId })))
  await tx.delete(productAttributeValues).where(eq(productAttributeValues.productId, productId))
  await tx.insert(productAttributeValues).values([...resolved.colorIds, ...resolved.sizeIds].map((attributeValueId) => ({ productId, attributeValueId })))

  const existing = await tx
    .select({ id: productVariants.id, colorId: productVariants.colorValueId, sizeId: productVariants.sizeValueId, sku: productVariants.sku })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
  const byCell = new Map(existing.map((variant) => [`${variant.colorId}/${variant.sizeId}`, variant]))
  const kept = new Set<number>()
  const variantIds: number[] = []
  for (const variant of resolved.variants) {
    const old = byCell.get(`${variant.colorId}/${variant.sizeId}`)
    if (old) {
      kept.add(old.id)
      variantIds.push(old.id)
    }
  }
  // Variants no longer in the grid go first (order lines keep their own copy, their link is set null),
  // then SKUs move through a temporary value so two variants may swap SKUs in one save.
  const gone = existing.filter((variant) => !kept.has(variant.id)).map((variant) => variant.id)
  if (gone.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, gone))
  if (kept.size > 0) await tx.update(productVariants).set({ sku: sql`'~' || ${productVariants.id}::text` }).where(inArray(productVariants.id, [...kept]))
  const ids: number[] = []
  for (const variant of resolved.variants) {
    const values = { sku: variant.sku, colorValueId: variant.colorId, sizeValueId: variant.sizeId, priceAmount: variant.priceAmount }
    const old = byCell.get(`${variant.colorId}/${variant.sizeId}`)
    if (old) {
      await tx.update(productVariants).set(values).where(eq(productVariants.id, old.id))
      ids.push(old.id)
    } else {
      const [row] = await tx.insert(productVariants).values({ productId, ...values }).returning({ id: productVariants.id })
      ids.push(row!.id)
    }
  }
  await tx.delete(productVariantLogos).where(inArray(productVariantLogos.variantId, ids))
  const links = resolved.variants.flatMap((variant, index) => variant.logoIds.map((logoId) => ({ variantId: ids[index]!, logoId })))
  if (links.length > 0) await tx.insert(productVariantLogos).values(links)

  await tx.delete(productPriceBreaks).where(eq(productPriceBreaks.productId, productId))
  if (resolved.priceBreaks.length > 0) await tx.insert(productPriceBreaks).values(resolved.priceBreaks.map((tier) => ({ productId, ...tier })))
}

/** What the audit log and the 409 compare: the product's editable fields, money in cents. */
function audited(product: AdminProduct | (ResolvedProduct & { archived?: boolean })): Record<string, unknown> {
  if ('row' in product) {
    return {
      name: product.row.name,
      slug: product.row.slug,
      templateSkuCode: product.row.templateSkuCode,
      description: product.row.description,
      brandId: product.row.brandId,
      categoryIds: [...product.categoryIds].sort((a, b) => a - b),
      priceAmount: product.row.priceAmount,
      colorIds: product.colorIds,
      sizeIds: product.sizeIds,
      variants: product.variants.map((v) => `${v.sku} ${v.priceAmount}${v.logoIds.length ? ` [${[...v.logoIds].sort((a, b) => a - b).join(',')}]` : ''}`),
      priceBreaks: product.priceBreaks.map((tier) => `${tier.minQuantity}+ ${tier.priceAmount}`),
      weight: product.row.weight,
      taxCode: product.row.taxCode,
      garmentKind: product.row.garmentKind,
      leadTime: product.row.leadTime,
      sizeChart: product.row.sizeChart,
      featured: product.featured,
      published: product.row.isPublished,
    }
  }
  return {
    name: product.name,
    slug: product.slug,
    templateSkuCode: product.templateSkuCode,
    description: product.description,
    brandId: product.brandId,
    categoryIds: [...product.categoryIds].sort((a, b) => a - b),
    priceAmount: toCents(product.price),
    colorIds: product.colorIds,
    sizeIds: product.sizeIds,
    variants: product.variants.map((v) => `${v.sku} ${toCents(v.price)}${v.logoIds.length ? ` [${[...v.logoIds].sort((a, b) => a - b).join(',')}]` : ''}`),
    priceBreaks: product.priceBreaks.map((tier) => `${tier.minQuantity}+ ${toCents(tier.price)}`),
    weight: product.weight,
    taxCode: product.taxCode,
    garmentKind: product.garmentKind,
    leadTime: product.leadTime,
    sizeChart: product.sizeChart,
    featured: product.featured,
    published: product.published,
  }
}

/** The fields that differ, as {before, after} with only those fields. */
function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
  return { before: Object.fromEntries(keys.map((key) => [key, before[key]])), after: Object.fromEntries(keys.map((key) => [key, after[key]])) }
}

/** A unique violation the checks above could not see (two saves at once): the same sentence as the check. */
function translateUnique(error: unknown, fields: { slug: string }): never {
  const postgres = postgresErrorOf(error)
  if (postgres?.code === '23505' && postgres.constraint === 'products_website_slug_idx') {
    throw conflict(`Another product already uses the address /product/${fields.slug}. Choose another slug.`)
  }
  throw error
}

async function lockProduct(tx: Executor, websiteId: number, productId: number): Promise<ProductRow> {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.websiteId, websiteId)))
    .for('update')
  if (!row) throw notFound('Product', productId)
  return row
}

const label = (row: { name: string }) => `The product “${row.name}”`

export async function createProduct(ctx: CoreContext, fields: ProductFields, { duplicateOf }: { duplicateOf?: number } = {}): Promise<AdminProduct> {
  // A duplicate also shows the original's pictures: its image rows point at the same files, which
  // stay on disk while any row uses them (product-images-admin.ts removeUploadedFile).
  await requireStaff(ctx, 'store.manage', fields.websiteId)
  const db = await getDb()
  return db
    .transaction(async (tx) => {
      const store = await storeCurrency(tx, fields.websiteId)
      const resolved = await resolveFields(tx, fields, store.currency)
      await assertUnique(tx, fields.websiteId, fields, null)
      const [last] = await tx
        .select({ sequence: sql<number>`coalesce(max(${products.websiteSequence}), -1)`.mapWith(Number) })
        .from(products)
        .where(eq(products.websiteId, fields.websiteId))
      const [created] = await tx
        .insert(products)
        .values({ websiteId: fields.websiteId, ...resolved.row, websiteSequence: (last?.sequence ?? -1) + 1 })
        .returning({ id: products.id })
      await writeDetails(tx, created!.id, resolved)
      if (duplicateOf !== undefined) await copyImages(tx, duplicateOf, created!.id)
      await writeFeatured(tx, fields.websiteId, store.name, { oldSlug: null, slug: resolved.row.slug, featured: resolved.featured })
      await recordAudit(tx, ctx, {
        websiteId: fields.websiteId,
        action: duplicateOf === undefined ? 'product.create' : 'product.duplicate',
        entityType: 'product',
        entityId: created!.id,
        after: { ...audited(resolved), ...(duplicateOf === undefined ? {} : { duplicateOf }), version: 1 },
      })
      return readAdminProduct(tx, fields.websiteId, created!.id)
    })
    .catch((error: unknown) => translateUnique(error, fields))
}

async function copyImages(tx: Executor, fromProductId: number, toProductId: number): Promise<void> {
  const rows = await tx
    .select({ colorValueId: productImages.colorValueId, logoId: productImages.logoId, path: productImages.path, name: productImages.name, alt: productImages.alt, sequence: productImages.sequence })
    .from(productImages)
    .where(eq(productImages.productId, fromProductId))
  if (rows.length > 0) await tx.insert(productImages).values(rows.map((row) => ({ ...row, productId: toProductId })))
}

export async function updateProduct(ctx: CoreContext, input: ProductFields & { productId: number; version: number }): Promise<AdminProduct> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  return db
    .transaction(async (tx) => {
      const row = await lockProduct(tx, input.websiteId, input.productId)
      await assertFreshEdit(tx, { entityType: 'product', entityId: row.id, label: label(row), expectedVersion: input.version, currentVersion: row.version })
      if (row.archivedAt !== null && input.published) throw invalid(`${label(row)} is archived. Restore it before publishing it.`)
      const store = await storeCurrency(tx, input.websiteId)
      const resolved = await resolveFields(tx, input, store.currency)
      await assertUnique(tx, input.websiteId, input, row.id)
      const before = await readAdminProduct(tx, input.websiteId, row.id)
      const version = row.version + 1
      // store-scope: row was locked above by lockProduct with the store in its where
      await tx
        .update(products)
        .set({ ...resolved.row, version })
        .where(eq(products.id, row.id))
      await writeDetails(tx, row.id, resolved)
      await writeFeatured(tx, input.websiteId, store.name, { oldSlug: row.slug, slug: resolved.row.slug, featured: resolved.featured })
      const diff = changed(audited(before), audited(resolved))
      await recordAudit(tx, ctx, { websiteId: input.websiteId, action: 'product.update', entityType: 'product', entityId: row.id, before: { ...diff.before, version: row.version }, after: { ...diff.after, version } })
      return readAdminProduct(tx, input.websiteId, row.id)
    })
    .catch((error: unknown) => translateUnique(error, input))
}

/** The first of base, base-copy, base-copy-2 … (or the style code's COPY) that no product of the store uses. */
async function freeName(tx: Executor, websiteId: number, make: (n: number) => string, column: 'slug' | 'templateSkuCode'): Promise<string> {
  const first = make(1)
  const rows = await tx
    .select({ value: products[column] })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), sql`upper(${products[column]}) like ${`${first.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`))
  const used = new Set(rows.map((row) => row.value.toUpperCase()))
  for (let n = 1; ; n++) if (!used.has(make(n).toUpperCase())) return make(n)
}

export async function duplicateProduct(ctx: CoreContext, { websiteId, productId }: { websiteId: number; productId: number }): Promise<AdminProduct> {
  await requireStaff(ctx, 'store.manage', websiteId)
  const db = await getDb()
  const source = await readAdminProduct(db, websiteId, productId)
  const slug = await freeName(db, websiteId, (n) => `${source.slug}-copy${n > 1 ? `-${n}` : ''}`, 'slug')
  const templateSkuCode = await freeName(db, websiteId, (n) => `${source.templateSkuCode}-COPY${n > 1 ? n : ''}`, 'templateSkuCode')
  const copy = await createProduct(
    ctx,
    {
      websiteId,
      name: `${source.name} (copy)`.slice(0, 200),
      slug,
      templateSkuCode,
      description: source.description,
      brandId: source.brandId,
      categoryIds: source.categoryIds,
      price: source.price,
      sizeUpcharges: source.sizeUpcharges,
      colorIds: source.colorIds,
      sizeIds: source.sizeIds,
      logoIds: source.logoIds,
      // Prices and logos as the original's; SKUs made again from the copy's style code.
      variants: source.variants.map(({ colorId, sizeId, price, logoIds }) => ({ colorId, sizeId, price, logoIds })),
      priceBreaks: source.priceBreaks,
      weight: source.weight,
      taxCode: source.taxCode,
      garmentKind: source.garmentKind,
      leadTime: source.leadTime,
      sizeChart: source.sizeChart,
      featured: false,
      published: false,
    },
    { duplicateOf: source.id },
  )
  return copy
}

export async function archiveProduct(
  ctx: CoreContext,
  input: { websiteId: number; productId: number; version: number; archived: boolean },
): Promise<{ productId: number; version: number; status: AdminProductStatus }> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const row = await lockProduct(tx, input.websiteId, input.productId)
    await assertFreshEdit(tx, { entityType: 'product', entityId: row.id, label: label(row), expectedVersion: input.version, currentVersion: row.version })
    const version = row.version + 1
    const archivedAt = input.archived ? (row.archivedAt ?? new Date()) : null
    // store-scope: row was locked above by lockProduct with the store in its where
    const [updated] = await tx
      .update(products)
      .set({ archivedAt, isPublished: input.archived ? false : row.isPublished, version })
      .where(eq(products.id, row.id))
      .returning()
    if (input.archived) {
      const store = await storeCurrency(tx, input.websiteId)
      await writeFeatured(tx, input.websiteId, store.name, { oldSlug: row.slug, slug: row.slug, featured: false })
    }
    await recordAudit(tx, ctx, {
      websiteId: input.websiteId,
      action: input.archived ? 'product.archive' : 'product.restore',
      entityType: 'product',
      entityId: row.id,
      before: { archived: row.archivedAt !== null, published: row.isPublished, version: row.version },
      after: { archived: input.archived, published: updated!.isPublished, version },
    })
    return { productId: row.id, version, status: productStatus(updated!) }
  })
}

export async function setProductPublished(
  ctx: CoreContext,
  input: { websiteId: number; productId: number; version: number; published: boolean },
): Promise<{ productId: number; version: number; status: AdminProductStatus }> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const row = await lockProduct(tx, input.websiteId, input.productId)
    await assertFreshEdit(tx, { entityType: 'product', entityId: row.id, label: label(row), expectedVersion: input.version, currentVersion: row.version })
    if (row.archivedAt !== null && input.published) throw invalid(`${label(row)} is archived. Restore it before publishing it.`)
    const version = row.version + 1
    // store-scope: row was locked above by lockProduct with the store in its where
    const [updated] = await tx.update(products).set({ isPublished: input.published, version }).where(eq(products.id, row.id)).returning()
    await recordAudit(tx, ctx, {
      websiteId: input.websiteId,
      action: input.published ? 'product.publish' : 'product.unpublish',
      entityType: 'product',
      entityId: row.id,
      before: { published: row.isPublished, version: row.version },
      after: { published: input.published, version },
    })
    return { productId: row.id, version, status: productStatus(updated!) }
  })
}

type BulkAction = z.output<typeof BulkProductActionSchema>

/**
 * A bulk action on the selected products of one store: all in one transaction with one audit row
 * per product, so either every product changes or (one refused, one missing) none does.
 */
export async function bulkProducts(ctx: CoreContext, input: BulkAction): Promise<{ action: BulkAction['action']; updated: number }> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const ids = uniq(input.productIds)
  const db = await getDb()
  return db.transaction(async (tx) => {
    const store = await storeCurrency(tx, input.websiteId)
    const rows = await tx
      .select()
      .from(products)
      .where(and(eq(products.websiteId, input.websiteId), inArray(products.id, ids)))
      .orderBy(asc(products.id))
      .for('update')
    if (rows.length !== ids.length) throw notFound('Product', ids.find((id) => !rows.some((row) => row.id === id))!)
    if ((input.action === 'setCategory' || input.action === 'addCategory') && !(await categoryOfStore(tx, input.websiteId, input.categoryId))) {
      throw invalid('The category chosen is not a category of this store. Reload the page and choose again.')
    }
    for (const row of rows) {
      const version = row.version + 1
      let before: Record<string, unknown>
      let after: Record<string, unknown>
      switch (input.action) {
        case 'publish':
        case 'unpublish': {
          const published = input.action === 'publish'
          if (published && row.archivedAt !== null) throw invalid(`${label(row)} is archived. Restore it before publishing it; nothing was changed.`)
          // store-scope: row is one of the store products locked above for this bulk action
          await tx.update(products).set({ isPublished: published, version }).where(eq(products.id, row.id))
          before = { published: row.isPublished }
          after = { published }
          break
        }
        case 'setCategory':
        case 'addCategory': {
          const current = (await tx.select({ id: productCategories.categoryId }).from(productCategories).where(eq(productCategories.productId, row.id))).map((c) => c.id)
          const next = input.action === 'setCategory' ? [input.categoryId] : uniq([...current, input.categoryId])
          if (input.action === 'setCategory') await tx.delete(productCategories).where(eq(productCategories.productId, row.id))
          await tx.insert(productCategories).values({ productId: row.id, categoryId: input.categoryId }).onConflictDoNothing()
          // store-scope: row is one of the store products locked above for this bulk action
          await tx.update(products).set({ version }).where(eq(products.id, row.id))
          before = { categoryIds: [...current].sort((a, b) => a - b) }
          after = { categoryIds: [...next].sort((a, b) => a - b) }
          break
        }
        case 'adjustPrices': {
          const result = await adjustPrices(tx, row, input.percent, store.currency)
          // store-scope: row is one of the store products locked above for this bulk action
          await tx.update(products).set({ priceAmount: result.priceAmount, maxPriceAmount: result.maxPriceAmount, version }).where(eq(products.id, row.id))
          before = { priceAmount: row.priceAmount, priceBreaks: result.breaksBefore }
          after = { priceAmount: result.priceAmount, priceBreaks: result.breaksAfter, percent: input.percent }
          break
        }
      }
      await recordAudit(tx, ctx, {
        websiteId: input.websiteId,
        action: `product.bulk_${input.action}`,
        entityType: 'product',
        entityId: row.id,
        before: { ...before, version: row.version },
        after: { ...after, version },
      })
    }
    return { action: input.action, updated: rows.length }
  })
}

async function categoryOfStore(tx: Executor, websiteId: number, categoryId: number) {
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.websiteId, websiteId)))
  return row !== undefined
}

/** Every variant price, price break and the base moved by `percent`, rounded to the cent; the breaks must still hold. */
async function adjustPrices(tx: Transaction, row: ProductRow, percent: number, currency: string) {
  const priceAmount = adjustedPrice(row.priceAmount, percent)
  await tx
    .update(productVariants)
    .set({ priceAmount: sql`greatest(1, round(${productVariants.priceAmount} * (100 + ${percent}::numeric) / 100))::integer` })
    .where(eq(productVariants.productId, row.id))
  const breaks = await tx.select().from(productPriceBreaks).where(eq(productPriceBreaks.productId, row.id)).orderBy(asc(productPriceBreaks.minQuantity))
  const adjusted = breaks.map((tier) => ({ minQuantity: tier.minQuantity, priceAmount: adjustedPrice(tier.priceAmount, percent) }))
  const problem = priceBreakProblem(priceAmount, adjusted, currency)
  if (problem) throw invalid(`${label(row)}: after the change, ${problem.charAt(0).toLowerCase()}${problem.slice(1)} Nothing was changed.`)
  for (const [index, tier] of breaks.entries()) {
    await tx.update(productPriceBreaks).set({ priceAmount: adjusted[index]!.priceAmount }).where(eq(productPriceBreaks.id, tier.id))
  }
  const [range] = await tx
    .select({ max: sql<number>`coalesce(max(${productVariants.priceAmount}), 0)`.mapWith(Number) })
    .from(productVariants)
    .where(eq(productVariants.productId, row.id))
  return {
    priceAmount,
    maxPriceAmount: Math.max(priceAmount, range?.max ?? 0),
    breaksBefore: breaks.map((tier) => `${tier.minQuantity}+ ${tier.priceAmount}`),
    breaksAfter: adjusted.map((tier) => `${tier.minQuantity}+ ${tier.priceAmount}`),
  }
}

/**
 * Moves a product just before or after another in the shop's order (websiteSequence), renumbering
 * the store's products 0, 1, 2 … in one statement. Not a versioned edit: the edit form does not hold
 * the order, so moving a product never makes someone's open form stale.
 */
export async function reorderProduct(
  ctx: CoreContext,
  input: { websiteId: number; productId: number; before?: number; after?: number },
): Promise<{ productId: number; websiteSequence: number }> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const target = input.before ?? input.after!
  if (target === input.productId) throw invalid('A product cannot be moved next to itself.')
  const db = await getDb()
  return db.transaction(async (tx) => {
    // Locked in id order, as the bulk actions lock, so the two never wait on each other in a circle.
    const locked = await tx
      .select({ id: products.id, sequence: products.websiteSequence })
      .from(products)
      .where(eq(products.websiteId, input.websiteId))
      .orderBy(asc(products.id))
      .for('update')
    const rows = locked.sort((a, b) => a.sequence - b.sequence || a.id - b.id)
    const moving = rows.find((row) => row.id === input.productId)
    if (!moving) throw notFound('Product', input.productId)
    const order = rows.filter((row) => row.id !== input.productId)
    const at = order.findIndex((row) => row.id === target)
    if (at < 0) throw notFound('Product', target)
    order.splice(input.before !== undefined ? at : at + 1, 0, moving)
    const changes = order.map((row, index) => ({ id: row.id, from: row.sequence, to: index })).filter((change) => change.from !== change.to)
    if (changes.length > 0) {
      await tx.execute(
        sql`update ${products} set website_sequence = v.seq from (values ${sql.join(
          changes.map((change) => sql`(${change.id}::integer, ${change.to}::integer)`),
          sql`, `,
        )}) as v(id, seq) where ${products.id} = v.id`,
      )
    }
    const websiteSequence = order.indexOf(moving)
    await recordAudit(tx, ctx, {
      websiteId: input.websiteId,
      action: 'product.reorder',
      entityType: 'product',
      entityId: input.productId,
      before: { websiteSequence: moving.sequence },
      after: { websiteSequence, [input.before !== undefined ? 'before' : 'after']: target },
    })
    return { productId: input.productId, websiteSequence }
  })
}
