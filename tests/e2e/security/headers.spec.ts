import type { Page } from '@playwright/test'
import { gtagScriptUrl } from '../../../src/client/analytics'
import { recaptchaScriptUrl } from '../../../src/client/recaptcha'
import { type Answer, expect, raw, test } from './attack'

// Security headers on every kind of answer, HSTS only over HTTPS, cookie flags, and the
// Content-Security-Policy as Chromium enforces it (decision 015).

function policy(answer: Answer): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const part of (answer.headers['content-security-policy'] ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) directives.set(name, sources)
  }
  return directives
}

function expectSecurityHeaders(answer: Answer, what: string) {
  const csp = policy(answer)
  expect(csp.get('default-src'), what).toEqual(["'self'"])
  expect(csp.get('object-src'), what).toEqual(["'none'"])
  expect(csp.get('base-uri'), what).toEqual(["'self'"])
  expect(csp.get('form-action'), what).toEqual(["'self'"])
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"])
  expect(csp.get('script-src'), what).not.toContain("'unsafe-eval'")
  for (const sources of csp.values()) expect(sources.filter((source) => source === '*' || source === 'http:' || source === 'https:'), what).toEqual([])
  expect(answer.headers['x-frame-options'], what).toBe('DENY')
  expect(answer.headers['x-content-type-options'], what).toBe('nosniff')
  expect(answer.headers['referrer-policy'], what).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/)
  expect(answer.headers['permissions-policy'], what).toContain('camera=()')
  expect(answer.headers['cross-origin-opener-policy'], what).toBe('same-origin')
}

