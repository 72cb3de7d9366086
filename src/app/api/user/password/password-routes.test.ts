import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { RESET_LINK_EXPIRED } from '@/isomorphic/contract/accounts'
import { RESET_CHECK_EMAIL } from '@/server/accounts/password-reset-service'
import { verifyPassword } from '@/server/accounts/passwords'
import { startSession } from '@/server/accounts/session-service'
import { forgetSigningKey } from '@/server/accounts/signing-key'
import { WRONG_CURRENT_PASSWORD } from '@/server/accounts/password-change-service'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import { addresses, partners } from '@/server/db/schema'
import { env } from '@/server/env'
import { backgroundMailSettled } from '@/server/mail/background-mail'
import { useMailSettings } from '@/server/mail/mail-settings'
import { USER_DOES_NOT_EXIST } from '@/isomorphic/account-types'
import { createAddress, createPartner, TEST_PASSWORD } from '../../../../../tests/factories/accounts'
import { createWebsite } from '../../../../../tests/factories/website'
import { startSmtpCapture, type SmtpCapture } from '../../../../../tests/support/smtp-capture'
import { testDatabaseKinds, useTestDatabase } from '../../../../../tests/setup/test-db'
import { POST as mutationPOST } from '../../mutation/route'
import { POST as queryPOST } from '../../query/route'
import { POST as createPOST } from './create/route'
import { POST as resetPOST } from './reset/route'

const BASE = 'http://store.test'
const NEW_PASSWORD = 'copper kettle in the rain'

function request(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${BASE}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
}

describe.each(testDatabaseKinds())('the password endpoints on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let smtp: SmtpCapture
  let websiteId: number
  let n = 0
  const from = () => ({ 'x-forwarded-for': `198.51.100.${++n}` })
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  const getPartner = (token: string) => queryPOST(request('/api/query', { key: 'getPartner' }, bearer(token)))

  async function resetLink(email: string): Promise<string> {
    expect((await resetPOST(request('/api/user/password/reset', { email }, from()))).status).toBe(200)
    await backgroundMailSettled()
    const mail = await smtp.waitFor((message) => message.envelopeTo.includes(email))
    return /password\/create\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!
  }

  beforeAll(async () => {
    forgetSigningKey()
    smtp = await startSmtpCapture()
    useMailSettings({ smtpUrl: smtp.url, origin: 'https://shop.acme.test' })
    websiteId = (await createWebsite({ name: 'Acme Team Store' })).id
    expect(websiteId).toBe(env().WEBSITE_ID)
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))
  afterAll(async () => {
    useMailSettings(null)
    await smtp.close()
  })

  test('reset answers a known and an unknown email with the same status and body', async () => {
    await createPartner({ websiteId, email: 'known@example.com' })
    const known = await resetPOST(request('/api/user/password/reset', { email: 'known@example.com' }, from()))
    const unknown = await resetPOST(request('/api/user/password/reset', { email: 'unknown@example.com' }, from()))
    expect([known.status, unknown.status]).toEqual([200, 200])
    const body = await known.text()
    expect(await unknown.text()).toBe(body)
    expect(JSON.parse(body)).toEqual({ data: { status: 'check_email', message: RESET_CHECK_EMAIL } })
    await backgroundMailSettled()
  })

  test('the reset link sets the password once; a token from before the reset is refused by getPartner', async () => {
    const partner = await createPartner({ websiteId, email: 'lina@example.com' })
    const before = await startSession(db(), { partnerId: partner.id, websiteId, method: 'password' })
    expect((await getPartner(before.accessToken)).status).toBe(200)

    const token = await resetLink('lina@example.com')
    const created = await createPOST(request('/api/user/password/create', { token, password: NEW_PASSWORD }, from()))
    expect(created.status).toBe(200)
    expect(await created.json()).toEqual({ data: { success: true } })

    const refused = await getPartner(before.accessToken)
    expect(refused.status).toBe(401)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(USER_DOES_NOT_EXIST)
    const [after] = await db().select().from(partners).where(eq(partners.id, partner.id))
    expect(await verifyPassword(after!.passwordHash, NEW_PASSWORD)).toBe(true)

    const reused = await createPOST(request('/api/user/password/create', { token, password: 'yet another password' }, from()))
    expect(reused.status).toBe(400)
    expect(reused.statusText).toBe(RESET_LINK_EXPIRED)
  })

  test('updatePassword through /api/mutation ends the other sessions but not the caller’s', async () => {
    const partner = await createPartner({ websiteId, email: 'milo@example.com' })
    const caller = await startSession(db(), { partnerId: partner.id, websiteId, method: 'password' })
    const other = await startSession(db(), { partnerId: partner.id, websiteId, method: 'password' })

    const wrong = await mutationPOST(request('/api/mutation', { key: 'updatePassword', currentPassword: 'nope nope nope', newPassword: NEW_PASSWORD }, { cookie: `session=${caller.accessToken}` }))
    expect(wrong.status).toBe(400)
    expect(wrong.statusText).toBe(WRONG_CURRENT_PASSWORD)

    const changed = await mutationPOST(request('/api/mutation', { key: 'updatePassword', currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }, { cookie: `session=${caller.accessToken}` }))
    expect(changed.status).toBe(200)
    expect(await changed.json()).toEqual({ updatePassword: { success: true } })
    expect((await getPartner(caller.accessToken)).status).toBe(200)
    expect((await getPartner(other.accessToken)).status).toBe(401)
    await backgroundMailSettled()
  })

  test('a cross-site POST to /api/mutation is refused with 403 and changes nothing', async () => {
    const partner = await createPartner({ websiteId })
    const address = await createAddress({ partnerId: partner.id })
    const { accessToken } = await startSession(db(), { partnerId: partner.id, websiteId, method: 'password' })
    const attempts = [
      { key: 'updatePassword', currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
      { key: 'deleteAddress', id: address.id, partnerUid: partner.uid },
    ]
    for (const body of attempts) {
      for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
        const response = await mutationPOST(request('/api/mutation', body, { cookie: `session=${accessToken}`, ...headers }))
        expect(response.status).toBe(403)
      }
    }
    const [after] = await db().select().from(partners).where(eq(partners.id, partner.id))
    expect(after!.passwordHash).toBe(partner.passwordHash)
    expect(await db().select().from(addresses).where(eq(addresses.id, address.id))).toHaveLength(1)
  })

  test('reset and create refuse cross-site requests too', async () => {
    const reset = await resetPOST(request('/api/user/password/reset', { email: 'known@example.com' }, { ...from(), origin: 'https://evil.example' }))
    expect(reset.status).toBe(403)
    const create = await createPOST(request('/api/user/password/create', { token: 'x'.repeat(43), password: NEW_PASSWORD }, { 'sec-fetch-site': 'cross-site' }))
    expect(create.status).toBe(403)
  })
})
