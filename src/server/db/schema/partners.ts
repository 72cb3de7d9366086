import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, timestamps, version } from './columns'
import { customerGroups } from './groups'
import { countries, states, websites } from './website'

/** A customer account (the spec's partner). */
export const partners = pgTable(
  'partners',
  {
    id: id(),
    uid: uuid().notNull().defaultRandom().unique(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    name: text().notNull(),
    phone: text(),
    passwordHash: text(),
    /** The allowance balance, cents; null: no allowance. Always the sum of the partner's budget ledger rows (issue 16). */
    budgetAmount: integer(),
    /** The customer group (issue 16): the allowance program that applies. */
    groupId: integer().references(() => customerGroups.id, { onDelete: 'set null' }),
    /** The member's own allowance per period, cents, instead of the group program's amount (a roster's allowance column); null: the program's. */
    allowanceAmount: integer(),
    /** May approve this website's orders that wait for approval (a company store's manager). */
    canApproveOrders: boolean().notNull().default(false),
    /** A resale (sales-tax exemption) certificate on file: only then may an order be tax-exempt for resale. */
    resaleCertificateNumber: text(),
    resaleCertificateExpiresAt: timestamp({ withTimezone: true }),
    isActive: boolean().notNull().default(true),
    /** Single sign-on identity: the provider's issuer and subject, set when first linked. */
    ssoIssuer: text(),
    ssoSubject: text(),
    passwordChangedAt: timestamp({ withTimezone: true }),
    version: version(),
    ...timestamps,
  },
  (t) => [
    index('partners_group_idx').on(t.groupId),
    uniqueIndex('partners_website_email_idx').on(t.websiteId, t.email),
    uniqueIndex('partners_website_sso_idx').on(t.websiteId, t.ssoIssuer, t.ssoSubject),
  ],
)

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    addressType: text().notNull().$type<'Billing' | 'Shipping'>(),
    name: text().notNull(),
    phone: text(),
    street: text().notNull(),
    street2: text(),
    city: text().notNull(),
    countryId: integer().references(() => countries.id, { onDelete: 'restrict' }),
    stateId: integer().references(() => states.id, { onDelete: 'restrict' }),
    zip: text().notNull(),
    isDefaultBilling: boolean().notNull().default(false),
    isDefaultShipping: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index('addresses_partner_idx').on(t.partnerId, t.addressType)],
)

/** The signed-in partner's cart, saved through /api/user/cart. */
export const carts = pgTable('carts', {
  id: id(),
  partnerId: integer()
    .notNull()
    .unique()
    .references(() => partners.id, { onDelete: 'cascade' }),
  items: jsonb().$type<unknown[]>().notNull().default([]),
  revision: integer().notNull().default(0),
  ...timestamps,
})
