import { setTimeout as sleep } from 'node:timers/promises'
import { asc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { createDecorationPartner } from '../../../tests/factories/catalog'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { staff, staffStores } from '../db/schema'
import { createDemoStaff, DEMO_FULFILMENT, DEMO_OWNER, DEMO_PARTNER } from './demo-staff'

// Issue 24, item 3: two workers starting on one fresh database both reached the demo console users,
// and the one that lost the race on the unique e-mail index failed its whole start. On PostgreSQL the
// two meet for certain: a third session holds the staff table against writes until both have read
// it and wait to insert.

describe.each(testDatabaseKinds())('the demo console users on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    await createDecorationPartner()
  })

  const demoUsers = async () =>
    (await db().select({ email: staff.email, role: staff.role, id: staff.id }).from(staff).orderBy(asc(staff.email))).filter((row) => row.email.endsWith('@demo.example'))

  /** Runs `work` while the staff table takes no writes, until `waiting` sessions wait to write it (PostgreSQL). */
  async function withWritesHeldUntil<T>(waiting: number, work: () => Promise<T>): Promise<T> {
    if (kind === 'pglite') return work()
    let result: Promise<T> | undefined
    await db().transaction(async (tx) => {
      await tx.execute(sql`lock table staff in share mode`)
      result = work()
      result.catch(() => {})
      for (let i = 0; i < 400; i++) {
        const { rows } = (await db().execute(
          sql`select count(*)::int as waiting from pg_locks where relation = 'staff'::regclass and not granted`,
        )) as unknown as { rows: { waiting: number }[] }
        if (rows[0]!.waiting >= waiting) return
        await sleep(25)
      }
      throw new Error(`fewer than ${waiting} sessions came to write the staff table`)
    })
    return result!
  }

  test('two starts adding them at the same moment both succeed, and each user exists once', async () => {
    const starts = await withWritesHeldUntil(2, () => Promise.allSettled([createDemoStaff(db(), websiteId), createDemoStaff(db(), websiteId)]))
    expect(starts.map((start) => (start.status === 'rejected' ? String(start.reason) : start.status))).toEqual(['fulfilled', 'fulfilled'])
    const users = await demoUsers()
    expect(users.map((user) => [user.email, user.role])).toEqual([
      [DEMO_FULFILMENT.email, 'fulfilment'],
      [DEMO_OWNER.email, 'owner'],
      [DEMO_PARTNER.email, 'decoration_partner'],
    ])
    const fulfilment = users.find((user) => user.email === DEMO_FULFILMENT.email)!
    expect(await db().select({ websiteId: staffStores.websiteId }).from(staffStores).where(eq(staffStores.staffId, fulfilment.id))).toEqual([{ websiteId }])
  })

  test('adding them again changes nothing', async () => {
    const before = await demoUsers()
    await createDemoStaff(db(), websiteId)
    expect(await demoUsers()).toEqual(before)
  })
})
