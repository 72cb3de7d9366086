import { and, asc, count, eq, inArray } from 'drizzle-orm'
import type { CustomerGroupRow } from '@/isomorphic/contract/admin-customers'
import type { Executor } from '../db/client'
import { customerGroups, partners, websites } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { DomainError } from '../kernel/errors'
import { requireStaff, storeScope } from '../kernel/permissions'
import type { Staff } from '../kernel/context'

// What the customers area shares: the member's stores, a customer or group of a store the member
// may manage (else the same 404 as a missing one), and a store's groups with their member counts.

export const CUSTOMER_NOT_FOUND = 'Customer not found.'
export const GROUP_NOT_FOUND = 'Customer group not found.'

/** The stores the member manages customers of, by name. */
export async function managedStores(db: Executor, member: Staff): Promise<{ id: number; name: string; currency: string }[]> {
  const scope = storeScope(member)
  if (scope !== null && scope.length === 0) return []
  return db
    .select({ id: websites.id, name: websites.name, currency: websites.currency })
    .from(websites)
    .where(scope === null ? undefined : inArray(websites.id, [...scope]))
    .orderBy(asc(websites.name), asc(websites.id))
}

/** The member behind the call, allowed to manage the customer's store; a missing customer or another store's is a 404. */
export async function customerForStaff(db: Executor, ctx: CoreContext, customerId: number, { forUpdate = false } = {}) {
  const member = await requireStaff(ctx, 'store.manage')
  // store-scope: console lookup by id; the next lines answer 404 for a store the member may not act on
  const query = db.select().from(partners).where(eq(partners.id, customerId))
  const [customer] = forUpdate ? await query.for('update') : await query
  if (!customer) throw new DomainError('not_found', `customer ${customerId} not found`, CUSTOMER_NOT_FOUND)
  try {
    await requireStaff(ctx, 'store.manage', customer.websiteId)
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') throw new DomainError('not_found', `customer ${customerId} of another store`, CUSTOMER_NOT_FOUND)
    throw error
  }
  return { member, customer }
}

/** A group of a store the member manages (same 404 for a missing one and another store's). */
export async function groupForStaff(db: Executor, ctx: CoreContext, groupId: number, { forUpdate = false } = {}) {
  await requireStaff(ctx, 'store.manage')
  // store-scope: console lookup by id; the next lines answer 404 for a store the member may not act on
  const query = db.select().from(customerGroups).where(eq(customerGroups.id, groupId))
  const [group] = forUpdate ? await query.for('update') : await query
  if (!group) throw new DomainError('not_found', `customer group ${groupId} not found`, GROUP_NOT_FOUND)
  try {
    await requireStaff(ctx, 'store.manage', group.websiteId)
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') throw new DomainError('not_found', `customer group ${groupId} of another store`, GROUP_NOT_FOUND)
    throw error
  }
  return group
}

/** The group a customer is put in must be of the customer's store. */
export async function assertGroupOfStore(db: Executor, websiteId: number, groupId: number | null): Promise<void> {
  if (groupId === null) return
  const [group] = await db
    .select({ id: customerGroups.id })
    .from(customerGroups)
    .where(and(eq(customerGroups.id, groupId), eq(customerGroups.websiteId, websiteId)))
  if (!group) throw new DomainError('invalid', `group ${groupId} is not of store ${websiteId}`, 'The chosen group does not exist in this store: reload the page and choose again.')
}

export async function groupRows(db: Executor, websiteId: number): Promise<CustomerGroupRow[]> {
  const [groups, members] = await Promise.all([
    db.select().from(customerGroups).where(eq(customerGroups.websiteId, websiteId)).orderBy(asc(customerGroups.name), asc(customerGroups.id)),
    db
      .select({ groupId: partners.groupId, members: count() })
      .from(partners)
      .innerJoin(customerGroups, eq(customerGroups.id, partners.groupId))
      .where(eq(customerGroups.websiteId, websiteId))
      .groupBy(partners.groupId),
  ])
  const counts = new Map(members.map((row) => [row.groupId, row.members]))
  return groups.map((group) => ({ id: group.id, code: group.code, name: group.name, version: group.version, members: counts.get(group.id) ?? 0 }))
}
