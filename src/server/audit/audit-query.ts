import { and, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import type { ParsedAdminQueryValues } from '@/isomorphic/contract/admin'
import type { AuditPage } from '@/isomorphic/contract/admin-staff'
import { type Executor, getDb } from '../db/client'
import { auditLog, orders, workOrders } from '../db/schema'
import { defineAdminQuery } from '../kernel/admin-definition'
import type { CoreContext } from '../kernel/context'
import { cursorTime, keysetAfter, keysetOrderBy, listCursor } from '../kernel/list-cursor'
import { requireStaff } from '../kernel/permissions'

// Reading the audit log (issue 15), for owners: newest first, filtered by store, member, action
// (a prefix: 'order.' is every order action), entity and days, paged by keyset on (createdAt, id)
// — the audit_log_created_idx order — so page 500 costs what page 1 costs (list-cursor.ts: the
// cursor keeps the row's time to the microsecond, not as a JavaScript Date's milliseconds).
//
// Rows keep the entity's internal id (entityId); a row about an order or a work order also answers
// its reference (S00012, S00012-1), which is how the store names it, and `reference` finds them:
// an order's reference gives the order's rows and its work orders' rows (issue 24).

/** Newest first, by time then id: list-cursor.ts. */
const AUDIT_CURSOR = listCursor({ sort: 'created', dir: 'desc', keys: ['time', 'id'] })

/** Rows about the order or work order `reference` names (validated and upper-cased by the contract). */
function aboutReference(reference: string): SQL {
  const dash = reference.indexOf('-')
  if (dash >= 0) {
    const ofOrder = sql`select ${workOrders.id}::text from ${workOrders} join ${orders} on ${orders.id} = ${workOrders.orderId} where ${orders.name} = ${reference.slice(0, dash)} and ${workOrders.reference} = ${reference}`
    return and(eq(auditLog.entityType, 'work_order'), sql`${auditLog.entityId} in (${ofOrder})`)!
  }
  const order = sql`select ${orders.id}::text from ${orders} where ${orders.name} = ${reference}`
  const work = sql`select ${workOrders.id}::text from ${workOrders} join ${orders} on ${orders.id} = ${workOrders.orderId} where ${orders.name} = ${reference}`
  return or(and(eq(auditLog.entityType, 'order'), sql`${auditLog.entityId} in (${order})`), and(eq(auditLog.entityType, 'work_order'), sql`${auditLog.entityId} in (${work})`))!
}

/** The references of the orders and work orders a page of rows is about, by entity type and id (two reads at most). */
async function referencesOf(db: Executor, rows: readonly { entityType: string; entityId: string }[]): Promise<Map<string, string>> {
  const idsOf = (type: string) => [...new Set(rows.filter((row) => row.entityType === type && /^\d{1,9}$/.test(row.entityId)).map((row) => Number(row.entityId)))]
  const orderIds = idsOf('order')
  const workOrderIds = idsOf('work_order')
  const [orderNames, workOrderNames] = await Promise.all([
    // store-scope: ids come from audit rows already read for the stores the member sees
    orderIds.length === 0 ? [] : db.select({ id: orders.id, reference: orders.name }).from(orders).where(inArray(orders.id, orderIds)),
    // store-scope: ids come from audit rows already read for the stores the member sees
    workOrderIds.length === 0 ? [] : db.select({ id: workOrders.id, reference: workOrders.reference }).from(workOrders).where(inArray(workOrders.id, workOrderIds)),
  ])
  return new Map([...orderNames.map((row) => [`order:${row.id}`, row.reference] as const), ...workOrderNames.map((row) => [`work_order:${row.id}`, row.reference] as const)])
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`)
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`)

export async function readAuditLog(ctx: CoreContext, filters: ParsedAdminQueryValues['auditLog']): Promise<AuditPage> {
  await requireStaff(ctx, 'audit.read')
  const conditions: (SQL | undefined)[] = [
    filters.websiteId === undefined ? undefined : eq(auditLog.websiteId, filters.websiteId),
    filters.staffId === undefined ? undefined : eq(auditLog.staffId, filters.staffId),
    filters.actionPrefix === undefined ? undefined : sql`${auditLog.action} like ${`${escapeLike(filters.actionPrefix)}%`}`,
    filters.entityType === undefined ? undefined : eq(auditLog.entityType, filters.entityType),
    filters.entityId === undefined ? undefined : eq(auditLog.entityId, filters.entityId),
    filters.reference === undefined ? undefined : aboutReference(filters.reference),
    filters.from === undefined ? undefined : gte(auditLog.createdAt, dayStart(filters.from)),
    filters.to === undefined ? undefined : lt(auditLog.createdAt, new Date(dayStart(filters.to).getTime() + 86_400_000)),
  ]
  const at = AUDIT_CURSOR.read(filters.cursor)
  const readDir = AUDIT_CURSOR.readDirection(at)
  if (at) conditions.push(keysetAfter([auditLog.createdAt, auditLog.id], [sql`${at.values[0]}::timestamptz`, sql`${at.values[1]}::integer`], readDir))
  const db = await getDb()
  const rows = await db
    .select({
      id: auditLog.id,
      at: cursorTime(auditLog.createdAt),
      createdAt: auditLog.createdAt,
      staffId: auditLog.staffId,
      staffEmail: auditLog.staffEmail,
      role: auditLog.role,
      websiteId: auditLog.websiteId,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(...keysetOrderBy([auditLog.createdAt, auditLog.id], readDir))
    .limit(filters.limit + 1)
  const page = AUDIT_CURSOR.page(rows, filters.limit, at, (row) => [row.at, row.id])
  const references = await referencesOf(db, page.rows)
  return {
    rows: page.rows.map(({ at: _at, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString(), reference: references.get(`${row.entityType}:${row.entityId}`) ?? null })),
    nextCursor: page.nextCursor,
    previousCursor: page.previousCursor,
  }
}

export const AUDIT_ADMIN_QUERIES = {
  auditLog: defineAdminQuery('auditLog', async (filters, ctx) => readAuditLog(ctx, filters)),
}
