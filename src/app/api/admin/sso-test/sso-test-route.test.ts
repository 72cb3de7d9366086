import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { SsoTestResult } from '@/isomorphic/contract/admin-settings'
import { completeSsoSignIn, SSO_EXPIRED } from '@/server/accounts/sso-service'
import { SSO_TEST_ELSEWHERE, SSO_TEST_INCOMPLETE, SSO_TEST_SESSION_ENDED } from '@/server/sso-test/sso-test'
import { forgetOidcConfigurations } from '@/server/adapters/oidc'
import { createMemoryCache, namedCache, useNamedCache } from '@/server/cache/named-cache'
import { auditLog, customerGroups, partners, sessions, ssoGroupMappings, staff, staffStores, websites } from '@/server/db/schema'
import { env } from '@/server/env'
import { revokeStaffSessions, startStaffSession } from '@/server/staff/staff-sessions'
import { createWebsite } from '../../../../../tests/factories/website'
import { useTestDatabase } from '../../../../../tests/setup/test-db'
import { type RunningProvider, signInAtProvider, startTestProvider, TEST_CLIENT } from '../../../../../tests/support/oidc-provider'
import { POST as callback } from '../../user/sso/callback/route'
import { POST as adminQuery } from '../query/route'
import { POST as startTest } from './route'

// The fakes here listen on loopback: the setting a private install would turn on (adapters/outbound.ts).
vi.stubEnv('ALLOW_PRIVATE_OUTBOUND', 'true')

// The console's single sign-on "Test sign-in" (issue 16) against a real OpenID Connect provider:
// the same flow as a shopper's, back through the same callback, which for a test signs nobody in
// and makes no account; the outcome — claims and mapped group, or the failing step — is audited and
// readable only by the member and console session that started it.

const STORE = 'http://store.test'
const REDIRECT_URI = `${STORE}/sso-login`

const ACCOUNTS = {
  'gus.field': { email: 'gus.field@example.com', email_verified: true, name: 'Gus Field', groups: ['All-Staff', 'Field-Sales'] },
  'no.proof': { email: 'no.proof@example.com', email_verified: false, name: 'No Proof' },
  'no.email': { name: 'Nameless' },
  'id-token-wrong-issuer.kim': { email: 'kim@example.com', email_verified: true, name: 'Kim Spoiled' },
}

type Cookies = Map<string, { value: string; line: string }>

function setCookies(response: Response): Cookies {
  const cookies: Cookies = new Map()
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0]!
    const separator = pair.indexOf('=')
    cookies.set(pair.slice(0, separator), { value: pair.slice(separator + 1), line })
  }
  return cookies
}

