import { getDb } from '@/server/db/client'
import { staff, staffStores, type StaffRoleName } from '@/server/db/schema'
import { type CoreContext, coreContext, type DecorationPartner, type Staff } from '@/server/kernel/context'

let counter = 0

/**
 * A staff member in the database (role, stores) and a context acting as them, for core tests of
 * console use cases. The edge's sign-in (cookie → session → actor) is tested on its own; this is
 * what it produces for a live session.
 */
export async function staffContext(
  websiteId: number,
  { role = 'owner', storeIds = [websiteId], ip = '203.0.113.7', email }: { role?: Staff['role']; storeIds?: number[]; ip?: string | null; email?: string } = {},
): Promise<CoreContext & { staff: Staff }> {
  const db = await getDb()
  const address = email ?? `staff-${process.pid}-${Date.now()}-${++counter}@example.test`
  const [row] = await db.insert(staff).values({ email: address, name: `Test ${role}`, role: role as StaffRoleName }).returning({ id: staff.id })
  if (role !== 'owner' && storeIds.length > 0) await db.insert(staffStores).values(storeIds.map((id) => ({ staffId: row!.id, websiteId: id })))
  const actor: Staff = { kind: 'staff', staffId: row!.id, email: address, name: `Test ${role}`, role, storeIds: role === 'owner' ? [] : storeIds, sessionId: null }
  return Object.assign(coreContext({ websiteId, actor, clientKey: ip, userAgent: 'vitest' }), { staff: actor })
}

/** A decoration partner's member in the database and a context acting as them. */
export async function decorationPartnerContext(websiteId: number, decorationPartnerId: number): Promise<CoreContext & { member: DecorationPartner }> {
  const db = await getDb()
  const address = `partner-${process.pid}-${Date.now()}-${++counter}@example.test`
  const [row] = await db.insert(staff).values({ email: address, name: 'Test decorator', role: 'decoration_partner', decorationPartnerId }).returning({ id: staff.id })
  const actor: DecorationPartner = { kind: 'decorationPartner', staffId: row!.id, email: address, name: 'Test decorator', decorationPartnerId, sessionId: null }
  return Object.assign(coreContext({ websiteId, actor, clientKey: '203.0.113.8', userAgent: 'vitest' }), { member: actor })
}
