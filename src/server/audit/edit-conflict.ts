import { and, asc, eq, sql } from 'drizzle-orm'
import type { EditConflictChange, EditConflictData } from '@/isomorphic/contract/admin-edit'
import type { Executor } from '../db/client'
import { auditLog } from '../db/schema'
import { DomainError } from '../kernel/errors'

// Two members editing one record (issue 16): the second save must not silently undo the first.
// Every editable record has a `version` (schema/columns.ts); a save reads the row FOR UPDATE, calls
// assertFreshEdit with the version the member opened, writes `version + 1`, and records its audit
// row with `after.version` set to the new version. A stale save is a 409 naming who changed which
// fields since, read from those audit rows.

/** Fields that move on every save and say nothing to the member. */
const NOT_SHOWN = new Set(['version', 'updatedAt', 'createdAt'])

/**
 * Throws a 409 when the member opened `expectedVersion` but the record is at `currentVersion`.
 * `label` names the record for the member ("The product Heavy Hoodie").
 */
export async function assertFreshEdit(
  tx: Executor,
  edit: { entityType: string; entityId: string | number; label: string; expectedVersion: number; currentVersion: number },
): Promise<void> {
  if (edit.expectedVersion === edit.currentVersion) return
  const changes = await changesSince(tx, edit.entityType, edit.entityId, edit.expectedVersion)
  const fields = [...new Set(changes.map((change) => change.field))]
  const who = [...new Set(changes.map((change) => change.by))]
  const what = fields.length > 0 ? ` (${fields.join(', ')})` : ''
  const by = who.length > 0 ? ` by ${who.join(', ')}` : ''
  const data: EditConflictData = { kind: 'editConflict', currentVersion: edit.currentVersion, changes }
  throw new DomainError(
    'conflict',
    `stale edit of ${edit.entityType} ${edit.entityId}: opened version ${edit.expectedVersion}, now ${edit.currentVersion}`,
    `${edit.label} was changed${by} since you opened it${what}. Reload to see the new values, then make your change again.`,
    data,
  )
}

/** The field changes recorded for a record after `version`, oldest first. */
export async function changesSince(tx: Executor, entityType: string, entityId: string | number, version: number): Promise<EditConflictChange[]> {
  // store-scope: entity ids are install-unique; the caller read the entity for its store first
  const rows = await tx
    .select({ before: auditLog.before, after: auditLog.after, by: auditLog.staffEmail, at: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, entityType),
        eq(auditLog.entityId, String(entityId)),
        sql`jsonb_typeof(${auditLog.after} -> 'version') = 'number' and (${auditLog.after} ->> 'version')::int > ${version}`,
      ),
    )
    .orderBy(asc(auditLog.id))
  const changes: EditConflictChange[] = []
  for (const row of rows) {
    const before = asRecord(row.before)
    const after = asRecord(row.after)
    for (const field of Object.keys(after)) {
      if (NOT_SHOWN.has(field)) continue
      if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue
      changes.push({ field, before: before[field] ?? null, after: after[field] ?? null, by: row.by, at: row.at.toISOString() })
    }
  }
  return changes
}

const asRecord = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {})
