import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { createHash, randomBytes } from 'node:crypto'
import type { z } from 'zod'
import type { Executor } from '../db/client'
import { accountTokens } from '../db/schema'
import { env } from '../env'
import { DomainError } from '../kernel/errors'

// Single-use links sent by mail (sign-up confirmation, password reset). The token is 32 random
// bytes (base64url, 43 characters) and lives only in the mail; the database keeps its SHA-256, so
// a copy of the table opens nothing. Using a link is one conditional UPDATE: of two requests with
// the same token exactly one gets the row back (security.md 4.4, 4.8).

export type AccountLinkKind = 'signup' | 'password_reset'

export type AccountLink = {
  id: number
  websiteId: number
  kind: AccountLinkKind
  email: string
  partnerId: number | null
  payload: Record<string, unknown> | null
  expiresAt: Date
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

export function newLinkToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

const linkColumns = {
  id: accountTokens.id,
  websiteId: accountTokens.websiteId,
  kind: accountTokens.kind,
  email: accountTokens.email,
  partnerId: accountTokens.partnerId,
  payload: accountTokens.payload,
  expiresAt: accountTokens.expiresAt,
}

/** Stores a new link and returns its token (for the mail only) and expiry. */
export async function createAccountLink(
  db: Executor,
  input: { kind: AccountLinkKind; websiteId: number; email: string; partnerId?: number | null; payload?: Record<string, unknown> | null },
  { ttlSeconds = env().ACCOUNT_LINK_TTL_SECONDS }: { ttlSeconds?: number } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = newLinkToken()
  const [row] = await db
    .insert(accountTokens)
    .values({
      kind: input.kind,
      websiteId: input.websiteId,
      email: input.email,
      partnerId: input.partnerId ?? null,
      payload: input.payload ?? null,
      tokenHash: hashLinkToken(token),
      // The database's clock decides both the expiry and, later, whether it has passed.
      expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
    })
    .returning({ expiresAt: accountTokens.expiresAt })
  return { token, expiresAt: row!.expiresAt }
}

function live(kind: AccountLinkKind, token: string, websiteId: number) {
  return and(
    eq(accountTokens.tokenHash, hashLinkToken(token)),
    eq(accountTokens.kind, kind),
    eq(accountTokens.websiteId, websiteId),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, sql`now()`),
  )
}

/**
 * Uses a link: marks it used and returns it when it exists for this website and kind, is unused
 * and has not expired; otherwise null. Atomic: concurrent calls with one token, one winner.
 */
export async function consumeAccountLink(db: Executor, kind: AccountLinkKind, token: string, websiteId: number): Promise<AccountLink | null> {
  if (!TOKEN_SHAPE.test(token)) return null
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(live(kind, token, websiteId))
    .returning(linkColumns)
  return row ?? null
}

/** The link, if it could be used now; does not use it (to refuse early before costly work). */
export async function findUsableAccountLink(db: Executor, kind: AccountLinkKind, token: string, websiteId: number): Promise<AccountLink | null> {
  if (!TOKEN_SHAPE.test(token)) return null
  const [row] = await db.select(linkColumns).from(accountTokens).where(live(kind, token, websiteId))
  return row ?? null
}

/** Marks every unused link of a kind for a partner as used (after a reset, older links die too). */
export async function retireAccountLinks(db: Executor, kind: AccountLinkKind, partnerId: number): Promise<void> {
  // store-scope: partnerId is the one whose link was just used on this store
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.kind, kind), eq(accountTokens.partnerId, partnerId), isNull(accountTokens.usedAt)))
}

/**
 * Parses the body of an account endpoint. A failure is one 400 whose message is the first problem
 * as a sentence a person can act on (the schemas' messages are written that way).
 */
export function validInput<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.map((name) => `'${name.replace(/[^\x20-\x7e]/g, '?').slice(0, 40)}'`).join(', ')
    throw new DomainError('invalid', `unknown fields ${names}`, `Unknown field${issue.keys.length > 1 ? 's' : ''} ${names}: leave ${issue.keys.length > 1 ? 'them' : 'it'} out.`)
  }
  throw new DomainError('invalid', `invalid input at ${issue.path.join('.') || '(body)'}: ${issue.message}`, issue.message)
}
