import { type Answer, expect, freshAddress, rawGet, test } from './attack'

// Account enumeration, brute force and open redirects (security.md 4.8–4.10, invariants 6–8;
// ASVS 5.0 6.3.8, 6.3.1, 3.7.2).

const LOGIN_FAILED = 'Wrong email or password or you do not have access to the site'
const TOO_MANY = 'Too many sign-in attempts. Please wait a few minutes and try again.'

/** What a person (or a script) can tell apart in an answer. */
function visible(answer: Answer) {
  return { status: answer.status, statusText: answer.statusText, body: answer.json, cookies: answer.cookies }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

const unknownEmail = () => `nobody-${Date.now()}-${Math.floor(Math.random() * 1e9)}@example.com`

test.describe('account enumeration', () => {
  test('signing in with an unknown email or a wrong password gives one answer, in comparable time', async ({ attack }) => {
    const owner = await attack.caller('enum-owner')
    const account = await attack.signUp(owner)
    const prober = await attack.caller('enum-prober')

    const known: Answer[] = []
    const unknown: Answer[] = []
    for (let round = 0; round < 5; round++) {
      known.push(await prober.post('/api/user/login', { login: account.email, password: `wrong guess ${round}` }))
      unknown.push(await prober.post('/api/user/login', { login: unknownEmail(), password: `wrong guess ${round}` }))
    }
    for (const answer of [...known, ...unknown]) {
      expect(visible(answer)).toEqual(visible(known[0]!))
      expect(answer.status).toBe(401)
      expect(answer.json.error.message).toBe(LOGIN_FAILED)
    }
    expect(visible(await prober.post('/api/user/login', { login: ` ${account.email.toUpperCase()} `, password: 'wrong guess' }))).toEqual(visible(known[0]!))
    // An unknown email costs the same password check as a known one (no quick exit to time).
    expect(median(unknown.map((answer) => answer.ms)), `medians: known ${median(known.map((a) => a.ms))} ms`).toBeGreaterThan(median(known.map((answer) => answer.ms)) * 0.4)
  })

  test('signing up with a taken email and asking to reset an unknown one answer exactly as for anyone else', async ({ attack }) => {
    const owner = await attack.caller('enum-owner')
    const account = await attack.signUp(owner)
    const prober = await attack.caller('enum-prober')

    const taken = await prober.post('/api/user/signup', { name: 'Someone Else', email: account.email, password: 'a long enough passphrase' })
    const fresh = await prober.post('/api/user/signup', { name: 'Someone Else', email: unknownEmail(), password: 'a long enough passphrase' })
    expect(taken.status).toBe(200)
    expect(visible(taken)).toEqual(visible(fresh))
    expect(taken.json.data.status).toBe('check_email')

    const known = await prober.post('/api/user/password/reset', { email: account.email })
    const unknown = await prober.post('/api/user/password/reset', { email: unknownEmail() })
    expect(known.status).toBe(200)
    expect(visible(known)).toEqual(visible(unknown))
    expect(known.json.data.status).toBe('check_email')
  })
})

test.describe('brute force', () => {
  test('ten failed sign-ins lock the account for the address they came from, not for its owner at another address', async ({ attack }) => {
    const owner = await attack.caller('brute-owner')
    const account = await attack.signUp(owner)
    const attacker = await attack.caller('brute-attacker')
    const statuses: number[] = []
    for (let attempt = 0; attempt < 12; attempt++) {
      statuses.push((await attacker.post('/api/user/login', { login: account.email, password: `guess number ${attempt}` })).status)
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429])
    // From the attacker's address even the right password is refused: the limit tells nothing.
    const locked = await attacker.post('/api/user/login', { login: account.email, password: account.password })
    expect(locked.status).toBe(429)
    expect(locked.json.error.message).toBe(TOO_MANY)
    expect(locked.cookies).toEqual([])
    expect(locked.text).not.toContain('access_token')

    // The owner, from another address, signs in; the attacker's address stays refused.
    const welcome = await owner.post('/api/user/login', { login: account.email, password: account.password })
    expect(welcome.status, welcome.text).toBe(200)
    expect(welcome.json.data.access_token).toEqual(expect.any(String))
    owner.own(welcome.json.data.access_token)
    expect((await attacker.post('/api/user/login', { login: account.email, password: 'one more guess' })).status).toBe(429)
  })

  test('one address trying many accounts is throttled after thirty attempts', async ({ attack }) => {
    const sprayer = await attack.caller('sprayer')
    const statuses: number[] = []
    for (let attempt = 0; attempt < 31; attempt++) {
      statuses.push((await sprayer.post('/api/user/login', { login: unknownEmail(), password: 'Summer2024!' })).status)
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401))
    expect(statuses[30]).toBe(429)
  })
})

