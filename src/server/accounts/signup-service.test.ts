import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { accountTokens, mailOutbox, partners, sessions } from '@/server/db/schema'
import { createPartner } from '../../../tests/factories/accounts'
import { createWebsite } from '../../../tests/factories/website'
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../../tests/support/smtp-capture'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { backgroundMailSettled } from '../mail/background-mail'
import { useMailSettings } from '../mail/mail-settings'
import { hashLinkToken } from './account-links'
import type { Caller } from './login-service'
import { verifyPassword } from './passwords'
import { authenticateToken } from './session-service'
import { forgetSigningKey } from './signing-key'
import { SIGNUP_LINK_EXPIRED } from '@/isomorphic/contract/accounts'
import { confirmSignup, requestSignup, SIGNUP_CHECK_EMAIL, TOO_MANY_SIGNUPS } from './signup-service'

const PASSWORD = 'plum tree at dawn'
const tokenIn = (mail: CapturedMail) => /signup\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1]

describe.each(testDatabaseKinds())('sign-up on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let smtp: SmtpCapture
  let websiteId: number
  let caller: Caller
  let n = 0

  /** A fresh address per test, so the per-address limit never interferes. */
  const nextCaller = (): Caller => ({ ...caller, ip: `203.0.113.${++n}` })

  async function mailTo(email: string): Promise<CapturedMail> {
    await backgroundMailSettled()
    return smtp.waitFor((mail) => mail.envelopeTo.includes(email))
  }

  async function signupLink(email: string, name = 'Lee Parker'): Promise<string> {
    await requestSignup(db(), { name, email, password: PASSWORD }, nextCaller())
    return tokenIn(await mailTo(email))!
  }

  beforeAll(async () => {
    forgetSigningKey()
    smtp = await startSmtpCapture()
    useMailSettings({ smtpUrl: smtp.url, from: 'Acme Team Store <no-reply@acme.test>', origin: 'https://shop.acme.test' })
    websiteId = (await createWebsite({ name: 'Acme Team Store' })).id
    caller = { websiteId, ip: '203.0.113.1', userAgent: 'vitest' }
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))
  afterAll(async () => {
    useMailSettings(null)
    await smtp.close()
  })

  test('answers a new and a taken email alike, and mails each what happened', async () => {
    const taken = await createPartner({ websiteId, email: 'taken@example.com' })
    const forNew = await requestSignup(db(), { name: 'Mia Chen', email: 'New.Person@Example.com ', password: PASSWORD }, nextCaller())
    const forTaken = await requestSignup(db(), { name: 'Mia Chen', email: 'taken@example.com', password: PASSWORD }, nextCaller())
    expect(forNew).toEqual({ status: 'check_email', message: SIGNUP_CHECK_EMAIL })
    expect(forTaken).toEqual(forNew)

    const linkMail = await mailTo('new.person@example.com')
    expect(linkMail.subject).toBe('Finish creating your Acme Team Store account')
    expect(linkMail.text).toMatch(/https:\/\/shop\.acme\.test\/signup\?token=[A-Za-z0-9_-]{43}/)
    expect(linkMail.text).not.toContain('Mia Chen')

    const reminder = await mailTo('taken@example.com')
    expect(reminder.subject).toBe('You already have an account at Acme Team Store')
    expect(reminder.text).toContain('https://shop.acme.test/login')
    expect(reminder.text).toContain('https://shop.acme.test/password/reset')
    expect(reminder.text).not.toContain('token=')

    // Nothing is created before the link is opened; the taken account is untouched.
    expect(await db().select().from(partners).where(eq(partners.email, 'new.person@example.com'))).toEqual([])
    const [after] = await db().select().from(partners).where(eq(partners.id, taken.id))
    expect(after!.passwordHash).toBe(taken.passwordHash)
    // (Other tests' sign-ups wait for their links too; this one asked for one link, for the new email.)
    const links = await db().select().from(accountTokens).where(and(eq(accountTokens.kind, 'signup'), inArray(accountTokens.email, ['new.person@example.com', 'taken@example.com'])))
    expect(links.map((link) => link.email)).toEqual(['new.person@example.com'])
    expect(links[0]!.payload).toMatchObject({ name: 'Mia Chen', passwordHash: expect.stringMatching(/^\$argon2id\$/) })
    expect(JSON.stringify(links[0]!.payload)).not.toContain(PASSWORD)
  })

  test('the link creates the account and signs it in, once', async () => {
    const token = await signupLink('nora@example.com', 'Nora Diaz')
    const issued = await confirmSignup(db(), { token }, nextCaller())
    const principal = await authenticateToken(db(), issued.accessToken, websiteId)
    const [partner] = await db().select().from(partners).where(and(eq(partners.websiteId, websiteId), eq(partners.email, 'nora@example.com')))
    expect(partner).toMatchObject({ name: 'Nora Diaz', isActive: true })
    expect(await verifyPassword(partner!.passwordHash, PASSWORD)).toBe(true)
    expect(principal).toMatchObject({ partnerId: partner!.id, partnerUid: partner!.uid })
    const [session] = await db().select().from(sessions).where(eq(sessions.id, issued.sessionId))
    expect(session!.method).toBe('signup')

    await expect(confirmSignup(db(), { token }, nextCaller())).rejects.toMatchObject({ code: 'invalid', userMessage: SIGNUP_LINK_EXPIRED })
    expect(await db().select().from(partners).where(eq(partners.email, 'nora@example.com'))).toHaveLength(1)
  })

  test('opened twice at once creates one account', async () => {
    const token = await signupLink('omar@example.com')
    const results = await Promise.allSettled([1, 2, 3].map(() => confirmSignup(db(), { token }, nextCaller())))
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    expect(await db().select().from(partners).where(eq(partners.email, 'omar@example.com'))).toHaveLength(1)
  })

  test('an expired link is refused and creates nothing', async () => {
    const token = await signupLink('pia@example.com')
    await db().update(accountTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(accountTokens.tokenHash, hashLinkToken(token)))
    await expect(confirmSignup(db(), { token }, nextCaller())).rejects.toMatchObject({ userMessage: SIGNUP_LINK_EXPIRED })
    expect(await db().select().from(partners).where(eq(partners.email, 'pia@example.com'))).toEqual([])
  })

  test('a link for an address that got an account meanwhile is refused like an expired one', async () => {
    const token = await signupLink('quinn@example.com')
    await createPartner({ websiteId, email: 'quinn@example.com', name: 'The first Quinn' })
    await expect(confirmSignup(db(), { token }, nextCaller())).rejects.toMatchObject({ code: 'invalid', userMessage: SIGNUP_LINK_EXPIRED })
    const rows = await db().select().from(partners).where(eq(partners.email, 'quinn@example.com'))
    expect(rows.map((row) => row.name)).toEqual(['The first Quinn'])
  })

  test('a made-up or malformed token is refused with the same message', async () => {
    for (const token of ['x'.repeat(43), 'short', '']) {
      await expect(confirmSignup(db(), { token }, nextCaller())).rejects.toMatchObject({ code: 'invalid', userMessage: SIGNUP_LINK_EXPIRED })
    }
    await expect(confirmSignup(db(), {}, nextCaller())).rejects.toMatchObject({ userMessage: SIGNUP_LINK_EXPIRED })
  })

  test.each([
    [{ name: '', email: 'a@example.com', password: PASSWORD }, 'Please enter your name.'],
    [{ name: 'x'.repeat(101), email: 'a@example.com', password: PASSWORD }, 'Your name must be at most 100 characters long.'],
    [{ name: 'Ann', email: 'not-an-email', password: PASSWORD }, 'Please enter a valid email address.'],
    [{ name: 'Ann', password: PASSWORD }, 'Please enter your email address.'],
    [{ name: 'Ann', email: 'a@example.com', password: 'short' }, 'The password must be at least 8 characters long.'],
    [{ name: 'Ann', email: 'a@example.com', password: 'password123' }, 'This password is too common. Please choose another one.'],
    [{ name: 'Ann', email: 'a@example.com', password: PASSWORD, isAdmin: true }, "Unknown field 'isAdmin': leave it out."],
  ])('refuses %j: "%s"', async (body, message) => {
    await expect(requestSignup(db(), body, nextCaller())).rejects.toMatchObject({ code: 'invalid', userMessage: message })
  })

  test('limits attempts per caller address with a 429 that says what to do', async () => {
    const sameCaller = nextCaller()
    for (let i = 0; i < 10; i++) await requestSignup(db(), { name: 'Rae', email: `rae${i}@example.com`, password: PASSWORD }, sameCaller)
    await expect(requestSignup(db(), { name: 'Rae', email: 'rae10@example.com', password: PASSWORD }, sameCaller)).rejects.toMatchObject({
      code: 'rate_limited',
      userMessage: TOO_MANY_SIGNUPS,
    })
    await backgroundMailSettled()
  })

  test('limits the mails one address can be sent, for new and taken addresses alike', async () => {
    await createPartner({ websiteId, email: 'sam@example.com' })
    for (const email of ['sam@example.com', 'tess@example.com']) {
      for (let i = 0; i < 5; i++) await requestSignup(db(), { name: 'X', email, password: PASSWORD }, nextCaller())
      await expect(requestSignup(db(), { name: 'X', email, password: PASSWORD }, nextCaller())).rejects.toMatchObject({ code: 'rate_limited' })
    }
    await backgroundMailSettled()
  })

  test('without SMTP the link lands in the outbox, readable', async () => {
    useMailSettings({ smtpUrl: undefined, origin: 'https://shop.acme.test' })
    try {
      await requestSignup(db(), { name: 'Uma', email: 'uma@example.com', password: PASSWORD }, nextCaller())
      await backgroundMailSettled()
      const [queued] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'uma@example.com'))
      expect(queued).toMatchObject({ status: 'queued', websiteId, subject: 'Finish creating your Acme Team Store account' })
      const token = /signup\?token=([A-Za-z0-9_-]{43})/.exec(queued!.text)![1]!
      expect(await confirmSignup(db(), { token }, nextCaller())).toMatchObject({ accessToken: expect.any(String) })
    } finally {
      useMailSettings({ smtpUrl: smtp.url, from: 'Acme Team Store <no-reply@acme.test>', origin: 'https://shop.acme.test' })
    }
  })
})
