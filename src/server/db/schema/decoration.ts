import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { Decoration, DecorationDetail, DecorationMethodCode, DecorationView, DesignFont } from '../../../isomorphic/decoration-types'
import { attributeValues, logos, products } from './catalog'
import { id, timestamps, version } from './columns'
import { partners } from './partners'
import { websites } from './website'

// The decoration editor (issue 7): how a store decorates (methods with their rules and prices),
// where (print areas in real inches on a garment's front or back view), with what (the methods a
// logo allows, the store's fonts and palette, artwork shoppers upload) and the designs shoppers
// save. Lengths are inches (numeric, two decimals); amounts are integer cents.

/** What an order line keeps of its design: the decorations worded out and the mockups' image paths. */
export type OrderLineDesignSnapshot = {
  decorations: DecorationDetail[]
  mockups: Partial<Record<DecorationView, string>>
  /** The decoration price the line was charged: per unit (in the unit prices) and set-up (its own line). */
  perUnit: number
  setup: number
}

const inches = () => numeric({ precision: 6, scale: 2, mode: 'number' })

export const decorationMethods = pgTable(
  'decoration_methods',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    code: text().notNull().$type<DecorationMethodCode>(),
    name: text().notNull(),
    minWidth: inches().notNull(),
    minHeight: inches().notNull(),
    /** Most thread / ink colours; null: unlimited (DTG). */
    maxColors: integer(),
    fileTypes: jsonb().$type<('png' | 'svg')[]>().notNull().default(['png', 'svg']),
    /** Once per decorated location of an order line. */
    setupFeeAmount: integer().notNull().default(0),
    /** Per decorated unit and location. */
    pricePerLocationAmount: integer().notNull().default(0),
    sequence: integer().notNull().default(0),
    version: version(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('decoration_methods_website_code_idx').on(t.websiteId, t.code),
    check('decoration_methods_amounts_not_negative', sql`${t.setupFeeAmount} >= 0 and ${t.pricePerLocationAmount} >= 0`),
  ],
)

/**
 * A print area of a garment kind (every product of that kind on the website), or of one product
 * (then only the product's own areas apply). Position and size on the view, in inches.
 */
export const printAreas = pgTable(
  'print_areas',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    garmentKind: text(),
    productId: integer().references(() => products.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    name: text().notNull(),
    view: text().notNull().$type<DecorationView>(),
    x: inches().notNull(),
    y: inches().notNull(),
    width: inches().notNull(),
    height: inches().notNull(),
    methods: jsonb().$type<DecorationMethodCode[]>().notNull(),
    sequence: integer().notNull().default(0),
    version: version(),
    ...timestamps,
  },
  (t) => [
    index('print_areas_website_kind_idx').on(t.websiteId, t.garmentKind),
    index('print_areas_product_idx').on(t.productId),
    check('print_areas_owner', sql`(${t.garmentKind} is null) <> (${t.productId} is null)`),
  ],
)

/** The methods a logo may be applied with (logos are shared by websites, like the methods' codes). */
export const logoDecorationMethods = pgTable(
  'logo_decoration_methods',
  {
    logoId: integer()
      .notNull()
      .references(() => logos.id, { onDelete: 'cascade' }),
    method: text().notNull().$type<DecorationMethodCode>(),
  },
  (t) => [uniqueIndex('logo_decoration_methods_idx').on(t.logoId, t.method)],
)

/** The editor's settings of a website: text fonts and colours, and whether shoppers may upload artwork. */
export const decorationSettings = pgTable('decoration_settings', {
  websiteId: integer()
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  fonts: jsonb().$type<DesignFont[]>().notNull().default([]),
  palette: jsonb().$type<{ name: string; hex: string }[]>().notNull().default([]),
  uploadsAllowed: boolean().notNull().default(false),
  uploadMaxBytes: integer().notNull().default(2_000_000),
  rightsStatement: text().notNull().default(''),
  version: version(),
  ...timestamps,
})

/** Artwork a shopper uploaded: a sanitized SVG or a re-encoded PNG, and its PNG rendering. */
export const uploadedArtworks = pgTable(
  'uploaded_artworks',
  {
    id: uuid().primaryKey().defaultRandom(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** Null: uploaded anonymously (reachable only by its id). */
    partnerId: integer().references(() => partners.id, { onDelete: 'cascade' }),
    fileType: text().notNull().$type<'png' | 'svg'>(),
    /** The cleaned file as the decoration partner gets it (image store path). */
    sourcePath: text().notNull(),
    /** Its PNG rendering, used by the editor and the mockups (image store path). */
    imagePath: text().notNull(),
    bytes: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    colorCount: integer().notNull(),
    rightsAcceptedAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploaded_artworks_partner_idx').on(t.partnerId)],
)

/** A saved design: a product in a colour with its decorations; anonymous designs open only by their id. */
export const designs = pgTable(
  'designs',
  {
    id: uuid().primaryKey().defaultRandom(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    partnerId: integer().references(() => partners.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorValueId: integer().references(() => attributeValues.id, { onDelete: 'set null' }),
    decorations: jsonb().$type<Decoration[]>().notNull(),
    /** Per-unit decoration price for quantity 1 when saved (the cart prices the real quantity). */
    unitPriceAmount: integer().notNull(),
    /** Image store paths of the rendered mockups, per decorated view. */
    mockups: jsonb().$type<Partial<Record<DecorationView, string>>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('designs_website_partner_idx').on(t.websiteId, t.partnerId)],
)
