import { EditVersionSchema } from './admin-edit'
import { allowanceAmount, allowancePeriod, allowanceRollover, calendarDay, ROLLOVER_CAP_NEEDED } from './field-rules'
import { z } from './zod'

// Allowance programs in the console (issue 16): per store, a program per customer group (amount,
// period, start date, proration, rollover), the reset run now, a member's manual adjustment, a
// member's budget ledger, and the single sign-on claim → customer group mapping. Money in dollars.

export type AllowancePeriodName = 'year' | 'quarter' | 'month' | 'none'
export type AllowanceRolloverName = 'none' | 'all' | 'capped'

export type AllowanceProgramRow = {
  id: number
  groupId: number
  amount: number
  period: AllowancePeriodName
  startsOn: string
  prorate: boolean
  rollover: AllowanceRolloverName
  rolloverCap: number | null
  isActive: boolean
  version: number
  /** The current period's first day, or null before the start date. */
  periodStart: string | null
  /** When the next reset is due: the next period's first day (null: the program never renews). */
  nextResetOn: string | null
  /** Active members of the group. */
  members: number
  /** Members granted for the current period. */
  grantedMembers: number
  grantedThisPeriod: number
  /** Spent by the group's members since the current period started (less refunds). */
  spentThisPeriod: number
}

export type AllowanceGroupRow = {
  id: number
  code: string
  name: string
  members: number
  program: AllowanceProgramRow | null
}

export type AllowancesOverview = {
  websiteId: number
  groups: AllowanceGroupRow[]
  /** Members whose balance is not the sum of their ledger (should always be 0). */
  ledgerMismatches: number
  /** The reset may be given a clock (test installs only: ALLOWANCES_TEST_CLOCK). */
  testClock: boolean
}

export type BudgetLedgerRow = {
  id: number
  createdAt: string
  kind: string
  amount: number
  orderId: number | null
  periodStart: string | null
  note: string | null
  staffEmail: string | null
}

export type BudgetLedger = { partnerId: number; name: string; email: string; balance: number | null; rows: BudgetLedgerRow[] }

/** A member with an allowance and where they stand in the current period (issue 26). Money in the store's currency. */
export type MemberBalance = {
  partnerId: number
  name: string
  email: string
  groupName: string | null
  /** Given for the current period (the grant and what was kept from the last); null: not granted yet, or no program. */
  allowance: number | null
  /** Spent since the current period started, less refunds; null: the member's group has no program running. */
  spent: number | null
  /** The balance: what the member can still spend. */
  left: number
  /** The current period's last day; null: the allowance never renews (or no program). */
  periodEnd: string | null
}

export type MemberBalancesPage = {
  rows: MemberBalance[]
  /** More members match than the page shows: search to narrow. */
  more: boolean
}

export type SsoMappingView = { claim: string; mappings: { value: string; groupId: number }[]; version: number | null; groups: { id: number; code: string; name: string }[] }

export type ResetRunAnswer = { programs: number; granted: number; grantedAmount: number; expiredAmount: number; rolledOverAmount: number; ledgerMismatches: number }

const ID = z.number().int().positive()
const NOTE = z.string().trim().min(1, 'must say why (it is kept in the ledger)').max(500)
/** A signed amount in dollars, at most cents, not 0. */
const SIGNED_AMOUNT = z
  .number()
  .refine((value) => value !== 0, 'must not be 0')
  .refine((value) => Math.abs(value) <= 1_000_000, 'must be at most 1,000,000')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'must have at most 2 decimal places')

export const ALLOWANCES_ADMIN_QUERY_INPUTS = {
  'allowances.programs': z.strictObject({ websiteId: ID }),
  /** A member's ledger, by their id or their email address. */
  'allowances.ledger': z
    .strictObject({ websiteId: ID, partnerId: ID.optional(), email: z.string().trim().toLowerCase().min(3).max(320).optional() })
    .refine((value) => (value.partnerId === undefined) !== (value.email === undefined), 'must name the customer by partnerId or by email'),
  'allowances.ssoMapping': z.strictObject({ websiteId: ID }),
  /** The members with an allowance, by name; `search` finds a name or email containing it. */
  'allowances.balances': z.strictObject({
    websiteId: ID,
    search: z.string().trim().max(200).optional(),
    limit: z.number().int().min(1).max(500).default(100),
  }),
} satisfies Record<string, z.ZodType>

export type AllowancesAdminQueryResponses = {
  'allowances.programs': AllowancesOverview
  /** Null: no such customer in this store. */
  'allowances.ledger': BudgetLedger | null
  'allowances.ssoMapping': SsoMappingView
  'allowances.balances': MemberBalancesPage
}

export const ALLOWANCES_ADMIN_MUTATION_INPUTS = {
  'allowances.saveProgram': z
    .strictObject({
      websiteId: ID,
      groupId: ID,
      /** The program's version when it was opened; absent for a new program. */
      version: EditVersionSchema.optional(),
      amount: allowanceAmount,
      period: allowancePeriod,
      startsOn: calendarDay,
      prorate: z.boolean(),
      rollover: allowanceRollover,
      rolloverCap: allowanceAmount.nullable().default(null),
      isActive: z.boolean(),
    })
    .refine((value) => value.rollover !== 'capped' || value.rolloverCap !== null, { message: ROLLOVER_CAP_NEEDED, path: ['rolloverCap'] }),
  'allowances.runReset': z.strictObject({
    websiteId: ID,
    /** The clock to run at (an ISO time): refused unless the install runs with ALLOWANCES_TEST_CLOCK=1. */
    now: z.iso.datetime({ offset: true, error: 'must be an ISO time like 2027-01-01T00:00:00Z' }).optional(),
  }),
  'allowances.adjust': z.strictObject({ websiteId: ID, partnerId: ID, amount: SIGNED_AMOUNT, note: NOTE }),
  'allowances.saveSsoMapping': z.strictObject({
    websiteId: ID,
    version: EditVersionSchema.optional(),
    claim: z.string().trim().min(1, 'must name the claim (e.g. "groups")').max(100).regex(/^[A-Za-z0-9_:./-]+$/, 'must be a claim name: letters, digits, _ : . / -'),
    mappings: z
      .array(z.strictObject({ value: z.string().trim().min(1, 'must not be empty').max(200), groupId: ID }))
      .max(200)
      .refine((list) => new Set(list.map((entry) => entry.value)).size === list.length, 'must not map one claim value twice'),
  }),
} satisfies Record<string, z.ZodType>

export type AllowancesAdminMutationResponses = {
  'allowances.saveProgram': AllowanceProgramRow
  'allowances.runReset': ResetRunAnswer
  'allowances.adjust': { partnerId: number; balance: number }
  'allowances.saveSsoMapping': SsoMappingView
}
