import { rememberSecret } from '../support/server-logs.mjs'
import { ownerCode, wrongOwnerCode } from '../support/console-users'
import { waitForMail } from '../support/stores'
import { freshAddress } from './attack'
import { adminGetRoutes, adminPostRoutes, ConsoleCaller, CONSOLE_USERS, expect, MUTATION_PROBES, QUERY_PROBES, signInConsole, test, type Targets } from './console-attack'

// Console sessions against the shopper's (issue 15, security.md "Session", ASVS 5.0 7.x): the
// shopper's credentials never open an admin call and the admin cookie never acts as a shopper;
// sign-out ends the session on the server; an owner who has only given a password can do nothing
// but finish the second factor (or turn it on); the sign-in and its code are rate-limited.

const SIGN_IN_REQUIRED = 'Please sign in to the console.'
const ENROL_FIRST = 'Turn on two-factor sign-in first (Security): an owner account needs it before anything else.'
const TOO_MANY = 'Too many sign-in attempts. Please wait 15 minutes and try again.'
const HELD =
  'Too many sign-in attempts on this account from browsers it does not know. If it is a console account, we have emailed it a link that lets this browser sign in; otherwise please wait 15 minutes.'
const MISSING = 99_999_999
const missing: Targets = { storeId: MISSING, orderId: MISSING, orderLineId: MISSING, workOrderId: MISSING, webhookEndpointId: MISSING, webhookDeliveryId: MISSING, staffId: MISSING }

const EVERY_CALL = [
  ...Object.entries(QUERY_PROBES).map(([key, probe]) => ({ route: '/api/admin/query', key, value: probe.value(missing) })),
  ...Object.entries(MUTATION_PROBES).map(([key, probe]) => ({ route: '/api/admin/mutation', key, value: probe.value(missing) })),
]

test('a shopper’s access token or shopper cookie opens no admin call: every key answers 401', async ({ attack }) => {
  const shopper = await attack.callerAs('console-session-shopper')
  const token = shopper.account!.token
  const credentials: [string, { bearer?: string | null; headers?: Record<string, string> }][] = [
    ['the access token as a bearer', { bearer: token }],
    ['the shopper cookie', { bearer: null, headers: { cookie: `session=${token}` } }],
    ['the shopper cookie with the __Host- prefix', { bearer: null, headers: { cookie: `__Host-session=${token}` } }],
    ['the access token under the admin cookie’s name', { bearer: null, headers: { cookie: `admin_session=${token}` } }],
  ]
  for (const [what, options] of credentials) {
    for (const { route, key, value } of EVERY_CALL) {
      const answer = await shopper.post(route, { key, value }, options)
      expect(answer.status, `${key} with ${what}: ${answer.text}`).toBe(401)
      expect(answer.json.error.message).toBe(SIGN_IN_REQUIRED)
    }
    const code = await shopper.post('/api/admin/second-factor', { code: '123456' }, options)
    expect(code.status, `second factor with ${what}`).toBe(401)
    // The downloads (CSV exports, production sheets), when the branch has them.
    for (const route of adminGetRoutes()) expect((await shopper.get(route, options)).status, `GET ${route} with ${what}`).toBe(401)
  }
  // The shopper is still a shopper (nothing above ended their session).
  expect((await shopper.query('getPartner')).status).toBe(200)
})

test('the admin cookie never acts as a shopper: the store’s API answers it as a guest', async ({ consoleAs }) => {
  for (const who of ['owner', 'demoManager'] as const) {
    const member = await consoleAs(who)
    const token = member.token!
    for (const options of [{ headers: { cookie: `admin_session=${token}` } }, { headers: { cookie: `session=${token}` } }, { bearer: token }]) {
      const partner = await member.caller.query('getPartner', undefined, { bearer: null, ...options })
      expect(partner.status, `getPartner as ${who} with ${JSON.stringify(options).slice(0, 40)}: ${partner.text}`).toBe(401)
      // Exactly what a guest is answered.
      const guest = await member.caller.query('getOrders', { filter: { uid: 'any' } }, { bearer: null })
      const orders = await member.caller.query('getOrders', { filter: { uid: 'any' } }, { bearer: null, ...options })
      expect([orders.status, orders.json], `getOrders as ${who}`).toEqual([guest.status, guest.json])
      expect(guest.status).toBeGreaterThanOrEqual(400)
    }
    // Its console session is untouched.
    expect((await member.query('consoleMe', {})).status).toBe(200)
  }
})