test('every kind of answer carries the security headers: pages, replayed pages, redirects, errors, the API, static files and images', async ({ attack }) => {
  const visitor = await attack.caller('visitor')
  const home = await visitor.get('/')
  const asset = home.text.match(/\/_next\/static\/[^"'\s]+\.js/)?.[0]
  const image = home.text.match(/\/api\/images\/[^"'\s,]+\.(?:webp|png|jpg)/)?.[0]
  expect(asset, 'a script of the home page').toBeTruthy()
  expect(image, 'an image of the home page').toBeTruthy()

  const answers: [string, Answer][] = [
    ['the home page', home],
    ['the home page again (from the page cache)', await visitor.get('/')],
    ['the home page once more (from the page cache)', await visitor.get('/')],
    ['the shop', await visitor.get('/shop')],
    ['a missing page', await visitor.get('/no-such-page-here')],
    ['an account page (redirect to sign in)', await visitor.get('/me/orders')],
    ['a script file', await visitor.get(asset!)],
    ['an image', await visitor.get(image!)],
    ['robots.txt', await visitor.get('/robots.txt')],
    ['the health check', await visitor.get('/api/health')],
    ['a query', await visitor.query('getTaxes')],
    ['a refused query', await visitor.query('noSuchKey')],
    ['a refused mutation', await visitor.mutate('addAddress')],
    ['a missing order document', await visitor.get('/api/orders/999999/document')],
  ]
  expect(answers.find(([what]) => what === 'an account page (redirect to sign in)')![1].status).toBe(307)
  for (const [what, answer] of answers) {
    expectSecurityHeaders(answer, what)
    expect(answer.headers['strict-transport-security'], `${what}: no HSTS over plain HTTP`).toBeUndefined()
  }
})

test('HSTS and upgrade-insecure-requests are sent only when the visitor came over HTTPS', async ({ attack }) => {
  const visitor = await attack.caller('visitor')
  for (const path of ['/', '/api/health', '/shop']) {
    const secure = await visitor.get(path, { headers: { 'x-forwarded-proto': 'https' } })
    expect(secure.headers['strict-transport-security'], path).toMatch(/^max-age=(\d{8,}); includeSubDomains$/)
    expect(Number(/max-age=(\d+)/.exec(secure.headers['strict-transport-security']!)![1]), 'at least a year').toBeGreaterThanOrEqual(31_536_000)
    expect(policy(secure).has('upgrade-insecure-requests'), path).toBe(true)

    const plain = await visitor.get(path)
    expect(plain.headers['strict-transport-security'], path).toBeUndefined()
    expect(policy(plain).has('upgrade-insecure-requests'), path).toBe(false)
  }
})

test('addresses that carry a secret (mailed links, order links, PDFs) are never sent on as a referrer', async ({ attack }) => {
  const visitor = await attack.caller('visitor')
  expect((await visitor.get('/password/create?token=abc123')).headers['referrer-policy']).toBe('no-referrer')
  expect((await visitor.get('/checkout/confirmation?order=1&access_token=abc123')).headers['referrer-policy']).toBe('no-referrer')
  expect((await visitor.get('/api/orders/1/document?access_token=abc123')).headers['referrer-policy']).toBe('no-referrer')
  expect((await visitor.get('/shop?color=Navy')).headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
})

test('the session cookie is HttpOnly and SameSite=Lax, host-only, and __Host- with Secure over HTTPS', async ({ attack }) => {
  const shopper = await attack.caller('cookie-shopper')
  const account = await attack.signUp(shopper)

  const plain = await shopper.post('/api/user/login', { login: account.email, password: account.password })
  expect(plain.status).toBe(200)
  const [session] = plain.cookies
  expect(session).toMatch(/^session=[\w-]+\.[\w-]+\.[\w-]+; /)
  expect(session).toMatch(/; HttpOnly(;|$)/)
  expect(session).toMatch(/; SameSite=Lax(;|$)/)
  expect(session).toMatch(/; Path=\/(;|$)/)
  expect(session).not.toMatch(/; Domain=/i)
  attack.journal.own(shopper.name, plain.json.data.access_token)

  const secure = await shopper.post('/api/user/login', { login: account.email, password: account.password }, { headers: { 'x-forwarded-proto': 'https' } })
  expect(secure.status).toBe(200)
  const [hostSession] = secure.cookies
  expect(hostSession).toMatch(/^__Host-session=[\w-]+\.[\w-]+\.[\w-]+; /)
  for (const flag of ['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/']) expect(hostSession).toContain(`; ${flag}`)
  expect(hostSession).not.toMatch(/; Domain=/i)
  attack.journal.own(shopper.name, secure.json.data.access_token)

  const logout = await shopper.post('/api/user/logout', raw('', null))
  expect(logout.status).toBe(200)
  expect(logout.cookies.some((cookie) => /^__Host-session=;.*Max-Age=0/.test(cookie))).toBe(true)
  expect(logout.cookies.some((cookie) => /^session=;.*Max-Age=0/.test(cookie))).toBe(true)
})

/** Fakes for the third parties the store loads; records which were asked for. */
async function fakeThirdParties(page: Page): Promise<string[]> {
  const fetched: string[] = []
  const script = (name: string) => `window.__loaded = (window.__loaded || []).concat(${JSON.stringify(name)})`
  const fake = async (pattern: string, name: string, contentType = 'text/javascript', body = script(name)) =>
    page.route(pattern, async (route) => {
      fetched.push(name)
      await route.fulfill({ status: 200, contentType, body, headers: { 'access-control-allow-origin': '*' } })
    })
  await fake('https://www.recaptcha.net/recaptcha/api.js**', 'recaptcha')
  await fake('https://www.gstatic.com/recaptcha/**', 'recaptcha-release')
  await fake('https://www.recaptcha.net/recaptcha/api2/anchor**', 'recaptcha-frame', 'text/html', '<!doctype html><title>anchor</title>')
  await fake('https://www.googletagmanager.com/gtag/js**', 'gtag')
  await fake('https://region1.google-analytics.com/g/collect**', 'ga-beacon', 'text/plain', '')
  await fake('https://evil.example/**', 'evil')
  return fetched
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)
}

test.describe('in a browser', () => {
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.77' } })

  test('the policy lets reCAPTCHA and GA4 load, refuses scripts and frames from elsewhere, and the store itself raises no violation', async ({ page }) => {
    await page.addInitScript(() => {
      const log: string[] = []
      ;(window as unknown as { __violations: string[] }).__violations = log
      document.addEventListener('securitypolicyviolation', (event) => log.push(`${event.violatedDirective} ${event.blockedURI}`))
    })
    const fetched = await fakeThirdParties(page)

    for (const path of ['/', '/shop', '/product/essential-crew-tee', '/login', '/cart', '/checkout']) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      expect(await violations(page), `violations on ${path}`).toEqual([])
    }

    const loaded = await page.evaluate(
      async ({ recaptcha, gtag }) => {
        const load = (src: string) =>
          new Promise<string>((resolve) => {
            const element = document.createElement('script')
            element.src = src
            element.onload = () => resolve('loaded')
            element.onerror = () => resolve('refused')
            document.head.appendChild(element)
          })
        const frame = document.createElement('iframe')
        frame.src = 'https://www.recaptcha.net/recaptcha/api2/anchor?k=test'
        document.body.appendChild(frame)
        const beacon = await fetch('https://region1.google-analytics.com/g/collect?v=2&tid=G-TEST1234', { method: 'POST', mode: 'no-cors' }).then(
          () => 'sent',
          () => 'refused',
        )
        return {
          recaptcha: await load(recaptcha),
          recaptchaRelease: await load('https://www.gstatic.com/recaptcha/releases/test/recaptcha__id.js'),
          gtag: await load(gtag),
          beacon,
          evil: await load('https://evil.example/steal.js'),
          evilOnGstatic: await load('https://www.gstatic.com/other/library.js'),
        }
      },
      { recaptcha: recaptchaScriptUrl('test-site-key'), gtag: gtagScriptUrl('G-TEST1234') },
    )
    expect(loaded).toEqual({ recaptcha: 'loaded', recaptchaRelease: 'loaded', gtag: 'loaded', beacon: 'sent', evil: 'refused', evilOnGstatic: 'refused' })
    await expect.poll(() => fetched.includes('recaptcha-frame')).toBe(true)
    expect(fetched).not.toContain('evil')

    await page.evaluate(() => {
      const frame = document.createElement('iframe')
      frame.src = 'https://evil.example/frame.html'
      document.body.appendChild(frame)
    })
    await expect.poll(async () => (await violations(page)).join('\n')).toContain('https://evil.example/steal.js')
    // Chromium reports a refused frame by its origin only.
    await expect.poll(async () => (await violations(page)).join('\n')).toContain('frame-src https://evil.example')
    expect(fetched).not.toContain('evil')
  })

  test('another site cannot frame a store page', async ({ page, baseURL }) => {
    await page.route('http://attacker.example/', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><iframe id="store" src="${baseURL}/login" onload="window.framed = true"></iframe>` }),
    )
    await page.goto('http://attacker.example/')
    await page.waitForFunction(() => (window as unknown as { framed?: boolean }).framed === true)
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!
    expect(frame.url()).not.toContain('/login')
    await expect(page.frameLocator('#store').getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0)
  })
})
