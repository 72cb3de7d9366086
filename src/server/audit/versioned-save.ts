import { eq, getTableColumns } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Transaction } from '../db/client'
import type { CoreContext } from '../kernel/context'
import { DomainError } from '../kernel/errors'
import { recordAudit } from './audit-log'
import { assertFreshEdit } from './edit-conflict'

// One versioned, audited save (issue 26): what every console edit of a record with a `version`
// does, in the caller's transaction, after it read the row FOR UPDATE in the member's store:
//   1. the member must send the version they opened (a 400 that says to reload otherwise);
//   2. a stale version is the 409 naming who changed which fields since (edit-conflict.ts);
//   3. a save that changes nothing writes nothing and keeps the version;
//   4. otherwise the row is written with `version + 1` (and `updatedAt`, where the table has it),
//      and one audit row holds the fields that changed, before and after, with both versions.
// The caller keeps what is its own: reading the row, its rules (unique names, scopes), and how a
// value reads in the audit (`shown`, e.g. a promotion's product slugs instead of ids).

type VersionedTable = PgTable & { id: AnyPgColumn; version: AnyPgColumn }

export type VersionedSave<T extends VersionedTable> = {
  table: T
  /** The row as read FOR UPDATE by the caller, in the member's store. */
  current: T['$inferSelect'] & { id: number; version: number }
  /** The version the member opened; undefined is refused. */
  expectedVersion: number | undefined
  /** The record in the member's words: "the redirect" (for "Send the version of the redirect you opened"). */
  noun: string
  /** The record named for a 409: "The redirect from /old". */
  label: string
  /** The columns to write. */
  values: Partial<T['$inferInsert']>
  audit: {
    websiteId: number | null
    action: string
    entityType: string
    /** Defaults to the row's id. */
    entityId?: number | string
    /** The record as the audit shows it, before and after, when it is not the columns themselves. */
    shown?: { before: Record<string, unknown>; after: Record<string, unknown> }
  }
  now?: Date
}

export type VersionedSaveResult<T extends VersionedTable> = { row: T['$inferSelect'] & { id: number; version: number }; version: number; changed: boolean }

/** The fields whose values differ, each side keeping only those (compared as JSON, so arrays and objects compare by value). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> }
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[field] ?? null) === JSON.stringify(after[field] ?? null)) continue
    changed.before[field] = before[field] ?? null
    changed.after[field] = after[field] ?? null
  }
  return changed
}

export async function saveVersioned<T extends VersionedTable>(tx: Transaction, ctx: CoreContext, save: VersionedSave<T>): Promise<VersionedSaveResult<T>> {
  const { current, audit } = save
  const entityId = audit.entityId ?? current.id
  if (save.expectedVersion === undefined) {
    throw new DomainError('invalid', `${audit.entityType} ${entityId} saved without its version`, `Send the version of ${save.noun} you opened: reload the page and try again.`)
  }
  await assertFreshEdit(tx, { entityType: audit.entityType, entityId, label: save.label, expectedVersion: save.expectedVersion, currentVersion: current.version })

  const values = save.values as Record<string, unknown>
  const columns = current as Record<string, unknown>
  const shown = audit.shown ?? { before: Object.fromEntries(Object.keys(values).map((field) => [field, columns[field]])), after: values }
  const changed = changedFields(shown.before, shown.after)
  const written = Object.keys(values).some((field) => JSON.stringify(columns[field] ?? null) !== JSON.stringify(values[field] ?? null))
  if (!written && Object.keys(changed.after).length === 0) return { row: current, version: current.version, changed: false }

  const version = current.version + 1
  const stamp = 'updatedAt' in getTableColumns(save.table) ? { updatedAt: save.now ?? new Date() } : {}
  // The caller read `current` FOR UPDATE in the member's store; this writes that row by its id.
  const rows = (await tx
    .update(save.table)
    .set({ ...values, ...stamp, version } as never)
    .where(eq(save.table.id, current.id))
    .returning()) as unknown as VersionedSaveResult<T>['row'][]
  const row = rows[0]!
  await recordAudit(tx, ctx, {
    websiteId: audit.websiteId,
    action: audit.action,
    entityType: audit.entityType,
    entityId,
    before: { ...changed.before, version: current.version },
    after: { ...changed.after, version },
  })
  return { row, version, changed: true }
}
