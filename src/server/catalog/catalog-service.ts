import { isStorableText } from '@/isomorphic/storable-text'
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type {
  AttributeName,
  DecoratorPartnerAddress,
  ProductAttributeValue,
  ProductDetails,
  ProductListItem,
  ProductLogo,
  ProductVariant,
  ProductVariantSummary,
} from '@/isomorphic/catalog-types'
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
import { fromCents } from '../kernel/money'
import { readProductImages, VARIANT_COLUMNS } from './product-columns'
import { namedCache } from '../cache/named-cache'

// Every list is built with a fixed handful of narrow queries whatever the number of products:
// per-product facts come back aggregated into id arrays, and the shared rows they point at
// (attribute values, categories, logos) are fetched once and reused as the same objects.

type ProductScope = { websiteId: number; ids?: readonly number[]; slugs?: readonly string[] }

const ATTRIBUTE_ORDER: Record<AttributeName, number> = { Color: 0, Size: 1, Logo: 2 }
const isAttributeName = (name: string): name is AttributeName => name in ATTRIBUTE_ORDER

function scopeCondition({ websiteId, ids, slugs }: ProductScope): SQL {
  const conditions = [eq(products.websiteId, websiteId), eq(products.isPublished, true)]
  if (ids) conditions.push(inArray(products.id, [...ids]))
  if (slugs) conditions.push(inArray(products.slug, [...slugs]))
  return and(...conditions) as SQL
}

// Without planner statistics (PGlite never auto-analyzes) joins over variants and their logos
// get nested-loop plans. Per-product correlated subqueries over small tables, and flat scans that
// return whole columns as arrays, stay fast either way (40–70 ms for 999 products with 19k
// variants on PGlite on a busy 2-core machine; one query per kind of fact, not per product).
function productIdsInScope(db: Executor, inScope: SQL) {
  return sql`any((${db.select({ ids: sql`array_agg(${products.id})` }).from(products).where(inScope)})::int[])`
}

async function loadProductRows(db: Executor, inScope: SQL) {
  return db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      templateSkuCode: products.templateSkuCode,
      priceAmount: products.priceAmount,
      maxPriceAmount: products.maxPriceAmount,
      websiteSequence: products.websiteSequence,
      brandId: brands.id,
      brandName: brands.name,
      attributeValueIds: sql<number[] | null>`(select array_agg(${productAttributeValues.attributeValueId}) from ${productAttributeValues} where ${productAttributeValues.productId} = ${products.id})`,
      categoryIds: sql<number[] | null>`(select array_agg(${productCategories.categoryId}) from ${productCategories} where ${productCategories.productId} = ${products.id})`,
      image: sql<
        [path: string, name: string, alt: string, colorValueId: string | null, logoId: string | null] | null
      >`(select array[${productImages.path}, ${productImages.name}, ${productImages.alt}, ${productImages.colorValueId}::text, ${productImages.logoId}::text] from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.sequence}, ${productImages.id} limit 1)`,
      // Each colour's first picture (a card filtered by colour shows the product in it).
      colorImages: sql<[colorValueId: number, path: string, name: string][] | null>`(select json_agg(json_build_array(color_images.color_value_id, color_images.path, color_images.name) order by color_images.color_value_id) from (select distinct on (${productImages.colorValueId}) ${productImages.colorValueId} as color_value_id, ${productImages.path} as path, ${productImages.name} as name from ${productImages} where ${productImages.productId} = ${products.id} and ${productImages.colorValueId} is not null order by ${productImages.colorValueId}, ${productImages.sequence}, ${productImages.id}) as color_images)`,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(inScope)
    .orderBy(asc(products.websiteSequence), asc(products.id))
}

type VariantStats = { minPrice: number; maxPrice: number; variantIds: number[] }

/** Per product: the variant price range and the variant ids in ascending order. */
async function loadVariantStats(db: Executor, inScope: SQL): Promise<Map<number, VariantStats>> {
  const [columns] = await db
    .select({
      productIds: sql<number[] | null>`array_agg(${productVariants.productId} order by ${productVariants.id})`,
      variantIds: sql<number[] | null>`array_agg(${productVariants.id} order by ${productVariants.id})`,
      prices: sql<number[] | null>`array_agg(${productVariants.priceAmount} order by ${productVariants.id})`,
    })
    .from(productVariants)
    .where(sql`${productVariants.productId} = ${productIdsInScope(db, inScope)}`)
  const stats = new Map<number, VariantStats>()
  const productIds = columns?.productIds ?? []
  productIds.forEach((productId, index) => {
    const variantId = columns!.variantIds![index]!
    const price = columns!.prices![index]!
    const entry = stats.get(productId)
    if (!entry) {
      stats.set(productId, { minPrice: price, maxPrice: price, variantIds: [variantId] })
      return
    }
    entry.variantIds.push(variantId)
    if (price < entry.minPrice) entry.minPrice = price
    if (price > entry.maxPrice) entry.maxPrice = price
  })
  return stats
}

