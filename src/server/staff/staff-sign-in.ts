import { eq, sql } from 'drizzle-orm'
import { verifyPassword } from '../accounts/passwords'
import { type RateLimit, rateLimiter } from '../cache/rate-limiter'
import type { Database } from '../db/client'
import { staff, staffSessions } from '../db/schema'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { spendRecoveryCode, takeTotpCode } from './second-factor'
import { knownDevice, offerDeviceLink, rememberDevice, type RememberedDevice } from './staff-devices'
import { hashToken, liveStaffSession, newSessionToken, revokeStaffSessionByToken, startStaffSession } from './staff-sessions'

// Signing in to the console (issue 15, decision 021): email and password, then — for a member who
// turned two-factor on — a TOTP code (each taken once) or a recovery code. One answer for every wrong
// password, an argon2 verify even for an unknown email, and failed attempts limited before anything
// is looked at: per client address, per email from one address, and per email from everywhere.
// That last cap is the one many addresses can use up together, so it binds only browsers the member
// has not signed in on before: a known device (its cookie, staff-devices.ts) has limits of its own
// instead, and nobody can lock a member out of the browsers they use (issue 24). The code step is
// limited per pending session and per account (again per device for a known one), so a stolen
// password gives a handful of guesses at six digits, not a million, whatever the number of sessions.

export const STAFF_SIGN_IN_FAILED = 'The email or password is not right, or the account is not active.'
export const STAFF_TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait 15 minutes and try again.'
/** The install-wide cap of one account, met by an unknown browser (said alike for every email, known or not). */
export const STAFF_SIGN_IN_HELD =
  'Too many sign-in attempts on this account from browsers it does not know. If it is a console account, we have emailed it a link that lets this browser sign in; otherwise please wait 15 minutes.'
export const STAFF_SIGN_IN_UNAVAILABLE = 'Sign-in is unavailable for a moment. Please try again in a minute.'
export const SECOND_FACTOR_FAILED = 'That code is not right. Enter the 6-digit code from your authenticator app, or one of your recovery codes.'
export const SIGN_IN_AGAIN = 'Your sign-in has expired. Please sign in again.'

const WINDOW_MS = 15 * 60_000
export const STAFF_SIGN_IN_LIMITS = {
  perAddress: { max: 30, windowMs: WINDOW_MS, refuseWhenUnavailable: STAFF_SIGN_IN_UNAVAILABLE },
  /** Attempts at one account from one address (not per account alone: anyone could then lock an owner out, issue 13). */
  perEmail: { max: 10, windowMs: WINDOW_MS, refuseWhenUnavailable: STAFF_SIGN_IN_UNAVAILABLE },
  /** Attempts at one account from everywhere: a brake on guessing spread over many addresses. */
  perEmailEverywhere: { max: 100, windowMs: WINDOW_MS, refuseWhenUnavailable: STAFF_SIGN_IN_UNAVAILABLE },
  /** Attempts at one account from one of its known devices (in place of the install-wide cap). */
  perDevice: { max: 10, windowMs: WINDOW_MS, refuseWhenUnavailable: STAFF_SIGN_IN_UNAVAILABLE },
  /** Codes tried for one pending sign-in. */
  perSession: { max: 5, windowMs: WINDOW_MS, refuseWhenUnavailable: STAFF_SIGN_IN_UNAVAILABLE },
  /**
   * Wrong codes at one account from browsers it does not know, over fresh sessions, in a day: with a
   * code valid for three steps, 30 guesses a day find one in ~11,000 days.
   */
  codesPerAccount: { max: 30, windowMs: 24 * 60 * WINDOW_MS / 15, refuseWhenUnavailable: STAFF_SIGN_IN_UNAVAILABLE },
  /** Wrong codes from one known device of the account (in place of the account's cap). */
  codesPerDevice: { max: 10, windowMs: WINDOW_MS, refuseWhenUnavailable: STAFF_SIGN_IN_UNAVAILABLE },
} satisfies Record<string, RateLimit>

/** Who is signing in: the client's address and browser, and the device cookie's token when it sent one. */
export type StaffCaller = { ip: string | null; userAgent: string | null; deviceToken?: string | null }

/**
 * Where a sign-in goes next: 'second_factor' (a code is asked; the session acts as nobody until
 * then), 'enrol' (an owner without a second factor: signed in, but may only turn it on), 'done'.
 */
export type SignInStep = 'second_factor' | 'enrol' | 'done'

/** `device`: the device cookie to set, once the sign-in is finished (not while a code is still asked). */
export type StaffSignIn = { token: string; absoluteExpiresAt: Date; next: SignInStep; device?: RememberedDevice }

/**
 * Counts one attempt on every key before anything is checked (attempts sent at once are all
 * counted) and refuses once a limit is used up — with `held` when the last key alone refused (the
 * account's cap for unknown browsers). Returns the give-back for an attempt that succeeds: only
 * failures count (issue 17), so members signing in right from one office are never held up.
 */
async function take(keys: [string, RateLimit][], log: Record<string, unknown>, held?: () => DomainError): Promise<() => Promise<void>> {
  const limiter = rateLimiter()
  const decisions = await Promise.all(keys.map(([key, limit]) => limiter.take(key, limit)))
  const refused = decisions.flatMap((decision, index) => (decision.allowed ? [] : [index]))
  if (refused.length > 0) {
    logger().warn({ ...log, refused: refused.map((index) => keys[index]![0].split(':').slice(0, 2).join(':')) }, 'console sign-in attempts throttled')
    if (held && refused.length === 1 && refused[0] === keys.length - 1) throw held()
    throw new DomainError('rate_limited', 'too many console sign-in attempts', STAFF_TOO_MANY_ATTEMPTS)
  }
  return async () => {
    await Promise.all(keys.map(([key, limit]) => limiter.giveBack(key, limit)))
  }
}

