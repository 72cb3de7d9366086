import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { StoreSettings } from '@/isomorphic/contract/admin-settings'
import { createPartner, TEST_PASSWORD } from '../../../tests/factories/accounts'
import { createWebsite } from '../../../tests/factories/website'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { HUMAN_CHECK_FAILED } from '../adapters/recaptcha'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import { createMemoryCache, useNamedCache } from '../cache/named-cache'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { auditLog } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { getWebsiteCached } from '../website/website-service'
import { signInWithPassword } from './login-service'

// reCAPTCHA keys per store (issue 16): a store's site key is in its public settings (what the
// sign-in, sign-up and reset forms use), its secret key verifies the tokens against a real HTTP
// server speaking Google's siteverify contract (external-apis.md §5), and a store without keys of
// its own uses the install's (none here: reCAPTCHA is off for it). The secret is write-only.

const SITE_KEY = '6LdStoreSiteKey_acme-0000000000000000000'
const SECRET = '6LdStoreSecretKey_acme-must-not-leak-000'

const received: URLSearchParams[] = []
async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
const server = createServer((request, response) => {
  void readBody(request).then((body) => {
    const form = new URLSearchParams(body)
    received.push(form)
    // Only the store's secret makes a token valid, as Google answers for another site's secret.
    const valid = form.get('secret') === SECRET && form.get('response') === 'human-token'
    response.writeHead(200, { 'Content-Type': 'application/json' })
    response.end(JSON.stringify(valid ? { success: true, score: 0.9, action: 'login', hostname: 'shop.example.com' } : { success: false, 'error-codes': ['invalid-input-secret'] }))
  })
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
// Read once by env(), before any test touches the configuration; the install has no keys of its own.
vi.stubEnv('RECAPTCHA_VERIFY_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`)
vi.stubEnv('RECAPTCHA_SECRET_KEY', '')
vi.stubEnv('PUBLIC_ORIGIN', '')

afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

describe.each(testDatabaseKinds())('reCAPTCHA keys per store on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let manager: CoreContext

  const read = (ctx = manager, id = websiteId) => executeAdminQuery('settings.get', { websiteId: id }, ctx) as Promise<StoreSettings>
  async function save(recaptcha: Record<string, string> | undefined, ctx = manager, id = websiteId) {
    const current = await read(ctx, id)
    const value = { websiteId: id, version: current.version, name: current.name, lockBrowsing: false, guestCheckout: true, sso: { label: null }, ...(recaptcha ? { recaptcha } : {}) }
    return executeAdminMutation('settings.save', value, ctx) as Promise<StoreSettings>
  }
  const signIn = (id: number, email: string, recaptchaToken?: string) => signInWithPassword(db(), { login: email, password: TEST_PASSWORD, recaptchaToken }, { websiteId: id, ip: '203.0.113.7', userAgent: 'vitest' })

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    websiteId = (await createWebsite()).id
    manager = await staffContext(websiteId, { role: 'store_manager' })
  })
  beforeEach(() => {
    useRateLimiter(createMemoryRateLimiter())
    received.length = 0
  })

  test('the store’s keys: its site key is in its public settings, and sign-in is verified with its own secret', async () => {
    const saved = await save({ siteKey: SITE_KEY, secretKey: SECRET })
    expect(saved.recaptcha).toEqual({ siteKey: SITE_KEY, secretKeySet: true, installKeys: false })
    expect((await getWebsiteCached({ websiteId })).recaptchaSiteKey).toBe(SITE_KEY)

    const { email } = await createPartner({ websiteId })
    expect((await refusal(signIn(websiteId, email))).userMessage).toBe(HUMAN_CHECK_FAILED)
    expect((await refusal(signIn(websiteId, email, 'robot-token'))).userMessage).toBe(HUMAN_CHECK_FAILED)
    const session = await signIn(websiteId, email, 'human-token')
    expect(session.accessToken).toEqual(expect.any(String))
    expect(received.map((form) => form.get('secret'))).toEqual([SECRET, SECRET])
  })

  test('a store without keys of its own uses the install’s: none here, so its forms show no reCAPTCHA and sign-in asks Google nothing', async () => {
    const plain = (await createWebsite()).id
    expect((await getWebsiteCached({ websiteId: plain })).recaptchaSiteKey).toBeNull()
    const { email } = await createPartner({ websiteId: plain })
    expect((await signIn(plain, email)).accessToken).toEqual(expect.any(String))
    expect(received).toHaveLength(0)
  })

  test('the secret is write-only: kept when not given, never answered, audited only as changed; an empty site key goes back to the install’s', async () => {
    await save({ siteKey: SITE_KEY, secretKey: SECRET })
    const kept = await save({ siteKey: SITE_KEY })
    expect(kept.recaptcha.secretKeySet).toBe(true)
    const untouched = await save(undefined)
    expect(untouched.recaptcha).toMatchObject({ siteKey: SITE_KEY, secretKeySet: true })
    expect(JSON.stringify(await read())).not.toContain(SECRET)
    const rows = await db().select().from(auditLog).where(eq(auditLog.entityType, 'store_settings')).orderBy(asc(auditLog.id))
    const audit = JSON.stringify(rows)
    expect(audit).not.toContain(SECRET)
    expect(audit).toContain('"secretKey":"changed"')

    const cleared = await save({ siteKey: '' })
    expect(cleared.recaptcha).toEqual({ siteKey: '', secretKeySet: false, installKeys: false })
    expect((await getWebsiteCached({ websiteId })).recaptchaSiteKey).toBeNull()
  })

  test('a site key without a secret, a secret without a site key and a malformed key are refused with sentences', async () => {
    const fresh = (await createWebsite()).id
    const owner = await staffContext(fresh)
    const noSecret = await refusal(save({ siteKey: SITE_KEY }, owner, fresh))
    expect(noSecret.userMessage).toBe('To use the store’s own reCAPTCHA keys, give the secret key too (from the same reCAPTCHA site in Google’s admin console).')
    const noSiteKey = await refusal(save({ siteKey: '', secretKey: SECRET }, owner, fresh))
    expect(noSiteKey.userMessage).toBe('Give the reCAPTCHA site key with the secret key, or leave both empty to use the install’s keys.')
    const malformed = await refusal(save({ siteKey: 'not a key!', secretKey: SECRET }, owner, fresh))
    expect(malformed.code).toBe('invalid')
    expect(malformed.message).toMatch(/must be a key as Google gives it/)
    expect((await read(owner, fresh)).recaptcha.secretKeySet).toBe(false)
  })

  test('fulfilment is refused with 403 and another store’s manager with 404', async () => {
    const before = await read()
    const fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    const otherManager = await staffContext((await createWebsite()).id, { role: 'store_manager' })
    const value = { websiteId, version: before.version, name: before.name, lockBrowsing: false, guestCheckout: true, sso: { label: null }, recaptcha: { siteKey: SITE_KEY, secretKey: 'attacker-secret-000000000000' } }
    expect((await refusal(executeAdminMutation('settings.save', value, fulfilment))).code).toBe('forbidden')
    expect((await refusal(executeAdminMutation('settings.save', value, otherManager))).code).toBe('not_found')
    expect((await read()).version).toBe(before.version)
  })
})
