import { eq } from 'drizzle-orm'
import QRCode from 'qrcode'
import type { ConsoleMe } from '@/isomorphic/contract/admin-session'
import { hashPassword, passwordProblem, verifyPassword } from '../accounts/passwords'
import { recordAudit } from '../audit/audit-log'
import { rateLimiter } from '../cache/rate-limiter'
import { getDb } from '../db/client'
import { staff } from '../db/schema'
import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import type { CoreContext } from '../kernel/context'
import { DomainError } from '../kernel/errors'
import { requireConsoleUser } from '../kernel/permissions'
import { newTotpSecret, replaceRecoveryCodes, takeTotpCode, totpUri } from './second-factor'
import { STAFF_SIGN_IN_LIMITS, STAFF_TOO_MANY_ATTEMPTS } from './staff-sign-in'
import { revokeStaffSessions } from './staff-sessions'

// The console member's own account (issue 15): who is signed in, turning on the second factor,
// changing the password, the new-order notice. Any console user may call these for themselves.

export const TOTP_ALREADY_ON = 'Two-factor sign-in is already on for your account.'
export const TOTP_NOT_STARTED = 'Start again: scan the new code first, then enter the 6-digit code it shows.'
export const TOTP_CODE_WRONG = 'That code does not match. Enter the 6-digit code your authenticator app shows now.'
export const CURRENT_PASSWORD_WRONG = 'Your current password is not right.'

async function memberRow(staffId: number) {
  const db = await getDb()
  const [row] = await db
    .select({ totpSecret: staff.totpSecret, totpEnabledAt: staff.totpEnabledAt, notifyNewOrders: staff.notifyNewOrders, passwordHash: staff.passwordHash })
    .from(staff)
    .where(eq(staff.id, staffId))
  if (!row) throw new DomainError('unauthorized', `staff ${staffId} vanished`, 'Please sign in to the console.')
  return row
}

export async function consoleMe(ctx: CoreContext): Promise<ConsoleMe> {
  const actor = await requireConsoleUser(ctx)
  const row = await memberRow(actor.staffId)
  const secondFactor = row.totpEnabledAt !== null
  const common = { staffId: actor.staffId, name: actor.name, email: actor.email, secondFactor, notifyNewOrders: row.notifyNewOrders }
  return actor.kind === 'staff'
    ? {
        kind: 'staff',
        ...common,
        role: actor.role,
        storeIds: actor.role === 'owner' ? null : [...actor.storeIds],
        decorationPartnerId: null,
        mustEnrolSecondFactor: actor.role === 'owner' && !secondFactor && actor.sessionId !== null,
      }
    : { kind: 'decorationPartner', ...common, role: 'decoration_partner', storeIds: null, decorationPartnerId: actor.decorationPartnerId, mustEnrolSecondFactor: false }
}

export const SESSION_ADMIN_QUERIES = {
  consoleMe: defineAdminQuery('consoleMe', async (_value, ctx) => consoleMe(ctx)),
}

export const SESSION_ADMIN_MUTATIONS = {
  startTotpEnrolment: defineAdminMutation('startTotpEnrolment', {
    handler: async (_value, ctx) => {
      const actor = await requireConsoleUser(ctx)
      const row = await memberRow(actor.staffId)
      if (row.totpEnabledAt) throw new DomainError('conflict', `staff ${actor.staffId} has TOTP on`, TOTP_ALREADY_ON)
      const secret = newTotpSecret()
      const db = await getDb()
      await db.update(staff).set({ totpSecret: secret }).where(eq(staff.id, actor.staffId))
      const uri = totpUri(secret, actor.email)
      const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).catch(() => null)
      return { secret, uri, qrSvg }
    },
  }),

  confirmTotpEnrolment: defineAdminMutation('confirmTotpEnrolment', {
    handler: async ({ code }, ctx) => {
      const actor = await requireConsoleUser(ctx)
      const limit = await rateLimiter().take(`staff-totp-enrol:${actor.staffId}`, STAFF_SIGN_IN_LIMITS.perEmail)
      if (!limit.allowed) throw new DomainError('rate_limited', 'too many enrolment codes', STAFF_TOO_MANY_ATTEMPTS)
      const row = await memberRow(actor.staffId)
      if (row.totpEnabledAt) throw new DomainError('conflict', `staff ${actor.staffId} has TOTP on`, TOTP_ALREADY_ON)
      if (!row.totpSecret) throw new DomainError('invalid', 'no TOTP secret to confirm', TOTP_NOT_STARTED)
      const secret = row.totpSecret
      const db = await getDb()
      return db.transaction(async (tx) => {
        // Taken once: the code that turned two-factor on cannot also finish a sign-in.
        if (!(await takeTotpCode(tx, actor.staffId, secret, code))) throw new DomainError('invalid', 'TOTP enrolment code does not match', TOTP_CODE_WRONG)
        await tx.update(staff).set({ totpEnabledAt: new Date() }).where(eq(staff.id, actor.staffId))
        const recoveryCodes = await replaceRecoveryCodes(tx, actor.staffId)
        await recordAudit(tx, ctx, { websiteId: null, action: 'staff.second_factor_on', entityType: 'staff', entityId: actor.staffId, before: { secondFactor: false }, after: { secondFactor: true } })
        return { recoveryCodes }
      })
    },
  }),

  changeOwnPassword: defineAdminMutation('changeOwnPassword', {
    handler: async ({ currentPassword, newPassword }, ctx) => {
      const actor = await requireConsoleUser(ctx)
      const limit = await rateLimiter().take(`staff-password-change:${actor.staffId}`, STAFF_SIGN_IN_LIMITS.perEmail)
      if (!limit.allowed) throw new DomainError('rate_limited', 'too many password changes', STAFF_TOO_MANY_ATTEMPTS)
      const row = await memberRow(actor.staffId)
      if (!(await verifyPassword(row.passwordHash, currentPassword))) throw new DomainError('invalid', 'current password wrong', CURRENT_PASSWORD_WRONG)
      const problem = passwordProblem(newPassword)
      if (problem) throw new DomainError('invalid', problem)
      const passwordHash = await hashPassword(newPassword)
      const db = await getDb()
      return db.transaction(async (tx) => {
        await tx.update(staff).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(staff.id, actor.staffId))
        const otherSessionsEnded = await revokeStaffSessions(tx, actor.staffId, 'password_changed', actor.sessionId)
        await recordAudit(tx, ctx, { websiteId: null, action: 'staff.password_change', entityType: 'staff', entityId: actor.staffId, after: { otherSessionsEnded } })
        return { otherSessionsEnded }
      })
    },
  }),

  setOwnNotifications: defineAdminMutation('setOwnNotifications', {
    handler: async ({ notifyNewOrders }, ctx) => {
      const actor = await requireConsoleUser(ctx)
      const db = await getDb()
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ notifyNewOrders: staff.notifyNewOrders }).from(staff).where(eq(staff.id, actor.staffId)).for('update')
        await tx.update(staff).set({ notifyNewOrders }).where(eq(staff.id, actor.staffId))
        await recordAudit(tx, ctx, { websiteId: null, action: 'staff.notifications', entityType: 'staff', entityId: actor.staffId, before, after: { notifyNewOrders } })
        return { notifyNewOrders }
      })
    },
  }),
}
