import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { accountTokens, partners, sessions } from '@/server/db/schema'
import { createPartner, TEST_PASSWORD } from '../../../tests/factories/accounts'
import { createWebsite } from '../../../tests/factories/website'
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../../tests/support/smtp-capture'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { backgroundMailSettled } from '../mail/background-mail'
import { useMailSettings } from '../mail/mail-settings'
import { hashLinkToken } from './account-links'
import type { Caller } from './login-service'
import { RESET_LINK_EXPIRED } from '@/isomorphic/contract/accounts'
import { createPasswordFromLink, requestPasswordReset, RESET_CHECK_EMAIL, TOO_MANY_RESETS } from './password-reset-service'
import { verifyPassword } from './passwords'
import { authenticateToken, startSession } from './session-service'
import { forgetSigningKey } from './signing-key'

const NEW_PASSWORD = 'a quiet harbour at noon'
const tokenIn = (mail: CapturedMail) => /password\/create\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1]

describe.each(testDatabaseKinds())('password reset on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let smtp: SmtpCapture
  let websiteId: number
  let caller: Caller
  let n = 0
  const nextCaller = (): Caller => ({ ...caller, ip: `198.51.100.${++n}` })

  async function resetLink(email: string): Promise<string> {
    await requestPasswordReset(db(), { email }, nextCaller())
    await backgroundMailSettled()
    const mails = smtp.messages.filter((mail) => mail.envelopeTo.includes(email))
    return tokenIn(mails.at(-1)!)!
  }

  beforeAll(async () => {
    forgetSigningKey()
    smtp = await startSmtpCapture()
    useMailSettings({ smtpUrl: smtp.url, from: 'Acme Team Store <no-reply@acme.test>', origin: 'https://shop.acme.test' })
    websiteId = (await createWebsite({ name: 'Acme Team Store' })).id
    caller = { websiteId, ip: '198.51.100.1', userAgent: 'vitest' }
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))
  afterAll(async () => {
    useMailSettings(null)
    await smtp.close()
  })

  test('answers a known and an unknown email alike; only the account owner gets a mail', async () => {
    await createPartner({ websiteId, email: 'vic@example.com' })
    const known = await requestPasswordReset(db(), { email: ' VIC@example.com' }, nextCaller())
    const unknown = await requestPasswordReset(db(), { email: 'nobody@example.com' }, nextCaller())
    expect(known).toEqual({ status: 'check_email', message: RESET_CHECK_EMAIL })
    expect(unknown).toEqual(known)
    await backgroundMailSettled()

    const mail = await smtp.waitFor((message) => message.envelopeTo.includes('vic@example.com'))
    expect(mail.subject).toBe('Reset your Acme Team Store password')
    expect(mail.text).toMatch(/https:\/\/shop\.acme\.test\/password\/create\?token=[A-Za-z0-9_-]{43}/)
    expect(smtp.messages.some((message) => message.envelopeTo.includes('nobody@example.com'))).toBe(false)
    expect(await db().select().from(accountTokens).where(eq(accountTokens.email, 'nobody@example.com'))).toEqual([])
  })

  test('a disabled account gets no link', async () => {
    await createPartner({ websiteId, email: 'wes@example.com', isActive: false })
    await requestPasswordReset(db(), { email: 'wes@example.com' }, nextCaller())
    await backgroundMailSettled()
    expect(await db().select().from(accountTokens).where(eq(accountTokens.email, 'wes@example.com'))).toEqual([])
  })

  test('the link sets the new password once and ends every session of the account', async () => {
    const partner = await createPartner({ websiteId, email: 'xena@example.com' })
    const before = await startSession(db(), { partnerId: partner.id, websiteId, method: 'password' })
    const older = await resetLink('xena@example.com')
    const token = await resetLink('xena@example.com')

    await createPasswordFromLink(db(), { token, password: NEW_PASSWORD }, nextCaller())

    const [after] = await db().select().from(partners).where(eq(partners.id, partner.id))
    expect(await verifyPassword(after!.passwordHash, NEW_PASSWORD)).toBe(true)
    expect(await verifyPassword(after!.passwordHash, TEST_PASSWORD)).toBe(false)
    expect(after!.passwordChangedAt).toBeInstanceOf(Date)
    expect(await authenticateToken(db(), before.accessToken, websiteId)).toBeNull()
    const [session] = await db().select().from(sessions).where(eq(sessions.id, before.sessionId))
    expect(session!.revokedReason).toBe('password_reset')

    await expect(createPasswordFromLink(db(), { token, password: 'another fine password' }, nextCaller())).rejects.toMatchObject({
      code: 'invalid',
      userMessage: RESET_LINK_EXPIRED,
    })
    // The link mailed earlier died with the reset.
    await expect(createPasswordFromLink(db(), { token: older, password: 'another fine password' }, nextCaller())).rejects.toMatchObject({
      userMessage: RESET_LINK_EXPIRED,
    })
    const [still] = await db().select().from(partners).where(eq(partners.id, partner.id))
    expect(await verifyPassword(still!.passwordHash, NEW_PASSWORD)).toBe(true)
  })

  test('an expired link is refused and changes nothing', async () => {
    const partner = await createPartner({ websiteId, email: 'yuri@example.com' })
    const token = await resetLink('yuri@example.com')
    await db().update(accountTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(accountTokens.tokenHash, hashLinkToken(token)))
    await expect(createPasswordFromLink(db(), { token, password: NEW_PASSWORD }, nextCaller())).rejects.toMatchObject({ userMessage: RESET_LINK_EXPIRED })
    const [after] = await db().select().from(partners).where(eq(partners.id, partner.id))
    expect(after!.passwordHash).toBe(partner.passwordHash)
  })

  test('a weak password is refused without using up the link', async () => {
    await createPartner({ websiteId, email: 'zoe@example.com' })
    const token = await resetLink('zoe@example.com')
    await expect(createPasswordFromLink(db(), { token, password: 'qwertyuiop' }, nextCaller())).rejects.toMatchObject({
      code: 'invalid',
      userMessage: 'This password is too common. Please choose another one.',
    })
    await createPasswordFromLink(db(), { token, password: NEW_PASSWORD }, nextCaller())
  })

  test('limits requests per caller address and per email', async () => {
    const sameCaller = nextCaller()
    for (let i = 0; i < 10; i++) await requestPasswordReset(db(), { email: `someone${i}@example.com` }, sameCaller)
    await expect(requestPasswordReset(db(), { email: 'someone10@example.com' }, sameCaller)).rejects.toMatchObject({
      code: 'rate_limited',
      userMessage: TOO_MANY_RESETS,
    })
    for (let i = 0; i < 5; i++) await requestPasswordReset(db(), { email: 'target@example.com' }, nextCaller())
    await expect(requestPasswordReset(db(), { email: 'target@example.com' }, nextCaller())).rejects.toMatchObject({ code: 'rate_limited' })
  })

  test('refuses a malformed email or unknown fields with a sentence', async () => {
    await expect(requestPasswordReset(db(), { email: 'nope' }, nextCaller())).rejects.toMatchObject({ userMessage: 'Please enter a valid email address.' })
    await expect(requestPasswordReset(db(), { email: 'a@example.com', partnerId: 1 }, nextCaller())).rejects.toMatchObject({
      userMessage: "Unknown field 'partnerId': leave it out.",
    })
  })
})