test('sign-out ends the session on the server: the old cookie replayed is 401 on every route', async ({ attack }) => {
  const caller = await attack.caller('console-sign-out')
  const { token } = await signInConsole(caller, 'secondFulfilment')
  const member = new ConsoleCaller(caller, token)
  expect((await member.query('consoleMe', {})).status).toBe(200)
  const out = await member.post('/api/admin/sign-out', undefined)
  expect(out.status, out.text).toBe(200)
  for (const { route, key, value } of EVERY_CALL) {
    const replay = await member.post(route, { key, value })
    expect(replay.status, `${key} with the signed-out cookie: ${replay.text}`).toBe(401)
  }
  expect((await member.post('/api/admin/second-factor', { code: '123456' })).status).toBe(401)
  // The console's pages send it back to the sign-in.
  const page = await caller.get('/admin', { headers: { cookie: `admin_session=${token}` } })
  expect(page.status).toBe(307)
  expect(page.headers.location).toMatch(/^\/admin\/login/)
  expect(adminPostRoutes()).toContain('/api/admin/sign-out')
  for (const route of adminGetRoutes()) expect((await caller.get(route, { bearer: null, headers: { cookie: `admin_session=${token}` } })).status, `GET ${route} signed out`).toBe(401)
})

test('an owner who gave only the password can call nothing, and five wrong codes stop the pending sign-in (429, even for the right code)', async ({ attack }) => {
  const caller = await attack.caller('console-owner-pending')
  const { token: pending, signIn } = await signInConsole(caller, 'owner', { secondFactor: false })
  expect(signIn.json.data.next).toBe('second_factor')
  const half = new ConsoleCaller(caller, pending)
  for (const { route, key, value } of EVERY_CALL) {
    const answer = await half.post(route, { key, value })
    expect(answer.status, `${key} before the second factor: ${answer.text}`).toBe(401)
  }
  for (const route of adminGetRoutes()) expect((await caller.get(route, { bearer: null, headers: { cookie: `admin_session=${pending}` } })).status, `GET ${route} before the second factor`).toBe(401)
  // Codes are limited per pending sign-in: five wrong ones, then 429 even for the right one.
  for (let attempt = 1; attempt <= 5; attempt++) {
    const wrong = await half.post('/api/admin/second-factor', { code: wrongOwnerCode() })
    expect(wrong.status, `wrong code ${attempt}: ${wrong.text}`).toBe(401)
  }
  const limited = await half.post('/api/admin/second-factor', { code: await ownerCode() })
  expect(limited.status, limited.text).toBe(429)
  expect(limited.json.error.message).toBe(TOO_MANY)
  expect((await half.query('consoleMe', {})).status).toBe(401)
})

test('an owner without a second factor may only turn it on: every other key is 403 with what to do', async ({ attack }) => {
  const caller = await attack.caller('console-owner-enrol')
  const { token, signIn } = await signInConsole(caller, 'ownerWithoutSecondFactor')
  expect(signIn.json.data.next).toBe('enrol')
  const owner = new ConsoleCaller(caller, token)
  const open = new Set(['consoleMe', 'startTotpEnrolment', 'confirmTotpEnrolment'])
  for (const { route, key, value } of EVERY_CALL.filter(({ key }) => !open.has(key))) {
    const answer = await owner.post(route, { key, value })
    expect(answer.status, `${key} before enrolment: ${answer.text}`).toBe(403)
    expect(answer.json.error.message).toBe(ENROL_FIRST)
  }
  const me = await owner.query('consoleMe', {})
  expect(me.json.data.mustEnrolSecondFactor).toBe(true)
  const started = await owner.mutate('startTotpEnrolment', {})
  expect(started.status, started.text).toBe(200)
  // The secret is the member's to scan, once: the logs must never hold it.
  rememberSecret('a TOTP secret answered by startTotpEnrolment', started.json.data.secret)
  caller.own(started.json.data.secret)
  const wrong = await owner.mutate('confirmTotpEnrolment', { code: '000000' })
  expect(wrong.status).toBe(400)
  expect((await owner.query('dashboard', {})).status).toBe(403)
})

