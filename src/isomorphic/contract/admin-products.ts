import { z } from './zod'
import { LeadTimeSchema, SizeChartSchema } from './timing-fields'
import { idSchema } from './fields'
import { EditVersionSchema } from './admin-edit'
import { amount, positiveAmount, priceBreaks, slug, styleCode, taxCode, text, weight } from './field-rules'
import {
  DEFAULT_PRODUCT_LIST_VIEW,
  PRODUCT_LIST_CURSOR_PATTERN,
  PRODUCT_LIST_DIRECTIONS,
  PRODUCT_LIST_SEARCH_MAX,
  PRODUCT_LIST_SORTS,
  PRODUCT_LIST_STATUSES,
  productListSearch,
  type ProductListStatus,
  type ProductListView,
} from '../product-list-view'

// The console's products (issue 16): one store's catalog, edited live. Store managers of the store
// and owners ('store.manage'); fulfilment 403; another store's product 404. Every field uses the
// store file's rule (field-rules.ts), so a product saved here exports and imports as a store file
// product. Money is decimal dollars; the server keeps cents.

const websiteId = idSchema('store')
const productId = idSchema('product')
const MAX_NAME = 200
const MAX_DESCRIPTION = 20_000
/** A store's grid stays a grid a person can edit. */
export const MAX_COLORS = 40
export const MAX_SIZES = 20
export const MAX_BULK_PRODUCTS = 500

/** A variant's SKU: the style code's characters. */
export const variantSkuRule = z.string().trim().max(100, 'must be at most 100 characters').regex(/^[A-Za-z0-9][A-Za-z0-9./_-]*$/, 'must be a SKU like "PC54-NAVY-XL"')

const VariantSchema = z.strictObject({
  colorId: idSchema('colour'),
  sizeId: idSchema('size'),
  /** Omitted or empty: made from the style code, colour and size ('PC54-NAVY-XL'). */
  sku: variantSkuRule.or(z.literal('')).optional(),
  /** Omitted: the base price plus the size's upcharge. */
  price: positiveAmount.optional(),
  /** The logos this variant carries; omitted: the product's `logoIds`. */
  logoIds: z.array(idSchema('logo')).max(50).optional(),
})

/** The whole editable product: what `products.create` takes and `products.update` replaces. */
export const ProductFieldsSchema = z.strictObject({
  websiteId,
  name: text.pipe(z.string().max(MAX_NAME, `must be at most ${MAX_NAME} characters`)),
  slug,
  templateSkuCode: styleCode,
  description: z.string().max(MAX_DESCRIPTION, `must be at most ${MAX_DESCRIPTION} characters`).default(''),
  brandId: idSchema('brand').nullable().default(null),
  categoryIds: z.array(idSchema('category')).max(100).default([]),
  /** The base price (dollars): what one piece of the smallest size costs. */
  price: positiveAmount,
  /** Added to the base price for a size (e.g. 2XL +2.00). */
  sizeUpcharges: z.array(z.strictObject({ sizeId: idSchema('size'), amount })).max(MAX_SIZES).default([]),
  colorIds: z.array(idSchema('colour')).min(1, 'must list at least one colour').max(MAX_COLORS, `must list at most ${MAX_COLORS} colours`),
  sizeIds: z.array(idSchema('size')).min(1, 'must list at least one size').max(MAX_SIZES, `must list at most ${MAX_SIZES} sizes`),
  /** The logos every variant carries unless its row says otherwise. */
  logoIds: z.array(idSchema('logo')).max(50).default([]),
  /** Per colour × size: SKU, price and logos different from the defaults. */
  variants: z.array(VariantSchema).max(MAX_COLORS * MAX_SIZES).default([]),
  /** The store file's rule (from 2 pieces, each quantity once); the core checks them against the price. */
  priceBreaks: priceBreaks.default([]),
  weight,
  taxCode: taxCode.default('PC040100'),
  /** The decoration editor's garment drawing (a garment kind), or null: not designable. */
  garmentKind: z.string().max(40).nullable().default(null),
  /** This product's production time (the store file's rule); null: the store's. */
  leadTime: LeadTimeSchema.nullable().default(null),
  /** Measurements per size (the store file's rule, sizes by name); null: none. */
  sizeChart: SizeChartSchema.nullable().default(null),
  featured: z.boolean().default(false),
  published: z.boolean().default(false),
})

export type ProductFieldsInput = z.input<typeof ProductFieldsSchema>
export type ProductFields = z.output<typeof ProductFieldsSchema>

export const ProductListViewSchema = z.strictObject({
  websiteId,
  status: z.enum(PRODUCT_LIST_STATUSES).nullable().default(null),
  categoryId: idSchema('category').nullable().default(null),
  brandId: idSchema('brand').nullable().default(null),
  q: z
    .string()
    .max(PRODUCT_LIST_SEARCH_MAX, `the search must be at most ${PRODUCT_LIST_SEARCH_MAX} characters`)
    .nullable()
    .default(null)
    .transform((value) => productListSearch(value)),
  sort: z.enum(PRODUCT_LIST_SORTS).default(DEFAULT_PRODUCT_LIST_VIEW.sort),
  dir: z.enum(PRODUCT_LIST_DIRECTIONS).default(DEFAULT_PRODUCT_LIST_VIEW.dir),
  pageSize: z.union([z.literal(25), z.literal(50), z.literal(100)], { error: 'the page size must be 25, 50 or 100' }).default(DEFAULT_PRODUCT_LIST_VIEW.pageSize),
  cursor: z.string().regex(PRODUCT_LIST_CURSOR_PATTERN, 'is not a page cursor of this list').nullable().default(null),
}) satisfies z.ZodType<ProductListView & { websiteId: number }, unknown>

