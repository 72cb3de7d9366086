import { createServer } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  SSO_ACCOUNT_LINKED_ELSEWHERE,
  SSO_EXPIRED,
  SSO_FAILED,
  SSO_NO_VERIFIED_EMAIL,
  SSO_NOT_CONFIGURED,
  SSO_UNREACHABLE,
  SSO_WRONG_CALLBACK,
} from '@/server/accounts/sso-service'
import { verifyPassword } from '@/server/accounts/passwords'
import { forgetOidcConfigurations } from '@/server/adapters/oidc'
import { createMemoryCache, namedCache, useNamedCache } from '@/server/cache/named-cache'
import { customerGroups, partners, sessions, ssoGroupMappings, websites } from '@/server/db/schema'
import { env } from '@/server/env'
import { LOGIN_FAILED } from '@/isomorphic/account-types'
import { createPartner, TEST_PASSWORD } from '../../../../../tests/factories/accounts'
import { createWebsite } from '../../../../../tests/factories/website'
import { useTestDatabase } from '../../../../../tests/setup/test-db'
import { type RunningProvider, signInAtProvider, startTestProvider, TEST_CLIENT } from '../../../../../tests/support/oidc-provider'
import { POST as query } from '../../query/route'
import { POST as callback } from './callback/route'
import { GET as start } from './start/route'

// The fakes here listen on loopback: the setting a private install would turn on (adapters/outbound.ts).
vi.stubEnv('ALLOW_PRIVATE_OUTBOUND', 'true')

const STORE = 'http://store.test'
const REDIRECT_URI = `${STORE}/sso-login`

/** Logins whose ID token the provider spoils (tests/e2e/support/oidc-provider.mjs, spoilIdTokens). */
const ID_TOKEN_FAULTS = ['wrong-signature', 'wrong-issuer', 'wrong-audience', 'wrong-nonce', 'expired', 'unsigned']

const ACCOUNTS = {
  ...Object.fromEntries(ID_TOKEN_FAULTS.map((fault) => [`id-token-${fault}.kim`, { email: 'kim.spoiled@example.com', email_verified: true, name: 'Kim Spoiled' }])),
  'ana.ruiz': { email: 'ana.ruiz@example.com', email_verified: true, name: 'Ana Ruiz' },
  // In two directory groups: the store's group mapping decides her customer group (issue 16).
  'gus.field': { email: 'gus.field@example.com', email_verified: true, name: 'Gus Field', groups: ['All-Staff', 'Field-Sales'] },
  // Signs in twice in a test that changes the partner's email: a provider account of its own.
  'ben.ito': { email: 'ben.ito@example.com', email_verified: true, name: 'Ben Ito' },
  'dana.reyes': { email: 'Dana@Example.com', email_verified: true, given_name: 'Dana', family_name: 'Reyes' },
  'no.proof': { email: 'no.proof@example.com', email_verified: false, name: 'No Proof' },
  'no.email': { name: 'Nameless' },
  'string.verified': { email: 'string.verified@example.com', email_verified: 'true' as unknown as boolean },
  'other.pat': { email: 'pat@example.com', email_verified: true, name: 'Another Pat' },
  'disabled.person': { email: 'disabled@example.com', email_verified: true },
}


type Answer = { data: { access_token: string; returnTo: string }; error: { message: string } }

/** The cookies a response sets, by name (value and the whole line). */
function setCookies(response: Response): Map<string, { value: string; line: string }> {
  const cookies = new Map<string, { value: string; line: string }>()
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0]!
    const separator = pair.indexOf('=')
    cookies.set(pair.slice(0, separator), { value: pair.slice(separator + 1), line })
  }
  return cookies
}

async function startSignIn(returnTo = '/shop') {
  const response = await start(new Request(`${STORE}/api/user/sso/start?returnTo=${encodeURIComponent(returnTo)}`))
  const flow = setCookies(response).get('sso-flow')
  return { response, location: response.headers.get('location'), flowCookie: flow ? `sso-flow=${flow.value}` : null }
}