describe('the console’s single sign-on test sign-in', () => {
  const { db } = useTestDatabase()
  let provider: RunningProvider
  let websiteId: number
  let managerId: number
  let salesGroupId: number

  async function configureSso(values: { ssologin: string | null; ssoConfig: Record<string, string> | null }) {
    await db().update(websites).set(values).where(eq(websites.id, websiteId))
    await namedCache().invalidate('Website')
    forgetOidcConfigurations()
  }

  async function member(role: 'store_manager' | 'fulfilment', storeId = websiteId) {
    const [row] = await db()
      .insert(staff)
      .values({ email: `${role}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`, name: `Test ${role}`, role })
      .returning({ id: staff.id })
    await db().insert(staffStores).values({ staffId: row!.id, websiteId: storeId })
    return row!.id
  }

  async function consoleSession(staffId: number) {
    const { token } = await startStaffSession(db(), { staffId, secondFactorDone: true, ip: '203.0.113.9', userAgent: 'vitest' })
    return `admin_session=${token}`
  }

  function start(adminCookie: string | null, body: unknown = { websiteId }) {
    return startTest(
      new Request(`${STORE}/api/admin/sso-test`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: STORE, ...(adminCookie ? { cookie: adminCookie } : {}) },
        body: JSON.stringify(body),
      }),
    )
  }

  function postCallback(callbackUrl: string, flowCookie: string | null) {
    return callback(
      new Request(`${STORE}/api/user/sso/callback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: STORE, 'x-forwarded-for': '198.51.100.7', ...(flowCookie ? { cookie: flowCookie } : {}) },
        body: JSON.stringify({ callbackUrl }),
      }),
    )
  }

  async function readResult(adminCookie: string, sealed: string): Promise<SsoTestResult | null> {
    const response = await adminQuery(
      new Request(`${STORE}/api/admin/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: STORE, cookie: adminCookie },
        body: JSON.stringify({ key: 'settings.ssoTestResult', value: { websiteId, result: sealed } }),
      }),
    )
    expect(response.status).toBe(200)
    return ((await response.json()) as { data: SsoTestResult | null }).data
  }

  /** Presses "Test sign-in", signs in at the provider as `login` (or cancels), and hands the answer to the callback. */
  async function runTest(adminCookie: string, login: string, { cancel = false } = {}) {
    const started = await start(adminCookie)
    expect(started.status).toBe(200)
    const { location } = ((await started.json()) as { data: { location: string } }).data
    const flow = setCookies(started).get('sso-flow')
    expect(flow, 'the sealed test flow').toBeDefined()
    const callbackUrl = await signInAtProvider(location, { login, redirectUri: REDIRECT_URI, cancel })
    const answer = await postCallback(callbackUrl, `sso-flow=${flow!.value}`)
    const body = (await answer.json()) as { data?: Record<string, unknown>; error?: { message: string } }
    return { answer, body, cookies: setCookies(answer), location }
  }

  const countOf = async (table: typeof partners | typeof sessions) => (await db().select({ n: count() }).from(table))[0]!.n

  const testRows = () => db().select().from(auditLog).where(eq(auditLog.action, 'store_settings.sso_test'))

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    provider = await startTestProvider({ redirectUris: [REDIRECT_URI], accounts: ACCOUNTS })
    websiteId = (await createWebsite({ name: 'Acme Team Store' })).id
    expect(websiteId).toBe(env().WEBSITE_ID)
    managerId = await member('store_manager')
    const [sales] = await db().insert(customerGroups).values({ websiteId, code: 'sales', name: 'Field Sales' }).returning({ id: customerGroups.id })
    salesGroupId = sales!.id
    await db().insert(ssoGroupMappings).values({ websiteId, claim: 'groups', mappings: [{ value: 'field-sales', groupId: salesGroupId }] })
  })

  afterAll(async () => {
    await provider?.close()
  })

  beforeEach(async () => {
    // Saved but turned off (no button label): a test runs before the sign-in is offered to shoppers.
    await configureSso({
      ssologin: null,
      ssoConfig: { issuer: provider.issuer, clientId: TEST_CLIENT.clientId, clientSecret: TEST_CLIENT.clientSecret, scope: 'openid email profile groups' },
    })
  })

  test('a successful test shows the claims and the mapped group, and signs nobody in nor makes an account', async () => {
    const adminCookie = await consoleSession(managerId)
    const [partnersBefore, sessionsBefore] = [await countOf(partners), await countOf(sessions)]

    const { answer, body, cookies, location } = await runTest(adminCookie, 'gus.field')
    expect(new URL(location).searchParams.get('redirect_uri')).toBe(REDIRECT_URI)
    expect(answer.status).toBe(200)
    expect(body.data).toEqual({ test: true, returnTo: `/admin/settings/sso-test?store=${websiteId}` })
    expect(cookies.has('session')).toBe(false)
    expect(cookies.get('sso-flow')?.line).toMatch(/Max-Age=0/)
    const resultCookie = cookies.get('sso-test-result')!
    expect(resultCookie.line).toMatch(/; Path=\/admin; Max-Age=600; HttpOnly; SameSite=Strict$/)
    expect(await countOf(partners)).toBe(partnersBefore)
    expect(await countOf(sessions)).toBe(sessionsBefore)

    const result = await readResult(adminCookie, resultCookie.value)
    expect(result).toMatchObject({
      outcome: 'succeeded',
      failure: null,
      subject: 'gus.field',
      email: 'gus.field@example.com',
      emailVerified: true,
      name: 'Gus Field',
      issuer: provider.issuer,
      redirectUri: REDIRECT_URI,
      group: { claim: 'groups', values: ['All-Staff', 'Field-Sales'], matchedValue: 'field-sales', groupName: 'Field Sales' },
    })
    expect(result!.claims.slice(0, 4)).toEqual([
      { name: 'sub', value: 'gus.field' },
      { name: 'email', value: 'gus.field@example.com' },
      { name: 'email_verified', value: 'true' },
      { name: 'name', value: 'Gus Field' },
    ])
    expect(result!.claims.map((claim) => claim.name)).toContain('groups')
    expect(result!.claims.map((claim) => claim.name)).not.toContain('nonce')

    const [row] = (await testRows()).filter((entry) => entry.staffId === managerId)
    expect(row).toMatchObject({ websiteId, entityType: 'store_settings', after: { event: 'SSO test sign-in', outcome: 'succeeded', subject: 'gus.field', mappedGroup: 'Field Sales' } })
    expect(JSON.stringify(row)).not.toContain(TEST_CLIENT.clientSecret)
  })

  test('the result is readable only by the member and console session that ran the test', async () => {
    const adminCookie = await consoleSession(managerId)
    const { cookies } = await runTest(adminCookie, 'gus.field')
    const sealed = cookies.get('sso-test-result')!.value

    expect(await readResult(adminCookie, sealed)).not.toBeNull()
    // The same member in another browser (another console session), and a colleague: nothing.
    expect(await readResult(await consoleSession(managerId), sealed)).toBeNull()
    expect(await readResult(await consoleSession(await member('store_manager')), sealed)).toBeNull()
    // A forged or altered result: nothing.
    expect(await readResult(adminCookie, `${sealed.slice(0, -4)}AAAA`)).toBeNull()
    expect(await readResult(adminCookie, '')).toBeNull()
  })

  test('a wrong client secret fails at the code exchange with the provider’s 401 and what to fix, and signs nobody in', async () => {
    await configureSso({ ssologin: 'Acme SSO', ssoConfig: { issuer: provider.issuer, clientId: TEST_CLIENT.clientId, clientSecret: 'not-the-secret' } })
    const adminCookie = await consoleSession(managerId)
    const sessionsBefore = await countOf(sessions)
    const { answer, cookies } = await runTest(adminCookie, 'gus.field')
    expect(answer.status).toBe(200)
    expect(cookies.has('session')).toBe(false)
    expect(await countOf(sessions)).toBe(sessionsBefore)
    const result = await readResult(adminCookie, cookies.get('sso-test-result')!.value)
    expect(result).toMatchObject({ outcome: 'failed', claims: [], subject: null })
    expect(result!.failure!.step).toBe('token exchange')
    expect(result!.failure!.message).toMatch(/refused the client id or client secret .*\(HTTP 401, invalid_client\)\. Check the client secret/)
    expect(JSON.stringify(result)).not.toContain('not-the-secret')
    const rows = (await testRows()).filter((entry) => entry.staffId === managerId)
    expect(rows.at(-1)!.after).toMatchObject({ outcome: 'failed', step: 'token exchange' })
    expect(JSON.stringify(rows)).not.toContain('not-the-secret')
  })

  test.each([
    ['an ID token from another issuer', 'id-token-wrong-issuer.kim', 'ID token', /names another issuer than the saved one/],
    ['a login whose email is not verified', 'no.proof', 'email', /did not mark no\.proof@example\.com as verified/],
    ['a login without an email', 'no.email', 'email', /sent no email claim/],
  ])('%s fails at its step with a sentence saying what to fix', async (_case, login, step, message) => {
    const adminCookie = await consoleSession(managerId)
    const partnersBefore = await countOf(partners)
    const { cookies } = await runTest(adminCookie, login)
    const result = await readResult(adminCookie, cookies.get('sso-test-result')!.value)
    expect(result!.outcome).toBe('failed')
    expect(result!.failure).toMatchObject({ step, message: expect.stringMatching(message) })
    expect(await countOf(partners)).toBe(partnersBefore)
  })

  test('cancelling at the provider is the test’s outcome at the provider’s sign-in', async () => {
    const adminCookie = await consoleSession(managerId)
    const { body, cookies } = await runTest(adminCookie, 'gus.field', { cancel: true })
    expect(body.data).toMatchObject({ test: true })
    const result = await readResult(adminCookie, cookies.get('sso-test-result')!.value)
    expect(result!.failure).toMatchObject({ step: 'provider sign-in', message: expect.stringMatching(/without signing in \(access_denied\)/) })
  })

  test('a provider that cannot be reached is the result at once, at discovery', async () => {
    await configureSso({ ssologin: null, ssoConfig: { issuer: 'http://127.0.0.1:9/', clientId: 'x', clientSecret: 'y' } })
    const adminCookie = await consoleSession(managerId)
    const started = await start(adminCookie)
    expect(started.status).toBe(200)
    expect(((await started.json()) as { data: { location: string } }).data.location).toBe(`/admin/settings/sso-test?store=${websiteId}`)
    const cookies = setCookies(started)
    expect(cookies.has('sso-flow')).toBe(false)
    const result = await readResult(adminCookie, cookies.get('sso-test-result')!.value)
    expect(result!.failure).toMatchObject({ step: 'discovery', message: expect.stringMatching(/could not be read\. Check the issuer address/) })
  })

  test('a member whose console session ended before the provider answered gets no result and no audit row', async () => {
    const staffId = await member('store_manager')
    const adminCookie = await consoleSession(staffId)
    const started = await start(adminCookie)
    const { location } = ((await started.json()) as { data: { location: string } }).data
    const flow = setCookies(started).get('sso-flow')!
    const callbackUrl = await signInAtProvider(location, { login: 'gus.field', redirectUri: REDIRECT_URI })
    await revokeStaffSessions(db(), staffId, 'sign_out')
    const answer = await postCallback(callbackUrl, `sso-flow=${flow.value}`)
    expect(answer.status).toBe(401)
    expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(SSO_TEST_SESSION_ENDED)
    expect(setCookies(answer).has('sso-test-result')).toBe(false)
    expect((await testRows()).filter((entry) => entry.staffId === staffId)).toEqual([])
  })

  test('a test flow never reaches the shopper’s sign-in, even handed to it directly', async () => {
    const adminCookie = await consoleSession(managerId)
    const started = await start(adminCookie)
    const { location } = ((await started.json()) as { data: { location: string } }).data
    const flow = setCookies(started).get('sso-flow')!
    const callbackUrl = await signInAtProvider(location, { login: 'gus.field', redirectUri: REDIRECT_URI })
    const partnersBefore = await countOf(partners)
    await configureSso({ ssologin: 'Acme SSO', ssoConfig: { issuer: provider.issuer, clientId: TEST_CLIENT.clientId, clientSecret: TEST_CLIENT.clientSecret } })
    const signIn = completeSsoSignIn(db(), { websiteId, origin: STORE, callbackUrl, flowToken: flow.value, ip: null, userAgent: null })
    await expect(signIn).rejects.toMatchObject({ code: 'invalid', userMessage: SSO_EXPIRED })
    expect(await countOf(partners)).toBe(partnersBefore)
  })

  test('an answer that is not to this test (another state) is refused like an expired sign-in', async () => {
    const adminCookie = await consoleSession(managerId)
    const started = await start(adminCookie)
    const flow = setCookies(started).get('sso-flow')!
    const answer = await postCallback(`${REDIRECT_URI}?code=abc&state=another`, `sso-flow=${flow.value}`)
    expect(answer.status).toBe(400)
    expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(SSO_EXPIRED)
  })

  test('only a member who may change the settings can start a test, for this server’s store, with complete settings', async () => {
    expect((await start(null)).status).toBe(401)
    expect((await start(await consoleSession(await member('fulfilment')))).status).toBe(403)
    const otherStore = (await createWebsite({ name: 'Other Store' })).id
    const otherManager = await consoleSession(await member('store_manager', otherStore))
    expect((await start(otherManager)).status).toBe(404)
    const elsewhere = await start(otherManager, { websiteId: otherStore })
    expect(elsewhere.status).toBe(400)
    expect(((await elsewhere.json()) as { error: { message: string } }).error.message).toBe(SSO_TEST_ELSEWHERE)

    await configureSso({ ssologin: null, ssoConfig: { issuer: provider.issuer, clientId: TEST_CLIENT.clientId } })
    const incomplete = await start(await consoleSession(managerId))
    expect(incomplete.status).toBe(400)
    expect(((await incomplete.json()) as { error: { message: string } }).error.message).toBe(SSO_TEST_INCOMPLETE)
  })
})
