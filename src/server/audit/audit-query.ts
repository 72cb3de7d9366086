import { and, eq, getTableColumns, gte, lt, or, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { AuditLabel } from '@/isomorphic/audit-sentences'
import type { ParsedAdminQueryValues } from '@/isomorphic/contract/admin'
import type { AuditPage, AuditRow } from '@/isomorphic/contract/admin-staff'
import { type Executor, getDb } from '../db/client'
import {
  allowancePrograms,
  auditLog,
  brands,
  categories,
  contentPages,
  customerGroups,
  decorationPartners,
  deliveryMethods,
  giftCards,
  logos,
  orders,
  partners,
  productImages,
  products,
  promotionPrograms,
  staff,
  webhookEndpoints,
  websites,
  workOrders,
} from '../db/schema'
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
// an order's reference gives the order's rows and its work orders' rows (issue 24). The page also
// answers the names of the records its rows mention (a product's name, a customer's email, the
// acting member's name, the stores and their currencies), read in one query for the page, so the
// console reads each row as a sentence (src/isomorphic/audit-sentences.ts, issue 26).

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

/** How each kind of record is named, read by its id: an order by its reference, a customer by email, a picture by its product. */
const NAMED: Record<string, { table: PgTable; name: SQL; parent?: SQL; join?: SQL }> = {
  order: { table: orders, name: sql`${orders.name}` },
  work_order: { table: workOrders, name: sql`${workOrders.reference}` },
  product: { table: products, name: sql`${products.name}` },
  productImage: { table: productImages, name: sql`(select ${products.name} from ${products} where ${products.id} = ${productImages.productId})`, parent: sql`${productImages.productId}` },
  customer: { table: partners, name: sql`${partners.email}` },
  partner: { table: partners, name: sql`${partners.email}` },
  staff: { table: staff, name: sql`${staff.name}` },
  website: { table: websites, name: sql`${websites.name}` },
  category: { table: categories, name: sql`${categories.name}` },
  brand: { table: brands, name: sql`${brands.name}` },
  customer_group: { table: customerGroups, name: sql`${customerGroups.name}` },
  allowance_program: { table: allowancePrograms, name: sql`(select ${customerGroups.name} from ${customerGroups} where ${customerGroups.id} = ${allowancePrograms.groupId})` },
  gift_card: { table: giftCards, name: sql`${giftCards.codeLast4}` },
  promotion: { table: promotionPrograms, name: sql`${promotionPrograms.name}` },
  content_page: { table: contentPages, name: sql`${contentPages.title}` },
  delivery_method: { table: deliveryMethods, name: sql`${deliveryMethods.name}` },
  logo: { table: logos, name: sql`${logos.name}` },
  decorationPartner: { table: decorationPartners, name: sql`${decorationPartners.name}` },
  webhook_endpoint: { table: webhookEndpoints, name: sql`${webhookEndpoints.url}` },
}

const numericId = (value: unknown): number | null => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : ''
  return /^\d{1,9}$/.test(text) ? Number(text) : null
}

/** The ids a page of rows names, by kind: each row's record, the members who acted, the stores, and the ids inside a row the sentences use. */
function idsOf(rows: readonly Pick<AuditRow, 'entityType' | 'entityId' | 'staffId' | 'websiteId' | 'action' | 'after'>[]): Map<string, Set<number>> {
  const ids = new Map<string, Set<number>>()
  const add = (type: string, value: unknown) => {
    const id = numericId(value)
    if (id === null || !NAMED[type]) return
    const set = ids.get(type) ?? new Set<number>()
    set.add(id)
    ids.set(type, set)
  }
  for (const row of rows) {
    add(row.entityType, row.entityId)
    add('staff', row.staffId)
    add('website', row.websiteId)
    const after = row.after !== null && typeof row.after === 'object' ? (row.after as Record<string, unknown>) : {}
    if (row.action.startsWith('staff.') && Array.isArray(after.storeIds)) for (const id of after.storeIds) add('website', id)
    if (row.action.startsWith('product.bulk_') && Array.isArray(after.categoryIds)) for (const id of after.categoryIds) add('category', id)
    if (row.action === 'product.duplicate') add('product', after.duplicateOf)
  }
  return ids
}

/**
 * The names of the records a page of rows is about, in one read (a union of one select per kind),
 * keyed 'order:12'. A store's record is read only within the stores the page's rows belong to.
 */
async function labelsOf(db: Executor, rows: readonly AuditRow[]): Promise<{ labels: Record<string, AuditLabel>; currencies: Record<string, string> }> {
  const stores = [...new Set(rows.flatMap((row) => (row.websiteId === null ? [] : [row.websiteId])))]
  const list = (values: Iterable<number>) => sql.join([...values].map((id) => sql`${id}`), sql`, `)
  const selects = [...idsOf(rows)].flatMap(([type, ids]) => {
    const { table, name, parent } = NAMED[type]!
    const columns = getTableColumns(table) as Record<string, PgColumn>
    const storeOwned = 'websiteId' in columns
    // A store's record is named only for a row of that store (an install-wide row names none).
    if (storeOwned && stores.length === 0) return []
    const scope = storeOwned ? sql` and ${columns.websiteId} in (${list(stores)})` : sql``
    const extra = type === 'website' ? sql`${websites.currency}` : sql`null`
    return [sql`select ${type}::text as type, ${columns.id}::integer as id, (${name})::text as name, (${parent ?? sql`null`})::integer as parent, (${extra})::text as extra from ${table} where ${columns.id} in (${list(ids)})${scope}`]
  })
  if (selects.length === 0) return { labels: {}, currencies: {} }
  type Found = { type: string; id: number; name: string | null; parent: number | null; extra: string | null }
  const result = (await db.execute(sql.join(selects, sql` union all `))) as unknown as { rows: Found[] }
  const labels: Record<string, AuditLabel> = {}
  const currencies: Record<string, string> = {}
  for (const row of result.rows) {
    if (row.name !== null) labels[`${row.type}:${row.id}`] = { name: row.name, parentId: row.parent === null ? null : Number(row.parent) }
    if (row.type === 'website' && row.extra !== null) currencies[String(row.id)] = row.extra
  }
  return { labels, currencies }
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
  const rowsOut = page.rows.map(({ at: _at, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString(), reference: null as string | null }))
  const { labels, currencies } = await labelsOf(db, rowsOut)
  for (const row of rowsOut) if (row.entityType === 'order' || row.entityType === 'work_order') row.reference = labels[`${row.entityType}:${row.entityId}`]?.name ?? null
  return {
    rows: rowsOut,
    labels,
    currencies,
    nextCursor: page.nextCursor,
    previousCursor: page.previousCursor,
  }
}

export const AUDIT_ADMIN_QUERIES = {
  auditLog: defineAdminQuery('auditLog', async (filters, ctx) => readAuditLog(ctx, filters)),
}
