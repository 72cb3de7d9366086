import { parse } from 'csv-parse/sync'
import { eq, sql } from 'drizzle-orm'
import type { ParsedAdminMutationValues } from '@/isomorphic/contract/admin'
import { type RosterChange, type RosterReport, ROSTER_MAX_BYTES, ROSTER_MAX_ROWS } from '@/isomorphic/contract/admin-customers'
import { email as emailRule } from '@/isomorphic/contract/field-rules'
import { revokePartnerSessions } from '../accounts/session-service'
import { recordAudit } from '../audit/audit-log'
import { type Executor, getDb } from '../db/client'
import { customerGroups, partners } from '../db/schema'
import { defineAdminMutation } from '../kernel/admin-definition'
import type { CoreContext } from '../kernel/context'
import { DomainError } from '../kernel/errors'
import { fromCents } from '../kernel/money'
import { requireStaff } from '../kernel/permissions'
import { customerAuditView } from './customer-admin'

// The roster import (issue 16): a CSV of a company's people — email, name, group, allowance,
// approver, active — read into a plan of what would be created, changed (field by field) and
// deactivated, with every row's problem by its line number. A dry run answers the plan and writes
// nothing; the real run makes the plan again inside ONE transaction and writes all of it with its
// audit rows, or nothing when any row has a problem. Running the same file again finds nothing to
// change. Groups the file names that the store lacks are created. `allowance` is the person's own
// amount per period (partners.allowanceAmount): the allowance programs turn it into grants; the
// balance is never written here.

const COLUMNS = ['email', 'name', 'group', 'allowance', 'approver', 'active'] as const
type Column = (typeof COLUMNS)[number]

const TRUE_WORDS = new Set(['yes', 'true', '1', 'y'])
const FALSE_WORDS = new Set(['no', 'false', '0', 'n'])
const MAX_ALLOWANCE_CENTS = 100_000_000

/** One row as read: a field is undefined when its column is not in the file (the field is left as it is). */
type RosterRow = {
  line: number
  email: string
  name: string | null
  group: string | null | undefined
  allowanceCents: number | null | undefined
  approver: boolean | undefined
  active: boolean | undefined
}

type Problem = { line: number; message: string }

const shown = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)

function yesNo(raw: string, column: 'approver' | 'active', line: number, problems: Problem[], empty: boolean): boolean | undefined {
  const word = raw.trim().toLowerCase()
  if (word === '') return empty
  if (TRUE_WORDS.has(word)) return true
  if (FALSE_WORDS.has(word)) return false
  problems.push({ line, message: `Line ${line}: ${column} must be yes, no, true, false, 1 or 0 (found ${shown(raw.trim())}).` })
  return undefined
}

function allowanceCents(raw: string, line: number, problems: Problem[]): number | null | undefined {
  const text = raw.trim().replace(/^\$/, '').replace(/,/g, '')
  if (text === '') return null
  if (!/^\d+(\.\d{1,2})?$/.test(text)) {
    problems.push({ line, message: `Line ${line}: allowance must be an amount in dollars like 150 or 150.00 (found ${shown(raw.trim())}).` })
    return undefined
  }
  const cents = Math.round(Number(text) * 100)
  if (cents > MAX_ALLOWANCE_CENTS) {
    problems.push({ line, message: `Line ${line}: allowance must be at most 1,000,000.00.` })
    return undefined
  }
  return cents
}