export async function signInStaff(db: Database, input: { email: string; password: string }, caller: StaffCaller, now: Date = new Date()): Promise<StaffSignIn> {
  const email = input.email.trim().toLowerCase()
  const device = await knownDevice(db, caller.deviceToken, { email }, now)
  const succeeded = await take(
    [
      [`staff-sign-in:ip:${caller.ip ?? 'unknown'}`, STAFF_SIGN_IN_LIMITS.perAddress],
      [`staff-sign-in:email:${email}:from:${caller.ip ?? 'unknown'}`, STAFF_SIGN_IN_LIMITS.perEmail],
      device ? [`staff-sign-in:device:${device.deviceId}`, STAFF_SIGN_IN_LIMITS.perDevice] : [`staff-sign-in:email:${email}`, STAFF_SIGN_IN_LIMITS.perEmailEverywhere],
    ],
    { ip: caller.ip, knownDevice: device !== null },
    device
      ? undefined
      : () => {
          offerDeviceLink(db, email, now)
          return new DomainError('rate_limited', 'console account held for unknown browsers', STAFF_SIGN_IN_HELD)
        },
  )
  const [member] = await db
    .select({ id: staff.id, passwordHash: staff.passwordHash, isActive: staff.isActive, role: staff.role, totpEnabledAt: staff.totpEnabledAt })
    .from(staff)
    .where(eq(sql`lower(${staff.email})`, email))
  const matches = await verifyPassword(member?.passwordHash, input.password)
  if (!member || !matches || !member.isActive) {
    logger().info({ ip: caller.ip, known: Boolean(member) }, 'console sign-in refused')
    throw new DomainError('unauthorized', 'wrong console email or password', STAFF_SIGN_IN_FAILED)
  }
  const hasSecondFactor = member.totpEnabledAt !== null
  const session = await startStaffSession(db, { staffId: member.id, secondFactorDone: !hasSecondFactor, ip: caller.ip, userAgent: caller.userAgent, now })
  let remembered: RememberedDevice | undefined
  if (!hasSecondFactor) {
    await db.update(staff).set({ lastSignInAt: now }).where(eq(staff.id, member.id))
    remembered = await rememberDevice(db, member.id, caller.deviceToken, now)
  }
  await succeeded()
  logger().info({ staffId: member.id, ip: caller.ip, secondFactor: hasSecondFactor, knownDevice: device !== null }, 'console sign-in: password accepted')
  const next: SignInStep = hasSecondFactor ? 'second_factor' : member.role === 'owner' ? 'enrol' : 'done'
  return { token: session.token, absoluteExpiresAt: session.absoluteExpiresAt, next, device: remembered }
}

/**
 * The second step: the pending session behind `token` is finished with a TOTP code (taken once: the
 * same code cannot finish a second sign-in) or a recovery code (spent). The session then gets a new
 * token (the one that only proved the password is gone), and the browser becomes a known device.
 */
export async function finishSecondFactor(db: Database, token: string | null, code: string, caller: StaffCaller, now: Date = new Date()): Promise<StaffSignIn> {
  const session = await liveStaffSession(db, token, now)
  if (!session || session.secondFactorDone) throw new DomainError('unauthorized', 'no pending console sign-in', SIGN_IN_AGAIN)
  const device = await knownDevice(db, caller.deviceToken, { staffId: session.staffId }, now)
  const succeeded = await take(
    [
      [`staff-second-factor:session:${session.sessionId}`, STAFF_SIGN_IN_LIMITS.perSession],
      [`staff-sign-in:ip:${caller.ip ?? 'unknown'}`, STAFF_SIGN_IN_LIMITS.perAddress],
      device ? [`staff-second-factor:device:${device.deviceId}`, STAFF_SIGN_IN_LIMITS.codesPerDevice] : [`staff-second-factor:staff:${session.staffId}`, STAFF_SIGN_IN_LIMITS.codesPerAccount],
    ],
    { ip: caller.ip, staffId: session.staffId, knownDevice: device !== null },
  )
  const [member] = await db.select({ totpSecret: staff.totpSecret, role: staff.role }).from(staff).where(eq(staff.id, session.staffId))
  const fresh = newSessionToken()
  const finished = await db.transaction(async (tx) => {
    const accepted = (member?.totpSecret != null && (await takeTotpCode(tx, session.staffId, member.totpSecret, code, now))) || (await spendRecoveryCode(tx, session.staffId, code, now))
    if (!accepted) return null
    const [row] = await tx
      .update(staffSessions)
      .set({ secondFactorDone: true, tokenHash: hashToken(fresh), lastSeenAt: now })
      .where(eq(staffSessions.id, session.sessionId))
      .returning({ absoluteExpiresAt: staffSessions.absoluteExpiresAt })
    await tx.update(staff).set({ lastSignInAt: now }).where(eq(staff.id, session.staffId))
    return { absoluteExpiresAt: row!.absoluteExpiresAt, device: await rememberDevice(tx, session.staffId, caller.deviceToken, now) }
  })
  if (!finished) {
    logger().info({ staffId: session.staffId, ip: caller.ip }, 'console second factor refused')
    throw new DomainError('unauthorized', 'wrong second factor code', SECOND_FACTOR_FAILED)
  }
  await succeeded()
  return { token: fresh, absoluteExpiresAt: finished.absoluteExpiresAt, next: 'done', device: finished.device }
}

/** Ends the session behind the cookie's token (sign-out). Idempotent. */
export async function signOutStaff(db: Database, token: string | null, now: Date = new Date()): Promise<void> {
  await revokeStaffSessionByToken(db, token, 'sign_out', now)
}