/** The given attribute values (Color, Size, Logo only), ranked in display order. */
async function loadAttributeValues(db: Executor, ids: readonly number[]) {
  const values =
    ids.length === 0
      ? []
      : await db
          .select({
            id: attributeValues.id,
            name: attributeValues.name,
            htmlColor: attributeValues.htmlColor,
            sequence: attributeValues.sequence,
            attributeName: attributes.name,
          })
          .from(attributeValues)
          .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
          .where(inArray(attributeValues.id, [...ids]))
  const byId = new Map<number, RankedValue>()
  values
    .filter((value) => isAttributeName(value.attributeName))
    .sort((a, b) => {
      const byAttribute = ATTRIBUTE_ORDER[a.attributeName as AttributeName] - ATTRIBUTE_ORDER[b.attributeName as AttributeName]
      if (byAttribute !== 0) return byAttribute
      if (a.attributeName === 'Size') return compareSizes(a.name, b.name) || a.id - b.id
      return a.sequence - b.sequence || a.name.localeCompare(b.name) || a.id - b.id
    })
    .forEach((value, rank) => {
      const attribute = { name: value.attributeName as AttributeName }
      const shared: ProductAttributeValue =
        value.attributeName === 'Color'
          ? { id: value.id, name: value.name, attribute, htmlColor: value.htmlColor }
          : { id: value.id, name: value.name, attribute }
      byId.set(value.id, { value: shared, rank })
    })
  return byId
}

type RankedValue = { value: ProductAttributeValue; rank: number }

async function loadCategories(db: Executor, websiteId: number) {
  const rows = await db
    .select({ id: categories.id, name: categories.name, sequence: categories.sequence })
    .from(categories)
    .where(eq(categories.websiteId, websiteId))
  const rank = new Map(
    rows
      .sort((a, b) => a.sequence - b.sequence || a.name.localeCompare(b.name) || a.id - b.id)
      .map((row, index) => [row.id, index]),
  )
  return { byId: new Map(rows.map((row) => [row.id, { id: row.id, name: row.name }])), rank }
}

/** Every logo link of the variants in scope, as two parallel arrays (variant id, logo id). */
async function loadVariantLogoLinks(db: Executor, inScope: SQL) {
  const variantsInScope = db
    .select({ ids: sql`array_agg(${productVariants.id})` })
    .from(productVariants)
    .where(sql`${productVariants.productId} = ${productIdsInScope(db, inScope)}`)
  const [links] = await db
    .select({
      variantIds: sql<number[] | null>`array_agg(${productVariantLogos.variantId})`,
      logoIds: sql<number[] | null>`array_agg(${productVariantLogos.logoId})`,
    })
    .from(productVariantLogos)
    .where(sql`${productVariantLogos.variantId} = any((${variantsInScope})::int[])`)
  const variantIds = links?.variantIds ?? []
  const logoIds = links?.logoIds ?? []
  const logoIdsByVariant = new Map<number, number[]>()
  variantIds.forEach((variantId, index) => {
    const list = logoIdsByVariant.get(variantId)
    if (list) list.push(logoIds[index]!)
    else logoIdsByVariant.set(variantId, [logoIds[index]!])
  })
  const distinctLogoIds = [...new Set(logoIds)]
  const logoRows =
    distinctLogoIds.length === 0
      ? []
      : await db
          .select({ id: logos.id, name: logos.name })
          .from(logos)
          .where(inArray(logos.id, distinctLogoIds))
  return { logoIdsByVariant, logoById: new Map(logoRows.map((logo) => [logo.id, logo])) }
}

type LogoRef = ProductVariantSummary['logoIds'][number]

/** The product's variants collapsed to distinct logo sets, each named by its lowest variant id. */
function logoSetsOf(variantIds: readonly number[], logoIdsByVariant: Map<number, number[]>, logoById: Map<number, LogoRef>) {
  const sets: ProductVariantSummary[] = []
  const seen = new Set<string>()
  for (const variantId of variantIds) {
    const ids = logoIdsByVariant.get(variantId)
    if (!ids) continue
    const sorted = [...ids].sort((a, b) => a - b)
    const key = sorted.join(',')
    if (seen.has(key)) continue
    seen.add(key)
    sets.push({ id: variantId, logoIds: sorted.map((id) => logoById.get(id)).filter((logo) => logo !== undefined) })
  }
  return sets
}

