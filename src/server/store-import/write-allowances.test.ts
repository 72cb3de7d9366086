import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { buildStoreFile, writeStoreFile } from '../../../tests/factories/store-file'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { allowancePrograms, customerGroups, partners, websites } from '../db/schema'
import { StoreFileError } from './store-file-error'
import { loadStoreFile } from './load-store-file'
import { importStoreFile } from './store-import-service'

// Issue 16: a store file's customer groups and allowance programs, and an account's group. Written
// by code (groups) and by group (programs), so importing again changes nothing; never removed by an
// import that leaves them out, since rosters and the console make them too.

const IMAGES_DIR = path.join(os.tmpdir(), 'webstore-test-images')

function storeWithAllowances(changes: Record<string, unknown> = {}) {
  return buildStoreFile({
    customerGroups: [
      { code: 'Field-Crew', name: 'Field crews' },
      { code: 'office', name: 'Office staff' },
    ],
    allowancePrograms: [{ group: 'field-crew', amount: 150, period: 'year', startsOn: '2026-01-01', rollover: 'capped', rolloverCap: 50 }],
    accounts: [{ email: 'sam.lee@example.test', name: 'Sam Lee', password: 'a long enough password', group: 'field-crew' }],
    ...changes,
  })
}

async function problemOf(store: unknown): Promise<string> {
  const error = await loadStoreFile((await writeStoreFile(store)).filePath).then(
    () => null,
    (caught: unknown) => caught,
  )
  if (!(error instanceof StoreFileError)) throw new Error(`expected a StoreFileError, got ${String(error)}`)
  return error.message
}

describe('allowances in a store file are refused when', () => {
  test('a program names a group the file does not list', async () => {
    expect(await problemOf(storeWithAllowances({ allowancePrograms: [{ group: 'warehouse', amount: 100, period: 'year', startsOn: '2026-01-01' }] }))).toMatch(
      /allowancePrograms\[0\]\.group: names the customer group "warehouse", which customerGroups does not list/,
    )
  })

  test('a capped rollover has no cap', async () => {
    expect(await problemOf(storeWithAllowances({ allowancePrograms: [{ group: 'office', amount: 100, period: 'year', startsOn: '2026-01-01', rollover: 'capped' }] }))).toMatch(
      /allowancePrograms\[0\]\.rolloverCap: is needed when rollover is "up to an amount"/,
    )
  })
})

describe.each(testDatabaseKinds())('importing customer groups and allowance programs on %s', (kind) => {
  const { db } = useTestDatabase(kind)

  beforeAll(() => {
    vi.stubEnv('IMAGES_DIR', IMAGES_DIR)
  })

  test('writes groups, programs and the account’s group, changes nothing again, and keeps what a later file leaves out', async () => {
    const first = await importStoreFile({ filePath: (await writeStoreFile(storeWithAllowances())).filePath })
    expect(first.counts.customerGroups).toMatchObject({ created: 2 })
    expect(first.counts.allowancePrograms).toMatchObject({ created: 1 })
    const [website] = await db().select({ id: websites.id }).from(websites).where(eq(websites.code, 'test-store'))
    const groups = await db().select().from(customerGroups).where(eq(customerGroups.websiteId, website!.id))
    expect(groups.map((group) => group.code).sort()).toEqual(['field-crew', 'office'])
    const fieldCrew = groups.find((group) => group.code === 'field-crew')!
    const [program] = await db().select().from(allowancePrograms).where(eq(allowancePrograms.groupId, fieldCrew.id))
    expect(program).toMatchObject({ amount: 15000, period: 'year', startsOn: '2026-01-01', rollover: 'capped', rolloverCap: 5000, isActive: true })
    const [sam] = await db()
      .select({ groupId: partners.groupId })
      .from(partners)
      .where(and(eq(partners.websiteId, website!.id), eq(partners.email, 'sam.lee@example.test')))
    expect(sam?.groupId).toBe(fieldCrew.id)

    const again = await importStoreFile({ filePath: (await writeStoreFile(storeWithAllowances())).filePath })
    expect(again.counts.customerGroups).toMatchObject({ created: 0, updated: 0, removed: 0 })
    expect(again.counts.allowancePrograms).toMatchObject({ created: 0, updated: 0, removed: 0 })

    const changed = await importStoreFile({
      filePath: (await writeStoreFile(storeWithAllowances({ customerGroups: [{ code: 'field-crew', name: 'Field teams' }], allowancePrograms: [] }))).filePath,
    })
    expect(changed.counts.customerGroups).toMatchObject({ updated: 1, removed: 0 })
    const after = await db().select().from(customerGroups).where(eq(customerGroups.websiteId, website!.id))
    expect(after.map((group) => [group.code, group.name]).sort()).toEqual([
      ['field-crew', 'Field teams'],
      ['office', 'Office staff'],
    ])
    expect(after.find((group) => group.code === 'field-crew')!.version).toBe(fieldCrew.version + 1)
    expect(await db().select().from(allowancePrograms).where(eq(allowancePrograms.groupId, fieldCrew.id))).toHaveLength(1)
  })
})
