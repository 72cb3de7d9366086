import { and, eq } from 'drizzle-orm'
import { LOGIN_FAILED, TOO_MANY_SIGN_IN_ATTEMPTS } from '@/isomorphic/account-types'
import { assertHuman } from '../adapters/recaptcha'
import { storeRecaptchaSecret } from '../website/website-service'
import { rateLimiter, storeBucket } from '../cache/rate-limiter'
import type { Database } from '../db/client'
import { partners } from '../db/schema'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { verifyPassword } from './passwords'
import { normalizeEmail } from './partner-service'
import { type IssuedToken, startSession } from './session-service'

// Sign-in by email and password (spec 4; security.md 4.8, 4.9). One answer for every failure, an
// argon2 verify even when the account does not exist, and failed attempts limited per (account,
// address) and per address (each attempt is counted before the password is looked at and given
// back when it succeeds). Not per account alone: then anyone could lock
// an owner out by guessing ten times (issue 13); the owner signing in from another address is not
// counted with the attacker, and the attacker's address stays refused.

export const SIGN_IN_WINDOW_MS = 15 * 60_000
/** 503 when the shared attempt counters (Redis) cannot be reached: sign-in never runs unlimited. */
export const SIGN_IN_UNAVAILABLE = 'Sign-in is unavailable for a moment. Please try again in a minute.'
export const SIGN_IN_LIMITS = {
  /** Attempts at one account from one address. */
  perAccount: { max: 10, windowMs: SIGN_IN_WINDOW_MS, refuseWhenUnavailable: SIGN_IN_UNAVAILABLE },
  perAddress: { max: 30, windowMs: SIGN_IN_WINDOW_MS, refuseWhenUnavailable: SIGN_IN_UNAVAILABLE },
}

export type Caller = { websiteId: number; ip: string | null; userAgent: string | null }

/**
 * Counts one sign-in attempt against both limits before the password is looked at (so attempts sent
 * at once are all counted) and throws 429 once either is used up. Returns the give-back for a
 * sign-in that succeeds: only failures count (issue 17), so an office behind one address or
 * colleagues sharing an account are never told to wait for signing in right.
 */
export async function takeSignInAttempt(websiteId: number, email: string, ip: string | null): Promise<() => Promise<void>> {
  const limiter = rateLimiter()
  const keys = [
    [`sign-in:account:${websiteId}:${email}:from:${ip ?? 'unknown'}`, SIGN_IN_LIMITS.perAccount],
    [storeBucket(websiteId, `sign-in:ip:${ip ?? 'unknown'}`), SIGN_IN_LIMITS.perAddress],
  ] as const
  const [account, address] = await Promise.all(keys.map(([key, limit]) => limiter.take(key, limit)))
  if (!account!.allowed || !address!.allowed) {
    logger().warn({ websiteId, ip, perAccount: !account!.allowed }, 'sign-in attempts throttled')
    throw new DomainError('rate_limited', 'too many sign-in attempts', TOO_MANY_SIGN_IN_ATTEMPTS)
  }
  return async () => {
    await Promise.all(keys.map(([key, limit]) => limiter.giveBack(key, limit)))
  }
}

export async function signInWithPassword(
  db: Database,
  input: { login: string; password: string; recaptchaToken?: string | undefined },
  caller: Caller,
): Promise<IssuedToken> {
  const email = normalizeEmail(input.login)
  const succeeded = await takeSignInAttempt(caller.websiteId, email, caller.ip)
  await assertHuman('login', input.recaptchaToken, caller.ip, await storeRecaptchaSecret(db, caller.websiteId))
  const [partner] = await db
    .select({ id: partners.id, passwordHash: partners.passwordHash, isActive: partners.isActive })
    .from(partners)
    .where(and(eq(partners.websiteId, caller.websiteId), eq(partners.email, email)))
  // verifyPassword spends an argon2 verify even without a hash, so both failures take as long.
  const matches = await verifyPassword(partner?.passwordHash, input.password)
  if (!partner || !matches || !partner.isActive) {
    logger().info({ websiteId: caller.websiteId, ip: caller.ip, known: Boolean(partner) }, 'sign-in refused')
    throw new DomainError('unauthorized', 'wrong email or password', LOGIN_FAILED)
  }
  const issued = await startSession(db, { partnerId: partner.id, websiteId: caller.websiteId, method: 'password', ip: caller.ip, userAgent: caller.userAgent })
  await succeeded()
  return issued
}