/** Reads the file: its rows and the problems of each, by line number (the header is line 1). */
export function readRoster(csv: string): { rows: RosterRow[]; problems: Problem[]; rowCount: number } {
  if (Buffer.byteLength(csv, 'utf8') > ROSTER_MAX_BYTES) throw new DomainError('invalid', 'roster too large', `The roster is larger than ${ROSTER_MAX_BYTES / 1024 / 1024} MB: split it into smaller files.`)
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(csv, { bom: true, info: true, skip_empty_lines: true, relax_column_count: true, max_record_size: 10_000 }) as unknown as { record: string[]; info: { lines: number } }[]
  } catch (error) {
    const where = typeof (error as { lines?: unknown }).lines === 'number' ? ` near line ${(error as { lines: number }).lines}` : ''
    throw new DomainError('invalid', `roster not CSV: ${(error as Error).message}`, `The roster is not a readable CSV file${where}: check its quotes and commas, or save it again as CSV.`)
  }
  const problems: Problem[] = []
  const header = records.shift()
  if (!header) throw new DomainError('invalid', 'empty roster', 'The roster is empty: it needs a header row (email, name, group, allowance, approver, active) and a row per person.')
  if (records.length > ROSTER_MAX_ROWS) throw new DomainError('invalid', 'roster too long', `The roster has ${records.length} rows; at most ${ROSTER_MAX_ROWS.toLocaleString('en-US')} are read at once: split it into smaller files.`)

  const index = new Map<Column, number>()
  for (const [position, raw] of header.record.entries()) {
    const name = raw.trim().toLowerCase()
    if (name === '') continue
    if (!(COLUMNS as readonly string[]).includes(name)) {
      problems.push({ line: header.info.lines, message: `Line ${header.info.lines}: unknown column ${shown(raw.trim())}: the columns are ${COLUMNS.join(', ')}.` })
    } else if (index.has(name as Column)) {
      problems.push({ line: header.info.lines, message: `Line ${header.info.lines}: the column ${name} appears twice.` })
    } else {
      index.set(name as Column, position)
    }
  }
  if (!index.has('email')) throw new DomainError('invalid', 'roster without email column', 'The roster’s first row must name its columns, and one of them must be email (the others: name, group, allowance, approver, active).')

  const rows: RosterRow[] = []
  const seen = new Map<string, number>()
  for (const { record, info } of records) {
    const line = info.lines
    const cell = (column: Column): string | undefined => (index.has(column) ? (record[index.get(column)!] ?? '') : undefined)
    if (record.every((value) => value.trim() === '')) continue
    const before = problems.length
    const rawEmail = cell('email')!.trim().toLowerCase()
    if (rawEmail === '') problems.push({ line, message: `Line ${line}: email is empty.` })
    else if (rawEmail.length > 320 || !emailRule.safeParse(rawEmail).success) problems.push({ line, message: `Line ${line}: ${shown(rawEmail)} is not an email address.` })
    else if (seen.has(rawEmail)) problems.push({ line, message: `Line ${line}: ${rawEmail} is on line ${seen.get(rawEmail)} already.` })
    else seen.set(rawEmail, line)
    const name = cell('name')?.trim() ?? ''
    if (name.length > 200) problems.push({ line, message: `Line ${line}: name must be at most 200 characters.` })
    const groupCell = cell('group')
    const group = groupCell === undefined ? undefined : groupCell.trim() === '' ? null : groupCell.trim()
    if (group && group.length > 100) problems.push({ line, message: `Line ${line}: group must be at most 100 characters.` })
    const allowanceCell = cell('allowance')
    const allowance = allowanceCell === undefined ? undefined : allowanceCents(allowanceCell, line, problems)
    const approverCell = cell('approver')
    const approver = approverCell === undefined ? undefined : yesNo(approverCell, 'approver', line, problems, false)
    const activeCell = cell('active')
    const active = activeCell === undefined ? undefined : yesNo(activeCell, 'active', line, problems, true)
    if (problems.length > before) continue
    rows.push({ line, email: rawEmail, name: name === '' ? null : name, group, allowanceCents: allowance, approver, active })
  }
  return { rows, problems, rowCount: records.length }
}

/** The code a new group named in a roster gets: its name in lower case, other characters as "-". */
export function groupCodeFor(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
}

type Existing = typeof partners.$inferSelect
/** A group named in the file: one of the store's (id), or one to create (key). */
type ResolvedGroup = { id: number | null; key: string | null; name: string }
type Plan = {
  report: RosterReport
  groupsToCreate: { key: string; name: string; code: string }[]
  creates: { row: RosterRow; groupKey: string | null; groupId: number | null }[]
  updates: { customer: Existing; set: Partial<Existing>; groupKey: string | null | undefined; changes: RosterChange[] }[]
  deactivations: Existing[]
}

const money = (cents: number | null) => (cents === null ? '' : fromCents(cents).toFixed(2))
const word = (value: boolean) => (value ? 'yes' : 'no')

