import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { UpdatePasswordSchema } from '@/isomorphic/contract/accounts'
import type { Database } from '../db/client'
import { partners } from '../db/schema'
import { passwordChangedMail } from '../mail/account-mails'
import { inBackground } from '../mail/background-mail'
import { mailSettings, mailSettingsOfStore, publicLink } from '../mail/mail-settings'
import { sendMail } from '../mail/mail-service'
import { storeName } from '../mail/store-name'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { hashPassword, passwordProblem, verifyPassword } from './passwords'
import type { Principal } from './session-service'
import { revokePartnerSessions } from './session-service'
import { takeLimits } from './signup-service'

// Changing the password of the signed-in partner (mutation updatePassword). The current password
// must be given (attempts limited per account), the new one must follow the rules and differ; the
// change ends the partner's other sessions and keeps the caller's (ASVS 7.4.3), and the owner is
// told by mail.

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.'
export const SAME_PASSWORD = 'The new password must be different from your current password.'
export const TOO_MANY_PASSWORD_CHANGES = 'Too many attempts to change the password. Please wait a few minutes and try again.'

export const PASSWORD_CHANGE_LIMIT = {
  max: 5,
  windowMs: 15 * 60_000,
  refuseWhenUnavailable: 'Changing your password is unavailable for a moment. Please try again in a minute.',
}

export async function changePassword(db: Database, principal: Principal, input: z.output<typeof UpdatePasswordSchema>): Promise<void> {
  const problem = passwordProblem(input.newPassword)
  if (problem) throw new DomainError('invalid', 'weak new password', problem)
  await takeLimits([{ key: `password-change:partner:${principal.partnerId}`, limit: PASSWORD_CHANGE_LIMIT }], {
    message: TOO_MANY_PASSWORD_CHANGES,
    log: { websiteId: principal.websiteId, partnerId: principal.partnerId },
  })
  // store-scope: partnerId is the signed-in shopper's, bound to this store by the session
  const [partner] = await db
    .select({ passwordHash: partners.passwordHash, email: partners.email })
    .from(partners)
    .where(eq(partners.id, principal.partnerId))
  if (!(await verifyPassword(partner?.passwordHash, input.currentPassword))) {
    logger().info({ partnerId: principal.partnerId }, 'password change refused: wrong current password')
    throw new DomainError('invalid', 'wrong current password', WRONG_CURRENT_PASSWORD)
  }
  if (input.newPassword === input.currentPassword) throw new DomainError('invalid', 'new password equals the current one', SAME_PASSWORD)

  const passwordHash = await hashPassword(input.newPassword)
  const revoked = await db.transaction(async (tx) => {
    // store-scope: partnerId is the signed-in shopper's, bound to this store by the session
    await tx.update(partners).set({ passwordHash, passwordChangedAt: sql`now()` }).where(eq(partners.id, principal.partnerId))
    return revokePartnerSessions(tx, principal.partnerId, 'password_changed', principal.sessionId)
  })
  logger().info({ partnerId: principal.partnerId, sessionsRevoked: revoked }, 'password changed')

  const { websiteId } = principal
  const to = partner!.email
  const installSettings = mailSettings()
  inBackground('password changed mail', async () => {
    const settings = await mailSettingsOfStore(installSettings, websiteId)
    const mail = passwordChangedMail({ storeName: await storeName(db, websiteId), resetLink: publicLink('/password/reset', {}, settings) })
    await sendMail({ websiteId, to, ...mail }, { db, settings })
  })
}
