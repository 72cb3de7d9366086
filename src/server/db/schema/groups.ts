import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamps, version } from './columns'
import { websites } from './website'

/**
 * A store's customer group (issue 16): "Sales", "Warehouse", "Coaches". A customer belongs to at
 * most one; allowance programs are per group, and groups come from a roster import, the console,
 * or a single sign-on claim mapped to one.
 */
export const customerGroups = pgTable(
  'customer_groups',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** What rosters and single sign-on mappings name it by: unique per store, compared case-insensitively (kept lower-case). */
    code: text().notNull(),
    name: text().notNull(),
    version: version(),
    ...timestamps,
  },
  (t) => [uniqueIndex('customer_groups_website_code_idx').on(t.websiteId, t.code)],
)
