import { EditVersionSchema } from './admin-edit'
import { amount, email, text } from './field-rules'
import { z } from './zod'
import { LIST_CURSOR_PATTERN } from '../list-view'

// Customers and customer groups in the console (issue 16): the list with its filters, one
// customer's page, invitations, deactivation, the approver flag, the group, the resale certificate,
// the per-person allowance, the store's groups, and the roster import (CSV) with its dry run.
// Money is decimal dollars here, as in the store file; the core keeps cents.

const ID = z.number().int().positive()

export const CUSTOMER_LIST_PAGE_SIZES = [25, 50, 100] as const
export const CUSTOMER_LIST_SEARCH_MAX = 100
export const CUSTOMER_LIST_CURSOR_PATTERN = LIST_CURSOR_PATTERN
export const CUSTOMER_STATUSES = ['active', 'inactive'] as const
export const YES_NO = ['yes', 'no'] as const

/** The roster import's limits: the file and its rows. */
export const ROSTER_MAX_BYTES = 2 * 1024 * 1024
export const ROSTER_MAX_ROWS = 10_000

/** A customer group's code: what rosters and single sign-on mappings name it by (kept lower-case). */
export const GROUP_CODE_PATTERN = /^[a-z0-9][a-z0-9_-]*$/
const groupCode = z
  .string()
  .trim()
  .toLowerCase()
  .max(60, 'must be at most 60 characters')
  .regex(GROUP_CODE_PATTERN, 'must be a code: letters, digits, "-" and "_" (e.g. "sales-east")')

/** A day written YYYY-MM-DD (a certificate's expiry: it stops counting at the start of that day, UTC). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'must be a real date (YYYY-MM-DD)')

export const CustomerListViewSchema = z.strictObject({
  /** The store whose customers are listed; omitted: the member's first store. */
  websiteId: ID.nullable().optional(),
  status: z.enum(CUSTOMER_STATUSES).nullable().optional(),
  /** A group's id, or 'none' for customers in no group. */
  group: z.union([ID, z.literal('none')]).nullable().optional(),
  approver: z.enum(YES_NO).nullable().optional(),
  /** 'yes': a personal allowance amount or a budget balance; 'no': neither. */
  allowance: z.enum(YES_NO).nullable().optional(),
  /** The beginning of an email address or of a name. */
  q: z.string().trim().max(CUSTOMER_LIST_SEARCH_MAX, `must be at most ${CUSTOMER_LIST_SEARCH_MAX} characters`).nullable().optional(),
  pageSize: z.union(CUSTOMER_LIST_PAGE_SIZES.map((size) => z.literal(size))).default(25),
  cursor: z.string().regex(CUSTOMER_LIST_CURSOR_PATTERN, 'is not a page of this list: go back to the first page').nullable().optional(),
})

export type CustomerGroupRow = { id: number; code: string; name: string; version: number; members: number }

export type CustomerListRow = {
  id: number
  email: string
  name: string
  isActive: boolean
  canApproveOrders: boolean
  groupId: number | null
  groupName: string | null
  /** The personal allowance per period, dollars; null: the group program's. */
  allowanceAmount: number | null
  /** The allowance balance, dollars; null: no allowance. */
  budgetAmount: number | null
  /** Invited or imported, and no password chosen yet (and no single sign-on link). */
  invitePending: boolean
  createdAt: string
  /** Orders placed (not quotations, not cancelled) and what they came to, in the store's currency. */
  orders: number
  spent: number
}

/** Someone who bought as a guest (no account), known by the email of their orders. */
export type GuestBuyerRow = {
  email: string
  name: string
  orders: number
  spent: number
  lastOrderAt: string
}

export type CustomerListPage = {
  websiteId: number
  stores: { id: number; name: string; currency: string }[]
  groups: CustomerGroupRow[]
  rows: CustomerListRow[]
  nextCursor: string | null
  previousCursor: string | null
  /**
   * Guest buyers matching the search, most recent first (at most GUEST_BUYERS_SHOWN); empty while
   * a filter only accounts have (status, group, approver, allowance) is set.
   */
  guests: GuestBuyerRow[]
}

export const GUEST_BUYERS_SHOWN = 25