const productRef = { websiteId, productId }
const productIds = z.array(productId).min(1, 'choose at least one product').max(MAX_BULK_PRODUCTS, `choose at most ${MAX_BULK_PRODUCTS} products at once`)

export const BulkProductActionSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('publish'), websiteId, productIds }),
  z.strictObject({ action: z.literal('unpublish'), websiteId, productIds }),
  /** Replaces the products' categories with this one. */
  z.strictObject({ action: z.literal('setCategory'), websiteId, productIds, categoryId: idSchema('category') }),
  /** Adds this category, keeping the others. */
  z.strictObject({ action: z.literal('addCategory'), websiteId, productIds, categoryId: idSchema('category') }),
  /** Every variant price and price break (and the base) times (1 + percent/100), rounded to the cent. */
  z.strictObject({
    action: z.literal('adjustPrices'),
    websiteId,
    productIds,
    percent: z.number({ error: 'must be a percentage' }).min(-90, 'must be -90% or more').max(1000, 'must be at most +1000%').refine((value) => value !== 0, 'must not be 0'),
  }),
])

export const PRODUCTS_ADMIN_QUERY_INPUTS = {
  'products.list': ProductListViewSchema,
  'products.get': z.strictObject(productRef),
  'products.options': z.strictObject({ websiteId: websiteId.nullable().default(null) }),
} satisfies Record<string, z.ZodType>

export const PRODUCTS_ADMIN_MUTATION_INPUTS = {
  'products.create': ProductFieldsSchema,
  'products.update': ProductFieldsSchema.extend({ productId, version: EditVersionSchema }),
  /** A copy, unpublished, with a free slug and style code ("-copy", "-copy-2" …). */
  'products.duplicate': z.strictObject(productRef),
  /** Archived: unpublished and out of the default list; `archived: false` brings it back (unpublished). */
  'products.archive': z.strictObject({ ...productRef, version: EditVersionSchema, archived: z.boolean().default(true) }),
  'products.setPublished': z.strictObject({ ...productRef, version: EditVersionSchema, published: z.boolean() }),
  'products.bulk': BulkProductActionSchema,
  /** Moves a product in the shop's order: just before or just after another product of the store. */
  'products.reorder': z
    .strictObject({ websiteId, productId, before: productId.optional(), after: productId.optional() })
    .refine((value) => (value.before === undefined) !== (value.after === undefined), 'must name exactly one of before or after'),
} satisfies Record<string, z.ZodType>

export type AdminProductStatus = ProductListStatus

export type AdminProductListRow = {
  id: number
  name: string
  slug: string
  templateSkuCode: string
  status: AdminProductStatus
  /** Dollars: the base price and the highest variant price. */
  price: number
  maxPrice: number
  variantCount: number
  brandName: string | null
  categoryNames: string[]
  /** The first image, for the thumbnail. */
  image: { path: string; name: string; alt: string } | null
  featured: boolean
  websiteSequence: number
  version: number
  updatedAt: string
}

export type AdminProductListPage = {
  rows: AdminProductListRow[]
  nextCursor: string | null
  previousCursor: string | null
}

export type AdminProductVariant = { colorId: number; sizeId: number; sku: string; price: number; logoIds: number[]; id: number | null }

/** A product as the edit form opens it: every field of ProductFieldsSchema, the full grid, its version. */
export type AdminProduct = {
  id: number
  websiteId: number
  name: string
  slug: string
  templateSkuCode: string
  description: string
  brandId: number | null
  categoryIds: number[]
  price: number
  sizeUpcharges: { sizeId: number; amount: number }[]
  colorIds: number[]
  sizeIds: number[]
  logoIds: number[]
  variants: AdminProductVariant[]
  priceBreaks: { minQuantity: number; price: number }[]
  weight: number
  taxCode: string
  garmentKind: string | null
  leadTime: { minDays: number; maxDays: number } | null
  sizeChart: { unit: 'in' | 'cm'; measurements: string[]; rows: { size: string; values: number[] }[] } | null
  featured: boolean
  published: boolean
  archived: boolean
  status: AdminProductStatus
  imageCount: number
  websiteSequence: number
  version: number
  updatedAt: string
}

export type AdminProductOptions = {
  stores: { id: number; name: string; currency: string }[]
  /** The store the options are for (the first of the member's stores when none was asked). */
  websiteId: number | null
  brands: { id: number; name: string }[]
  categories: { id: number; name: string; slug: string }[]
  colors: { id: number; name: string; htmlColor: string | null }[]
  /** In the spec's size order. */
  sizes: { id: number; name: string }[]
  logos: { id: number; code: string; name: string; decorationPartnerName: string }[]
  garmentKinds: string[]
}

export type ProductsAdminQueryResponses = {
  'products.list': AdminProductListPage
  'products.get': AdminProduct
  'products.options': AdminProductOptions
}

export type ProductsAdminMutationResponses = {
  'products.create': AdminProduct
  'products.update': AdminProduct
  'products.duplicate': AdminProduct
  'products.archive': { productId: number; version: number; status: AdminProductStatus }
  'products.setPublished': { productId: number; version: number; status: AdminProductStatus }
  'products.bulk': { action: z.output<typeof BulkProductActionSchema>['action']; updated: number }
  'products.reorder': { productId: number; websiteSequence: number }
}
