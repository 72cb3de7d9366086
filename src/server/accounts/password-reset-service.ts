import { and, eq, sql } from 'drizzle-orm'
import { type CheckEmailAnswer, PasswordCreateSchema, PasswordResetSchema, RESET_LINK_EXPIRED } from '@/isomorphic/contract/accounts'
import { assertHuman } from '../adapters/recaptcha'
import { storeRecaptchaSecret } from '../website/website-service'
import type { Database } from '../db/client'
import { partners } from '../db/schema'
import { env } from '../env'
import { passwordResetMail } from '../mail/account-mails'
import { inBackground } from '../mail/background-mail'
import { mailSettings, mailSettingsOfStore, publicLink } from '../mail/mail-settings'
import { sendMail } from '../mail/mail-service'
import { storeName } from '../mail/store-name'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { consumeAccountLink, createAccountLink, findUsableAccountLink, retireAccountLinks, validInput } from './account-links'
import type { Caller } from './login-service'
import { normalizeEmail } from './partner-service'
import { hashPassword, passwordProblem } from './passwords'
import { revokePartnerSessions } from './session-service'
import { takeLimits } from './signup-service'

// Forgotten password (decision 009; security.md 4.8). Asking answers the same sentence whether
// the address has an account or not, after the same work (limits, human check, one read); the
// link is made and mailed after the answer. Using the link sets the password, ends every session
// of the account and retires its other reset links, in one transaction.

export const RESET_CHECK_EMAIL = 'If an account exists for this email, we have sent a link to reset the password.'
export const TOO_MANY_RESETS = 'Too many password reset requests. Please wait an hour and try again.'
export const TOO_MANY_NEW_PASSWORDS = 'Too many attempts to set a password. Please wait a few minutes and try again.'

const HOUR_MS = 60 * 60_000
const RESET_UNAVAILABLE = 'Password reset is unavailable for a moment. Please try again in a minute.'
export const RESET_LIMITS = {
  perAddress: { max: 10, windowMs: HOUR_MS, refuseWhenUnavailable: RESET_UNAVAILABLE },
  perEmail: { max: 5, windowMs: HOUR_MS, refuseWhenUnavailable: RESET_UNAVAILABLE },
  /** Setting a password costs an argon2 hash: bounded per caller address. */
  createPerAddress: { max: 20, windowMs: 15 * 60_000, refuseWhenUnavailable: RESET_UNAVAILABLE },
}

/** POST /api/user/password/reset: the same answer for every address; a link only to an existing, active account. */
export async function requestPasswordReset(db: Database, body: unknown, caller: Caller): Promise<CheckEmailAnswer> {
  const input = validInput(PasswordResetSchema, body)
  const email = normalizeEmail(input.email)
  await takeLimits(
    [
      { key: `password-reset:ip:${caller.ip ?? 'unknown'}`, limit: RESET_LIMITS.perAddress },
      { key: `password-reset:email:${caller.websiteId}:${email}`, limit: RESET_LIMITS.perEmail },
    ],
    { message: TOO_MANY_RESETS, log: { websiteId: caller.websiteId, ip: caller.ip } },
  )
  await assertHuman('password/reset', input.recaptchaToken, caller.ip, await storeRecaptchaSecret(db, caller.websiteId))

  const [partner] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(partners.websiteId, caller.websiteId), eq(partners.email, email), eq(partners.isActive, true)))

  const { websiteId } = caller
  if (!partner) {
    logger().info({ websiteId, ip: caller.ip }, 'password reset asked for an unknown address: nothing sent')
  } else {
    const installSettings = mailSettings()
    inBackground('password reset mail', async () => {
      const settings = await mailSettingsOfStore(installSettings, websiteId)
      const ttlSeconds = env().ACCOUNT_LINK_TTL_SECONDS
      const { token } = await createAccountLink(db, { kind: 'password_reset', websiteId, email, partnerId: partner.id }, { ttlSeconds })
      const mail = passwordResetMail({ storeName: await storeName(db, websiteId), link: publicLink('/password/create', { token }, settings), ttlSeconds })
      logger().info({ websiteId, partnerId: partner.id }, 'password reset link mailed')
      await sendMail({ websiteId, to: email, ...mail, secrets: [token] }, { db, settings })
    })
  }
  return { status: 'check_email', message: RESET_CHECK_EMAIL }
}

function linkRefused(caller: Caller): never {
  logger().info({ websiteId: caller.websiteId, ip: caller.ip }, 'password reset link refused')
  throw new DomainError('invalid', 'password reset link unknown, used or expired', RESET_LINK_EXPIRED)
}

/** POST /api/user/password/create: sets the new password from a reset link and signs every device out. */
export async function createPasswordFromLink(db: Database, body: unknown, caller: Caller): Promise<void> {
  const input = validInput(PasswordCreateSchema, body)
  // The password is checked first, so a weak one does not use up the link.
  const problem = passwordProblem(input.password)
  if (problem) throw new DomainError('invalid', 'weak password', problem)
  await takeLimits([{ key: `password-create:ip:${caller.ip ?? 'unknown'}`, limit: RESET_LIMITS.createPerAddress }], {
    message: TOO_MANY_NEW_PASSWORDS,
    log: { websiteId: caller.websiteId, ip: caller.ip },
  })
  // A link that cannot work is refused before the hash is paid for.
  if (!(await findUsableAccountLink(db, 'password_reset', input.token, caller.websiteId))) linkRefused(caller)
  const passwordHash = await hashPassword(input.password)

  const reset = await db.transaction(async (tx) => {
    const link = await consumeAccountLink(tx, 'password_reset', input.token, caller.websiteId)
    if (!link?.partnerId) return null
    const [partner] = await tx
      .update(partners)
      .set({ passwordHash, passwordChangedAt: sql`now()` })
      .where(and(eq(partners.id, link.partnerId), eq(partners.websiteId, caller.websiteId), eq(partners.isActive, true)))
      .returning({ id: partners.id })
    if (!partner) return null
    const revoked = await revokePartnerSessions(tx, partner.id, 'password_reset')
    await retireAccountLinks(tx, 'password_reset', partner.id)
    return { partnerId: partner.id, revoked }
  })
  if (!reset) linkRefused(caller)
  logger().info({ websiteId: caller.websiteId, partnerId: reset.partnerId, sessionsRevoked: reset.revoked }, 'password reset from a link')
}
