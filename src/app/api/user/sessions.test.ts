import { eq } from 'drizzle-orm'
import { base64url, SignJWT } from 'jose'
import type * as Argon2 from '@node-rs/argon2'
import { verify } from '@node-rs/argon2'
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { audienceFor, TOKEN_ISSUER } from '@/server/accounts/access-tokens'
import { signingKey } from '@/server/accounts/signing-key'
import { createMemoryCache, useNamedCache } from '@/server/cache/named-cache'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import { sessions } from '@/server/db/schema'
import { env } from '@/server/env'
import { LOGIN_FAILED, SESSION_ENDED, TOO_MANY_SIGN_IN_ATTEMPTS, USER_DOES_NOT_EXIST } from '@/isomorphic/account-types'
import { createAddress, createPartner, TEST_PASSWORD } from '../../../../tests/factories/accounts'
import { createWebsite } from '../../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../../tests/setup/test-db'
import { POST as mutate } from '../mutation/route'
import { POST as query } from '../query/route'
import { POST as login } from './login/route'
import { POST as logout } from './logout/route'
import { POST as refresh } from './refresh/route'

// argon2's verify, counted and still run: the cost of refusing a sign-in.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof Argon2>()
  return { ...argon2, verify: vi.fn(argon2.verify) }
})

const BASE = 'http://store.test'