test('sign-in is rate-limited per email and per address: 429 with a sentence, even for the right password', async ({ attack }) => {
  const guesser = await attack.caller('console-guesser')
  const email = `nobody-${Date.now()}@console.example`
  const statuses: number[] = []
  for (let attempt = 0; attempt < 11; attempt++) statuses.push((await guesser.post('/api/admin/sign-in', { email, password: `guess number ${attempt}` })).status)
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
  const limited = await guesser.post('/api/admin/sign-in', { email, password: 'one more guess' })
  expect(limited.status).toBe(429)
  expect(limited.json.error.message).toBe(TOO_MANY)
  expect(limited.cookies).toEqual([])

  // Per address: one client trying many emails is stopped too, the right password included.
  const sprayer = await attack.caller('console-sprayer')
  let stoppedAt = 0
  for (let attempt = 1; attempt <= 31 && stoppedAt === 0; attempt++) {
    const answer = await sprayer.post('/api/admin/sign-in', { email: `spray-${attempt}-${Date.now()}@console.example`, password: 'Winter2026!' })
    if (answer.status === 429) stoppedAt = attempt
    else expect(answer.status).toBe(401)
  }
  expect(stoppedAt, 'the address is stopped after 30 attempts').toBe(31)
  const right = await sprayer.post('/api/admin/sign-in', { email: CONSOLE_USERS.secondFulfilment.email, password: CONSOLE_USERS.secondFulfilment.password })
  expect(right.status).toBe(429)
  expect(right.cookies).toEqual([])
})

test('guesses at one account spread over ten addresses cannot lock its member out: their own browser signs in from a new address, an unknown browser is held (429)', async ({ attack }) => {
  const { email, password } = CONSOLE_USERS.guarded
  // The member signed in on this browser before: it keeps the console's device cookie.
  const browser = await attack.caller('console-guarded-browser')
  const before = await browser.post('/api/admin/sign-in', { email, password })
  expect(before.status, before.text).toBe(200)
  expect(before.cookies.some((cookie) => /^admin_device=[A-Za-z0-9_-]{43};.*Path=\/api\/admin;.*HttpOnly/i.test(cookie)), before.cookies.join(' | ')).toBe(true)
  // Ten wrong passwords from each of ten addresses, each under its own address's limit.
  for (let address = 0; address < 10; address++) {
    const guesser = await attack.caller(`console-spread-guesser-${address}`)
    for (let guess = 0; guess < 10; guess++) expect((await guesser.post('/api/admin/sign-in', { email, password: `spread guess ${address}-${guess}` })).status).toBe(401)
  }
  // Guessing stays bounded: a browser the account does not know is refused, the right password included.
  const stranger = await attack.caller('console-unknown-browser')
  const held = await stranger.post('/api/admin/sign-in', { email, password })
  expect(held.status, held.text).toBe(429)
  expect(held.json.error.message).toBe(HELD)
  // The member's own browser, at an address never seen, signs in.
  browser.ip = freshAddress()
  const after = await browser.post('/api/admin/sign-in', { email, password })
  expect(after.status, after.text).toBe(200)
  expect(after.json.data.next).toBe('done')

  // A new browser of the member's: the link mailed to them makes it known, and it signs in too.
  const mail = await waitForMail(email, { subject: /^Sign-in attempts on your/ })
  const link = /\/api\/known-device\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')!
  rememberSecret('a mailed console device link', link[1]!)
  const laptop = await attack.caller('console-new-laptop')
  const opened = await laptop.get(link[0])
  expect(opened.status, opened.text).toBe(303)
  expect(opened.headers.location).toBe('/admin/login?device=known')
  const signedIn = await laptop.post('/api/admin/sign-in', { email, password })
  expect(signedIn.status, signedIn.text).toBe(200)
  // The link is the member's: it does not make the stranger's wrong password right.
  expect((await laptop.post('/api/admin/sign-in', { email, password: 'still a guess' })).status).toBe(401)
})

test('a TOTP code is taken once: the code that finished one sign-in is refused for a second one in the same 30 seconds', async ({ attack }) => {
  const first = await attack.caller('console-owner-code-first')
  const second = await attack.caller('console-owner-code-replay')
  const { token: firstPending } = await signInConsole(first, 'owner', { secondFactor: false })
  const { token: secondPending } = await signInConsole(second, 'owner', { secondFactor: false })
  const code = await ownerCode()
  const finished = await new ConsoleCaller(first, firstPending).post('/api/admin/second-factor', { code })
  expect(finished.status, finished.text).toBe(200)
  const replayed = await new ConsoleCaller(second, secondPending).post('/api/admin/second-factor', { code })
  expect(replayed.status, replayed.text).toBe(401)
  expect(replayed.cookies).toEqual([])
  expect((await new ConsoleCaller(second, secondPending).query('consoleMe', {})).status).toBe(401)
})
