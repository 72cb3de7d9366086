import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamps, version } from './columns'
import type { DaySpan } from '@/isomorphic/business-days'

export type StoreState = 'draft' | 'open' | 'closed' | 'archived'

/**
 * One store. An install serves every store by its host names (store_hosts, issue 25); one whose
 * stores have no host names serves the store named by WEBSITE_ID on every host, as before.
 */
export const websites = pgTable('websites', {
  id: id(),
  /** Stable key used by store files so that importing twice updates instead of duplicating. */
  code: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull().default(''),
  domain: text(),
  faviconImage: text(),
  socialImage: text(),
  logoImage: text(),
  /** 'Enable' locks browsing to the public pages for anonymous visitors (spec 4, 6). */
  lockBrowsing: text().notNull().default('Disable'),
  /** Set when single sign-on is configured; the provider settings stay server-side. */
  ssologin: text(),
  ssoConfig: jsonb().$type<Record<string, string> | null>(),
  /** False: only signed-in partners may place orders (a company store without guests). */
  guestCheckout: boolean().notNull().default(true),
  currency: text().notNull().default('USD'),
  contactEmail: text(),
  contactPhone: text(),
  /** The storefront's accent colour (buttons, links, focus rings); null: the theme's own. White text on it reads at 4.5:1 or better. */
  accentColor: text(),
  /** Google Analytics 4 measurement id (G-…); null: NEXT_PUBLIC_GA_ID, or no analytics. */
  analyticsId: text(),
  /** reCAPTCHA v3 keys set in the console (issue 16); both null: the install's (NEXT_PUBLIC_RECAPTCHA_SITE_KEY, RECAPTCHA_SECRET_KEY). The secret is write-only. */
  recaptchaSiteKey: text(),
  recaptchaSecretKey: text(),
  /** The store's own Stripe account (issue 25): both set, card payments and their webhook use it; both null: the install's (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET). Write-only. */
  stripeSecretKey: text(),
  stripeWebhookSecret: text(),
  /** Production time before an order ships, in business days (issue 17); a product may override it. Null: not stated. */
  leadTime: jsonb().$type<DaySpan | null>(),
  /** draft (console members only), open (public), closed (public, not taking orders), archived (offline). */
  state: text().notNull().default('open').$type<StoreState>(),
  version: version(),
  ...timestamps,
}, (t) => [check('websites_state', sql`${t.state} in ('draft', 'open', 'closed', 'archived')`)])

/**
 * The host names a store answers on (issue 25): lower case, no port, no trailing dot; unique across
 * the install. One of a store's names is its primary (links in mails, the console's "open" link).
 */
export const storeHosts = pgTable(
  'store_hosts',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    host: text().notNull(),
    isPrimary: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('store_hosts_host_idx').on(t.host), uniqueIndex('store_hosts_one_primary_idx').on(t.websiteId).where(sql`${t.isPrimary}`), index('store_hosts_website_idx').on(t.websiteId)],
)

export const countries = pgTable('countries', {
  id: id(),
  code: text().notNull().unique(),
  name: text().notNull(),
  ...timestamps,
})

export const states = pgTable(
  'states',
  {
    id: id(),
    countryId: integer()
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    name: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('states_country_code_idx').on(t.countryId, t.code)],
)

/** The countries a website ships to (website.shippingCountry). */
export const websiteShippingCountries = pgTable(
  'website_shipping_countries',
  {
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    countryId: integer()
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    sequence: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('website_shipping_countries_idx').on(t.websiteId, t.countryId)],
)

/** Display order of the Size attribute (spec 9); a store may add its own sizes. */
export const sizes = pgTable(
  'sizes',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    sequence: integer().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('sizes_website_name_idx').on(t.websiteId, t.name)],
)

export const homePages = pgTable('home_pages', {
  id: id(),
  websiteId: integer()
    .notNull()
    .unique()
    .references(() => websites.id, { onDelete: 'cascade' }),
  heroTitle: text().notNull(),
  heroSubtitle: text().notNull().default(''),
  heroImage: text(),
  heroCtaLabel: text().notNull().default('Shop now'),
  heroCtaHref: text().notNull().default('/shop'),
  /** Further blocks (text sections, category tiles) rendered in order. */
  sections: jsonb()
    .$type<{ title: string; body: string; href?: string; image?: string }[]>()
    .notNull()
    .default([]),
  featuredProductSlugs: jsonb().$type<string[]>().notNull().default([]),
  version: version(),
  ...timestamps,
})

export const contentPages = pgTable(
  'content_pages',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    slug: text().notNull(),
    title: text().notNull(),
    /** Markdown (decision 022); rendered as React elements, never as raw HTML. */
    body: text().notNull(),
    metaDescription: text().notNull().default(''),
    showInFooter: boolean().notNull().default(true),
    /** False: a draft, shown in the console only (the storefront answers 404). */
    published: boolean().notNull().default(true),
    sequence: integer().notNull().default(0),
    version: version(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('content_pages_website_slug_idx').on(t.websiteId, t.slug),
    index('content_pages_website_idx').on(t.websiteId),
  ],
)
