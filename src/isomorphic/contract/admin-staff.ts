import type { AuditLabel } from '../audit-sentences'
import type { ConsoleRole } from './admin-session'
import { PASSWORD_INPUT } from './admin-session'
import { z } from './zod'
import { LIST_CURSOR_PATTERN } from '../list-view'

// Staff management and the audit log, for owners (issue 15): who works in the console, their role
// and stores, invitations, deactivation; and every staff write, filtered and paged.

export type StaffMemberRow = {
  id: number
  email: string
  name: string
  role: ConsoleRole
  /** The stores of a store manager or fulfilment member (empty for others). */
  storeIds: number[]
  decorationPartnerId: number | null
  decorationPartnerName: string | null
  isActive: boolean
  /** Invited, and no password chosen yet. */
  invitePending: boolean
  secondFactor: boolean
  notifyNewOrders: boolean
  lastSignInAt: string | null
}

/** An invitation not accepted yet (issue 26): the invitee's latest link. */
export type PendingInvitation = {
  staffId: number
  email: string
  name: string
  role: ConsoleRole
  storeIds: number[]
  decorationPartnerName: string | null
  /** The name of the member who sent the latest link (null: their account is gone). */
  invitedBy: string | null
  invitedAt: string
  expiresAt: string
  /** The link stopped working: send it again or withdraw it. */
  expired: boolean
}

export type StaffFormOptions = {
  stores: { id: number; name: string }[]
  decorationPartners: { id: number; name: string }[]
}

export type AuditRow = {
  id: number
  createdAt: string
  staffId: number | null
  staffEmail: string
  role: string
  websiteId: number | null
  action: string
  entityType: string
  entityId: string
  /** How people name the entity, for a row about an order ('S00012') or a work order ('S00012-1'); null for others. */
  reference: string | null
  before: unknown
  after: unknown
  ip: string | null
}

export type AuditPage = {
  rows: AuditRow[]
  nextCursor: string | null
  previousCursor: string | null
  /** The names of the records the rows mention, keyed 'order:12', 'staff:3', 'website:1' (issue 26: the log reads as sentences). */
  labels: Record<string, AuditLabel>
  /** Each store's currency, by its id, for the amounts of its rows. */
  currencies: Record<string, string>
}

export type InviteDetails = { email: string; name: string; role: ConsoleRole }

const ROLE = z.enum(['owner', 'store_manager', 'fulfilment', 'decoration_partner'], { error: 'must be one of owner, store_manager, fulfilment, decoration_partner' })
const ID = z.number().int().positive()
const INVITE_TOKEN = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not an invitation link token')
/** An order's reference (S00012) or a work order's (S00012-1). */
export const AUDIT_REFERENCE = /^S\d{1,18}(?:-\d{1,9})?$/
const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')

/** Who does what where: the role and, by role, the stores or the decoration partner. */
const ASSIGNMENT = {
  role: ROLE,
  storeIds: z.array(ID).max(200).default([]),
  decorationPartnerId: ID.nullable().default(null),
}

export const STAFF_ADMIN_QUERY_INPUTS = {
  staffList: z.strictObject({}),
  staffFormOptions: z.strictObject({}),
  staffInvitations: z.strictObject({}),
  auditLog: z.strictObject({
    websiteId: ID.optional(),
    staffId: ID.optional(),
    /** 'order.' finds order.mark_paid, order.cancel …; 'order.cancel' only that. */
    actionPrefix: z.string().trim().min(1).max(100).optional(),
    entityType: z.string().trim().min(1).max(100).optional(),
    entityId: z.string().trim().min(1).max(100).optional(),
    /** An order's reference (its rows and its work orders' rows) or a work order's ('S00012-1'); any case. */
    reference: z
      .string()
      .trim()
      .toUpperCase()
      .regex(AUDIT_REFERENCE, 'must be an order reference like S00012, or a work order’s like S00012-1')
      .optional(),
    /** Inclusive days in UTC. */
    from: DAY.optional(),
    to: DAY.optional(),
    /** The nextCursor or previousCursor of a page. */
    cursor: z.string().regex(LIST_CURSOR_PATTERN, 'is not a page cursor of this list').optional(),
    limit: z.number().int().min(1).max(200).default(50),
  }),
  /** An invitation's email and role, for the page where the invitee chooses a password (no session needed). */
  inviteDetails: z.strictObject({ token: INVITE_TOKEN }),
} satisfies Record<string, z.ZodType>

export type StaffAdminQueryResponses = {
  staffList: StaffMemberRow[]
  staffFormOptions: StaffFormOptions
  staffInvitations: PendingInvitation[]
  auditLog: AuditPage
  inviteDetails: InviteDetails
}

export const STAFF_ADMIN_MUTATION_INPUTS = {
  inviteStaff: z.strictObject({
    email: z.string().trim().toLowerCase().email('is not an email address').max(320),
    name: z.string().trim().min(1, 'must not be empty').max(200),
    ...ASSIGNMENT,
  }),
  resendStaffInvite: z.strictObject({ staffId: ID }),
  /** Withdraws an invitation not accepted yet: the unused account goes. */
  revokeStaffInvite: z.strictObject({ staffId: ID }),
  setStaffRole: z.strictObject({ staffId: ID, ...ASSIGNMENT }),
  deactivateStaff: z.strictObject({ staffId: ID }),
  reactivateStaff: z.strictObject({ staffId: ID }),
  /** The invitee's side: name and password, through the link's token (no session needed). */
  acceptStaffInvite: z.strictObject({ token: INVITE_TOKEN, name: z.string().trim().min(1, 'must not be empty').max(200), password: PASSWORD_INPUT }),
} satisfies Record<string, z.ZodType>

export type StaffAdminMutationResponses = {
  inviteStaff: StaffMemberRow
  resendStaffInvite: { sent: true }
  revokeStaffInvite: { revoked: true }
  setStaffRole: StaffMemberRow
  deactivateStaff: { sessionsEnded: number }
  reactivateStaff: StaffMemberRow
  acceptStaffInvite: { email: string }
}