function post(handler: (request: Request) => Promise<Response>, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return handler(
    new Request(`${BASE}${path}`, {
      method: 'POST',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), 'x-forwarded-for': '203.0.113.9', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

async function signIn(email: string, password = TEST_PASSWORD) {
  const response = await post(login, '/api/user/login', { login: email, password })
  const body = (await response.json()) as { data: { access_token: string } }
  return { response, token: body.data.access_token }
}

function claimsOf(token: string) {
  return JSON.parse(new TextDecoder().decode(base64url.decode(token.split('.')[1]!))) as Record<string, unknown>
}

describe.each(testDatabaseKinds())('sessions on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let partner: Awaited<ReturnType<typeof createPartner>>

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    websiteId = (await createWebsite({ name: 'Acme Team Store' })).id
    expect(websiteId).toBe(env().WEBSITE_ID)
    partner = await createPartner({ websiteId, email: 'dana@example.com', name: 'Dana Reyes' })
  })

  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  test('signing in returns a JWT whose exp is in seconds and sets an HttpOnly SameSite cookie with it', async () => {
    const before = Math.floor(Date.now() / 1000)
    const { response, token } = await signIn('Dana@Example.com ')
    const after = Math.ceil(Date.now() / 1000)
    expect(response.status).toBe(200)
    const claims = claimsOf(token)
    expect(claims.exp).toBeGreaterThanOrEqual(before + env().ACCESS_TOKEN_TTL_SECONDS)
    expect(claims.exp).toBeLessThanOrEqual(after + env().ACCESS_TOKEN_TTL_SECONDS)
    expect(claims).toMatchObject({ sub: partner.uid, iss: TOKEN_ISSUER, aud: audienceFor(websiteId) })
    const cookie = response.headers.get('set-cookie')!
    expect(cookie).toContain(`session=${token}`)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  test('the cookie is __Host- prefixed and Secure when the store is reached over HTTPS', async () => {
    const response = await post(login, '/api/user/login', { login: 'dana@example.com', password: TEST_PASSWORD }, { 'x-forwarded-proto': 'https' })
    expect(response.headers.getSetCookie()[0]).toMatch(/^__Host-session=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/)
    expect(response.headers.getSetCookie()[1]).toMatch(/^__Host-session_hint=\d+; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/)
  })

  test('signing in sets a readable hint that holds only the expiry, and both logouts clear it (issue 17)', async () => {
    const { response, token } = await signIn('dana@example.com')
    const [session, hint] = response.headers.getSetCookie()
    expect(session).toContain(`session=${token}`)
    expect(hint).toBe(`session_hint=${claimsOf(token).exp}; Path=/; Max-Age=${/Max-Age=(\d+)/.exec(session!)![1]}; SameSite=Lax`)
    expect(hint).not.toContain(token.split('.')[2]!)

    const local = await post(logout, '/api/user/logout', undefined, { cookie: `session=${token}` })
    expect(local.headers.getSetCookie()).toEqual(expect.arrayContaining(['session_hint=; Path=/; Max-Age=0; SameSite=Lax']))
  })

  test('a wrong password and an unknown email get the very same answer', async () => {
    const wrong = await post(login, '/api/user/login', { login: 'dana@example.com', password: 'not the password' })
    const unknown = await post(login, '/api/user/login', { login: 'nobody@example.com', password: 'not the password' })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    const [wrongBody, unknownBody] = [await wrong.json(), await unknown.json()]
    expect(wrongBody).toEqual(unknownBody)
    expect(wrongBody).toMatchObject({ statusMessage: LOGIN_FAILED })
    expect(wrong.headers.get('set-cookie')).toBeNull()
  })

  test('an unknown email is refused after the same password check as a wrong password: one argon2 verify each', async () => {
    const verifies = async (email: string) => {
      vi.mocked(verify).mockClear()
      await post(login, '/api/user/login', { login: email, password: 'not the password' })
      return vi.mocked(verify).mock.calls.length
    }
    // Without the check against a stand-in hash, an unknown email would be refused ~100x faster
    // (BENCH_ONLY=timings npm run bench times both).
    expect(await verifies('dana@example.com')).toBe(1)
    expect(await verifies('nobody@example.com')).toBe(1)
  })

  test('repeated failures for one account are throttled with a clear message', async () => {
    const answers = []
    for (let attempt = 0; attempt < 11; attempt += 1) {
      answers.push((await post(login, '/api/user/login', { login: 'dana@example.com', password: `guess ${attempt}` })).status)
    }
    expect(answers.slice(0, 10).every((status) => status === 401)).toBe(true)
    const throttled = await post(login, '/api/user/login', { login: 'dana@example.com', password: TEST_PASSWORD })
    expect(throttled.status).toBe(429)
    expect(await throttled.json()).toMatchObject({ statusMessage: TOO_MANY_SIGN_IN_ATTEMPTS })
  })

  test('a missing field is a 400 that names it', async () => {
    const response = await post(login, '/api/user/login', { login: 'dana@example.com' })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { statusMessage: string }).statusMessage).toContain('password')
  })

  test('getPartner reads the partner from the Authorization header or the cookie, with both address books', async () => {
    await createAddress({ partnerId: partner.id, addressType: 'Billing', isDefaultBilling: true })
    await createAddress({ partnerId: partner.id, addressType: 'Shipping', city: 'Spartanburg' })
    const { token } = await signIn('dana@example.com')
    for (const headers of [bearer(token), { cookie: `session=${token}` }]) {
      const response = await post(query, '/api/query', { key: 'getPartner' }, headers)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      const { partner: loaded } = (await response.json()) as { partner: Record<string, unknown> & { billingAddress: unknown[]; shippingAddress: { city: string }[] } }
      expect(loaded).toMatchObject({ id: partner.id, uid: partner.uid, email: 'dana@example.com', name: 'Dana Reyes' })
      expect(loaded.billingAddress).toHaveLength(1)
      expect(loaded.shippingAddress.map((address) => address.city)).toEqual(['Spartanburg'])
      expect(JSON.stringify(loaded)).not.toMatch(/password/i)
    }
  })

  test('getPartner without a session answers "User does not exist."', async () => {
    const response = await post(query, '/api/query', { key: 'getPartner' })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ statusMessage: USER_DOES_NOT_EXIST })
  })

  describe('refuses forged and dead tokens', () => {
    let valid: string
    beforeAll(async () => {
      valid = (await signIn('dana@example.com')).token
    })

    async function partnerStatus(token: string) {
      return (await post(query, '/api/query', { key: 'getPartner' }, bearer(token))).status
    }

    test('alg none (any casing) with an empty signature', async () => {
      const [, payload] = valid.split('.')
      for (const alg of ['none', 'None', 'NoNe']) {
        const header = base64url.encode(JSON.stringify({ alg, typ: 'JWT' }))
        expect(await partnerStatus(`${header}.${payload}.`)).toBe(401)
      }
    })

    test('signed with another key', async () => {
      const claims = claimsOf(valid)
      const forged = await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.sub))
        .setIssuer(TOKEN_ISSUER)
        .setAudience(audienceFor(websiteId))
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('an attacker key that is long enough to sign'))
      expect(await partnerStatus(forged)).toBe(401)
    })

    test('signed with our key but another algorithm, or for another store, or with a tampered subject', async () => {
      const key = await signingKey(db())
      const claims = claimsOf(valid)
      const build = () =>
        new SignJWT({ sid: claims.sid }).setSubject(String(claims.sub)).setIssuer(TOKEN_ISSUER).setIssuedAt().setExpirationTime('1h')
      expect(await partnerStatus(await build().setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).setAudience(audienceFor(websiteId)).sign(key))).toBe(401)
      expect(await partnerStatus(await build().setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setAudience(audienceFor(websiteId + 1)).sign(key))).toBe(401)
      const [header, , signature] = valid.split('.')
      const tampered = base64url.encode(JSON.stringify({ ...claims, sub: crypto.randomUUID() }))
      expect(await partnerStatus(`${header}.${tampered}.${signature}`)).toBe(401)
    })

    test('expired', async () => {
      const key = await signingKey(db())
      const claims = claimsOf(valid)
      const expired = await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.sub))
        .setIssuer(TOKEN_ISSUER)
        .setAudience(audienceFor(websiteId))
        .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(key)
      expect(await partnerStatus(expired)).toBe(401)
    })

    test('whose session was revoked or has run out server-side', async () => {
      const { token } = await signIn('dana@example.com')
      expect(await partnerStatus(token)).toBe(200)
      await db()
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, String(claimsOf(token).sid)))
      expect(await partnerStatus(token)).toBe(401)
    })

    test('whose partner has been disabled', async () => {
      const other = await createPartner({ websiteId, isActive: false })
      const response = await post(login, '/api/user/login', { login: other.email, password: TEST_PASSWORD })
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ statusMessage: LOGIN_FAILED })
    })
  })

  test('refresh returns a new token for the same session with a later expiry', async () => {
    const { token } = await signIn('dana@example.com')
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const response = await post(refresh, '/api/user/refresh', undefined, { cookie: `session=${token}` })
    expect(response.status).toBe(200)
    const renewed = ((await response.json()) as { data: { access_token: string } }).data.access_token
    expect(claimsOf(renewed).sid).toBe(claimsOf(token).sid)
    expect(Number(claimsOf(renewed).exp)).toBeGreaterThan(Number(claimsOf(token).exp))
    expect(response.headers.get('set-cookie')).toContain(`session=${renewed}`)
  })

  test('refresh without a live session is a 401 that clears the cookie', async () => {
    const response = await post(refresh, '/api/user/refresh', undefined, { cookie: 'session=not-a-token' })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ statusMessage: SESSION_ENDED })
    expect(response.headers.get('set-cookie')).toContain('session=; Path=/; Max-Age=0')
  })

  test('the logout mutation and the logout endpoint end the session server-side', async () => {
    const { token } = await signIn('dana@example.com')
    const mutation = await post(mutate, '/api/mutation', { key: 'logout' }, bearer(token))
    expect(mutation.status).toBe(200)
    expect(await mutation.json()).toEqual({ logout: { success: true } })
    expect((await post(query, '/api/query', { key: 'getPartner' }, bearer(token))).status).toBe(401)

    const second = (await signIn('dana@example.com')).token
    const local = await post(logout, '/api/user/logout', undefined, { cookie: `session=${second}` })
    expect(local.status).toBe(200)
    expect(local.headers.get('set-cookie')).toContain('session=; Path=/; Max-Age=0')
    expect((await post(query, '/api/query', { key: 'getPartner' }, { cookie: `session=${second}` })).status).toBe(401)
    expect((await post(refresh, '/api/user/refresh', undefined, { cookie: `session=${second}` })).status).toBe(401)
  })

  test('every sign-in starts a new session', async () => {
    const first = await signIn('dana@example.com')
    const second = await signIn('dana@example.com')
    expect(claimsOf(first.token).sid).not.toBe(claimsOf(second.token).sid)
  })

  test('a cross-site state change is refused before it runs', async () => {
    const { token } = await signIn('dana@example.com')
    const fromEvil = await post(mutate, '/api/mutation', { key: 'logout' }, { cookie: `session=${token}`, origin: 'https://evil.example' })
    expect(fromEvil.status).toBe(403)
    const crossSite = await post(logout, '/api/user/logout', undefined, { cookie: `session=${token}`, 'sec-fetch-site': 'cross-site' })
    expect(crossSite.status).toBe(403)
    const loginFromEvil = await post(login, '/api/user/login', { login: 'dana@example.com', password: TEST_PASSWORD }, { origin: 'null' })
    expect(loginFromEvil.status).toBe(403)
    // The session survived both attempts; a same-origin call still works.
    expect((await post(query, '/api/query', { key: 'getPartner' }, bearer(token))).status).toBe(200)
    expect((await post(mutate, '/api/mutation', { key: 'logout' }, { ...bearer(token), origin: BASE })).status).toBe(200)
  })

  test("getAddresses answers only the caller's own book; another partner's uid is a 404", async () => {
    const caller = await createPartner({ websiteId })
    await createAddress({ partnerId: caller.id, addressType: 'Billing' })
    await createAddress({ partnerId: caller.id, addressType: 'Shipping' })
    const other = await createPartner({ websiteId })
    await createAddress({ partnerId: other.id, addressType: 'Billing', street: '9 Secret Lane' })
    const { token } = await signIn(caller.email)
    const own = await post(query, '/api/query', { key: 'getAddresses', value: { filter: { addressType: 'Billing', partnerUid: caller.uid } } }, bearer(token))
    expect(own.status).toBe(200)
    const { addresses } = (await own.json()) as { addresses: { addressType: string }[] }
    expect(addresses.length).toBeGreaterThan(0)
    expect(addresses.every((address) => address.addressType === 'Billing')).toBe(true)
    const foreign = await post(query, '/api/query', { key: 'getAddresses', value: { filter: { addressType: 'Billing', partnerUid: other.uid } } }, bearer(token))
    expect(foreign.status).toBe(404)
    expect(await foreign.text()).not.toContain('Secret Lane')
  })
})
