import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { AllowanceProgramRow, AllowancesOverview, BudgetLedger, SsoMappingView } from '@/isomorphic/contract/admin-allowances'
import { isEditConflictData } from '@/isomorphic/contract/admin-edit'
import type { OrderData } from '@/isomorphic/order-types'
import { createCheckoutStore, type CheckoutStore, orderBody, signedInCustomer } from '../../../tests/factories/orders'
import { createPartner } from '../../../tests/factories/accounts'
import { buildStoreFile, writeStoreFile } from '../../../tests/factories/store-file'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { getPartnerProfile } from '../accounts/partner-service'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import { executeMutation } from '../api/mutation-registry'
import { runQuery } from '../api/query-registry'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { auditLog, budgetTransactions, customerGroups, partners } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { NOT_ALLOWED } from '../kernel/permissions'
import { importStoreFile } from '../store-import/store-import-service'
import { TEST_CLOCK_REFUSED } from './allowance-admin'
import { allowanceLedgerMismatches } from './allowance-ledger'
import { runAllowanceReset } from './allowance-reset'
import { applySsoGroup } from './sso-groups'

// Allowance programs (issue 16): what a group is granted per period, proration, rollover, a reset
// that grants exactly once per member and period however often and however concurrently it runs,
// and a budget ledger that every balance equals, after every scenario.

const at = (day: string, time = '06:00:00') => new Date(`${day}T${time}Z`)