async function loadProductList(db: Executor, scope: ProductScope): Promise<ProductListItem[]> {
  const inScope = scopeCondition(scope)
  const [rows, variantStats, categoryIndex, links] = await Promise.all([
    loadProductRows(db, inScope),
    loadVariantStats(db, inScope),
    loadCategories(db, scope.websiteId),
    loadVariantLogoLinks(db, inScope),
  ])
  const valuesById = await loadAttributeValues(db, [...new Set(rows.flatMap((row) => row.attributeValueIds ?? []))])

  const brandsById = new Map<number, { id: number; name: string }>()
  return rows.map((row) => {
    const stats = variantStats.get(row.id)
    const variantSets = logoSetsOf(stats?.variantIds ?? [], links.logoIdsByVariant, links.logoById)
    let brand: { id: number; name: string } | null = null
    if (row.brandId !== null && row.brandName !== null) {
      brand = brandsById.get(row.brandId) ?? { id: row.brandId, name: row.brandName }
      brandsById.set(row.brandId, brand)
    }
    const categoryIds = (row.categoryIds ?? []).filter((id) => categoryIndex.byId.has(id))
    categoryIds.sort((a, b) => categoryIndex.rank.get(a)! - categoryIndex.rank.get(b)!)
    const [path, name, alt, colorValueId, logoId] = row.image ?? []
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      templateSkuCode: row.templateSkuCode,
      price: fromCents(stats?.minPrice ?? row.priceAmount),
      maxPrice: fromCents(stats?.maxPrice ?? row.maxPriceAmount),
      attributeValues: attributeValuesOf(row.attributeValueIds ?? [], valuesById, variantSets),
      categories: categoryIds.map((id) => categoryIndex.byId.get(id)!),
      drBrandId: brand,
      productVariants: variantSets,
      image:
        path === undefined
          ? null
          : {
              path,
              name: name ?? '',
              alt: alt ?? '',
              colorValueId: colorValueId == null ? null : Number(colorValueId),
              logoId: logoId == null ? null : Number(logoId),
            },
      colorImages: (row.colorImages ?? []).map(([colorValueId, path, name]) => ({ colorValueId: Number(colorValueId), path, name })),
      websiteSequence: row.websiteSequence,
    }
  })
}

// Color and Size values in display order, then the product's logos as Logo values.
function attributeValuesOf(
  ids: readonly number[],
  valuesById: Map<number, RankedValue>,
  variantSets: readonly ProductVariantSummary[],
): ProductAttributeValue[] {
  const linked = ids
    .map((id) => valuesById.get(id))
    .filter((entry) => entry !== undefined)
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.value)
  const names = new Set(linked.filter((value) => value.attribute.name === 'Logo').map((value) => value.name))
  const logoValues: ProductAttributeValue[] = []
  for (const set of variantSets) {
    for (const logo of set.logoIds) {
      if (names.has(logo.name)) continue
      names.add(logo.name)
      logoValues.push(logoAttributeValue(logo))
    }
  }
  logoValues.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
  return linked.concat(logoValues)
}

const logoAttributeValues = new WeakMap<LogoRef, ProductAttributeValue>()
const LOGO_ATTRIBUTE = { name: 'Logo' } as const

function logoAttributeValue(logo: LogoRef): ProductAttributeValue {
  let value = logoAttributeValues.get(logo)
  if (!value) logoAttributeValues.set(logo, (value = { id: logo.id, name: logo.name, attribute: LOGO_ATTRIBUTE }))
  return value
}

/** The website's published products in website order (the compact list items of the shop). */
export async function listProducts({ websiteId }: { websiteId: number }): Promise<ProductListItem[]> {
  return loadProductList(await getDb(), { websiteId })
}

/**
 * Featured products: the given ids in that order, or else the home page's featured slugs in
 * theirs. Unknown and unpublished products are left out.
 */
export async function listFeaturedProducts({ websiteId, ids }: { websiteId: number; ids?: readonly number[] }): Promise<ProductListItem[]> {
  const db = await getDb()
  if (ids) {
    if (ids.length === 0) return []
    const found = await loadProductList(db, { websiteId, ids })
    return orderBy(found, ids, (product) => product.id)
  }
  const [home] = await db
    .select({ slugs: homePages.featuredProductSlugs })
    .from(homePages)
    .where(eq(homePages.websiteId, websiteId))
  if (!home || home.slugs.length === 0) return []
  const found = await loadProductList(db, { websiteId, slugs: home.slugs })
  return orderBy(found, home.slugs, (product) => product.slug)
}

