import { raw, rawRequest } from './attack'
import { adminPostRoutes, adminRoutes, adminTokenIn, CONSOLE_USERS, expect, signInConsole, test } from './console-attack'

// Cross-site requests to the console (issue 15, security.md "Session" and CSRF, ASVS 5.0 3.5.x):
// every route under /api/admin — found in the app's folders, not listed by hand — refuses a
// browser's cross-site POST with 403 before it reads anything, whatever the body's type; nothing
// happens (no session started, none ended, no setting changed). The admin cookie is HttpOnly,
// SameSite=Strict and sent only to the console's paths.

const CROSS_SITE_REFUSED = 'This request came from another site and was refused. Reload the store and try again.'
const EVIL = 'https://evil.example'
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=----attack', 'text/plain']

/** A body each route would act on if it came from the console itself. */
function bodyFor(route: string): Record<string, unknown> {
  switch (route) {
    case '/api/admin/query':
      return { key: 'consoleMe' }
    case '/api/admin/mutation':
      return { key: 'setOwnNotifications', value: { notifyNewOrders: false } }
    case '/api/admin/sign-in':
      return { email: CONSOLE_USERS.secondManager.email, password: CONSOLE_USERS.secondManager.password }
    case '/api/admin/second-factor':
      return { code: '123456' }
    default:
      return {}
  }
}

test('the console’s routes are the ones this spec attacks', () => {
  // A new route is attacked by the loops below without editing them; this says which there are.
  expect(adminPostRoutes()).toEqual(expect.arrayContaining(['/api/admin/mutation', '/api/admin/query', '/api/admin/second-factor', '/api/admin/sign-in', '/api/admin/sign-out']))
  for (const route of adminRoutes()) expect(route.methods.length, `${route.path} exports a method`).toBeGreaterThan(0)
})

