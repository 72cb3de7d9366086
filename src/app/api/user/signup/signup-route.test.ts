import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { backgroundMailSettled } from '@/server/mail/background-mail'
import { useMailSettings } from '@/server/mail/mail-settings'
import { SIGNUP_LINK_EXPIRED } from '@/isomorphic/contract/accounts'
import { SIGNUP_CHECK_EMAIL } from '@/server/accounts/signup-service'
import { forgetSigningKey } from '@/server/accounts/signing-key'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import { accountTokens, partners } from '@/server/db/schema'
import { env } from '@/server/env'
import { CROSS_SITE_REFUSED } from '@/web/http'
import { createPartner } from '../../../../../tests/factories/accounts'
import { createWebsite } from '../../../../../tests/factories/website'
import { startSmtpCapture, type SmtpCapture } from '../../../../../tests/support/smtp-capture'
import { testDatabaseKinds, useTestDatabase } from '../../../../../tests/setup/test-db'
import { POST as queryPOST } from '../../query/route'
import { POST as confirmPOST } from './confirm/route'
import { POST as signupPOST } from './route'

const BASE = 'http://store.test'
const PASSWORD = 'lantern moss river'

function request(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

describe.each(testDatabaseKinds())('POST /api/user/signup and /signup/confirm on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let smtp: SmtpCapture
  let n = 0
  const from = () => ({ 'x-forwarded-for': `203.0.113.${++n}` })

  async function linkFor(email: string): Promise<string> {
    const response = await signupPOST(request('/api/user/signup', { name: 'Kai Moreno', email, password: PASSWORD }, from()))
    expect(response.status).toBe(200)
    await backgroundMailSettled()
    const mail = await smtp.waitFor((message) => message.envelopeTo.includes(email))
    return /signup\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!
  }

  beforeAll(async () => {
    forgetSigningKey()
    smtp = await startSmtpCapture()
    useMailSettings({ smtpUrl: smtp.url, from: 'Acme Team Store <no-reply@acme.test>', origin: 'https://shop.acme.test' })
    const website = await createWebsite({ name: 'Acme Team Store' })
    expect(website.id).toBe(env().WEBSITE_ID)
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))
  afterAll(async () => {
    useMailSettings(null)
    await smtp.close()
  })

  test('answers a new and a taken email with the same status, headers and body', async () => {
    await createPartner({ websiteId: env().WEBSITE_ID, email: 'already@example.com' })
    const forNew = await signupPOST(request('/api/user/signup', { name: 'Lou', email: 'fresh@example.com', password: PASSWORD }, from()))
    const forTaken = await signupPOST(request('/api/user/signup', { name: 'Lou', email: 'already@example.com', password: PASSWORD }, from()))
    expect([forNew.status, forTaken.status]).toEqual([200, 200])
    expect(forTaken.headers.get('cache-control')).toBe(forNew.headers.get('cache-control'))
    expect(forNew.headers.get('set-cookie')).toBeNull()
    const [newBody, takenBody] = [await forNew.text(), await forTaken.text()]
    expect(takenBody).toBe(newBody)
    expect(JSON.parse(newBody)).toEqual({ data: { status: 'check_email', message: SIGNUP_CHECK_EMAIL } })
    await backgroundMailSettled()
  })

  test('the mailed link signs the new account in with a cookie, and works once', async () => {
    const token = await linkFor('mae@example.com')
    const confirmed = await confirmPOST(request('/api/user/signup/confirm', { token }, from()))
    expect(confirmed.status).toBe(200)
    const { data } = (await confirmed.json()) as { data: { access_token: string } }
    expect(data.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(confirmed.headers.getSetCookie()[0]).toMatch(/^session=[\w.-]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/)

    const partner = await queryPOST(request('/api/query', { key: 'getPartner' }, { authorization: `Bearer ${data.access_token}` }))
    expect(partner.status).toBe(200)
    expect(await partner.json()).toMatchObject({ partner: { email: 'mae@example.com', name: 'Kai Moreno', billingAddress: [], shippingAddress: [] } })

    const again = await confirmPOST(request('/api/user/signup/confirm', { token }, from()))
    expect(again.status).toBe(400)
    expect(again.statusText).toBe(SIGNUP_LINK_EXPIRED)
    expect(await again.json()).toEqual({ error: { code: 'invalid', message: SIGNUP_LINK_EXPIRED }, statusCode: 400, statusMessage: SIGNUP_LINK_EXPIRED })
  })

  test('refuses a cross-site request (Origin or Sec-Fetch-Site) with 403, creating and mailing nothing', async () => {
    const before = smtp.messages.length
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }] as Record<string, string>[]) {
      const response = await signupPOST(request('/api/user/signup', { name: 'Eve', email: 'csrf@example.com', password: PASSWORD }, { ...from(), ...headers }))
      expect(response.status).toBe(403)
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(CROSS_SITE_REFUSED)
    }
    const confirm = await confirmPOST(request('/api/user/signup/confirm', { token: 'x'.repeat(43) }, { origin: 'https://evil.example' }))
    expect(confirm.status).toBe(403)
    await backgroundMailSettled()
    expect(smtp.messages.length).toBe(before)
    expect(await db().select().from(accountTokens).where(eq(accountTokens.email, 'csrf@example.com'))).toEqual([])
    // The same request from the store's own page goes through.
    const same = await signupPOST(request('/api/user/signup', { name: 'Eve', email: 'csrf@example.com', password: PASSWORD }, { ...from(), origin: BASE, 'sec-fetch-site': 'same-origin' }))
    expect(same.status).toBe(200)
    await backgroundMailSettled()
  })

  test('builds the link from the configured origin whatever Host the request claims', async () => {
    const email = 'host@example.com'
    await signupPOST(request('/api/user/signup', { name: 'Hu', email, password: PASSWORD }, { ...from(), 'x-forwarded-host': 'evil.example', host: 'evil.example' }))
    await backgroundMailSettled()
    const mail = await smtp.waitFor((message) => message.envelopeTo.includes(email))
    expect(mail.text).toContain('https://shop.acme.test/signup?token=')
    expect(mail.text + mail.html).not.toContain('evil.example')
  })

  test('answers bad input with 400 and a sentence, and too many attempts with 429', async () => {
    const weak = await signupPOST(request('/api/user/signup', { name: 'Ola', email: 'ola@example.com', password: '12345678' }, from()))
    expect(weak.status).toBe(400)
    expect(weak.statusText).toBe('This password is too common. Please choose another one.')
    expect((await signupPOST(request('/api/user/signup', '{oops', from()))).status).toBe(400)
    const notJson = await signupPOST(new Request(`${BASE}/api/user/signup`, { method: 'POST', body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }))
    expect(notJson.status).toBe(415)

    const caller = from()
    for (let i = 0; i < 10; i++) {
      expect((await signupPOST(request('/api/user/signup', { name: 'Pat', email: `pat${i}@example.com`, password: PASSWORD }, caller))).status).toBe(200)
    }
    const throttled = await signupPOST(request('/api/user/signup', { name: 'Pat', email: 'pat10@example.com', password: PASSWORD }, caller))
    expect(throttled.status).toBe(429)
    expect(throttled.statusText).toBe('Too many sign-up attempts. Please wait an hour and try again.')
    await backgroundMailSettled()
    expect(await db().select().from(partners).where(eq(partners.email, 'pat0@example.com'))).toEqual([])
  })
})
