import { DEMO_FULFILMENT } from '../support/console-users'
import { STORES } from '../support/stores'
import { type Caller, expect, rawGet, test } from './attack'

// The console's credentials and the shopper's never cross (issue 15, decision 021): a shopper's
// access token or session cookie never opens an admin call; a console session never acts as a
// shopper; every admin call is refused from another site.

const CROSS_SITE_REFUSED = 'This request came from another site and was refused. Reload the store and try again.'
const ADMIN_CALLS: [string, Record<string, unknown>][] = [
  ['/api/admin/query', { key: 'consoleMe' }],
  ['/api/admin/query', { key: 'staffList' }],
  ['/api/admin/mutation', { key: 'setOwnNotifications', value: { notifyNewOrders: false } }],
]

/** Signs `caller` in to the console as the demo fulfilment member; gives the admin cookie's token. */
async function consoleSignIn(caller: Caller): Promise<string> {
  const answer = await caller.post('/api/admin/sign-in', { email: DEMO_FULFILMENT.email, password: DEMO_FULFILMENT.password })
  expect(answer.status, answer.text).toBe(200)
  const cookie = answer.cookies.find((value) => value.startsWith('admin_session='))
  expect(cookie).toMatch(/HttpOnly/)
  expect(cookie).toMatch(/SameSite=Strict/)
  caller.own(cookie!.split(';')[0]!.split('=')[1]!)
  return cookie!.split(';')[0]!.split('=')[1]!
}

test.describe('console and shopper credentials', () => {
  test('a shopper’s access token or session cookie never opens an admin call: 401', async ({ attack }) => {
    const shopper = await attack.callerAs('console-shopper')
    expect((await shopper.query('getPartner')).status).toBe(200)
    const cookieName = 'session'
    for (const [path, body] of ADMIN_CALLS) {
      const byBearer = await shopper.post(path, body)
      expect(byBearer.status, `${path} ${String(body.key)} with a shopper bearer`).toBe(401)
      expect(byBearer.json.error.message).toBe('Please sign in to the console.')
      const byCookie = await shopper.post(path, body, { bearer: null, headers: { cookie: `${cookieName}=${shopper.account!.token}` } })
      expect(byCookie.status, `${path} with a shopper cookie`).toBe(401)
      // Even under the admin cookie's name, a shopper's token is not a console session.
      const disguised = await shopper.post(path, body, { bearer: null, headers: { cookie: `admin_session=${shopper.account!.token}` } })
      expect(disguised.status, `${path} with a shopper token as the admin cookie`).toBe(401)
    }
    const page = await shopper.get('/admin', { headers: { cookie: `session=${shopper.account!.token}` } })
    expect(page.status).toBe(307)
    expect(page.headers.location).toBe('/admin/login?next=%2Fadmin')
  })

  test('a console session never acts as a shopper: the store’s API answers it as a guest', async ({ attack }) => {
    const member = await attack.caller('console-member')
    const token = await consoleSignIn(member)
    expect((await member.post('/api/admin/query', { key: 'consoleMe' })).json.data.email).toBe(DEMO_FULFILMENT.email)
    for (const attempt of [
      await member.query('getPartner', undefined, { headers: { cookie: `admin_session=${token}` } }),
      await member.query('getPartner', undefined, { bearer: token }),
      await member.query('getPartner', undefined, { headers: { cookie: `session=${token}` } }),
    ]) {
      expect(attempt.status, attempt.text).toBe(401)
    }
    const own = await member.post('/api/user/logout', undefined, { method: 'POST', headers: { cookie: `admin_session=${token}` } })
    expect(own.status).toBeLessThan(500)
    // The console session is untouched by the shopper's sign-out.
    expect((await member.post('/api/admin/query', { key: 'consoleMe' })).status).toBe(200)
  })

  test('every admin call is refused from another site with 403, signed in or not, and changes nothing', async ({ attack }) => {
    const member = await attack.caller('console-csrf')
    await consoleSignIn(member)
    for (const [path, body] of [...ADMIN_CALLS, ['/api/admin/sign-out', {}] as [string, Record<string, unknown>]]) {
      const foreign: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }]
      for (const headers of foreign) {
        const answer = await member.post(path, body, { headers })
        expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(403)
        expect(answer.json.error.message).toBe(CROSS_SITE_REFUSED)
      }
    }
    // The refused sign-out did not sign out.
    expect((await member.post('/api/admin/query', { key: 'consoleMe' })).status).toBe(200)
    expect((await member.post('/api/admin/query', { key: 'consoleMe' }, { headers: { origin: attack.baseURL, 'sec-fetch-site': 'same-origin' } })).status).toBe(200)
  })

  test('console pages carry noindex, are never cached, and skip the shopper’s site lock', async ({ attack }) => {
    const visitor = await attack.caller('console-visitor')
    const login = await visitor.get('/admin/login')
    expect(login.status).toBe(200)
    expect(login.headers['x-robots-tag']).toBe('noindex, nofollow')
    expect(login.headers['cache-control']).toBe('private, no-store')
    expect(login.text).toContain('<meta name="robots" content="noindex, nofollow')
    const member = await attack.caller('console-pages')
    await consoleSignIn(member)
    const home = await member.get('/admin')
    expect(home.status).toBe(200)
    expect(home.headers['cache-control']).toBe('private, no-store')
    expect(home.headers['x-robots-tag']).toBe('noindex, nofollow')
    expect(home.text).toContain('Dashboard')
  })

  test('the console is not behind the shopper’s site lock: a locked store still shows its console sign-in', async () => {
    const login = await rawGet(STORES.locked, '/admin/login')
    expect(login.status).toBe(200)
    expect(login.body).toContain('Sign in')
    const home = await rawGet(STORES.locked, '/admin')
    expect([home.status, home.location]).toEqual([307, '/admin/login?next=%2Fadmin'])
  })
})
