import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { Database, Executor } from '../db/client'
import { type Actor, GUEST, type Shopper } from '../kernel/context'
import { partners, sessions } from '../db/schema'
import { env } from '../env'
import { prepared } from '../db/prepared'
import { logger } from '../kernel/logger'
import { signAccessToken, verifyAccessToken } from './access-tokens'
import { signingKey } from './signing-key'

// Server-side sessions (decision 009). Every access token names a session row; the token is
// accepted only while the row is live, so revoking the row ends the token at once.

export type SessionMethod = 'password' | 'sso' | 'signup' | 'reset'
export type RevokeReason = 'logout' | 'password_changed' | 'password_reset' | 'expired' | 'partner_disabled'

/** What a session token stands for: the shopper's partner, session and website. */
export type Principal = Omit<Shopper, 'kind'>

export type IssuedToken = { accessToken: string; expiresAt: number; sessionId: string }

/** The session tokens the edge found (src/web/http.ts): the Authorization header's wins over the cookie's. */
export type Credentials = { bearer: string | null; cookie: string | null }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000)
}

async function issue(db: Database, principal: Omit<Principal, 'partnerId'>, expiresAt: number): Promise<IssuedToken> {
  const accessToken = await signAccessToken(await signingKey(db), { ...principal, expiresAt })
  return { accessToken, expiresAt, sessionId: principal.sessionId }
}

/** Starts a new session for a partner (a new id at every sign-in) and returns its first token. */
export async function startSession(
  db: Database,
  input: { partnerId: number; websiteId: number; method: SessionMethod; ip?: string | null; userAgent?: string | null },
): Promise<IssuedToken> {
  const { ACCESS_TOKEN_TTL_SECONDS, SESSION_MAX_AGE_SECONDS } = env()
  const now = nowSeconds()
  const absoluteEnd = now + SESSION_MAX_AGE_SECONDS
  const expiresAt = Math.min(now + ACCESS_TOKEN_TTL_SECONDS, absoluteEnd)
  const [partner] = await db.select({ uid: partners.uid }).from(partners).where(and(eq(partners.id, input.partnerId), eq(partners.websiteId, input.websiteId)))
  if (!partner) throw new Error(`partner ${input.partnerId} vanished while signing in`)
  const [row] = await db
    .insert(sessions)
    .values({
      partnerId: input.partnerId,
      websiteId: input.websiteId,
      method: input.method,
      expiresAt: new Date(expiresAt * 1000),
      absoluteExpiresAt: new Date(absoluteEnd * 1000),
      ip: input.ip?.slice(0, 64) ?? null,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id })
  logger().info({ partnerId: input.partnerId, method: input.method, ip: input.ip }, 'session started')
  return issue(db, { partnerUid: partner.uid, sessionId: row!.id, websiteId: input.websiteId }, expiresAt)
}

/** The partner behind a live session of a website: the check every signed-in request makes. */
const liveSessionQuery = (db: Database) =>
  prepared(db, 'live_session', () =>
    db
      .select({ partnerId: sessions.partnerId, partnerUid: partners.uid })
      .from(sessions)
      .innerJoin(partners, eq(partners.id, sessions.partnerId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.websiteId, sql.placeholder('websiteId')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          eq(partners.isActive, true),
          eq(partners.websiteId, sql.placeholder('websiteId')),
        ),
      ),
  )

/** The caller behind a token when the token verifies and its session is live and its partner active. */
export async function authenticateToken(db: Database, token: string | null, websiteId: number): Promise<Principal | null> {
  if (!token) return null
  const claims = await verifyAccessToken(await signingKey(db), token, websiteId)
  if (!claims || !UUID.test(claims.sessionId)) return null
  const [row] = await liveSessionQuery(db).execute({ sessionId: claims.sessionId, websiteId })
  if (!row || row.partnerUid !== claims.partnerUid) return null
  return { partnerId: row.partnerId, partnerUid: row.partnerUid, sessionId: claims.sessionId, websiteId }
}

/** authenticateToken over a request's credentials (bearer first, then cookie). */
export function authenticate(db: Database, credentials: Credentials, websiteId: number): Promise<Principal | null> {
  return authenticateToken(db, credentials.bearer ?? credentials.cookie, websiteId)
}

/** Who acts behind the credentials: the shopper of a live session, else a guest. */
export async function actorFor(db: Database, credentials: Credentials, websiteId: number): Promise<Actor> {
  const principal = await authenticate(db, credentials, websiteId)
  return principal ? { kind: 'shopper', ...principal } : GUEST
}

/** A new token for a live session, its expiry moved forward (never past the session's absolute end). */
export async function refreshSession(db: Database, principal: Principal): Promise<IssuedToken | null> {
  const { ACCESS_TOKEN_TTL_SECONDS } = env()
  // store-scope: the session id or partner comes from a live session of this store (its token names the store)
  const [row] = await db
    .update(sessions)
    .set({
      refreshedAt: sql`now()`,
      expiresAt: sql`least(now() + make_interval(secs => ${ACCESS_TOKEN_TTL_SECONDS}), ${sessions.absoluteExpiresAt})`,
    })
    .where(and(eq(sessions.id, principal.sessionId), isNull(sessions.revokedAt), gt(sessions.absoluteExpiresAt, sql`now()`)))
    .returning({ expiresAt: sessions.expiresAt })
  if (!row) return null
  const expiresAt = Math.floor(row.expiresAt.getTime() / 1000)
  if (expiresAt <= nowSeconds()) return null
  return issue(db, principal, expiresAt)
}

/** Ends one session. Idempotent: a second call changes nothing. */
export async function revokeSession(db: Executor, sessionId: string, reason: RevokeReason): Promise<void> {
  if (!UUID.test(sessionId)) return
  // store-scope: the session id or partner comes from a live session of this store (its token names the store)
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

/** Ends every live session of a partner, except `keep` (the one changing its password). */
export async function revokePartnerSessions(db: Executor, partnerId: number, reason: RevokeReason, keep?: string): Promise<number> {
  // store-scope: the session id or partner comes from a live session of this store (its token names the store)
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.partnerId, partnerId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id })
  return rows.length
}
