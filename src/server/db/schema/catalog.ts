import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamps, version } from './columns'
import type { DaySpan } from '@/isomorphic/business-days'
import type { SizeChart } from '@/isomorphic/contract/timing-fields'
import { websites } from './website'

export const brands = pgTable('brands', {
  id: id(),
  name: text().notNull().unique(),
  version: version(),
  ...timestamps,
})

export const categories = pgTable(
  'categories',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    slug: text().notNull(),
    sequence: integer().notNull().default(0),
    version: version(),
    ...timestamps,
  },
  (t) => [uniqueIndex('categories_website_slug_idx').on(t.websiteId, t.slug)],
)

/** Product attributes: Color, Size, Logo (attributeValues[].attribute.name). */
export const attributes = pgTable('attributes', {
  id: id(),
  name: text().notNull().unique(),
  ...timestamps,
})

export const attributeValues = pgTable(
  'attribute_values',
  {
    id: id(),
    attributeId: integer()
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** CSS colour for Color values (swatches). */
    htmlColor: text(),
    sequence: integer().notNull().default(0),
    version: version(),
    ...timestamps,
  },
  (t) => [uniqueIndex('attribute_values_attribute_name_idx').on(t.attributeId, t.name)],
)

/** Where decorated goods ship from: the origin ZIP for carriers (logo.decoratorPartnerId.zip). */
export const decorationPartners = pgTable('decoration_partners', {
  id: id(),
  code: text().notNull().unique(),
  name: text().notNull(),
  street: text().notNull(),
  street2: text(),
  city: text().notNull(),
  stateCode: text().notNull(),
  countryCode: text().notNull().default('US'),
  zip: text().notNull(),
  phone: text(),
  email: text(),
  /** False: deactivated in the console (issue 16): kept with its history, offered for no new logo or account. */
  active: boolean().notNull().default(true),
  version: version(),
  ...timestamps,
})

export const logos = pgTable('logos', {
  id: id(),
  code: text().notNull().unique(),
  name: text().notNull(),
  decorationPartnerId: integer()
    .notNull()
    .references(() => decorationPartners.id, { onDelete: 'restrict' }),
  /** The artwork (logoInitialPro): an image path under the image store. */
  image: text(),
  decorationMethod: text().notNull().default('embroidery'),
  /** Thread / ink colours of the artwork (a decoration method may allow fewer). */
  colorCount: integer().notNull().default(1),
  version: version(),
  ...timestamps,
})

export const products = pgTable(
  'products',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    slug: text().notNull(),
    templateSkuCode: text().notNull(),
    description: text().notNull().default(''),
    priceAmount: integer().notNull(),
    maxPriceAmount: integer().notNull(),
    /** Shipping weight of one unit in pounds. */
    weight: numeric({ precision: 10, scale: 3, mode: 'number' }).notNull().default(0),
    taxCode: text().notNull().default('PC040100'),
    brandId: integer().references(() => brands.id, { onDelete: 'set null' }),
    websiteSequence: integer().notNull().default(0),
    isPublished: boolean().notNull().default(true),
    /** The garment drawing (src/server/images/garment-shapes.ts) the decoration editor shows; null: not designable. */
    garmentKind: text(),
    /** This product's production time in business days (issue 17); null: the store's. */
    leadTime: jsonb().$type<DaySpan | null>(),
    /** Measurements per size, shown from the product page's size grid (issue 17); null: none. */
    sizeChart: jsonb().$type<SizeChart | null>(),
    /**
     * Archived in the console (issue 16): unpublished and out of the console's default list, never
     * deleted (orders point at products). Null: not archived.
     */
    archivedAt: timestamp({ withTimezone: true }),
    version: version(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('products_website_slug_idx').on(t.websiteId, t.slug),
    index('products_website_sequence_idx').on(t.websiteId, t.websiteSequence),
  ],
)

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('product_categories_idx').on(t.productId, t.categoryId)],
)

export const productAttributeValues = pgTable(
  'product_attribute_values',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeValueId: integer()
      .notNull()
      .references(() => attributeValues.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('product_attribute_values_idx').on(t.productId, t.attributeValueId)],
)

/** One colour × size of a product; the price may differ by size (e.g. 2XL and up). */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text().notNull(),
    colorValueId: integer().references(() => attributeValues.id, { onDelete: 'restrict' }),
    sizeValueId: integer().references(() => attributeValues.id, { onDelete: 'restrict' }),
    priceAmount: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('product_variants_sku_idx').on(t.productId, t.sku),
    index('product_variants_product_idx').on(t.productId),
  ],
)

/** The logos a variant may be decorated with (productVariants.logoIds). */
export const productVariantLogos = pgTable(
  'product_variant_logos',
  {
    variantId: integer()
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    logoId: integer()
      .notNull()
      .references(() => logos.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('product_variant_logos_idx').on(t.variantId, t.logoId)],
)

export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorValueId: integer().references(() => attributeValues.id, { onDelete: 'set null' }),
    /** The logo the picture shows; null: no particular logo (a photo, or a garment drawn without one). */
    logoId: integer().references(() => logos.id, { onDelete: 'set null' }),
    /** Folder under the image store, or a full https:// address used as is. */
    path: text().notNull(),
    name: text().notNull(),
    alt: text().notNull().default(''),
    sequence: integer().notNull().default(0),
    version: version(),
    ...timestamps,
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
)

/**
 * Quantity price breaks (issue 16): from `minQuantity` pieces of the product in one cart or order
 * (all its colours, sizes and designs together), its base price is `priceAmount` instead of the
 * product's; each variant keeps its upcharge over the base. The rule is src/isomorphic/price-breaks.ts.
 */
export const productPriceBreaks = pgTable(
  'product_price_breaks',
  {
    id: id(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    minQuantity: integer().notNull(),
    priceAmount: integer().notNull(),
  },
  (t) => [uniqueIndex('product_price_breaks_idx').on(t.productId, t.minQuantity)],
)