export type CustomerDetail = {
  id: number
  websiteId: number
  storeName: string
  currency: string
  email: string
  name: string
  phone: string | null
  isActive: boolean
  canApproveOrders: boolean
  invitePending: boolean
  singleSignOn: boolean
  groupId: number | null
  allowanceAmount: number | null
  budgetAmount: number | null
  resaleCertificate: { number: string; expiresOn: string | null; expired: boolean } | null
  createdAt: string
  version: number
  groups: CustomerGroupRow[]
  orders: { id: number; reference: string; placedAt: string; state: string; paymentState: string; total: number }[]
  addresses: { id: number; type: 'Billing' | 'Shipping'; name: string; lines: string[]; isDefault: boolean }[]
  /** The budget ledger, newest first, each row with the balance after it. */
  ledger: { id: number; at: string; amount: number; orderId: number | null; orderReference: string | null; balance: number }[]
  designs: { id: string; productName: string; savedAt: string; thumbnailUrl: string | null }[]
}

export type RosterChange = { field: 'name' | 'group' | 'allowance' | 'approver' | 'active'; before: string; after: string }

export type RosterReport = {
  /** The rows read (the header not counted). */
  rows: number
  created: { line: number; email: string; name: string; group: string | null; allowance: number | null; approver: boolean; active: boolean }[]
  changed: { line: number; customerId: number; email: string; changes: RosterChange[] }[]
  deactivated: { customerId: number; email: string; name: string }[]
  unchanged: number
  groupsCreated: string[]
  problems: { line: number; message: string }[]
  /** Created + changed + deactivated (+ groups created): what "Import N changes" writes. */
  changes: number
  /** True when the run wrote it (never for a dry run, nor with problems). */
  applied: boolean
}

export const CUSTOMERS_ADMIN_QUERY_INPUTS = {
  'customers.list': CustomerListViewSchema,
  'customers.get': z.strictObject({ customerId: ID }),
  'customerGroups.list': z.strictObject({ websiteId: ID }),
} satisfies Record<string, z.ZodType>

export type CustomersAdminQueryResponses = {
  'customers.list': CustomerListPage
  'customers.get': CustomerDetail
  'customerGroups.list': CustomerGroupRow[]
}

export const CUSTOMERS_ADMIN_MUTATION_INPUTS = {
  'customers.update': z.strictObject({
    customerId: ID,
    version: EditVersionSchema,
    name: text.max(200, 'must be at most 200 characters').optional(),
    groupId: ID.nullable().optional(),
    canApproveOrders: z.boolean().optional(),
    /** Dollars per period; null: the group program's amount. */
    allowanceAmount: amount.max(1_000_000, 'must be at most 1,000,000').nullable().optional(),
    /** null: no certificate on file. */
    resaleCertificate: z
      .strictObject({ number: text.max(100, 'must be at most 100 characters'), expiresOn: day.nullable() })
      .nullable()
      .optional(),
  }),
  'customers.invite': z.strictObject({
    websiteId: ID,
    email: z.string().trim().toLowerCase().max(320).pipe(email),
    name: text.max(200, 'must be at most 200 characters'),
    groupId: ID.nullable().default(null),
  }),
  'customers.setActive': z.strictObject({ customerId: ID, version: EditVersionSchema, active: z.boolean() }),
  'customerGroups.save': z.strictObject({
    websiteId: ID,
    /** Absent: a new group. */
    id: ID.optional(),
    version: EditVersionSchema.optional(),
    name: text.max(100, 'must be at most 100 characters'),
    code: groupCode,
  }),
  'customerGroups.delete': z.strictObject({ groupId: ID, version: EditVersionSchema }),
  'customers.rosterImport': z.strictObject({
    websiteId: ID,
    csv: z.string().max(ROSTER_MAX_BYTES, `is larger than ${ROSTER_MAX_BYTES / 1024 / 1024} MB: split the roster into smaller files`),
    /** Deactivate the store's active customers missing from the roster. */
    deactivateMissing: z.boolean().default(false),
    dryRun: z.boolean().default(true),
  }),
} satisfies Record<string, z.ZodType>

export type CustomersAdminMutationResponses = {
  'customers.update': CustomerDetail
  'customers.invite': { customerId: number; resent: boolean }
  'customers.setActive': { isActive: boolean; version: number; sessionsEnded: number }
  'customerGroups.save': CustomerGroupRow
  'customerGroups.delete': { deleted: true }
  'customers.rosterImport': RosterReport
}
