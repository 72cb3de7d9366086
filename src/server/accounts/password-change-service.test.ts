import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { partners, sessions } from '@/server/db/schema'
import { createPartner, TEST_PASSWORD } from '../../../tests/factories/accounts'
import { createWebsite } from '../../../tests/factories/website'
import { startSmtpCapture, type SmtpCapture } from '../../../tests/support/smtp-capture'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import type { CoreContext } from '../kernel/context'
import { executeMutation } from '../api/mutation-registry'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { backgroundMailSettled } from '../mail/background-mail'
import { useMailSettings } from '../mail/mail-settings'
import { SAME_PASSWORD, TOO_MANY_PASSWORD_CHANGES, WRONG_CURRENT_PASSWORD } from './password-change-service'
import { verifyPassword } from './passwords'
import { authenticateToken, startSession } from './session-service'
import { forgetSigningKey } from './signing-key'
import { callerContext } from '../../../tests/support/core-context'

const NEW_PASSWORD = 'seven lanterns over the bay'

describe.each(testDatabaseKinds())('updatePassword on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let smtp: SmtpCapture
  let websiteId: number

  const contextFor = (accessToken: string | null): CoreContext => callerContext(websiteId, { accessToken, ip: '192.0.2.10' })

  /** A partner signed in on two devices. */
  async function partnerWithTwoSessions() {
    const partner = await createPartner({ websiteId })
    const caller = await startSession(db(), { partnerId: partner.id, websiteId, method: 'password' })
    const other = await startSession(db(), { partnerId: partner.id, websiteId, method: 'password' })
    return { partner, caller, other, ctx: contextFor(caller.accessToken) }
  }

  const passwordOf = async (partnerId: number) => (await db().select().from(partners).where(eq(partners.id, partnerId)))[0]!.passwordHash

  beforeAll(async () => {
    forgetSigningKey()
    smtp = await startSmtpCapture()
    useMailSettings({ smtpUrl: smtp.url, origin: 'https://shop.acme.test' })
    websiteId = (await createWebsite({ name: 'Acme Team Store' })).id
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))
  afterAll(async () => {
    useMailSettings(null)
    await smtp.close()
  })

  test("startSession refuses a partner of another store: no session of store A for store B's partner (issue 25)", async () => {
    const elsewhere = await createPartner({ websiteId: (await createWebsite({ name: 'Other Store' })).id })
    await expect(startSession(db(), { partnerId: elsewhere.id, websiteId, method: 'password' })).rejects.toThrow(/vanished/)
    expect(await db().select().from(sessions).where(eq(sessions.partnerId, elsewhere.id))).toEqual([])
  })

  test('changes the password, ends the other sessions, keeps the caller signed in and tells the owner', async () => {
    const { partner, caller, other, ctx } = await partnerWithTwoSessions()
    const answer = await executeMutation('updatePassword', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }, ctx)
    expect(answer).toEqual({ updatePassword: { success: true } })

    expect(await verifyPassword(await passwordOf(partner.id), NEW_PASSWORD)).toBe(true)
    expect(await authenticateToken(db(), caller.accessToken, websiteId)).toMatchObject({ partnerId: partner.id })
    expect(await authenticateToken(db(), other.accessToken, websiteId)).toBeNull()
    const [revoked] = await db().select().from(sessions).where(eq(sessions.id, other.sessionId))
    expect(revoked!.revokedReason).toBe('password_changed')

    await backgroundMailSettled()
    const notice = await smtp.waitFor((mail) => mail.envelopeTo.includes(partner.email))
    expect(notice.subject).toBe('Your Acme Team Store password was changed')
    expect(notice.text).toContain('https://shop.acme.test/password/reset')
  })

  test('refuses a wrong current password and changes nothing', async () => {
    const { partner, other, ctx } = await partnerWithTwoSessions()
    await expect(executeMutation('updatePassword', { currentPassword: 'not my password', newPassword: NEW_PASSWORD }, ctx)).rejects.toMatchObject({
      code: 'invalid',
      userMessage: WRONG_CURRENT_PASSWORD,
    })
    expect(await passwordOf(partner.id)).toBe(partner.passwordHash)
    expect(await authenticateToken(db(), other.accessToken, websiteId)).not.toBeNull()
  })

  test('refuses a weak new password and the current one again', async () => {
    const { ctx } = await partnerWithTwoSessions()
    await expect(executeMutation('updatePassword', { currentPassword: TEST_PASSWORD, newPassword: 'short' }, ctx)).rejects.toMatchObject({
      userMessage: 'The password must be at least 8 characters long.',
    })
    await expect(executeMutation('updatePassword', { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }, ctx)).rejects.toMatchObject({
      userMessage: SAME_PASSWORD,
    })
  })

  test('limits attempts per account', async () => {
    const { ctx } = await partnerWithTwoSessions()
    for (let i = 0; i < 5; i++) {
      await expect(executeMutation('updatePassword', { currentPassword: `guess ${i}`, newPassword: NEW_PASSWORD }, ctx)).rejects.toMatchObject({
        userMessage: WRONG_CURRENT_PASSWORD,
      })
    }
    await expect(executeMutation('updatePassword', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }, ctx)).rejects.toMatchObject({
      code: 'rate_limited',
      userMessage: TOO_MANY_PASSWORD_CHANGES,
    })
  })

  test('needs a signed-in caller', async () => {
    await expect(executeMutation('updatePassword', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }, contextFor(null))).rejects.toMatchObject({
      code: 'unauthorized',
    })
  })
})
