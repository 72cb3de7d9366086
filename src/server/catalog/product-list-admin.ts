import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm'
import type { AdminProduct, AdminProductListPage, AdminProductListRow, AdminProductOptions, AdminProductStatus } from '@/isomorphic/contract/admin-products'
import type { ProductListSort, ProductListView } from '@/isomorphic/product-list-view'
import { compareSizes } from '@/isomorphic/size-order'
import { type Executor, getDb } from '../db/client'
import {
  attributes,
  attributeValues,
  brands,
  categories,
  decorationPartners,
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
import { notFound } from '../kernel/errors'
import { type CursorKeyKind, type CursorValue, cursorTime, keysetAfter, keysetOrderBy, listCursor } from '../kernel/list-cursor'
import { fromCents } from '../kernel/money'
import { requireStaff, storeScope } from '../kernel/permissions'
import { VARIANT_COLUMNS } from './product-columns'

// The console's product reads (issue 16): the list (filtered, searched, sorted and keyset-paged in
// SQL, one statement a page), one product as the edit form opens it, and the form's choices. The
// shop's reads stay in catalog-service.ts (published products only); these see every product of a
// store, archived ones too, for the members who manage it ('store.manage').

/** What a cursor keeps of a row in each sort (then its id): list-cursor.ts. */
const CURSOR_KEYS = { shop: ['integer', 'id'], name: ['text', 'id'], price: ['integer', 'id'], updated: ['time', 'id'] } as const satisfies Record<ProductListSort, readonly CursorKeyKind[]>

const SORT_KEY: Record<ProductListSort, { column: SQL; key: SQL<CursorValue>; fromKey: (key: CursorValue) => SQL }> = {
  shop: { column: sql`${products.websiteSequence}`, key: sql<number>`${products.websiteSequence}`.mapWith(Number), fromKey: (key) => sql`${key}::integer` },
  name: { column: sql`lower(${products.name})`, key: sql<string>`lower(${products.name})`, fromKey: (key) => sql`${key}::text` },
  price: { column: sql`${products.priceAmount}`, key: sql<number>`${products.priceAmount}`.mapWith(Number), fromKey: (key) => sql`${key}::integer` },
  updated: { column: sql`${products.updatedAt}`, key: cursorTime(products.updatedAt), fromKey: (key) => sql`${key}::timestamptz` },
}

/** A LIKE pattern matching text that starts with `prefix` (its own % _ \ taken literally). */
function startsWith(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export function statusCondition(status: ProductListView['status']): SQL {
  switch (status) {
    case 'published':
      return and(isNull(products.archivedAt), eq(products.isPublished, true))!
    case 'unpublished':
      return and(isNull(products.archivedAt), eq(products.isPublished, false))!
    case 'archived':
      return isNotNull(products.archivedAt)
    default:
      return isNull(products.archivedAt)
  }
}

function conditions(view: ProductListView & { websiteId: number }): SQL {
  const where: SQL[] = [eq(products.websiteId, view.websiteId), statusCondition(view.status)]
  if (view.brandId !== null) where.push(eq(products.brandId, view.brandId))
  if (view.categoryId !== null) {
    where.push(sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${productCategories.categoryId} = ${view.categoryId})`)
  }
  if (view.q !== null) {
    const lower = startsWith(view.q.toLowerCase())
    const upper = startsWith(view.q.toUpperCase())
    where.push(
      sql`(lower(${products.name}) like ${lower} or upper(${products.templateSkuCode}) like ${upper} or exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id} and upper(${productVariants.sku}) like ${upper}))`,
    )
  }
  return and(...where)!
}

export const productStatus = (row: { isPublished: boolean; archivedAt: Date | null }): AdminProductStatus =>
  row.archivedAt !== null ? 'archived' : row.isPublished ? 'published' : 'unpublished'

/** The store's featured product slugs (the home page's list), in order. */
export async function featuredSlugs(db: Executor, websiteId: number): Promise<string[]> {
  const [home] = await db.select({ slugs: homePages.featuredProductSlugs }).from(homePages).where(eq(homePages.websiteId, websiteId))
  return home?.slugs ?? []
}

/** The `products.list` admin query: one page of one store's products. */
export async function listAdminProducts(ctx: CoreContext, view: ProductListView & { websiteId: number }): Promise<AdminProductListPage> {
  await requireStaff(ctx, 'store.manage', view.websiteId)
  const cursor = listCursor({ sort: view.sort, dir: view.dir, keys: CURSOR_KEYS[view.sort] })
  const at = cursor.read(view.cursor)
  const db = await getDb()
  const readDir = cursor.readDirection(at)
  const key = SORT_KEY[view.sort]
  const where = conditions(view)
  const after = at ? keysetAfter([key.column, products.id], [key.fromKey(at.values[0]!), sql`${at.values[1]}::integer`], readDir) : undefined
  const [fetched, featured] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        slug: products.slug,
        templateSkuCode: products.templateSkuCode,
        isPublished: products.isPublished,
        archivedAt: products.archivedAt,
        priceAmount: products.priceAmount,
        maxPriceAmount: products.maxPriceAmount,
        websiteSequence: products.websiteSequence,
        version: products.version,
        updatedAt: products.updatedAt,
        brandName: brands.name,
        variantCount: sql<number>`(select count(*) from ${productVariants} where ${productVariants.productId} = ${products.id})`.mapWith(Number),
        categoryNames: sql<
          string[] | null
        >`(select array_agg(${categories.name} order by ${categories.sequence}, ${categories.name}) from ${productCategories} join ${categories} on ${categories.id} = ${productCategories.categoryId} where ${productCategories.productId} = ${products.id})`,
        image: sql<
          [string, string, string] | null
        >`(select array[${productImages.path}, ${productImages.name}, ${productImages.alt}] from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.sequence}, ${productImages.id} limit 1)`,
        key: key.key,
      })
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(after ? and(where, after) : where)
      .orderBy(...keysetOrderBy([key.column, products.id], readDir))
      .limit(view.pageSize + 1),
    featuredSlugs(db, view.websiteId),
  ])
  const page = cursor.page(fetched, view.pageSize, at, (row) => [row.key, row.id])
  const featuredSet = new Set(featured)
  const rows: AdminProductListRow[] = page.rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    templateSkuCode: row.templateSkuCode,
    status: productStatus(row),
    price: fromCents(row.priceAmount),
    maxPrice: fromCents(row.maxPriceAmount),
    variantCount: row.variantCount,
    brandName: row.brandName,
    categoryNames: row.categoryNames ?? [],
    image: row.image ? { path: row.image[0], name: row.image[1], alt: row.image[2] } : null,
    featured: featuredSet.has(row.slug),
    websiteSequence: row.websiteSequence,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  }))
  return { rows, nextCursor: page.nextCursor, previousCursor: page.previousCursor }
}

/** One product of a store as the edit form opens it; another store's or a missing one is 404. */
export async function readAdminProduct(db: Executor, websiteId: number, productId: number): Promise<AdminProduct> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.websiteId, websiteId)))
  if (!row) throw notFound('Product', productId)
  const [categoryRows, valueRows, variantRows, logoLinks, breakRows, imageCount, featured] = await Promise.all([
    db.select({ id: productCategories.categoryId }).from(productCategories).where(eq(productCategories.productId, productId)),
    db
      .select({ id: attributeValues.id, name: attributeValues.name, sequence: attributeValues.sequence, attribute: attributes.name })
      .from(productAttributeValues)
      .innerJoin(attributeValues, eq(attributeValues.id, productAttributeValues.attributeValueId))
      .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
      .where(eq(productAttributeValues.productId, productId)),
    db.select(VARIANT_COLUMNS).from(productVariants).where(eq(productVariants.productId, productId)).orderBy(asc(productVariants.id)),
    db
      .select({ variantId: productVariantLogos.variantId, logoId: productVariantLogos.logoId })
      .from(productVariantLogos)
      .innerJoin(productVariants, eq(productVariants.id, productVariantLogos.variantId))
      .where(eq(productVariants.productId, productId)),
    db.select().from(productPriceBreaks).where(eq(productPriceBreaks.productId, productId)).orderBy(asc(productPriceBreaks.minQuantity)),
    db.$count(productImages, eq(productImages.productId, productId)),
    featuredSlugs(db, websiteId),
  ])
  const colorValues = valueRows.filter((value) => value.attribute === 'Color').sort((a, b) => a.sequence - b.sequence || a.name.localeCompare(b.name) || a.id - b.id)
  const sizeValues = valueRows.filter((value) => value.attribute === 'Size').sort((a, b) => compareSizes(a.name, b.name) || a.id - b.id)
  // A colour or size a variant has but the product's attribute links lack still shows in the grid.
  const colorIds = [...new Set([...colorValues.map((value) => value.id), ...variantRows.flatMap((v) => (v.colorValueId === null ? [] : [v.colorValueId]))])]
  const sizeIds = [...new Set([...sizeValues.map((value) => value.id), ...variantRows.flatMap((v) => (v.sizeValueId === null ? [] : [v.sizeValueId]))])]
  const logosOf = new Map<number, number[]>()
  for (const link of logoLinks) logosOf.set(link.variantId, [...(logosOf.get(link.variantId) ?? []), link.logoId])
  const variants = variantRows
    .filter((variant) => variant.colorValueId !== null && variant.sizeValueId !== null)
    .map((variant) => ({
      id: variant.id,
      colorId: variant.colorValueId!,
      sizeId: variant.sizeValueId!,
      sku: variant.sku,
      price: fromCents(variant.priceAmount),
      logoIds: (logosOf.get(variant.id) ?? []).sort((a, b) => a - b),
    }))
  // The product's logos: those every variant carries; a variant's own set shows on its row.
  const logoIds = variants.length === 0 ? [] : variants.map((v) => v.logoIds).reduce((common, ids) => common.filter((id) => ids.includes(id)))
  // A size's upcharge: what its variants cost over the base, when they all agree.
  const sizeUpcharges = sizeIds.flatMap((sizeId) => {
    const prices = [...new Set(variants.filter((v) => v.sizeId === sizeId).map((v) => Math.round(v.price * 100)))]
    return prices.length === 1 && prices[0]! > row.priceAmount ? [{ sizeId, amount: fromCents(prices[0]! - row.priceAmount) }] : []
  })
  return {
    id: row.id,
    websiteId: row.websiteId,
    name: row.name,
    slug: row.slug,
    templateSkuCode: row.templateSkuCode,
    description: row.description,
    brandId: row.brandId,
    categoryIds: categoryRows.map((category) => category.id).sort((a, b) => a - b),
    price: fromCents(row.priceAmount),
    sizeUpcharges,
    colorIds,
    sizeIds,
    logoIds,
    variants,
    priceBreaks: breakRows.map((tier) => ({ minQuantity: tier.minQuantity, price: fromCents(tier.priceAmount) })),
    weight: row.weight,
    taxCode: row.taxCode,
    garmentKind: row.garmentKind,
    leadTime: row.leadTime ?? null,
    sizeChart: row.sizeChart ?? null,
    featured: featured.includes(row.slug),
    published: row.isPublished,
    archived: row.archivedAt !== null,
    status: productStatus(row),
    imageCount,
    websiteSequence: row.websiteSequence,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function getAdminProduct(ctx: CoreContext, { websiteId, productId }: { websiteId: number; productId: number }): Promise<AdminProduct> {
  await requireStaff(ctx, 'store.manage', websiteId)
  return readAdminProduct(await getDb(), websiteId, productId)
}

/** The edit form's choices: the member's stores, and the store's brands, categories, colours, sizes and logos. */
export async function productOptions(ctx: CoreContext, { websiteId }: { websiteId: number | null }): Promise<AdminProductOptions> {
  const staff = await requireStaff(ctx, 'store.manage', websiteId ?? undefined)
  const db = await getDb()
  const scope = storeScope(staff)
  const stores =
    scope !== null && scope.length === 0
      ? []
      : await db
          .select({ id: websites.id, name: websites.name, currency: websites.currency })
          .from(websites)
          .where(scope === null ? undefined : inArray(websites.id, [...scope]))
          .orderBy(asc(websites.name), asc(websites.id))
  const store = websiteId ?? stores[0]?.id ?? null
  const [brandRows, categoryRows, valueRows, logoRows] = await Promise.all([
    db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
    store === null
      ? []
      : db
          .select({ id: categories.id, name: categories.name, slug: categories.slug })
          .from(categories)
          .where(eq(categories.websiteId, store))
          .orderBy(asc(categories.sequence), asc(categories.name)),
    db
      .select({ id: attributeValues.id, name: attributeValues.name, htmlColor: attributeValues.htmlColor, sequence: attributeValues.sequence, attribute: attributes.name })
      .from(attributeValues)
      .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
      .where(inArray(attributes.name, ['Color', 'Size'])),
    db
      .select({ id: logos.id, code: logos.code, name: logos.name, decorationPartnerName: decorationPartners.name })
      .from(logos)
      .innerJoin(decorationPartners, eq(decorationPartners.id, logos.decorationPartnerId))
      .orderBy(asc(logos.name), asc(logos.id)),
  ])
  return {
    stores,
    websiteId: store,
    brands: brandRows,
    categories: categoryRows,
    colors: valueRows
      .filter((value) => value.attribute === 'Color')
      .sort((a, b) => a.sequence - b.sequence || a.name.localeCompare(b.name))
      .map(({ id, name, htmlColor }) => ({ id, name, htmlColor })),
    sizes: valueRows
      .filter((value) => value.attribute === 'Size')
      .sort((a, b) => compareSizes(a.name, b.name) || a.id - b.id)
      .map(({ id, name }) => ({ id, name })),
    logos: logoRows,
    garmentKinds: [...GARMENT_KINDS],
  }
}
