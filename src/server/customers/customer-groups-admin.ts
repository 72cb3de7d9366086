import { and, count, eq, ne } from 'drizzle-orm'
import type { ParsedAdminMutationValues } from '@/isomorphic/contract/admin'
import type { CustomerGroupRow } from '@/isomorphic/contract/admin-customers'
import { assertFreshEdit } from '../audit/edit-conflict'
import { recordAudit } from '../audit/audit-log'
import { type Executor, getDb } from '../db/client'
import { customerGroups, partners } from '../db/schema'
import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import type { CoreContext } from '../kernel/context'
import { DomainError } from '../kernel/errors'
import { requireStaff } from '../kernel/permissions'
import { groupForStaff, groupRows } from './customer-store'
import { saveVersioned } from '../audit/versioned-save'

// A store's customer groups (issue 16): name and code (what rosters and single sign-on mappings
// name a group by, unique per store, lower-case). Versioned edits with their audit rows; a group
// with customers in it is not deleted (their allowance would change without anyone deciding it).

export const GROUP_CODE_TAKEN = 'Another group of this store has this code: choose another one.'

async function assertCodeFree(tx: Executor, websiteId: number, code: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: customerGroups.id })
    .from(customerGroups)
    .where(and(eq(customerGroups.websiteId, websiteId), eq(customerGroups.code, code), exceptId === undefined ? undefined : ne(customerGroups.id, exceptId)))
  if (taken) throw new DomainError('conflict', `group code ${code} taken in store ${websiteId}`, GROUP_CODE_TAKEN)
}

const rowOf = async (tx: Executor, websiteId: number, id: number): Promise<CustomerGroupRow> => (await groupRows(tx, websiteId)).find((row) => row.id === id)!

export async function saveCustomerGroup(ctx: CoreContext, input: ParsedAdminMutationValues['customerGroups.save']): Promise<CustomerGroupRow> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  return db.transaction(async (tx) => {
    if (input.id === undefined) {
      await assertCodeFree(tx, input.websiteId, input.code)
      const [created] = await tx.insert(customerGroups).values({ websiteId: input.websiteId, name: input.name, code: input.code }).returning()
      await recordAudit(tx, ctx, { websiteId: input.websiteId, action: 'customer_group.create', entityType: 'customer_group', entityId: created!.id, after: { name: created!.name, code: created!.code, version: created!.version } })
      return rowOf(tx, input.websiteId, created!.id)
    }
    const group = await groupForStaff(tx, ctx, input.id, { forUpdate: true })
    if (group.websiteId !== input.websiteId) throw new DomainError('not_found', `group ${group.id} is not of store ${input.websiteId}`, 'Customer group not found.')
    if (group.code !== input.code) await assertCodeFree(tx, group.websiteId, input.code, group.id)
    await saveVersioned(tx, ctx, {
      table: customerGroups,
      current: group,
      expectedVersion: input.version,
      noun: 'the group',
      label: `The group ${group.name}`,
      values: { name: input.name, code: input.code },
      audit: { websiteId: group.websiteId, action: 'customer_group.update', entityType: 'customer_group' },
    })
    return rowOf(tx, group.websiteId, group.id)
  })
}

export async function deleteCustomerGroup(ctx: CoreContext, input: ParsedAdminMutationValues['customerGroups.delete']): Promise<{ deleted: true }> {
  const db = await getDb()
  return db.transaction(async (tx) => {
    const group = await groupForStaff(tx, ctx, input.groupId, { forUpdate: true })
    await assertFreshEdit(tx, { entityType: 'customer_group', entityId: group.id, label: `The group ${group.name}`, expectedVersion: input.version, currentVersion: group.version })
    // store-scope: group was read above by groupForStaff, which refuses stores the member may not act on
    const [members] = await tx.select({ members: count() }).from(partners).where(eq(partners.groupId, group.id))
    const n = members?.members ?? 0
    if (n > 0) throw new DomainError('conflict', `group ${group.id} has ${n} members`, `The group ${group.name} has ${n} ${n === 1 ? 'customer' : 'customers'}: move them to another group (or to none) first.`)
    // store-scope: group was read above by groupForStaff, which refuses stores the member may not act on
    await tx.delete(customerGroups).where(eq(customerGroups.id, group.id))
    await recordAudit(tx, ctx, { websiteId: group.websiteId, action: 'customer_group.delete', entityType: 'customer_group', entityId: group.id, before: { name: group.name, code: group.code, version: group.version } })
    return { deleted: true as const }
  })
}

export const CUSTOMER_GROUP_ADMIN_QUERIES = {
  'customerGroups.list': defineAdminQuery('customerGroups.list', async ({ websiteId }, ctx) => {
    await requireStaff(ctx, 'store.manage', websiteId)
    return groupRows(await getDb(), websiteId)
  }),
}

export const CUSTOMER_GROUP_ADMIN_MUTATIONS = {
  'customerGroups.save': defineAdminMutation('customerGroups.save', { handler: (value, ctx) => saveCustomerGroup(ctx, value) }),
  'customerGroups.delete': defineAdminMutation('customerGroups.delete', { handler: (value, ctx) => deleteCustomerGroup(ctx, value) }),
}
