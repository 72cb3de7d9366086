import { sql } from 'drizzle-orm'
import type { DaySpan } from '@/isomorphic/business-days'
import type { BankDetails } from '@/isomorphic/bank-transfer'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { products } from './catalog'
import { customerGroups } from './groups'
import { id, timestamps, version } from './columns'
import { websites } from './website'

export const orderExtraFields = pgTable(
  'order_extra_fields',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    label: text().notNull(),
    fieldType: text().notNull().$type<'text' | 'textarea' | 'select' | 'checkbox' | 'date'>(),
    isRequired: boolean().notNull().default(false),
    options: jsonb().$type<string[]>().notNull().default([]),
    placeholder: text(),
    sequence: integer().notNull().default(0),
    /** Who is asked (issue 27): everyone, signed-in customers only, or the customers of one group. */
    audience: text().notNull().default('everyone').$type<'everyone' | 'customers' | 'group'>(),
    /** The group asked when `audience` is 'group'. */
    customerGroupId: integer().references(() => customerGroups.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('order_extra_fields_website_name_idx').on(t.websiteId, t.name),
    check('order_extra_fields_audience_check', sql`${t.audience} in ('everyone', 'customers', 'group')`),
  ],
)

/** Order options offered at checkout (gift wrap, rush decoration …), optionally priced. */
export const orderOptions = pgTable(
  'order_options',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    label: text().notNull(),
    priceAmount: integer().notNull().default(0),
    sequence: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('order_options_website_name_idx').on(t.websiteId, t.name)],
)

export const DELIVERY_TYPES = ['fixed', 'base_on_rule', 'usps', 'ups_rubikx', 'fedex_rubikx'] as const
export type DeliveryType = (typeof DELIVERY_TYPES)[number]

/** Carrier credentials; never sent to the browser. */
export type DeliveryCredentials = {
  uspsUsername?: string
  fedexClientid?: string
  fedexClientsecret?: string
  fedexAccountNumber?: string
  upsClientId?: string
  upsClientSecret?: string
  upsAccountNumber?: string
}

/** The place a pickup delivery method hands the order over (codes as in store files: "CO", "US"). */
export type PickupAddress = { name: string; street: string; street2: string | null; city: string; state: string; zip: string; country: string }

export const deliveryMethods = pgTable(
  'delivery_methods',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    deliveryType: text().notNull().$type<DeliveryType>(),
    priceAmount: integer().notNull().default(0),
    marginPercent: numeric({ precision: 7, scale: 2, mode: 'number' }).notNull().default(0),
    freeOver: boolean().notNull().default(false),
    /** The threshold for free delivery (the spec's `amout`). */
    freeOverAmount: integer().notNull().default(0),
    url: text(),
    credentials: jsonb().$type<DeliveryCredentials>().notNull().default({}),
    /** A pickup method's address: where the goods change hands, so where they are taxed. */
    pickupAddress: jsonb().$type<PickupAddress | null>(),
    /** Business days in transit once shipped, for an arrival estimate when the carrier does not say (issue 17). */
    transitDays: jsonb().$type<DaySpan | null>(),
    sequence: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    version: version(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('delivery_methods_website_name_idx').on(t.websiteId, t.name),
    check(
      'delivery_methods_type_check',
      sql`${t.deliveryType} in ('fixed', 'base_on_rule', 'usps', 'ups_rubikx', 'fedex_rubikx')`,
    ),
  ],
)

export const deliveryPriceRules = pgTable(
  'delivery_price_rules',
  {
    id: id(),
    deliveryMethodId: integer()
      .notNull()
      .references(() => deliveryMethods.id, { onDelete: 'cascade' }),
    sequence: integer().notNull().default(0),
    variable: text().notNull().$type<'weight' | 'volume' | 'wv' | 'price' | 'quantity'>(),
    operator: text().notNull().$type<'==' | '<=' | '<' | '>=' | '>'>(),
    maxValue: numeric({ precision: 12, scale: 3, mode: 'number' }).notNull(),
    listBasePriceAmount: integer().notNull().default(0),
    listPriceAmount: integer().notNull().default(0),
    variableFactor: text().notNull().$type<'weight' | 'volume' | 'wv' | 'price' | 'quantity'>(),
    ...timestamps,
  },
  (t) => [index('delivery_price_rules_method_idx').on(t.deliveryMethodId)],
)