describe.each(testDatabaseKinds())('allowance programs on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: CheckoutStore
  let websiteId: number
  let otherStoreId: number
  let manager: CoreContext
  let groupCount = 0

  beforeAll(async () => {
    store = await createCheckoutStore()
    websiteId = store.websiteId
    otherStoreId = (await createWebsite()).id
    manager = await staffContext(websiteId, { role: 'store_manager' })
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  async function group(name = 'Sales'): Promise<number> {
    const [row] = await db()
      .insert(customerGroups)
      .values({ websiteId, code: `${name.toLowerCase()}-${++groupCount}`, name })
      .returning({ id: customerGroups.id })
    return row!.id
  }

  const saveProgram = (value: Record<string, unknown>, ctx: CoreContext = manager) =>
    executeAdminMutation('allowances.saveProgram', { websiteId, period: 'year', startsOn: '2026-01-01', prorate: false, rollover: 'none', rolloverCap: null, isActive: true, ...value }, ctx) as Promise<AllowanceProgramRow>

  /** A member of the group who joined on `joinedOn` (never the wall clock's today). */
  async function member(groupId: number, { joinedOn = '2025-06-01', allowanceAmount = null as number | null } = {}) {
    return createPartner({ websiteId, groupId, allowanceAmount, password: null, createdAt: at(joinedOn, '00:00:00') })
  }

  const balanceOf = async (partnerId: number) => (await db().select({ budget: partners.budgetAmount }).from(partners).where(eq(partners.id, partnerId)))[0]!.budget
  const ledgerOf = (partnerId: number) =>
    db().select({ kind: budgetTransactions.kind, amount: budgetTransactions.amount, periodStart: budgetTransactions.periodStart }).from(budgetTransactions).where(eq(budgetTransactions.partnerId, partnerId)).orderBy(asc(budgetTransactions.id))

  async function expectBalancesEqualLedgers() {
    expect(await allowanceLedgerMismatches(db(), websiteId)).toEqual([])
  }

  test('a member who joins partway through a prorated period gets amount × remaining days / period days, rounded to the cent', async () => {
    const groupId = await group()
    await saveProgram({ groupId, amount: 500, prorate: true })
    const early = await member(groupId, { joinedOn: '2025-12-01' })
    const late = await member(groupId, { joinedOn: '2026-07-02' })

    await runAllowanceReset(db(), { now: at('2026-07-10'), websiteId })

    expect(await balanceOf(early.id)).toBe(50_000)
    // 183 of 365 days left: 500.00 × 183 / 365 = 250.68
    expect(await balanceOf(late.id)).toBe(25_068)
    expect(await ledgerOf(late.id)).toEqual([{ kind: 'grant', amount: 25_068, periodStart: '2026-01-01' }])
    await expectBalancesEqualLedgers()
  })

  test('a member’s own allowance replaces the program’s amount for them', async () => {
    const groupId = await group()
    await saveProgram({ groupId, amount: 200 })
    const own = await member(groupId, { allowanceAmount: 75_000 })
    await runAllowanceReset(db(), { now: at('2026-02-01'), websiteId })
    expect(await balanceOf(own.id)).toBe(75_000)
    await expectBalancesEqualLedgers()
  })

  test.each([
    ['none', null, 10_000, [{ kind: 'expire', amount: -6_000 }]],
    ['all', null, 16_000, [{ kind: 'expire', amount: -6_000 }, { kind: 'rollover', amount: 6_000 }]],
    ['capped', 25, 12_500, [{ kind: 'expire', amount: -6_000 }, { kind: 'rollover', amount: 2_500 }]],
  ] as const)('at the period’s end, rollover %s keeps what it should of the 60.00 left', async (rollover, rolloverCap, balance, endRows) => {
    const groupId = await group()
    await saveProgram({ groupId, amount: 100, rollover, rolloverCap })
    const someone = await member(groupId)
    await runAllowanceReset(db(), { now: at('2026-01-05'), websiteId })
    await executeAdminMutation('allowances.adjust', { websiteId, partnerId: someone.id, amount: -40, note: 'spent at the company event' }, manager)

    await runAllowanceReset(db(), { now: at('2027-01-01', '00:30:00'), websiteId })

    expect(await balanceOf(someone.id)).toBe(balance)
    const rows = await ledgerOf(someone.id)
    expect(rows.map((row) => [row.kind, row.amount])).toEqual([
      ['grant', 10_000],
      ['adjustment', -4_000],
      ...endRows.map((row) => [row.kind, row.amount]),
      ['grant', 10_000],
    ])
    expect(rows.at(-1)!.periodStart).toBe('2027-01-01')
    await expectBalancesEqualLedgers()
  })

  test('the reset run twice, and by two instances at once, grants each member exactly once per period', async () => {
    const groupId = await group('Warehouse')
    await saveProgram({ groupId, amount: 150, period: 'quarter', rollover: 'all' })
    const members = await Promise.all(Array.from({ length: 12 }, () => member(groupId)))
    const clock = at('2026-04-01', '00:00:01')

    const [first, second] = await Promise.all([runAllowanceReset(db(), { now: clock, websiteId }), runAllowanceReset(db(), { now: clock, websiteId })])
    const third = await runAllowanceReset(db(), { now: clock, websiteId })

    expect(first.granted + second.granted).toBe(12)
    expect(third.granted).toBe(0)
    for (const { id } of members) {
      expect(await balanceOf(id)).toBe(15_000)
      expect((await ledgerOf(id)).filter((row) => row.kind === 'grant')).toEqual([{ kind: 'grant', amount: 15_000, periodStart: '2026-04-01' }])
    }
    // The next quarter: once more, keeping what was left.
    await Promise.all([runAllowanceReset(db(), { now: at('2026-07-01'), websiteId }), runAllowanceReset(db(), { now: at('2026-07-01'), websiteId })])
    for (const { id } of members) expect(await balanceOf(id)).toBe(30_000)
    await expectBalancesEqualLedgers()
  })

  test('inactive programs, inactive members, other groups and periods not yet started are left alone', async () => {
    const groupId = await group()
    const paused = await group()
    await saveProgram({ groupId, amount: 100, startsOn: '2026-03-01' })
    await saveProgram({ groupId: paused, amount: 100, isActive: false })
    const waiting = await member(groupId)
    const gone = await createPartner({ websiteId, groupId, isActive: false, password: null, createdAt: at('2025-01-01') })
    const pausedMember = await member(paused)

    await runAllowanceReset(db(), { now: at('2026-02-27'), websiteId })

    expect([await balanceOf(waiting.id), await balanceOf(gone.id), await balanceOf(pausedMember.id)]).toEqual([null, null, null])
  })

  test('an order’s spend, its cancellation’s refund and a store file’s opening budget are ledger rows: every balance equals its ledger', async () => {
    const groupId = await group()
    await saveProgram({ groupId, amount: 200 })
    const customer = await signedInCustomer(websiteId, { budgetAmount: null })
    await db().update(partners).set({ groupId, createdAt: at('2025-01-01') }).where(eq(partners.id, customer.partner.id))
    await runAllowanceReset(db(), { now: at('2026-03-01'), websiteId })

    const { orderSequence } = await runQuery('getOrderId', undefined, customer.ctx)
    const placed = (await executeMutation('createOrder', orderBody(store, orderSequence), customer.ctx)) as { createOrder: { order: OrderData } }
    const order = placed.createOrder.order
    expect(order.amounts.budget).toBe(86.27)
    expect(await balanceOf(customer.partner.id)).toBe(20_000 - 8_627)
    await expectBalancesEqualLedgers()

    const owner = await staffContext(websiteId, { role: 'owner' })
    await executeAdminMutation('cancelOrder', { orderId: order.id, requestKey: `allowance-cancel-${Date.now()}`, reason: 'ordered by mistake' }, owner)
    expect(await balanceOf(customer.partner.id)).toBe(20_000)
    expect((await ledgerOf(customer.partner.id)).map((row) => [row.kind, row.amount])).toEqual([
      ['grant', 20_000],
      ['spend', -8_627],
      ['refund', 8_627],
    ])
    await expectBalancesEqualLedgers()

    const file = buildStoreFile({ accounts: [{ email: 'opening.balance@example.com', name: 'Opening Balance', password: 'an opening password', budget: 42.5 }] })
    file.website = { ...(file.website as object), code: `allowance-import-${Date.now()}` }
    const imported = await importStoreFile({ filePath: (await writeStoreFile(file)).filePath })
    const [account] = await db().select().from(partners).where(eq(partners.websiteId, imported.websiteId))
    expect(account!.budgetAmount).toBe(4_250)
    expect((await ledgerOf(account!.id)).map((row) => [row.kind, row.amount])).toEqual([['import', 4_250]])
    expect(await allowanceLedgerMismatches(db(), imported.websiteId)).toEqual([])
  })

  test('a manual adjustment is a ledger row with its note and staff member, audited; it never takes a balance below zero', async () => {
    const someone = await createPartner({ websiteId, password: null })
    const answer = await executeAdminMutation('allowances.adjust', { websiteId, partnerId: someone.id, amount: 25.5, note: 'welcome gift' }, manager)
    expect(answer).toEqual({ partnerId: someone.id, balance: 25.5 })
    const below = await refusal(executeAdminMutation('allowances.adjust', { websiteId, partnerId: someone.id, amount: -30, note: 'too much' }, manager))
    expect([below.code, below.userMessage]).toEqual(['invalid', 'This would take the allowance below zero: it has 25.50 left.'])

    const ledger = (await executeAdminQuery('allowances.ledger', { websiteId, email: someone.email }, manager)) as BudgetLedger
    expect(ledger).toMatchObject({ balance: 25.5, rows: [{ kind: 'adjustment', amount: 25.5, note: 'welcome gift', staffEmail: (await manager.actor()).kind === 'staff' ? expect.any(String) : null }] })
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'allowances.adjust'), eq(auditLog.entityId, String(someone.id))))
    expect(audit).toMatchObject({ websiteId, after: { budget: 25.5, amount: 25.5, note: 'welcome gift' } })
    await expectBalancesEqualLedgers()
  })

  test('a program is a versioned edit: a save from an older version is a 409 naming what changed', async () => {
    const groupId = await group()
    const created = await saveProgram({ groupId, amount: 100 })
    const other = await staffContext(websiteId, { role: 'owner' })
    await saveProgram({ groupId, amount: 120, version: created.version }, other)
    const stale = await refusal(saveProgram({ groupId, amount: 90, version: created.version }))
    expect(stale.code).toBe('conflict')
    expect(isEditConflictData(stale.data) && stale.data.changes.map((change) => [change.field, change.before, change.after])).toEqual([['amount', 100, 120]])
  })

  test('the console shows each group’s program with its next reset, members, and what was granted and spent this period', async () => {
    const groupId = await group('Coaches')
    await saveProgram({ groupId, amount: 80, period: 'month', startsOn: '2026-01-15' })
    await member(groupId)
    await member(groupId)
    await executeAdminMutation('allowances.runReset', { websiteId }, manager)
    const overview = (await executeAdminQuery('allowances.programs', { websiteId }, manager)) as AllowancesOverview
    const row = overview.groups.find((entry) => entry.id === groupId)!
    expect(row).toMatchObject({ name: 'Coaches', members: 2, program: { amount: 80, members: 2, grantedMembers: 2, grantedThisPeriod: 160, spentThisPeriod: 0 } })
    expect(row.program!.nextResetOn! > row.program!.periodStart!).toBe(true)
    expect(overview.ledgerMismatches).toBe(0)
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'allowances.run_reset'), eq(auditLog.websiteId, websiteId)))
    expect(audit?.after).toMatchObject({ ledgerMismatches: 0 })
  })

  test('the console’s reset takes a clock only on a test install', async () => {
    const refused = await refusal(executeAdminMutation('allowances.runReset', { websiteId, now: '2030-01-01T00:00:00Z' }, manager))
    expect([refused.code, refused.userMessage]).toEqual(['invalid', TEST_CLOCK_REFUSED])
  })

  test('the shopper’s account says when the allowance renews', async () => {
    const groupId = await group()
    await saveProgram({ groupId, amount: 100, period: 'year', startsOn: '2026-01-01' })
    const someone = await member(groupId)
    await runAllowanceReset(db(), { now: at('2026-11-26'), websiteId })
    expect(await getPartnerProfile(db(), someone.id, at('2026-11-26'))).toMatchObject({ budgetAmount: 100, budgetRenewsAt: '2027-01-01' })
  })

  test('single sign-on: the first mapped claim value sets the member’s group; no mapped value leaves it as it is', async () => {
    const sales = await group('Sales')
    const warehouse = await group('Warehouse')
    const view = (await executeAdminMutation(
      'allowances.saveSsoMapping',
      { websiteId, claim: 'groups', mappings: [{ value: 'Warehouse-Staff', groupId: warehouse }, { value: 'sales', groupId: sales }] },
      manager,
    )) as SsoMappingView
    expect(view).toMatchObject({ claim: 'groups', version: 1 })
    const someone = await createPartner({ websiteId, groupId: sales, password: null })

    expect(await applySsoGroup(db(), { websiteId, partnerId: someone.id, claims: { groups: ['Sales', 'warehouse-staff'] } })).toBe(warehouse)
    expect((await db().select({ groupId: partners.groupId }).from(partners).where(eq(partners.id, someone.id)))[0]!.groupId).toBe(warehouse)
    expect(await applySsoGroup(db(), { websiteId, partnerId: someone.id, claims: { groups: ['finance'] } })).toBeNull()
    expect(await applySsoGroup(db(), { websiteId, partnerId: someone.id, claims: {} })).toBeNull()
    expect((await db().select({ groupId: partners.groupId }).from(partners).where(eq(partners.id, someone.id)))[0]!.groupId).toBe(warehouse)
    expect(await applySsoGroup(db(), { websiteId, partnerId: someone.id, claims: { groups: 'sales' } })).toBe(sales)

    const otherStoreGroup = (await db().insert(customerGroups).values({ websiteId: otherStoreId, code: `x-${Date.now()}`, name: 'Elsewhere' }).returning())[0]!.id
    const refused = await refusal(executeAdminMutation('allowances.saveSsoMapping', { websiteId, version: 1, claim: 'groups', mappings: [{ value: 'x', groupId: otherStoreGroup }] }, manager))
    expect(refused.code).toBe('invalid')
  })

  test('a fulfilment member is refused (403) and a manager of another store is told the store does not exist (404)', async () => {
    const groupId = await group()
    const fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    const otherManager = await staffContext(otherStoreId, { role: 'store_manager' })
    const someone = await createPartner({ websiteId, password: null })
    const calls: [string, Record<string, unknown>, 'query' | 'mutation'][] = [
      ['allowances.programs', { websiteId }, 'query'],
      ['allowances.ledger', { websiteId, partnerId: someone.id }, 'query'],
      ['allowances.ssoMapping', { websiteId }, 'query'],
      ['allowances.saveProgram', { websiteId, groupId, amount: 1, period: 'month', startsOn: '2026-01-01', prorate: false, rollover: 'none', isActive: true }, 'mutation'],
      ['allowances.runReset', { websiteId }, 'mutation'],
      ['allowances.adjust', { websiteId, partnerId: someone.id, amount: 1000, note: 'not mine to give' }, 'mutation'],
      ['allowances.saveSsoMapping', { websiteId, claim: 'groups', mappings: [] }, 'mutation'],
    ]
    for (const [key, value, kindOfCall] of calls) {
      const call = (ctx: CoreContext) => (kindOfCall === 'query' ? executeAdminQuery(key, value, ctx) : executeAdminMutation(key, value, ctx))
      const forbidden = await refusal(call(fulfilment))
      expect([key, forbidden.code, forbidden.userMessage]).toEqual([key, 'forbidden', NOT_ALLOWED])
      expect([key, (await refusal(call(otherManager))).code]).toEqual([key, 'not_found'])
    }
    expect(await balanceOf(someone.id)).toBeNull()
  })
})
