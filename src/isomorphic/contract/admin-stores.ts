import { accentColor } from './field-rules'
import { z } from './zod'
import { LIST_CURSOR_PATTERN } from '../list-view'

// The stores of an install in the console (issue 25): a new store made from a template (a copy of
// an existing store, or a blank one), and the list of stores with their host names and sales.
// The host names and the store code are checked by the core (src/isomorphic/host-names.ts), which
// answers each refusal with a sentence.

/** A store to copy: one the member may manage, or the built-in blank store (a name, a code, a country). */
export const BLANK_TEMPLATE = 'blank'

export type StoreState = 'draft' | 'open' | 'closed' | 'archived'

export type CreatedStore = {
  websiteId: number
  code: string
  name: string
  /** A new store is a draft: only console members see it until it is opened. */
  state: StoreState
  /** The primary first. */
  hosts: string[]
  template: number | typeof BLANK_TEMPLATE
  /** What was copied, per kind of record (products, variants, priceBreaks, contentPages …). */
  copied: Record<string, number>
}

export type StoreSales = { orders: number; revenue: number }

export type StoreListRow = {
  websiteId: number
  code: string
  name: string
  state: StoreState
  /** For stores.setState. */
  version: number
  /** Where shoppers open it: its primary host name, else its address under the platform domain; null: none. */
  address: string | null
  /** The primary first. */
  hosts: string[]
  /** Orders placed since 00:00 UTC (not cancelled) and the total of the confirmed ones, as the dashboard counts them. */
  today: StoreSales
  /** The same over today and the 29 days before. */
  last30Days: StoreSales
}

export type StoreListPage = {
  rows: StoreListRow[]
  /** Where "today" and "last 30 days" start (ISO, UTC). */
  since: { today: string; last30Days: string }
  /** The cursor of the next page, or null on the last one. */
  nextCursor: string | null
  /** The cursor of the page before, or null on the first one. */
  previousCursor: string | null
}

const ID = z.number().int().positive()

export const STORES_ADMIN_QUERY_INPUTS = {
  /** Every store the member acts on (an owner: all of them), by id, a page at a time. */
  'stores.list': z.strictObject({
    cursor: z.string().regex(LIST_CURSOR_PATTERN, 'is not a page cursor of this list').optional(),
    limit: z.number().int().min(1).max(200).default(50),
  }),
  /** Where the store is opened (its own origin), for a "View store" link; null when it has no address of its own. */
  'stores.address': z.strictObject({ websiteId: ID }),
} satisfies Record<string, z.ZodType>

export type StoresAdminQueryResponses = {
  'stores.list': StoreListPage
  'stores.address': { address: string | null }
}

export const STORES_ADMIN_MUTATION_INPUTS = {
  'stores.create': z.strictObject({
    /** The id of the store to copy, or 'blank'. */
    template: z.union([ID, z.literal(BLANK_TEMPLATE)], { error: `must be a store id or "${BLANK_TEMPLATE}"` }),
    code: z.string().trim().max(63, 'must be at most 63 characters'),
    name: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
    /** The new store's host names, the primary first; none: it answers only under the platform domain. */
    hosts: z.array(z.string().max(300, 'is too long')).max(20, 'must list at most 20 host names').default([]),
    /** The new store's accent colour; omitted: the template's. */
    accentColor: accentColor.optional(),
  }),
  /** A step of the store's life cycle (src/server/stores/store-states.ts). */
  'stores.setState': z.strictObject({
    websiteId: ID,
    action: z.enum(['open', 'close', 'archive', 'restore'], { error: 'must be open, close, archive or restore' }),
    /** The version the member saw: a store changed since is a 409. */
    version: z.number().int().nonnegative(),
  }),
  /** A link that lets this browser see the store while it is a draft (8 hours). */
  'stores.preview': z.strictObject({ websiteId: ID }),
} satisfies Record<string, z.ZodType>

export type StoresAdminMutationResponses = {
  'stores.create': CreatedStore
  'stores.setState': { websiteId: number; state: StoreState; version: number }
  'stores.preview': { url: string; expiresAt: string }
}
