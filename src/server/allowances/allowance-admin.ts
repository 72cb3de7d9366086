import { and, asc, count, desc, eq, gte, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm'
import { isoDay, nextRenewal, periodAt } from '@/isomorphic/allowance-periods'
import type { ParsedAdminMutationValues } from '@/isomorphic/contract/admin'
import type { AllowanceProgramRow, AllowancesOverview, BudgetLedger, MemberBalancesPage, ResetRunAnswer, SsoMappingView } from '@/isomorphic/contract/admin-allowances'
import { assertFreshEdit } from '../audit/edit-conflict'
import { recordAudit } from '../audit/audit-log'
import { type Executor, getDb } from '../db/client'
import { allowancePrograms, budgetTransactions, customerGroups, partners, ssoGroupMappings, staff, websites } from '../db/schema'
import { env } from '../env'
import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import type { CoreContext } from '../kernel/context'
import { DomainError } from '../kernel/errors'
import { fromCents, toCents } from '../kernel/money'
import { requireStaff } from '../kernel/permissions'
import { allowanceLedgerMismatches, writeBudgetRows } from './allowance-ledger'
import { runAllowanceReset } from './allowance-reset'

// The console's allowances (issue 16): programs per customer group, the reset run now, a member's
// manual adjustment and ledger, and the single sign-on claim → group mapping. Every key needs
// store.manage on the store it names (another store's id answers 404, like a missing one).

export const CUSTOMER_NOT_FOUND = 'Customer not found in this store.'
export const GROUP_NOT_IN_STORE = 'The customer group is not one of this store’s groups.'
export const TEST_CLOCK_REFUSED = 'The reset’s clock can only be set on a test install (ALLOWANCES_TEST_CLOCK); it runs at the present time here.'

async function requireStore(ctx: CoreContext, websiteId: number) {
  const member = await requireStaff(ctx, 'store.manage', websiteId)
  const db = await getDb()
  const [store] = await db.select({ id: websites.id }).from(websites).where(eq(websites.id, websiteId))
  if (!store) throw new DomainError('not_found', `website ${websiteId} not found`, 'Not found')
  return { member, db }
}

type ProgramRecord = typeof allowancePrograms.$inferSelect

const programFields = (program: ProgramRecord) => ({
  groupId: program.groupId,
  amount: fromCents(program.amount),
  period: program.period,
  startsOn: program.startsOn,
  prorate: program.prorate,
  rollover: program.rollover,
  rolloverCap: program.rolloverCap === null ? null : fromCents(program.rolloverCap),
  isActive: program.isActive,
})

async function programRow(db: Executor, program: ProgramRecord, members: number, now: Date): Promise<AllowanceProgramRow> {
  const period = periodAt(program, now)
  let granted = { members: 0, total: 0 }
  let spent = 0
  if (period) {
    const [grants] = await db
      .select({ members: count(), total: sql<string>`coalesce(sum(${budgetTransactions.amount}), 0)` })
      .from(budgetTransactions)
      .where(and(eq(budgetTransactions.programId, program.id), eq(budgetTransactions.periodStart, period.start), eq(budgetTransactions.kind, 'grant')))
    granted = { members: grants?.members ?? 0, total: Number(grants?.total ?? 0) }
    const [spends] = await db
      .select({ total: sql<string>`coalesce(-sum(${budgetTransactions.amount}), 0)` })
      .from(budgetTransactions)
      .innerJoin(partners, eq(partners.id, budgetTransactions.partnerId))
      .where(
        and(
          eq(partners.websiteId, program.websiteId),
          eq(partners.groupId, program.groupId),
          inArray(budgetTransactions.kind, ['spend', 'refund']),
          gte(budgetTransactions.createdAt, new Date(`${period.start}T00:00:00Z`)),
        ),
      )
    spent = Number(spends?.total ?? 0)
  }
  return {
    id: program.id,
    ...programFields(program),
    version: program.version,
    periodStart: period?.start ?? null,
    nextResetOn: nextRenewal(program, now),
    members,
    grantedMembers: granted.members,
    grantedThisPeriod: fromCents(granted.total),
    spentThisPeriod: fromCents(spent),
  }
}

async function groupMembers(db: Executor, websiteId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ groupId: partners.groupId, members: count() })
    .from(partners)
    .where(and(eq(partners.websiteId, websiteId), eq(partners.isActive, true)))
    .groupBy(partners.groupId)
  return new Map(rows.flatMap((row) => (row.groupId === null ? [] : [[row.groupId, row.members] as const])))
}

