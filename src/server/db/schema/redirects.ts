import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamps, version } from './columns'
import { websites } from './website'

/**
 * A store's redirect rule (issue 16; spec: "server route rules may redirect"): a page path that
 * answers with a redirect to another path of the store or to an absolute http(s) address. The rules
 * themselves (what may be saved, how a request matches) are src/isomorphic/redirect-rules.ts.
 */
export const redirects = pgTable(
  'redirects',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** A page path, decoded, without the locale prefix, a trailing slash or a query: '/old-tees'. */
    fromPath: text().notNull(),
    /** A path on the store ('/shop?sort=new') or an absolute http(s) URL. */
    target: text().notNull(),
    /** 301 or 308 (permanent), 302 or 307 (temporary). */
    status: integer().notNull().default(301),
    version: version(),
    ...timestamps,
  },
  (t) => [uniqueIndex('redirects_website_from_idx').on(t.websiteId, t.fromPath)],
)