/** What importing the rows would do to the store now. */
async function planRoster(db: Executor, websiteId: number, read: ReturnType<typeof readRoster>, deactivateMissing: boolean): Promise<Plan> {
  const [customers, groups] = await Promise.all([
    db.select().from(partners).where(eq(partners.websiteId, websiteId)),
    db.select().from(customerGroups).where(eq(customerGroups.websiteId, websiteId)),
  ])
  const byEmail = new Map(customers.map((customer) => [customer.email.toLowerCase(), customer]))
  const groupName = new Map(groups.map((group) => [group.id, group.name]))
  const problems = [...read.problems]

  // A group is found by its code, its name (either case), or the code its name would get.
  const groupsToCreate = new Map<string, { key: string; name: string; code: string }>()
  const resolveGroup = (value: string, line: number): ResolvedGroup | undefined => {
    const lower = value.toLowerCase()
    const code = groupCodeFor(value)
    const found = groups.find((group) => group.code === lower || group.name.toLowerCase() === lower) ?? groups.find((group) => group.code === code)
    if (found) return { id: found.id, key: null, name: found.name }
    if (code === '') {
      problems.push({ line, message: `Line ${line}: the group ${shown(value)} needs at least one letter or digit.` })
      return undefined
    }
    if (!groupsToCreate.has(code)) groupsToCreate.set(code, { key: code, name: value, code })
    return { id: null, key: code, name: groupsToCreate.get(code)!.name }
  }

  const report: RosterReport = { rows: read.rowCount, created: [], changed: [], deactivated: [], unchanged: 0, groupsCreated: [], problems: [], changes: 0, applied: false }
  const creates: Plan['creates'] = []
  const updates: Plan['updates'] = []
  for (const row of read.rows) {
    // undefined: the file has no group column; null: no group.
    let group: ResolvedGroup | null | undefined
    if (row.group === null) group = null
    else if (row.group !== undefined) {
      group = resolveGroup(row.group, row.line)
      if (!group) continue
    }
    const existing = byEmail.get(row.email)
    if (!existing) {
      if (row.name === null) {
        problems.push({ line: row.line, message: `Line ${row.line}: name is empty: a new customer needs a name.` })
        continue
      }
      creates.push({ row, groupKey: group?.key ?? null, groupId: group?.id ?? null })
      report.created.push({ line: row.line, email: row.email, name: row.name, group: group?.name ?? null, allowance: row.allowanceCents == null ? null : fromCents(row.allowanceCents), approver: row.approver ?? false, active: row.active ?? true })
      continue
    }
    const set: Partial<Existing> = {}
    const changes: RosterChange[] = []
    if (row.name !== null && row.name !== existing.name) {
      set.name = row.name
      changes.push({ field: 'name', before: existing.name, after: row.name })
    }
    let groupKey: string | null | undefined
    if (row.group !== undefined) {
      const before = existing.groupId === null ? '' : (groupName.get(existing.groupId) ?? '')
      if (group === null || group === undefined) {
        if (existing.groupId !== null) {
          set.groupId = null
          changes.push({ field: 'group', before, after: '' })
        }
      } else if (group.id === null || group.id !== existing.groupId) {
        if (group.id !== null) set.groupId = group.id
        groupKey = group.key
        changes.push({ field: 'group', before, after: group.name })
      }
    }
    if (row.allowanceCents !== undefined && row.allowanceCents !== existing.allowanceAmount) {
      set.allowanceAmount = row.allowanceCents
      changes.push({ field: 'allowance', before: money(existing.allowanceAmount), after: money(row.allowanceCents) })
    }
    if (row.approver !== undefined && row.approver !== existing.canApproveOrders) {
      set.canApproveOrders = row.approver
      changes.push({ field: 'approver', before: word(existing.canApproveOrders), after: word(row.approver) })
    }
    if (row.active !== undefined && row.active !== existing.isActive) {
      set.isActive = row.active
      changes.push({ field: 'active', before: word(existing.isActive), after: word(row.active) })
    }
    if (changes.length === 0) {
      report.unchanged++
      continue
    }
    updates.push({ customer: existing, set, groupKey, changes })
    report.changed.push({ line: row.line, customerId: existing.id, email: existing.email, changes })
  }

  const inRoster = new Set(read.rows.map((row) => row.email))
  const deactivations = deactivateMissing ? customers.filter((customer) => customer.isActive && !inRoster.has(customer.email.toLowerCase())) : []
  report.deactivated = deactivations.map((customer) => ({ customerId: customer.id, email: customer.email, name: customer.name }))
  report.groupsCreated = [...groupsToCreate.values()].map((group) => group.name)
  report.problems = problems.sort((a, b) => a.line - b.line)
  report.changes = report.created.length + report.changed.length + report.deactivated.length + report.groupsCreated.length
  return { report, groupsToCreate: [...groupsToCreate.values()], creates, updates, deactivations }
}

export const ROSTER_HAS_PROBLEMS = (problems: Problem[]) =>
  `The roster has ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} (the first: ${problems[0]!.message}) Nothing was imported: fix the file and run the dry run again.`