test('every /api/admin route refuses a cross-site POST with 403, JSON or form, and nothing happens', async ({ consoleAs, attack }) => {
  const member = await consoleAs('secondFulfilment')
  const me = await member.query('consoleMe', {})
  expect(me.status, me.text).toBe(200)
  const notifications = me.json.data.notifyNewOrders
  const attacks: { what: string; headers: Record<string, string>; form?: string }[] = [
    { what: 'Origin of another site', headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' } },
    { what: 'Origin of another site, no Sec-Fetch-Site', headers: { origin: EVIL } },
    { what: 'no Origin, Sec-Fetch-Site cross-site', headers: { 'sec-fetch-site': 'cross-site' } },
    { what: 'an opaque origin (sandboxed frame, data: URL)', headers: { origin: 'null' } },
    { what: 'another origin of the same site (another port)', headers: { origin: 'http://127.0.0.1:3101', 'sec-fetch-site': 'same-site' } },
    ...FORM_TYPES.map((form) => ({ what: `a form (${form.split(';')[0]}) from another site`, headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' }, form })),
    ...FORM_TYPES.map((form) => ({ what: `a form (${form.split(';')[0]}) with no Origin, cross-site`, headers: { 'sec-fetch-site': 'cross-site' }, form })),
  ]
  for (const route of adminPostRoutes()) {
    for (const { what, headers, form } of attacks) {
      const body = form ? raw(form.startsWith('application/x-www') ? new URLSearchParams(bodyFor(route) as Record<string, string>).toString() : JSON.stringify(bodyFor(route)), form) : bodyFor(route)
      const answer = await member.post(route, body, { headers })
      expect(answer.status, `${route}, ${what}: ${answer.text}`).toBe(403)
      expect(answer.json?.error?.message, `${route}, ${what}`).toBe(CROSS_SITE_REFUSED)
      expect(answer.cookies, `${route}, ${what}: no cookie set or cleared`).toEqual([])
    }
  }
  // Nothing happened: the session lives (sign-out was refused), the setting is as it was, and the
  // refused sign-ins started no session (a cross-site sign-in answered no cookie above).
  const after = await member.query('consoleMe', {})
  expect(after.status, after.text).toBe(200)
  expect(after.json.data.notifyNewOrders).toBe(notifications)
  // The same calls from the console itself pass.
  const same = await member.query('consoleMe', {}, { headers: { origin: attack.baseURL, 'sec-fetch-site': 'same-origin' } })
  expect(same.status, same.text).toBe(200)
})

/** Console routes whose calls are uploads (a form with files, or the file itself), not JSON. */
const FORM_UPLOAD_ROUTES = new Set(['/api/admin/product-images', '/api/admin/logo-artwork', '/api/admin/site-image', '/api/admin/store-file/import'])

test('a form posted to a console route without any Origin is not read as a call (415), and changes nothing', async ({ consoleAs }) => {
  const member = await consoleAs('secondFulfilment')
  for (const route of adminPostRoutes().filter((route) => route !== '/api/admin/sign-out')) {
    for (const form of FORM_TYPES) {
      const answer = await member.post(route, raw(JSON.stringify(bodyFor(route)), form))
      // The uploads take a form or a file by design: they refuse a member without the permission (403)
      // before reading it, and the admin cookie's SameSite=Strict keeps cross-site forms out.
      const expected = FORM_UPLOAD_ROUTES.has(route) ? 403 : 415
      expect(answer.status, `${route} as ${form}: ${answer.text}`).toBe(expected)
      expect(answer.cookies).toEqual([])
    }
  }
  expect((await member.query('consoleMe', {})).status).toBe(200)
})

test('the console’s routes answer only the methods they export: others are refused, and no cross-origin read is granted', async ({ attack }) => {
  for (const { path: route, methods } of adminRoutes()) {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((method) => !methods.includes(method))) {
      const answer = await rawRequest(attack.baseURL, method, route, { origin: EVIL })
      expect(answer.status, `${method} ${route}`).toBe(405)
    }
    const preflight = await rawRequest(attack.baseURL, 'OPTIONS', route, { origin: EVIL, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' })
    expect(preflight.status, `OPTIONS ${route}`).toBeLessThan(500)
    const visitor = await attack.caller('preflight')
    const answered = await visitor.send(route, undefined, { method: 'OPTIONS', headers: { origin: EVIL, 'access-control-request-method': 'POST' } })
    expect(answered.headers['access-control-allow-origin'], `OPTIONS ${route} grants no origin`).toBeUndefined()
    expect(answered.headers['access-control-allow-credentials']).toBeUndefined()
  }
})

test('the admin cookie is HttpOnly, SameSite=Strict, scoped to /admin and /api/admin, Secure over HTTPS, and cleared on sign-out', async ({ attack }) => {
  const plain = await attack.caller('cookie-plain')
  const { signIn } = await signInConsole(plain, 'demoManager')
  const expectScoped = (cookies: string[], name: string, secure: boolean) => {
    const ours = cookies.filter((cookie) => cookie.startsWith(`${name}=`))
    expect(ours.map((cookie) => /;\s*Path=([^;]+)/i.exec(cookie)?.[1]).sort(), 'one cookie per console path, none for the store').toEqual(['/admin', '/api/admin'])
    for (const cookie of ours) {
      expect(cookie).toMatch(/;\s*HttpOnly(;|$)/i)
      expect(cookie).toMatch(/;\s*SameSite=Strict(;|$)/i)
      expect(cookie, 'no Domain: this host only').not.toMatch(/;\s*Domain=/i)
      expect(Number(/;\s*Max-Age=(\d+)/i.exec(cookie)?.[1]), 'a lifetime').toBeGreaterThan(0)
      if (secure) expect(cookie).toMatch(/;\s*Secure(;|$)/i)
    }
    expect(cookies.filter((cookie) => !cookie.startsWith(`${name}=`) && /admin_session/.test(cookie))).toEqual([])
  }
  expectScoped(signIn.cookies, 'admin_session', false)

  const tls = await attack.caller('cookie-tls')
  const overHttps = await tls.post('/api/admin/sign-in', { email: CONSOLE_USERS.demoManager.email, password: CONSOLE_USERS.demoManager.password }, { headers: { 'x-forwarded-proto': 'https' } })
  expect(overHttps.status, overHttps.text).toBe(200)
  expectScoped(overHttps.cookies, '__Secure-admin_session', true)

  // Sign-out clears both names on both paths.
  const token = adminTokenIn(overHttps.cookies)!
  tls.own(token)
  const out = await tls.post('/api/admin/sign-out', undefined, { headers: { cookie: `__Secure-admin_session=${token}`, 'x-forwarded-proto': 'https' } })
  expect(out.status, out.text).toBe(200)
  const cleared = out.cookies.map((cookie) => `${cookie.split('=')[0]} ${/;\s*Path=([^;]+)/i.exec(cookie)?.[1]} ${/;\s*Max-Age=(\d+)/i.exec(cookie)?.[1]}`).sort()
  expect(cleared).toEqual(['__Secure-admin_session /admin 0', '__Secure-admin_session /api/admin 0', 'admin_session /admin 0', 'admin_session /api/admin 0'])
  const plainToken = adminTokenIn(signIn.cookies)!
  expect((await plain.post('/api/admin/sign-out', undefined, { headers: { cookie: `admin_session=${plainToken}` } })).status).toBe(200)
})