export async function allowancesOverview(ctx: CoreContext, websiteId: number, now: Date = new Date()): Promise<AllowancesOverview> {
  const { db } = await requireStore(ctx, websiteId)
  const [groups, programs, members, mismatches] = await Promise.all([
    db.select().from(customerGroups).where(eq(customerGroups.websiteId, websiteId)).orderBy(asc(customerGroups.name), asc(customerGroups.id)),
    db.select().from(allowancePrograms).where(eq(allowancePrograms.websiteId, websiteId)),
    groupMembers(db, websiteId),
    allowanceLedgerMismatches(db, websiteId),
  ])
  const byGroup = new Map(programs.map((program) => [program.groupId, program]))
  const rows = []
  for (const group of groups) {
    const program = byGroup.get(group.id)
    const memberCount = members.get(group.id) ?? 0
    rows.push({ id: group.id, code: group.code, name: group.name, members: memberCount, program: program ? await programRow(db, program, memberCount, now) : null })
  }
  return { websiteId, groups: rows, ledgerMismatches: mismatches.length, testClock: env().ALLOWANCES_TEST_CLOCK }
}

const DAY_MS = 86_400_000

/**
 * The store's members with an allowance (issue 26): in a group with a program, or holding a
 * balance; each with what the current period gave them, what they spent since it started (less
 * refunds), what is left, and the period's last day. The programs are read first (a store has a
 * few); then one query answers the whole page, whatever its length.
 */
