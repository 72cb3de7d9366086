import { eq } from 'drizzle-orm'
import { getDb } from '../db/client'
import { staff } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { DomainError } from '../kernel/errors'

// Owners must sign in with a second factor (issue 15, decision 021). An owner signed in with a
// password alone (their account has no TOTP yet) may call only the keys below — who am I, and
// turning TOTP on; every other console call is a 403 saying what to do. Asked by the admin registry
// before any key runs, so no page or route can forget it. Contexts built by commands and tests
// (no console session) are not signed in and are not asked.

export const ENROL_SECOND_FACTOR_FIRST = 'Turn on two-factor sign-in first (Security): an owner account needs it before anything else.'

export const OPEN_BEFORE_ENROLMENT: ReadonlySet<string> = new Set(['consoleMe', 'startTotpEnrolment', 'confirmTotpEnrolment'])

export async function assertSecondFactorReady(ctx: CoreContext, key: string): Promise<void> {
  if (OPEN_BEFORE_ENROLMENT.has(key)) return
  const actor = await ctx.actor()
  if (actor.kind !== 'staff' || actor.role !== 'owner' || actor.sessionId === null) return
  const db = await getDb()
  const [row] = await db.select({ totpEnabledAt: staff.totpEnabledAt }).from(staff).where(eq(staff.id, actor.staffId))
  if (!row?.totpEnabledAt) throw new DomainError('forbidden', `owner ${actor.staffId} has no second factor`, ENROL_SECOND_FACTOR_FIRST)
}