const HOSTILE_RETURNS = [
  '//evil.example',
  'https://evil.example/',
  '/\\evil.example',
  'javascript:alert(document.domain)',
  'https:evil.example',
  '/.//evil.example',
  '%2F%2Fevil.example',
]

test.describe('open redirects', () => {
  test('no redirect the server answers leaves the site, whatever the path or returnTo holds', async ({ attack }) => {
    const paths = [
      '//evil.example',
      '//evil.example/%2e%2e',
      '/\\evil.example',
      '/\\/evil.example/',
      '/en//evil.example',
      '/en/%2F%2Fevil.example',
      '/en/%5Cevil.example',
      '/en/./%2F/evil.example',
      '/me//evil.example',
      '/me?returnTo=//evil.example',
      '/me/orders?x=https://evil.example',
      '/_next//evil.example',
      '/api//evil.example',
      '/api/user/sso/start?returnTo=//evil.example',
      '/api/user/sso/start?returnTo=https://evil.example',
    ]
    const store = new URL(attack.baseURL)
    for (const path of paths) {
      const { status, location } = await rawGet(attack.baseURL, path)
      expect(status, path).toBeLessThan(500)
      if (location === undefined) continue
      expect(location, `${path} → ${location}`).toMatch(/^\/(?![/\\])/)
      expect(new URL(location, store).origin, `${path} → ${location}`).toBe(store.origin)
    }
  })

  test.describe('in a browser', () => {
    test.use({ extraHTTPHeaders: { 'x-forwarded-for': freshAddress() } })

    test('signing in with a hostile returnTo always stays on the store, and a safe one is followed', async ({ attack, page, baseURL }) => {
      // Sign-ins per account are limited (ten per quarter hour): two accounts share the attempts.
      const accounts = [await attack.signUp(await attack.caller('redirect-a')), await attack.signUp(await attack.caller('redirect-b'))]
      const dialogs: string[] = []
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message())
        void dialog.dismiss()
      })
      const store = new URL(baseURL!).origin
      // null: anywhere on the store ('/.//evil.example' is the store's own path /evil.example).
      const targets = [...HOSTILE_RETURNS.map((target) => ({ target, lands: target === '/.//evil.example' ? null : '/' })), { target: '/me/orders', lands: '/me/orders' }]
      for (const [index, { target, lands }] of targets.entries()) {
        const account = accounts[index % accounts.length]!
        await page.context().clearCookies()
        await page.goto(`/login?returnTo=${encodeURIComponent(target)}`)
        await page.getByLabel('Email').fill(account.email)
        await page.getByLabel('Password', { exact: true }).fill(account.password)
        await page.getByRole('button', { name: 'Sign in', exact: true }).click()
        await page.waitForURL((url) => !url.pathname.startsWith('/login'))
        await page.waitForLoadState('domcontentloaded')
        const landed = new URL(page.url())
        expect(landed.origin, `returnTo=${target}`).toBe(store)
        if (lands !== null) expect(landed.pathname, `returnTo=${target}`).toBe(lands)
      }
      expect(dialogs).toEqual([])
    })
  })
})
