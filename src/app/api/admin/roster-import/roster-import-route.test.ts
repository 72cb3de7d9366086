import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { RosterReport } from '@/isomorphic/contract/admin-customers'
import { partners } from '@/server/db/schema'
import { CONSOLE_SIGN_IN_REQUIRED, NOT_ALLOWED } from '@/server/kernel/permissions'
import { startStaffSession } from '@/server/staff/staff-sessions'
import { createWebsite } from '../../../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../../../tests/setup/test-db'
import { staffContext } from '../../../../../tests/support/staff'
import { POST as rosterImport } from './route'

// The roster import's own route (issue 16): rosters past /api/admin/mutation's 64 kB, for staff who
// manage the store; anyone else is refused before the body is read.

const BASE = 'http://store.test'

describe.each(testDatabaseKinds())('POST /api/admin/roster-import on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  beforeAll(async () => {
    websiteId = (await createWebsite()).id
  })

  async function cookieOf(role: 'store_manager' | 'fulfilment'): Promise<string> {
    const member = await staffContext(websiteId, { role, storeIds: [websiteId] })
    const { token } = await startStaffSession(db(), { staffId: member.staff.staffId, secondFactorDone: true, ip: '203.0.113.9', userAgent: 'vitest' })
    return `admin_session=${token}`
  }

  const post = (body: string, cookie?: string) =>
    rosterImport(new Request(`${BASE}/api/admin/roster-import`, { method: 'POST', body, headers: { 'content-type': 'application/json', origin: BASE, ...(cookie ? { cookie } : {}) } }))

  test('a manager dry-runs a 3,000-person roster (well past 64 kB) through it, and nothing is written', async () => {
    const csv = `email,name,group,allowance,approver,active\n${Array.from({ length: 3000 }, (_, index) => `big${index}@roster.example,Person Number ${index},Field Crew,125.00,no,yes`).join('\n')}\n`
    expect(csv.length).toBeGreaterThan(64 * 1024)
    const response = await post(JSON.stringify({ websiteId, csv, dryRun: true }), await cookieOf('store_manager'))
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const { data } = (await response.json()) as { data: RosterReport }
    expect(data).toMatchObject({ rows: 3000, applied: false, problems: [], groupsCreated: ['Field Crew'] })
    expect(data.created).toHaveLength(3000)
    expect(await db().select().from(partners).where(eq(partners.websiteId, websiteId))).toHaveLength(0)
  })

  test('no console session is a 401 before the body is read; fulfilment is a 403', async () => {
    const anonymous = await post('not even JSON')
    expect(anonymous.status).toBe(401)
    expect(((await anonymous.json()) as { error: { message: string } }).error.message).toBe(CONSOLE_SIGN_IN_REQUIRED)
    const fulfilment = await post(JSON.stringify({ websiteId, csv: 'email,name\nf@roster.example,F\n', dryRun: false }), await cookieOf('fulfilment'))
    expect(fulfilment.status).toBe(403)
    expect(((await fulfilment.json()) as { error: { message: string } }).error.message).toBe(NOT_ALLOWED)
  })
})