function orderBy<T, K>(items: T[], order: readonly K[], keyOf: (item: T) => K): T[] {
  const byKey = new Map(items.map((item) => [keyOf(item), item]))
  const seen = new Set<K>()
  const result: T[] = []
  for (const key of order) {
    const item = byKey.get(key)
    if (item && !seen.has(key)) result.push(item)
    seen.add(key)
  }
  return result
}

/** The product page's product with its variants, their logos and each logo's decoration partner. */
export async function findProductBySlug({ websiteId, slug }: { websiteId: number; slug: string }): Promise<ProductDetails | null> {
  // A slug from the address with a NUL or a lone surrogate names nothing (PostgreSQL cannot even compare it).
  if (!isStorableText(slug)) return null
  const db = await getDb()
  const [product] = await db
    .select({
      id: products.id,
      description: products.description,
      weight: products.weight,
      taxCode: products.taxCode,
      basePriceAmount: products.priceAmount,
      leadTime: products.leadTime,
      sizeChart: products.sizeChart,
      storeLeadTime: websites.leadTime,
    })
    .from(products)
    .innerJoin(websites, eq(websites.id, products.websiteId))
    .where(and(eq(products.websiteId, websiteId), eq(products.slug, slug), eq(products.isPublished, true)))
  if (!product) return null

  const [[card], variants, variantLogos, images, priceBreaks] = await Promise.all([
    loadProductList(db, { websiteId, ids: [product.id] }),
    db
      .select(VARIANT_COLUMNS)
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
      .orderBy(asc(productVariants.id)),
    db
      .select({
        variantId: productVariantLogos.variantId,
        logo: { id: logos.id, name: logos.name, logoInitialPro: logos.image, decorationMethod: logos.decorationMethod },
        partner: {
          id: decorationPartners.id,
          name: decorationPartners.name,
          zip: decorationPartners.zip,
          street: decorationPartners.street,
          city: decorationPartners.city,
          state: decorationPartners.stateCode,
          country: decorationPartners.countryCode,
        },
      })
      .from(productVariantLogos)
      .innerJoin(productVariants, eq(productVariants.id, productVariantLogos.variantId))
      .innerJoin(logos, eq(logos.id, productVariantLogos.logoId))
      .innerJoin(decorationPartners, eq(decorationPartners.id, logos.decorationPartnerId))
      .where(eq(productVariants.productId, product.id))
      .orderBy(asc(productVariantLogos.variantId), asc(logos.name), asc(logos.id)),
    readProductImages(db, product.id),
    db
      .select({ minQuantity: productPriceBreaks.minQuantity, priceAmount: productPriceBreaks.priceAmount })
      .from(productPriceBreaks)
      .where(eq(productPriceBreaks.productId, product.id))
      .orderBy(asc(productPriceBreaks.minQuantity)),
  ])
  if (!card) return null

  const logosByVariant = new Map<number, (ProductLogo & { decoratorPartnerId: DecoratorPartnerAddress })[]>()
  for (const { variantId, logo, partner } of variantLogos) {
    const list = logosByVariant.get(variantId) ?? []
    list.push({ ...logo, decoratorPartnerId: partner })
    logosByVariant.set(variantId, list)
  }
  const productVariantList: ProductVariant[] = variants.map(({ priceAmount, ...variant }) => ({
    ...variant,
    price: fromCents(priceAmount),
    logoIds: logosByVariant.get(variant.id) ?? [],
  }))

  const { productVariants: _sets, image: _image, colorImages: _colorImages, ...base } = card
  return {
    ...base,
    description: product.description,
    weight: product.weight,
    taxCode: product.taxCode,
    images,
    productVariants: productVariantList,
    basePrice: fromCents(product.basePriceAmount),
    priceBreaks: priceBreaks.map((tier) => ({ minQuantity: tier.minQuantity, price: fromCents(tier.priceAmount) })),
    leadTime: product.leadTime ?? product.storeLeadTime ?? null,
    sizeChart: product.sizeChart ?? null,
  }
}

// Served from the named caches, so a page render costs no query once warm; writes invalidate the
// names (CATALOG_CACHES, 'Website' …).

export function listProductsCached({ websiteId }: { websiteId: number }): Promise<ProductListItem[]> {
  return namedCache().getOrLoad('ProductList', `${websiteId}:all`, () => listProducts({ websiteId }))
}

export function findProductBySlugCached({ websiteId, slug }: { websiteId: number; slug: string }): Promise<ProductDetails | null> {
  return namedCache().getOrLoad('Products', `${websiteId}:${slug}`, () => findProductBySlug({ websiteId, slug }))
}