export async function memberBalances(ctx: CoreContext, input: { websiteId: number; search?: string; limit: number }, now: Date = new Date()): Promise<MemberBalancesPage> {
  const { db } = await requireStore(ctx, input.websiteId)
  const programs = await db.select().from(allowancePrograms).where(eq(allowancePrograms.websiteId, input.websiteId))
  const periods = programs.flatMap((program) => {
    const period = periodAt(program, now)
    return period ? [{ program, period }] : []
  })
  /** A CASE on the member's group giving each group's current value (null for a group without a running program). */
  const byGroup = (value: (entry: (typeof periods)[number]) => SQL) =>
    periods.length === 0 ? sql`null` : sql`case ${partners.groupId} ${sql.join(periods.map((entry) => sql`when ${entry.program.groupId} then ${value(entry)}`), sql` `)} else null end`
  const periodStart = byGroup((entry) => sql`${entry.period.start}::date`)
  const programId = byGroup((entry) => sql`${entry.program.id}::integer`)
  const search = input.search ? `%${input.search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null
  const rows = await db
    .select({
      partnerId: partners.id,
      name: partners.name,
      email: partners.email,
      groupId: partners.groupId,
      groupName: customerGroups.name,
      left: partners.budgetAmount,
      allowance: sql<string | null>`(select sum(${budgetTransactions.amount}) from ${budgetTransactions} where ${budgetTransactions.partnerId} = ${partners.id} and ${budgetTransactions.kind} in ('grant', 'rollover') and ${budgetTransactions.programId} = ${programId} and ${budgetTransactions.periodStart} = ${periodStart})`,
      spent: sql<string | null>`case when ${periodStart} is null then null else (select coalesce(-sum(${budgetTransactions.amount}), 0) from ${budgetTransactions} where ${budgetTransactions.partnerId} = ${partners.id} and ${budgetTransactions.kind} in ('spend', 'refund') and ${budgetTransactions.createdAt} >= (${periodStart})::timestamp at time zone 'UTC') end`,
    })
    .from(partners)
    .leftJoin(customerGroups, eq(customerGroups.id, partners.groupId))
    .where(
      and(
        eq(partners.websiteId, input.websiteId),
        eq(partners.isActive, true),
        or(isNotNull(partners.budgetAmount), programs.length === 0 ? sql`false` : inArray(partners.groupId, programs.map((program) => program.groupId))),
        search === null ? undefined : or(sql`lower(${partners.name}) like ${search}`, sql`lower(${partners.email}) like ${search}`),
      ),
    )
    .orderBy(sql`lower(${partners.name})`, asc(partners.id))
    .limit(input.limit + 1)
  const periodOf = new Map(periods.map((entry) => [entry.program.groupId, entry.period]))
  return {
    rows: rows.slice(0, input.limit).map((row) => {
      const end = row.groupId === null ? null : (periodOf.get(row.groupId)?.end ?? null)
      return {
        partnerId: row.partnerId,
        name: row.name,
        email: row.email,
        groupName: row.groupName,
        allowance: row.allowance === null ? null : fromCents(Number(row.allowance)),
        spent: row.spent === null ? null : fromCents(Number(row.spent)),
        left: fromCents(row.left ?? 0),
        // The period runs up to the next one's first day: its last day is the day before.
        periodEnd: end === null ? null : isoDay(new Date(Date.parse(`${end}T00:00:00Z`) - DAY_MS)),
      }
    }),
    more: rows.length > input.limit,
  }
}

async function assertGroupsInStore(db: Executor, websiteId: number, groupIds: number[]): Promise<void> {
  const wanted = [...new Set(groupIds)]
  if (wanted.length === 0) return
  const found = await db
    .select({ id: customerGroups.id })
    .from(customerGroups)
    .where(and(eq(customerGroups.websiteId, websiteId), inArray(customerGroups.id, wanted)))
  if (found.length !== wanted.length) throw new DomainError('invalid', `group not in website ${websiteId}`, GROUP_NOT_IN_STORE)
}

export async function saveAllowanceProgram(ctx: CoreContext, input: ParsedAdminMutationValues['allowances.saveProgram'], now: Date = new Date()): Promise<AllowanceProgramRow> {
  const { db } = await requireStore(ctx, input.websiteId)
  const saved = await db.transaction(async (tx) => {
    await assertGroupsInStore(tx, input.websiteId, [input.groupId])
    const values = {
      amount: toCents(input.amount),
      period: input.period,
      startsOn: input.startsOn,
      prorate: input.prorate,
      rollover: input.rollover,
      rolloverCap: input.rollover === 'capped' && input.rolloverCap !== null ? toCents(input.rolloverCap) : null,
      isActive: input.isActive,
    }
    const [existing] = await tx
      .select()
      .from(allowancePrograms)
      .where(and(eq(allowancePrograms.websiteId, input.websiteId), eq(allowancePrograms.groupId, input.groupId)))
      .for('update')
    if (!existing) {
      const [created] = await tx.insert(allowancePrograms).values({ websiteId: input.websiteId, groupId: input.groupId, ...values }).returning()
      await recordAudit(tx, ctx, { websiteId: input.websiteId, action: 'allowance_program.create', entityType: 'allowance_program', entityId: created!.id, after: { ...programFields(created!), version: created!.version } })
      return created!
    }
    await assertFreshEdit(tx, {
      entityType: 'allowance_program',
      entityId: existing.id,
      label: 'This allowance program',
      expectedVersion: input.version ?? 0,
      currentVersion: existing.version,
    })
    // store-scope: existing was read above with the store in its where
    const [updated] = await tx
      .update(allowancePrograms)
      .set({ ...values, version: existing.version + 1 })
      .where(eq(allowancePrograms.id, existing.id))
      .returning()
    await recordAudit(tx, ctx, {
      websiteId: input.websiteId,
      action: 'allowance_program.update',
      entityType: 'allowance_program',
      entityId: existing.id,
      before: programFields(existing),
      after: { ...programFields(updated!), version: updated!.version },
    })
    return updated!
  })
  const members = (await groupMembers(db, input.websiteId)).get(saved.groupId) ?? 0
  return programRow(db, saved, members, now)
}

export async function runResetFromConsole(ctx: CoreContext, input: ParsedAdminMutationValues['allowances.runReset']): Promise<ResetRunAnswer> {
  const { member, db } = await requireStore(ctx, input.websiteId)
  if (input.now !== undefined && !env().ALLOWANCES_TEST_CLOCK) throw new DomainError('invalid', 'a clock was given without ALLOWANCES_TEST_CLOCK', TEST_CLOCK_REFUSED)
  const now = input.now === undefined ? new Date() : new Date(input.now)
  const outcome = await runAllowanceReset(db, { now, websiteId: input.websiteId, staffId: member.staffId })
  const mismatches = await allowanceLedgerMismatches(db, input.websiteId)
  const answer: ResetRunAnswer = {
    programs: outcome.programs,
    granted: outcome.granted,
    grantedAmount: fromCents(outcome.grantedAmount),
    expiredAmount: fromCents(outcome.expiredAmount),
    rolledOverAmount: fromCents(outcome.rolledOverAmount),
    ledgerMismatches: mismatches.length,
  }
  // Each member's rows are their own transaction (a reset of thousands must not hold them all); the
  // run's audit row says who ran it, at which clock, and what it wrote.
  await recordAudit(db, ctx, { websiteId: input.websiteId, action: 'allowances.run_reset', entityType: 'website', entityId: input.websiteId, after: { ...answer, at: now.toISOString() } })
  return answer
}

export async function adjustAllowance(ctx: CoreContext, input: ParsedAdminMutationValues['allowances.adjust']): Promise<{ partnerId: number; balance: number }> {
  const { member, db } = await requireStore(ctx, input.websiteId)
  const amount = toCents(input.amount)
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ balance: partners.budgetAmount })
      .from(partners)
      .where(and(eq(partners.id, input.partnerId), eq(partners.websiteId, input.websiteId)))
      .for('no key update')
    if (!customer) throw new DomainError('not_found', `partner ${input.partnerId} not in website ${input.websiteId}`, CUSTOMER_NOT_FOUND)
    const before = customer.balance ?? 0
    const after = before + amount
    if (after < 0) {
      throw new DomainError('invalid', `adjustment ${amount} below zero from ${before}`, `This would take the allowance below zero: it has ${fromCents(before).toFixed(2)} left.`)
    }
    await writeBudgetRows(tx, input.partnerId, [{ kind: 'adjustment', amount, note: input.note, staffId: member.staffId }])
    await recordAudit(tx, ctx, {
      websiteId: input.websiteId,
      action: 'allowances.adjust',
      entityType: 'partner',
      entityId: input.partnerId,
      before: { budget: customer.balance === null ? null : fromCents(before) },
      after: { budget: fromCents(after), amount: input.amount, note: input.note },
    })
    return { partnerId: input.partnerId, balance: fromCents(after) }
  })
}

export async function budgetLedger(ctx: CoreContext, websiteId: number, who: { partnerId?: number; email?: string }): Promise<BudgetLedger | null> {
  const { db } = await requireStore(ctx, websiteId)
  const [customer] = await db
    .select({ id: partners.id, name: partners.name, email: partners.email, balance: partners.budgetAmount })
    .from(partners)
    .where(and(who.partnerId !== undefined ? eq(partners.id, who.partnerId) : eq(partners.email, who.email ?? ''), eq(partners.websiteId, websiteId)))
  // No such customer in this store: nothing to show (the page says so); another store's id is a 404 above.
  if (!customer) return null
  const partnerId = customer.id
  const rows = await db
    .select({
      id: budgetTransactions.id,
      createdAt: budgetTransactions.createdAt,
      kind: budgetTransactions.kind,
      amount: budgetTransactions.amount,
      orderId: budgetTransactions.orderId,
      periodStart: budgetTransactions.periodStart,
      note: budgetTransactions.note,
      staffEmail: staff.email,
    })
    .from(budgetTransactions)
    .leftJoin(staff, eq(staff.id, budgetTransactions.staffId))
    .where(eq(budgetTransactions.partnerId, partnerId))
    .orderBy(desc(budgetTransactions.id))
    .limit(500)
  return {
    partnerId: customer.id,
    name: customer.name,
    email: customer.email,
    balance: customer.balance === null ? null : fromCents(customer.balance),
    rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), amount: fromCents(row.amount) })),
  }
}

async function ssoMappingView(db: Executor, websiteId: number): Promise<SsoMappingView> {
  const [[row], groups] = await Promise.all([
    db.select().from(ssoGroupMappings).where(eq(ssoGroupMappings.websiteId, websiteId)),
    db.select({ id: customerGroups.id, code: customerGroups.code, name: customerGroups.name }).from(customerGroups).where(eq(customerGroups.websiteId, websiteId)).orderBy(asc(customerGroups.name)),
  ])
  return { claim: row?.claim ?? 'groups', mappings: row?.mappings ?? [], version: row?.version ?? null, groups }
}

export async function saveSsoMapping(ctx: CoreContext, input: ParsedAdminMutationValues['allowances.saveSsoMapping']): Promise<SsoMappingView> {
  const { db } = await requireStore(ctx, input.websiteId)
  await db.transaction(async (tx) => {
    await assertGroupsInStore(tx, input.websiteId, input.mappings.map((entry) => entry.groupId))
    const [existing] = await tx.select().from(ssoGroupMappings).where(eq(ssoGroupMappings.websiteId, input.websiteId)).for('update')
    const values = { claim: input.claim, mappings: input.mappings }
    if (!existing) {
      await tx.insert(ssoGroupMappings).values({ websiteId: input.websiteId, ...values })
      await recordAudit(tx, ctx, { websiteId: input.websiteId, action: 'sso_group_mapping.create', entityType: 'sso_group_mapping', entityId: input.websiteId, after: { ...values, version: 1 } })
      return
    }
    await assertFreshEdit(tx, { entityType: 'sso_group_mapping', entityId: input.websiteId, label: 'The single sign-on group mapping', expectedVersion: input.version ?? 0, currentVersion: existing.version })
    await tx.update(ssoGroupMappings).set({ ...values, version: existing.version + 1 }).where(eq(ssoGroupMappings.websiteId, input.websiteId))
    await recordAudit(tx, ctx, {
      websiteId: input.websiteId,
      action: 'sso_group_mapping.update',
      entityType: 'sso_group_mapping',
      entityId: input.websiteId,
      before: { claim: existing.claim, mappings: existing.mappings },
      after: { ...values, version: existing.version + 1 },
    })
  })
  return ssoMappingView(db, input.websiteId)
}

export const ALLOWANCES_ADMIN_QUERIES = {
  'allowances.programs': defineAdminQuery('allowances.programs', (value, ctx) => allowancesOverview(ctx, value.websiteId)),
  'allowances.ledger': defineAdminQuery('allowances.ledger', (value, ctx) => budgetLedger(ctx, value.websiteId, value)),
  'allowances.balances': defineAdminQuery('allowances.balances', (value, ctx) => memberBalances(ctx, value)),
  'allowances.ssoMapping': defineAdminQuery('allowances.ssoMapping', async (value, ctx) => {
    const { db } = await requireStore(ctx, value.websiteId)
    return ssoMappingView(db, value.websiteId)
  }),
}

export const ALLOWANCES_ADMIN_MUTATIONS = {
  'allowances.saveProgram': defineAdminMutation('allowances.saveProgram', { handler: (value, ctx) => saveAllowanceProgram(ctx, value) }),
  'allowances.runReset': defineAdminMutation('allowances.runReset', { handler: (value, ctx) => runResetFromConsole(ctx, value) }),
  'allowances.adjust': defineAdminMutation('allowances.adjust', { handler: (value, ctx) => adjustAllowance(ctx, value) }),
  'allowances.saveSsoMapping': defineAdminMutation('allowances.saveSsoMapping', { handler: (value, ctx) => saveSsoMapping(ctx, value) }),
}