export async function importRoster(ctx: CoreContext, input: ParsedAdminMutationValues['customers.rosterImport']): Promise<RosterReport> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const read = readRoster(input.csv)
  const db = await getDb()
  if (input.dryRun) return (await planRoster(db, input.websiteId, read, input.deactivateMissing)).report

  return db.transaction(async (tx) => {
    // One import of a store at a time: the plan is made again here and holds until the commit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('roster-import'), ${input.websiteId}::int)`)
    const plan = await planRoster(tx, input.websiteId, read, input.deactivateMissing)
    if (plan.report.problems.length > 0) {
      throw new DomainError('invalid', `roster refused: ${plan.report.problems.length} problems`, ROSTER_HAS_PROBLEMS(plan.report.problems), { kind: 'rosterReport', report: plan.report })
    }
    if (plan.report.changes === 0) return plan.report

    const groupIds = new Map<string, number>()
    for (const group of plan.groupsToCreate) {
      const [created] = await tx.insert(customerGroups).values({ websiteId: input.websiteId, name: group.name, code: group.code }).returning()
      groupIds.set(group.key, created!.id)
      await recordAudit(tx, ctx, { websiteId: input.websiteId, action: 'customer_group.create', entityType: 'customer_group', entityId: created!.id, after: { name: created!.name, code: created!.code, version: created!.version, source: 'roster' } })
    }

    if (plan.creates.length > 0) {
      const values = plan.creates.map(({ row, groupKey, groupId }) => ({
        websiteId: input.websiteId,
        email: row.email,
        name: row.name!,
        groupId: groupKey ? groupIds.get(groupKey)! : groupId,
        allowanceAmount: row.allowanceCents ?? null,
        canApproveOrders: row.approver ?? false,
        isActive: row.active ?? true,
      }))
      const created: Existing[] = []
      for (let start = 0; start < values.length; start += 500) created.push(...(await tx.insert(partners).values(values.slice(start, start + 500)).returning()))
      for (const customer of created) {
        await recordAudit(tx, ctx, { websiteId: input.websiteId, action: 'customer.roster_create', entityType: 'customer', entityId: customer.id, after: { email: customer.email, ...customerAuditView(customer), version: customer.version } })
      }
    }

    for (const update of plan.updates) {
      const set = { ...update.set, ...(update.groupKey ? { groupId: groupIds.get(update.groupKey)! } : {}) }
      const version = update.customer.version + 1
      // store-scope: customers come from the plan, read with input.websiteId in its where
      const [after] = await tx
        .update(partners)
        .set({ ...set, version, updatedAt: new Date() })
        .where(eq(partners.id, update.customer.id))
        .returning()
      const sessionsEnded = set.isActive === false ? await revokePartnerSessions(tx, update.customer.id, 'partner_disabled') : 0
      const was = customerAuditView(update.customer)
      const now = customerAuditView(after!)
      const fields = (Object.keys(now) as (keyof typeof now)[]).filter((key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]))
      await recordAudit(tx, ctx, {
        websiteId: input.websiteId,
        action: 'customer.roster_update',
        entityType: 'customer',
        entityId: update.customer.id,
        before: Object.fromEntries(fields.map((key) => [key, was[key]])),
        after: { ...Object.fromEntries(fields.map((key) => [key, now[key]])), version, ...(sessionsEnded > 0 ? { sessionsEnded } : {}) },
      })
    }

    if (plan.deactivations.length > 0) {
      for (const customer of plan.deactivations) {
        const version = customer.version + 1
        // store-scope: customers come from the plan, read with input.websiteId in its where
        await tx.update(partners).set({ isActive: false, version, updatedAt: new Date() }).where(eq(partners.id, customer.id))
        const sessionsEnded = await revokePartnerSessions(tx, customer.id, 'partner_disabled')
        await recordAudit(tx, ctx, { websiteId: input.websiteId, action: 'customer.roster_deactivate', entityType: 'customer', entityId: customer.id, before: { isActive: true }, after: { isActive: false, version, sessionsEnded } })
      }
    }

    const report = { ...plan.report, applied: true }
    await recordAudit(tx, ctx, {
      websiteId: input.websiteId,
      action: 'customer.roster_import',
      entityType: 'website',
      entityId: input.websiteId,
      after: { rows: report.rows, created: report.created.length, changed: report.changed.length, deactivated: report.deactivated.length, groupsCreated: report.groupsCreated },
    })
    return report
  })
}

export const ROSTER_ADMIN_MUTATIONS = {
  'customers.rosterImport': defineAdminMutation('customers.rosterImport', { handler: (value, ctx) => importRoster(ctx, value) }),
}
