import { beforeAll, describe, expect, test } from 'vitest'
import type { MemberBalancesPage } from '@/isomorphic/contract/admin-allowances'
import { createPartner } from '../../../tests/factories/accounts'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import { customerGroups } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { memberBalances } from './allowance-admin'
import { writeBudgetRows } from './allowance-ledger'
import { runAllowanceReset } from './allowance-reset'

// Allowances list members' balances (issue 26): each member with an allowance, what the current
// period gave them, what they spent in it (less refunds), what is left and the period's last day,
// for one store only, in one query for the page.

const at = (day: string, time = '06:00:00') => new Date(`${day}T${time}Z`)

describe.each(testDatabaseKinds())('members’ allowance balances on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let storeId: number
  let otherStoreId: number
  let owner: CoreContext
  const people: Record<string, number> = {}

  async function group(websiteId: number, name: string): Promise<number> {
    const [row] = await db().insert(customerGroups).values({ websiteId, code: `${name.toLowerCase().replaceAll(' ', '-')}-${websiteId}`, name }).returning({ id: customerGroups.id })
    return row!.id
  }

  /** Money moving on a member's ledger on a given day (an order's spend, its refund, a manual adjustment). */
  const move = (partnerId: number, kind: 'spend' | 'refund' | 'adjustment', amount: number, day: string) => db().transaction((tx) => writeBudgetRows(tx, partnerId, [{ kind, amount }], at(day)))

  beforeAll(async () => {
    storeId = (await createWebsite({ name: 'Riverside' })).id
    otherStoreId = (await createWebsite({ name: 'Elsewhere' })).id
    owner = await staffContext(storeId, { role: 'owner' })
    const field = await group(storeId, 'Field staff')
    const office = await group(storeId, 'Office')
    const theirs = await group(otherStoreId, 'Field staff')
    for (const [websiteId, groupId] of [
      [storeId, field],
      [otherStoreId, theirs],
    ] as const) {
      await executeAdminMutation('allowances.saveProgram', { websiteId, groupId, amount: 100, period: 'month', startsOn: '2026-01-01', prorate: false, rollover: 'none', rolloverCap: null, isActive: true }, owner)
    }
    const member = async (key: string, websiteId: number, groupId: number, extra: { name?: string; email?: string; isActive?: boolean } = {}) => {
      people[key] = (await createPartner({ websiteId, groupId, password: null, createdAt: at('2025-06-01', '00:00:00'), ...extra })).id
    }
    await member('avery', storeId, field, { name: 'Avery Field', email: 'avery@riverside.example' })
    await member('blake', storeId, field, { name: 'Blake Field', email: 'blake@riverside.example' })
    await member('casey', storeId, office, { name: 'Casey Office', email: 'casey@riverside.example' })
    await member('drew', storeId, office, { name: 'Drew Office', email: 'drew@riverside.example' })
    await member('gone', storeId, field, { name: 'Gone Field', isActive: false })
    await member('stranger', otherStoreId, theirs, { name: 'Avery Elsewhere', email: 'avery@elsewhere.example' })

    // February: granted, Avery spends 30 (it expires at March's reset). March: granted again, Avery spends 25 and gets 5 back.
    await runAllowanceReset(db(), { now: at('2026-02-05') })
    await move(people.avery!, 'spend', -3000, '2026-02-20')
    await runAllowanceReset(db(), { now: at('2026-03-10') })
    await move(people.avery!, 'spend', -2500, '2026-03-12')
    await move(people.avery!, 'refund', 500, '2026-03-13')
    // Casey's group has no program, but an owner gave Casey a balance by hand; Drew has nothing.
    await move(people.casey!, 'adjustment', 4000, '2026-03-01')
  })

  const balances = (input: { search?: string; limit?: number } = {}, ctx: CoreContext = owner) => memberBalances(ctx, { websiteId: storeId, limit: 100, ...input }, at('2026-03-15'))

  test('each member with an allowance: given this period, spent since it started less refunds, left, and the period’s last day', async () => {
    const page = await balances()
    expect(page).toEqual({
      rows: [
        { partnerId: people.avery, name: 'Avery Field', email: 'avery@riverside.example', groupName: 'Field staff', allowance: 100, spent: 20, left: 80, periodEnd: '2026-03-31' },
        { partnerId: people.blake, name: 'Blake Field', email: 'blake@riverside.example', groupName: 'Field staff', allowance: 100, spent: 0, left: 100, periodEnd: '2026-03-31' },
        // A balance given by hand, in a group without a program: no period to speak of.
        { partnerId: people.casey, name: 'Casey Office', email: 'casey@riverside.example', groupName: 'Office', allowance: null, spent: null, left: 40, periodEnd: null },
      ],
      more: false,
    })
  })

  test('a member of another store, a deactivated member and one without any allowance are never listed', async () => {
    const ids = (await balances()).rows.map((row) => row.partnerId)
    expect(ids).not.toContain(people.stranger)
    expect(ids).not.toContain(people.gone)
    expect(ids).not.toContain(people.drew)
    expect((await balances({ search: 'avery' })).rows.map((row) => row.email)).toEqual(['avery@riverside.example'])
  })

  test('a new period not granted yet shows nothing given, and nothing spent in it', async () => {
    const april = await memberBalances(owner, { websiteId: storeId, limit: 100, search: 'blake' }, at('2026-04-02'))
    expect(april.rows).toEqual([expect.objectContaining({ allowance: null, spent: 0, left: 100, periodEnd: '2026-04-30' })])
  })

  test('a search by name or email, a page that says more match, and another store’s manager refused', async () => {
    expect((await balances({ search: 'RIVERSIDE.example' })).rows).toHaveLength(3)
    expect(await balances({ limit: 2 })).toMatchObject({ rows: [{ name: 'Avery Field' }, { name: 'Blake Field' }], more: true })
    expect((await balances({ search: '100%' })).rows).toEqual([])
    const elsewhere = await staffContext(otherStoreId, { role: 'store_manager', storeIds: [otherStoreId] })
    // Another store answers like a missing one.
    expect((await refusal(executeAdminQuery('allowances.balances', { websiteId: storeId }, elsewhere))).code).toBe('not_found')
    expect(((await executeAdminQuery('allowances.balances', { websiteId: otherStoreId }, elsewhere)) as MemberBalancesPage).rows.map((row) => row.name)).toEqual(['Avery Elsewhere'])
  })
})