/** Payment acquirers (aquirerId in the order payload). */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    provider: text().notNull(),
    instructions: text().notNull().default(''),
    /** A bank transfer's account (issue 27): what the shopper is told to pay into; null for other methods, or none given. */
    bankDetails: jsonb().$type<BankDetails | null>(),
    /** False: only signed-in partners may pay with it (a method that bills the company). */
    forGuests: boolean().notNull().default(true),
    sequence: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('payment_methods_website_name_idx').on(t.websiteId, t.name)],
)

/** How a website computes tax: the built-in table, a custom tax URL or Avalara. Keys stay server-side. */
export const taxCredentials = pgTable('tax_credentials', {
  id: id(),
  websiteId: integer()
    .notNull()
    .unique()
    .references(() => websites.id, { onDelete: 'cascade' }),
  taxname: text().notNull().$type<'builtin' | 'custom' | 'avatax'>(),
  url: text(),
  key: text(),
  token: text(),
  documentrecording: boolean().notNull().default(false),
  companycode: text().notNull().default('DEFAULT'),
  customercode: text(),
  ...timestamps,
})

/** The built-in tax table: a rate per state, optionally narrowed by ZIP prefix. */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    countryCode: text().notNull(),
    stateCode: text().notNull(),
    zipPrefix: text().notNull().default(''),
    ratePercent: numeric({ precision: 7, scale: 4, mode: 'number' }).notNull(),
    shippingTaxable: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('tax_rates_region_idx').on(t.websiteId, t.countryCode, t.stateCode, t.zipPrefix)],
)

/** Odoo-style coupon programs (design/domain.md). */
export const promotionPrograms = pgTable(
  'promotion_programs',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    rewardType: text().notNull().$type<'discount' | 'product' | 'free_shipping'>(),
    promoApplicability: text().notNull().$type<'on_current_order' | 'on_next_order'>(),
    promoCodeUsage: text().notNull().$type<'no_code_needed' | 'code_needed'>(),
    promoCode: text(),
    ruleMinimumAmount: integer().notNull().default(0),
    ruleMinQuantity: integer().notNull().default(0),
    ruleProductIds: jsonb().$type<number[]>().notNull().default([]),
    dateFrom: timestamp({ withTimezone: true }),
    dateTo: timestamp({ withTimezone: true }),
    maximumUseNumber: integer().notNull().default(0),
    usedCount: integer().notNull().default(0),
    /** Uses per customer (a partner; a guest by email); 0: no limit. */
    maximumUsesPerCustomer: integer().notNull().default(0),
    /** Only for a customer's first order (no earlier order that was not cancelled). */
    firstOrderOnly: boolean().notNull().default(false),
    discountType: text().$type<'percentage' | 'fixed_amount'>(),
    discountPercentage: numeric({ precision: 5, scale: 2, mode: 'number' }),
    discountFixedAmount: integer(),
    discountApplyOn: text().$type<'on_order' | 'cheapest_product' | 'specific_products'>(),
    rewardProductId: integer().references(() => products.id, { onDelete: 'set null' }),
    rewardProductQuantity: integer().notNull().default(1),
    isActive: boolean().notNull().default(true),
    /** Edited in the console (issue 16): each save moves it by one; a stale save is a 409. */
    version: version(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('promotion_programs_website_name_idx').on(t.websiteId, t.name),
    uniqueIndex('promotion_programs_code_idx').on(t.websiteId, t.promoCode),
  ],
)
