import type { Executor } from '../db/client'
import { auditLog } from '../db/schema'
import type { CoreContext } from '../kernel/context'

// The audit log (issue 15): every staff write appends a row here in the same transaction as the
// change, so a change without its row (or a row without its change) cannot exist. Append-only.

export type AuditEntry = {
  /** The store the change belongs to; null for install-wide changes (staff accounts). */
  websiteId: number | null
  /** Verb in `<entity>.<verb>` form: 'order.mark_paid', 'order.cancel', 'staff.invite'. */
  action: string
  entityType: string
  entityId: string | number
  before?: unknown
  after?: unknown
}

/**
 * Appends the row for a write made by the context's staff member or decoration partner. Call it with
 * the transaction that makes the change. A context whose actor is neither (a job, a command) is
 * recorded under its own name with role 'system'.
 */
export async function recordAudit(tx: Executor, ctx: CoreContext, entry: AuditEntry): Promise<void> {
  const actor = await ctx.actor()
  const who =
    actor.kind === 'staff'
      ? { staffId: actor.staffId, staffEmail: actor.email, role: actor.role }
      : actor.kind === 'decorationPartner'
        ? { staffId: actor.staffId, staffEmail: actor.email, role: 'decoration_partner' }
        : actor.kind === 'system'
          ? { staffId: null, staffEmail: `system:${actor.job}`, role: 'system' }
          : null
  if (!who) throw new Error(`recordAudit: a ${actor.kind} does not write through the console`)
  await tx.insert(auditLog).values({
    ...who,
    websiteId: entry.websiteId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: ctx.clientKey,
  })
}
