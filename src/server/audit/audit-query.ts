import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import type { ParsedAdminQueryValues } from '@/isomorphic/contract/admin'
import type { AuditPage } from '@/isomorphic/contract/admin-staff'
import { getDb } from '../db/client'
import { auditLog } from '../db/schema'
import { defineAdminQuery } from '../kernel/admin-definition'
import type { CoreContext } from '../kernel/context'
import { DomainError } from '../kernel/errors'
import { requireStaff } from '../kernel/permissions'

// Reading the audit log (issue 15), for owners: newest first, filtered by store, member, action
// (a prefix: 'order.' is every order action), entity and days, paged by keyset on (createdAt, id)
// — the audit_log_created_idx order — so page 500 costs what page 1 costs. The cursor carries the
// row's time as PostgreSQL prints it (microseconds kept), not as a JavaScript Date (milliseconds).

const BAD_CURSOR = 'The page cursor is not valid; start again from the first page.'

type Cursor = { at: string; id: number }

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url')
}

function decodeCursor(value: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[]
    if (typeof at === 'string' && /^[\d\-:. +]{10,40}$/.test(at) && Number.isSafeInteger(id)) return { at, id: id as number }
  } catch {
    // answered below
  }
  throw new DomainError('invalid', 'bad audit cursor', BAD_CURSOR)
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
    filters.from === undefined ? undefined : gte(auditLog.createdAt, dayStart(filters.from)),
    filters.to === undefined ? undefined : lt(auditLog.createdAt, new Date(dayStart(filters.to).getTime() + 86_400_000)),
  ]
  if (filters.cursor !== undefined) {
    const cursor = decodeCursor(filters.cursor)
    conditions.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${cursor.at}::timestamptz, ${cursor.id})`)
  }
  const db = await getDb()
  const rows = await db
    .select({
      id: auditLog.id,
      at: sql<string>`${auditLog.createdAt}::text`,
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
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filters.limit + 1)
  const page = rows.slice(0, filters.limit)
  const last = page.at(-1)
  return {
    rows: page.map(({ at: _at, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() })),
    nextCursor: rows.length > filters.limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
  }
}

export const AUDIT_ADMIN_QUERIES = {
  auditLog: defineAdminQuery('auditLog', async (filters, ctx) => readAuditLog(ctx, filters)),
}
