import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm'
import type { Database, Executor } from '../db/client'
import { staff, staffSessions, staffStores } from '../db/schema'
import { type Actor, type DecorationPartner, GUEST, type Staff } from '../kernel/context'

// Console sessions (issue 15, decision 021). The browser holds 32 random bytes (base64url) in the
// admin cookie; the database keeps only their SHA-256, so a copy of the table opens nothing. A
// session lives while it is used: 30 minutes without a call ends it (lastSeenAt, moved at most once
// a minute), and 12 hours after sign-in it ends whatever happens. A session whose password was
// right but whose second factor is still to come acts as nobody, except for finishing the sign-in.

export const IDLE_TIMEOUT_MS = 30 * 60_000
export const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60_000
/** A sign-in waiting for its code is given this long to receive it. */
export const SECOND_FACTOR_WINDOW_MS = 10 * 60_000
const TOUCH_EVERY_MS = 60_000

export type StaffRevokeReason = 'sign_out' | 'password_changed' | 'deactivated' | 'role_changed'

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Tokens are 43 base64url characters; anything else is not looked up at all. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

export type StartedStaffSession = { token: string; sessionId: string; absoluteExpiresAt: Date }

export async function startStaffSession(
  db: Executor,
  input: { staffId: number; secondFactorDone: boolean; ip: string | null; userAgent: string | null; now?: Date },
): Promise<StartedStaffSession> {
  const now = input.now ?? new Date()
  const token = newSessionToken()
  const absoluteExpiresAt = new Date(now.getTime() + ABSOLUTE_LIFETIME_MS)
  const [row] = await db
    .insert(staffSessions)
    .values({
      staffId: input.staffId,
      tokenHash: hashToken(token),
      secondFactorDone: input.secondFactorDone,
      createdAt: now,
      lastSeenAt: now,
      absoluteExpiresAt,
      ip: input.ip?.slice(0, 64) ?? null,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: staffSessions.id })
  return { token, sessionId: row!.id, absoluteExpiresAt }
}

export type LiveSessionRow = {
  sessionId: string
  staffId: number
  secondFactorDone: boolean
  createdAt: Date
  lastSeenAt: Date
  email: string
  name: string
  role: string
  decorationPartnerId: number | null
  totpEnabled: boolean
}

/** Whether a session row is still alive at `now` (not revoked, not idle too long, not past its end). */
export function sessionIsLive(row: { revokedAt: Date | null; lastSeenAt: Date; absoluteExpiresAt: Date; isActive: boolean }, now: Date): boolean {
  if (row.revokedAt || !row.isActive) return false
  if (now.getTime() >= row.absoluteExpiresAt.getTime()) return false
  return now.getTime() - row.lastSeenAt.getTime() < IDLE_TIMEOUT_MS
}

/** The session behind a cookie token, with its member, when it is alive at `now`; null otherwise. */
export async function liveStaffSession(db: Executor, token: string | null, now: Date = new Date()): Promise<LiveSessionRow | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null
  return liveSessionWhere(db, eq(staffSessions.tokenHash, hashToken(token)), now)
}

async function liveSessionWhere(db: Executor, where: SQL, now: Date): Promise<LiveSessionRow | null> {
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      staffId: staffSessions.staffId,
      secondFactorDone: staffSessions.secondFactorDone,
      createdAt: staffSessions.createdAt,
      lastSeenAt: staffSessions.lastSeenAt,
      absoluteExpiresAt: staffSessions.absoluteExpiresAt,
      revokedAt: staffSessions.revokedAt,
      email: staff.email,
      name: staff.name,
      role: staff.role,
      decorationPartnerId: staff.decorationPartnerId,
      totpEnabledAt: staff.totpEnabledAt,
      isActive: staff.isActive,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(where)
  if (!row || !sessionIsLive(row, now)) return null
  if (!row.secondFactorDone && now.getTime() - row.createdAt.getTime() >= SECOND_FACTOR_WINDOW_MS) return null
  return {
    sessionId: row.sessionId,
    staffId: row.staffId,
    secondFactorDone: row.secondFactorDone,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    email: row.email,
    name: row.name,
    role: row.role,
    decorationPartnerId: row.decorationPartnerId,
    totpEnabled: row.totpEnabledAt !== null,
  }
}

/**
 * Who acts behind an admin cookie's token at `now`: the staff member or decoration partner's member
 * of a live, fully signed-in session, else a guest (no token, unknown or revoked session, idle or
 * past its end, an inactive member, or a second factor still to come). Moves lastSeenAt forward
 * (at most once a minute), which is what keeps a used session alive.
 */
export async function staffActorFor(db: Database, token: string | null, now: Date = new Date()): Promise<Actor> {
  const session = await liveStaffSession(db, token, now)
  if (!session || !session.secondFactorDone) return GUEST
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, session.sessionId))
  }
  return actorOf(db, session)
}

const SESSION_ID_SHAPE = /^[0-9a-f-]{36}$/i

/**
 * Who acts in a session named by its id (not its token), when it is still live and fully signed
 * in; else a guest. For a console action that comes back from another site without the admin
 * cookie (SameSite=Strict): the console's single sign-on test, whose sealed flow names the session.
 * Does not keep the session alive.
 */
export async function staffActorForSessionId(db: Executor, sessionId: string, now: Date = new Date()): Promise<Actor> {
  if (!SESSION_ID_SHAPE.test(sessionId)) return GUEST
  const session = await liveSessionWhere(db, eq(staffSessions.id, sessionId), now)
  if (!session || !session.secondFactorDone) return GUEST
  return actorOf(db, session)
}

async function actorOf(db: Executor, session: LiveSessionRow): Promise<Staff | DecorationPartner | typeof GUEST> {
  const who = { staffId: session.staffId, email: session.email, name: session.name, sessionId: session.sessionId }
  if (session.role === 'decoration_partner') {
    return session.decorationPartnerId === null ? GUEST : { kind: 'decorationPartner', ...who, decorationPartnerId: session.decorationPartnerId }
  }
  if (session.role !== 'owner' && session.role !== 'store_manager' && session.role !== 'fulfilment') return GUEST
  const storeIds =
    session.role === 'owner'
      ? []
      // store-scope: staff are install-wide: these are the stores the member may act on
      : (await db.select({ websiteId: staffStores.websiteId }).from(staffStores).where(eq(staffStores.staffId, session.staffId))).map((row) => row.websiteId)
  return { kind: 'staff', ...who, role: session.role, storeIds }
}

/** Ends one session by its token (sign-out). Idempotent. */
export async function revokeStaffSessionByToken(db: Executor, token: string | null, reason: StaffRevokeReason, now: Date = new Date()): Promise<void> {
  if (!token || !TOKEN_SHAPE.test(token)) return
  await db
    .update(staffSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(staffSessions.tokenHash, hashToken(token)), isNull(staffSessions.revokedAt)))
}

/** Ends every live session of a member, except `keep` (the one changing its own password). */
export async function revokeStaffSessions(db: Executor, staffId: number, reason: StaffRevokeReason, keep?: string | null): Promise<number> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt), keep ? ne(staffSessions.id, keep) : undefined))
    .returning({ id: staffSessions.id })
  return rows.length
}
