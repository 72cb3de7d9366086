import { boolean, date, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamps, version } from './columns'
import { customerGroups } from './groups'
import { websites } from './website'

// Allowance programs (issue 16): what a customer group is given per period, and the store's
// single sign-on claim → group mapping, so an employee's allowance follows their directory group.
// The money itself moves in budget_transactions (schema/orders.ts), the ledger of
// partners.budgetAmount; the reset job is src/server/allowances/allowance-reset.ts.

export type AllowancePeriod = 'year' | 'quarter' | 'month' | 'none'
export type AllowanceRollover = 'none' | 'all' | 'capped'

/** One program per customer group and store. */
export const allowancePrograms = pgTable(
  'allowance_programs',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    groupId: integer()
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
    /** Granted per member and period, cents (a member's partners.allowanceAmount replaces it for them). */
    amount: integer().notNull(),
    /** How often it renews; 'none': granted once, never renewed. */
    period: text().notNull().$type<AllowancePeriod>(),
    /** The first period's first day (UTC); later periods start on the same day of the month, every period. */
    startsOn: date({ mode: 'string' }).notNull(),
    /** A member who joins partway through a period gets amount × remaining days / period days. */
    prorate: boolean().notNull().default(false),
    /** What is left at the end of a period: expires ('none'), is kept ('all'), or kept up to rolloverCap ('capped'). */
    rollover: text().notNull().$type<AllowanceRollover>().default('none'),
    rolloverCap: integer(),
    isActive: boolean().notNull().default(true),
    version: version(),
    ...timestamps,
  },
  (t) => [uniqueIndex('allowance_programs_group_idx').on(t.websiteId, t.groupId)],
)

export type SsoGroupMapping = { value: string; groupId: number }

/** Per store: the ID token / userinfo claim that names the member's groups, and which value means which customer group (first mapped value wins). */
export const ssoGroupMappings = pgTable('sso_group_mappings', {
  websiteId: integer()
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  claim: text().notNull(),
  mappings: jsonb().$type<SsoGroupMapping[]>().notNull().default([]),
  version: version(),
  ...timestamps,
})
