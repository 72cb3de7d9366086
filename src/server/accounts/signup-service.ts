import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { assertHuman } from '../adapters/recaptcha'
import { storeRecaptchaSecret } from '../website/website-service'
import { rateLimiter, type RateLimit, storeBucket } from '../cache/rate-limiter'
import type { Database } from '../db/client'
import { partners } from '../db/schema'
import { env } from '../env'
import { accountExistsMail, signupLinkMail } from '../mail/account-mails'
import { inBackground } from '../mail/background-mail'
import { mailSettings, mailSettingsOfStore, publicLink } from '../mail/mail-settings'
import { sendMail } from '../mail/mail-service'
import { storeName } from '../mail/store-name'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { type CheckEmailAnswer, SIGNUP_LINK_EXPIRED, SignupConfirmSchema, SignupSchema } from '@/isomorphic/contract/accounts'
import { consumeAccountLink, createAccountLink, validInput } from './account-links'
import type { Caller } from './login-service'
import { normalizeEmail } from './partner-service'
import { hashPassword, passwordProblem } from './passwords'
import { type IssuedToken, startSession } from './session-service'

// Sign-up by email (decision 009). The answer never tells whether the address already has an
// account: both cases hash the password, read the partner and answer the same sentence; the mail
// (sent after the answer) says what happened — a link that creates the account, or "you already
// have one" with sign-in and reset links. The account exists only once the link is opened.

export const SIGNUP_CHECK_EMAIL = 'Check your email: we have sent you a link to finish creating your account.'
export const TOO_MANY_SIGNUPS = 'Too many sign-up attempts. Please wait an hour and try again.'

const HOUR_MS = 60 * 60_000
const SIGNUP_UNAVAILABLE = 'Sign-up is unavailable for a moment. Please try again in a minute.'
export const SIGNUP_LIMITS = {
  perAddress: { max: 10, windowMs: HOUR_MS, refuseWhenUnavailable: SIGNUP_UNAVAILABLE },
  /** Bounds the mails one address can be sent, whoever asks. */
  perEmail: { max: 5, windowMs: HOUR_MS, refuseWhenUnavailable: SIGNUP_UNAVAILABLE },
} satisfies Record<string, RateLimit>

const PendingAccountSchema = z.object({ name: z.string().min(1), passwordHash: z.string().min(1) })

/** Takes one try from each limit; throws 429 when any is spent. */
export async function takeLimits(limits: { key: string; limit: RateLimit }[], refusal: { message: string; log: Record<string, unknown> }): Promise<void> {
  const decisions = await Promise.all(limits.map(({ key, limit }) => rateLimiter().take(key, limit)))
  if (decisions.every((decision) => decision.allowed)) return
  logger().warn(refusal.log, 'account request throttled')
  throw new DomainError('rate_limited', 'account request throttled', refusal.message)
}

/** POST /api/user/signup: always the same answer; the mail tells the owner of the address what happened. */
export async function requestSignup(db: Database, body: unknown, caller: Caller): Promise<CheckEmailAnswer> {
  const input = validInput(SignupSchema, body)
  const problem = passwordProblem(input.password)
  if (problem) throw new DomainError('invalid', 'weak password', problem)
  const email = normalizeEmail(input.email)
  await takeLimits(
    [
      { key: storeBucket(caller.websiteId, `signup:ip:${caller.ip ?? 'unknown'}`), limit: SIGNUP_LIMITS.perAddress },
      { key: `signup:email:${caller.websiteId}:${email}`, limit: SIGNUP_LIMITS.perEmail },
    ],
    { message: TOO_MANY_SIGNUPS, log: { websiteId: caller.websiteId, ip: caller.ip } },
  )
  await assertHuman('signup', input.recaptchaToken, caller.ip, await storeRecaptchaSecret(db, caller.websiteId))

  // The same work whatever the answer will be: one argon2 hash and one indexed read.
  const passwordHash = await hashPassword(input.password)
  const [existing] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(partners.websiteId, caller.websiteId), eq(partners.email, email)))

  const { websiteId } = caller
  const installSettings = mailSettings()
  inBackground('sign-up mail', async () => {
    const settings = await mailSettingsOfStore(installSettings, websiteId)
    const name = await storeName(db, websiteId)
    if (existing) {
      const mail = accountExistsMail({ storeName: name, loginLink: publicLink('/login', {}, settings), resetLink: publicLink('/password/reset', {}, settings) })
      logger().info({ websiteId, partnerId: existing.id }, 'sign-up asked for an existing account: reminder mailed')
      await sendMail({ websiteId, to: email, ...mail }, { db, settings })
      return
    }
    const ttlSeconds = env().ACCOUNT_LINK_TTL_SECONDS
    const { token } = await createAccountLink(db, { kind: 'signup', websiteId, email, payload: { name: input.name, passwordHash } }, { ttlSeconds })
    const mail = signupLinkMail({ storeName: name, link: publicLink('/signup', { token }, settings), ttlSeconds })
    await sendMail({ websiteId, to: email, ...mail, secrets: [token] }, { db, settings })
  })
  return { status: 'check_email', message: SIGNUP_CHECK_EMAIL }
}

/**
 * POST /api/user/signup/confirm: uses the link, creates the account and signs it in. A used or
 * expired link, or an address that got an account meanwhile, is one 400.
 */
export async function confirmSignup(db: Database, body: unknown, caller: Caller): Promise<IssuedToken> {
  const { token } = validInput(SignupConfirmSchema, body)
  const partnerId = await db.transaction(async (tx) => {
    const link = await consumeAccountLink(tx, 'signup', token, caller.websiteId)
    const pending = PendingAccountSchema.safeParse(link?.payload)
    if (!link || !pending.success) return null
    const [created] = await tx
      .insert(partners)
      .values({ websiteId: caller.websiteId, email: normalizeEmail(link.email), name: pending.data.name, passwordHash: pending.data.passwordHash })
      .onConflictDoNothing()
      .returning({ id: partners.id })
    // No account when the address got one since the link was sent; the link stays used.
    return created?.id ?? null
  })
  if (partnerId === null) {
    logger().info({ websiteId: caller.websiteId, ip: caller.ip }, 'sign-up link refused')
    throw new DomainError('invalid', 'sign-up link unknown, used or expired', SIGNUP_LINK_EXPIRED)
  }
  logger().info({ websiteId: caller.websiteId, partnerId }, 'account created from a sign-up link')
  return startSession(db, { partnerId, websiteId: caller.websiteId, method: 'signup', ip: caller.ip, userAgent: caller.userAgent })
}