function postCallback(callbackUrl: unknown, { cookie, headers = {} }: { cookie: string | null; headers?: Record<string, string> }) {
  return callback(
    new Request(`${STORE}/api/user/sso/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: STORE, 'x-forwarded-for': '198.51.100.7', ...(cookie ? { cookie } : {}), ...headers },
      body: JSON.stringify({ callbackUrl }),
    }),
  )
}

/** The whole round trip as a browser makes it: start, sign in at the provider, hand the answer back. */
async function signInWithSso(login: string, returnTo = '/shop') {
  const started = await startSignIn(returnTo)
  expect(started.response.status).toBe(302)
  const callbackUrl = await signInAtProvider(started.location!, { login, redirectUri: REDIRECT_URI })
  const response = await postCallback(callbackUrl, { cookie: started.flowCookie })
  return { response, callbackUrl, flowCookie: started.flowCookie, body: (await response.json()) as Answer }
}

async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('single sign-on against a real OpenID Connect provider', () => {
  const { db } = useTestDatabase()
  let provider: RunningProvider
  let websiteId: number

  async function configureSso(values: { ssologin: string | null; ssoConfig: Record<string, string> | null }) {
    await db().update(websites).set(values).where(eq(websites.id, websiteId))
    await namedCache().invalidate('Website')
    forgetOidcConfigurations()
  }

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    provider = await startTestProvider({ redirectUris: [REDIRECT_URI], accounts: ACCOUNTS })
    websiteId = (await createWebsite({ name: 'Acme Team Store' })).id
    expect(websiteId).toBe(env().WEBSITE_ID)
  })

  afterAll(async () => {
    await provider?.close()
  })

  beforeEach(async () => {
    await configureSso({
      ssologin: 'Acme SSO',
      ssoConfig: { issuer: provider.issuer, clientId: TEST_CLIENT.clientId, clientSecret: TEST_CLIENT.clientSecret },
    })
  })

  test('starting sends the browser to the provider with PKCE (S256), state and nonce, kept in an HttpOnly 10-minute cookie', async () => {
    const { response, location } = await startSignIn('/shop')
    expect(response.status).toBe(302)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const url = new URL(location!)
    expect(url.origin).toBe(provider.issuer)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: TEST_CLIENT.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    })
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)).toMatch(/^[\w-]{20,}$/)
    const flow = setCookies(response).get('sso-flow')!
    expect(flow.line).toMatch(/; Path=\/; Max-Age=600; HttpOnly; SameSite=Lax$/)
    // Encrypted: neither the state nor the verifier can be read from it.
    expect(flow.value.split('.')).toHaveLength(5)
    expect(flow.value).not.toContain(url.searchParams.get('state'))
  })

  test('a first sign-in creates the partner from the provider claims, without a password, and signs in', async () => {
    const { response, body } = await signInWithSso('ana.ruiz', '/shop?color=Navy')
    expect(response.status).toBe(200)
    expect(body.data.returnTo).toBe('/shop?color=Navy')
    const cookies = setCookies(response)
    expect(cookies.get('session')?.value).toBe(body.data.access_token)
    expect(cookies.get('session')?.line).toMatch(/HttpOnly; SameSite=Lax/)
    expect(cookies.get('sso-flow')?.line).toMatch(/Max-Age=0/)

    const [partner] = await db().select().from(partners).where(eq(partners.email, 'ana.ruiz@example.com'))
    expect(partner).toMatchObject({ name: 'Ana Ruiz', passwordHash: null, ssoIssuer: provider.issuer, ssoSubject: 'ana.ruiz', isActive: true })
    const [session] = await db().select().from(sessions).where(eq(sessions.partnerId, partner!.id))
    expect(session).toMatchObject({ method: 'sso', ip: '198.51.100.7' })

    const me = await query(
      new Request(`${STORE}/api/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${body.data.access_token}` },
        body: JSON.stringify({ key: 'getPartner' }),
      }),
    )
    expect(((await me.json()) as { partner: { email: string } }).partner.email).toBe('ana.ruiz@example.com')
  })

  test('an existing account with the same email (any case) is linked, and keeps its password', async () => {
    const dana = await createPartner({ websiteId, email: 'dana@example.com', name: 'Dana Reyes' })
    const { response } = await signInWithSso('dana.reyes')
    expect(response.status).toBe(200)
    const rows = await db().select().from(partners).where(eq(partners.email, 'dana@example.com'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ id: dana.id, name: 'Dana Reyes', ssoIssuer: provider.issuer, ssoSubject: 'dana.reyes' })
    expect(await verifyPassword(rows[0]!.passwordHash, TEST_PASSWORD)).toBe(true)
  })

  test('a second sign-in finds the partner by its provider subject, even after the store changed its email', async () => {
    const first = await signInWithSso('ben.ito')
    expect(first.response.status).toBe(200)
    const [linked] = await db().select().from(partners).where(eq(partners.ssoSubject, 'ben.ito'))
    await db().update(partners).set({ email: 'ben.i@acme.example' }).where(eq(partners.id, linked!.id))

    const again = await signInWithSso('ben.ito')
    expect(again.response.status).toBe(200)
    expect(await db().select().from(partners).where(eq(partners.ssoSubject, 'ben.ito'))).toEqual([expect.objectContaining({ id: linked!.id })])
    expect(await db().select().from(partners).where(eq(partners.email, 'ben.ito@example.com'))).toHaveLength(0)
  })

  test('an email the provider has not verified is refused, and no account is created', async () => {
    for (const login of ['no.proof', 'no.email', 'string.verified']) {
      const { response, body } = await signInWithSso(login)
      expect(response.status, login).toBe(400)
      expect(body.error.message).toBe(SSO_NO_VERIFIED_EMAIL)
      expect(response.headers.get('set-cookie')).not.toMatch(/(^|, )session=[^;]/)
    }
    expect(await db().select().from(partners).where(eq(partners.email, 'no.proof@example.com'))).toHaveLength(0)
  })

  test('an ID token with a wrong signature, issuer, audience or nonce, an expired or an unsigned one is refused, and no account is created', async () => {
    for (const fault of ID_TOKEN_FAULTS) {
      const { response, body } = await signInWithSso(`id-token-${fault}.kim`)
      expect(response.status, fault).toBe(400)
      expect(body.error.message, fault).toBe(SSO_FAILED)
      expect(response.headers.get('set-cookie'), fault).not.toMatch(/(^|, )session=[^;]/)
    }
    expect(await db().select().from(partners).where(eq(partners.email, 'kim.spoiled@example.com'))).toHaveLength(0)
  })

  test('an answer whose state does not match the flow cookie is refused before the code is used', async () => {
    const started = await startSignIn()
    const callbackUrl = new URL(await signInAtProvider(started.location!, { login: 'ana.ruiz', redirectUri: REDIRECT_URI }))
    const goodState = callbackUrl.searchParams.get('state')!
    callbackUrl.searchParams.set('state', 'forged-state-value-0000000000')

    const forged = await postCallback(callbackUrl.href, { cookie: started.flowCookie })
    expect(forged.status).toBe(400)
    expect(((await forged.json()) as { error: { message: string } }).error.message).toBe(SSO_EXPIRED)

    // The code was not spent: the genuine answer still signs in.
    callbackUrl.searchParams.set('state', goodState)
    expect((await postCallback(callbackUrl.href, { cookie: started.flowCookie })).status).toBe(200)
  })

  test('an answer without the flow cookie, or with the cookie of another sign-in, is refused', async () => {
    const first = await startSignIn()
    const second = await startSignIn()
    const callbackUrl = await signInAtProvider(first.location!, { login: 'ana.ruiz', redirectUri: REDIRECT_URI })
    for (const cookie of [null, second.flowCookie, 'sso-flow=not-a-sealed-flow']) {
      const response = await postCallback(callbackUrl, { cookie })
      expect(response.status).toBe(400)
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(SSO_EXPIRED)
    }
  })

  test('a code cannot be used twice', async () => {
    const { response, callbackUrl, flowCookie } = await signInWithSso('ana.ruiz')
    expect(response.status).toBe(200)
    const replay = await postCallback(callbackUrl, { cookie: flowCookie })
    expect(replay.status).toBe(400)
    expect(((await replay.json()) as { error: { message: string } }).error.message).toBe(SSO_FAILED)
  })

  test('cancelling at the provider (error=access_denied) says so', async () => {
    const started = await startSignIn()
    const callbackUrl = await signInAtProvider(started.location!, { login: 'ana.ruiz', redirectUri: REDIRECT_URI, cancel: true })
    expect(new URL(callbackUrl).searchParams.get('error')).toBe('access_denied')
    const response = await postCallback(callbackUrl, { cookie: started.flowCookie })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(SSO_FAILED)
  })

  test('a disabled account cannot sign in with single sign-on either', async () => {
    await createPartner({ websiteId, email: 'disabled@example.com', isActive: false })
    const { response, body } = await signInWithSso('disabled.person')
    expect(response.status).toBe(401)
    expect(body.error.message).toBe(LOGIN_FAILED)
  })

  test('an email already linked to another login of the same provider is not taken over', async () => {
    await createPartner({ websiteId, email: 'pat@example.com', ssoIssuer: provider.issuer, ssoSubject: 'pat.original' })
    const { response, body } = await signInWithSso('other.pat')
    expect(response.status).toBe(409)
    expect(body.error.message).toBe(SSO_ACCOUNT_LINKED_ELSEWHERE)
  })

  test('the callback must be this store\'s own /sso-login address', async () => {
    const started = await startSignIn()
    const callbackUrl = new URL(await signInAtProvider(started.location!, { login: 'ana.ruiz', redirectUri: REDIRECT_URI }))
    for (const wrong of [`https://evil.example/sso-login${callbackUrl.search}`, `${STORE}/login${callbackUrl.search}`, 'not a url']) {
      const response = await postCallback(wrong, { cookie: started.flowCookie })
      expect(response.status, wrong).toBe(400)
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(SSO_WRONG_CALLBACK)
    }
    expect((await postCallback(undefined, { cookie: started.flowCookie })).status).toBe(400)
  })

  test('the callback refuses a cross-site request', async () => {
    const response = await postCallback(`${REDIRECT_URI}?code=x&state=y`, { cookie: null, headers: { origin: 'https://evil.example' } })
    expect(response.status).toBe(403)
  })

  test('an unsafe returnTo comes back as /', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example', '/\\evil.example', '/login']) {
      const { body } = await signInWithSso('ana.ruiz', returnTo)
      expect(body.data.returnTo, returnTo).toBe('/')
    }
  })

  test('a provider that cannot be reached answers 502 with a message to try later', async () => {
    await configureSso({
      ssologin: 'Acme SSO',
      ssoConfig: { issuer: `http://127.0.0.1:${await closedPort()}`, clientId: TEST_CLIENT.clientId, clientSecret: TEST_CLIENT.clientSecret },
    })
    const { response } = await startSignIn()
    expect(response.status).toBe(502)
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(SSO_UNREACHABLE)
  })

  test('an issuer that is not https (plain http only to a private provider) or is cloud metadata leaves single sign-on off', async () => {
    await configureSso({ ssologin: 'Acme SSO', ssoConfig: { issuer: 'http://93.184.215.14', clientId: 'x', clientSecret: 'y' } })
    expect((await startSignIn()).response.status).toBe(404)
    await configureSso({ ssologin: 'Acme SSO', ssoConfig: { issuer: 'https://169.254.169.254', clientId: 'x', clientSecret: 'y' } })
    expect((await startSignIn()).response.status).toBe(404)
    await configureSso({ ssologin: 'Acme SSO', ssoConfig: { issuer: provider.issuer, clientId: 'x' } })
    expect((await startSignIn()).response.status).toBe(404)
  })

  test('the first mapped value of the store’s group claim (read from userinfo when the ID token lacks it) sets the member’s customer group', async () => {
    const [staffGroup, sales] = await db()
      .insert(customerGroups)
      .values([
        { websiteId, code: 'staff', name: 'Staff' },
        { websiteId, code: 'sales', name: 'Sales' },
      ])
      .returning({ id: customerGroups.id })
    await db().insert(ssoGroupMappings).values({ websiteId, claim: 'groups', mappings: [{ value: 'field-sales', groupId: sales!.id }, { value: 'all-staff', groupId: staffGroup!.id }] })
    await configureSso({ ssologin: 'Acme SSO', ssoConfig: { issuer: provider.issuer, clientId: TEST_CLIENT.clientId, clientSecret: TEST_CLIENT.clientSecret, scope: 'openid email profile groups' } })
    try {
      const { response } = await signInWithSso('gus.field')
      expect(response.status).toBe(200)
      const [partner] = await db().select({ groupId: partners.groupId }).from(partners).where(eq(partners.email, 'gus.field@example.com'))
      expect(partner!.groupId).toBe(sales!.id)
    } finally {
      await db().delete(ssoGroupMappings).where(eq(ssoGroupMappings.websiteId, websiteId))
    }
  })

  test('a store without single sign-on answers 404', async () => {
    await configureSso({ ssologin: null, ssoConfig: null })
    const { response } = await startSignIn()
    expect(response.status).toBe(404)
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(SSO_NOT_CONFIGURED)
    const answer = await postCallback(`${REDIRECT_URI}?code=x&state=y`, { cookie: null })
    expect(answer.status).toBe(404)
  })
})
