import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createApiClient } from '../api-client'
import { initialAddressState, type PartnerAddress, useAddressStore } from '../stores/address-store'
import { initialAppState, useAppStore } from '../stores/app-store'
import { initialCartState, useCartStore } from '../stores/cart-store'
import { type Partner, useUserStore } from '../stores/user-store'
import { createAccountApi } from './account-api'
import { createAuthActions, LOGOUT_FAILED, MissingTokenError } from './auth-actions'
import { createSessionWatcher } from './session-schedule'
import { useSessionNoticeStore } from './session-notice'

// The actions run against a small HTTP server that answers as decision 009 says the store's API
// does; each test sets the answers it needs and reads back the calls made.

/** `held`: the answer is sent only once it settles (an answer that is slow to arrive). */
type Answer = { status: number; body: unknown; held?: Promise<unknown> }
type Call = { path: string; key?: string; body: Record<string, unknown> }

const HOUR = 3600
const nowSeconds = () => Math.floor(Date.now() / 1000)
const jwt = (exp: number) =>
  [{ alg: 'HS256', typ: 'JWT' }, { sub: 'partner-uid', exp }].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.') +
  '.c2ln'
const failure = (status: number, message: string): Answer => ({
  status,
  body: { error: { code: status === 401 ? 'unauthorized' : 'internal', message }, statusCode: status, statusMessage: message },
})

const address: PartnerAddress = {
  id: 31,
  name: 'Ann Lee',
  phone: '512-555-0100',
  street: '1 Congress Ave',
  street2: null,
  city: 'Austin',
  zip: '78701',
  countryId: 1,
  stateId: 44,
  addressType: 'Billing',
  isDefaultBilling: true,
}
const partner: Partner = {
  id: 9,
  uid: '5b0c3f7e-6a52-4c8e-9d0a-0f4ef1c2a001',
  name: 'Ann Lee',
  email: 'ann@example.com',
  billingAddress: [address],
  shippingAddress: [],
}

let server: Server
let baseURL = ''
let calls: Call[] = []
let answers: Record<string, Answer> = {}

function routeOf(request: IncomingMessage, body: Record<string, unknown>): string {
  const key = typeof body.key === 'string' ? body.key : undefined
  if (request.url === '/api/query' || request.url === '/api/mutation') return `${request.url}:${key}`
  return request.url ?? ''
}

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let raw = ''
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    request.on('end', () => {
      const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>
      const route = routeOf(request, body)
      calls.push({ path: request.url ?? '', key: typeof body.key === 'string' ? body.key : undefined, body })
      const answer = answers[route] ?? failure(404, `No answer for ${route}`)
      void Promise.resolve(answer.held).then(() => response.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body)))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

let navigations: string[] = []
let toasts: string[] = []
let browserClears = 0
const watcher = createSessionWatcher({
  onWarn: () => useAppStore.setState({ showExpiryPopup: true }),
  onExpire: () => undefined,
})

function actions() {
  return createAuthActions({
    account: createAccountApi(createApiClient({ baseURL })),
    watcher,
    navigate: (path) => void navigations.push(path),
    notifyError: (message) => void toasts.push(message),
    clearBrowser: () => void (browserClears += 1),
  })
}

const route = (path: string) => calls.map((call) => (call.key ? `${call.path}:${call.key}` : call.path)).filter((p) => p === path)
const callOrder = () => calls.map((call) => (call.key ? `${call.path}:${call.key}` : call.path))

function signedInState(expiresAt = nowSeconds() + HOUR) {
  useUserStore.setState({ isAuthenticated: true, tokenExpiresAt: expiresAt, user: partner })
  useAddressStore.setState({
    billingAddresses: [address],
    shippingAddresses: [{ ...address, id: 32, addressType: 'Shipping' }],
    selectedBillingAddress: address,
    selectedShippingAddress: { ...address, id: 32 },
  })
  useCartStore.getState().addLine({
    productId: 7,
    name: 'Core Polo',
    slug: 'core-polo',
    templateSkuCode: 'PC54',
    color: null,
    logo: null,
    quantity: { M: 2 },
    unitPrices: { M: 12.5 },
  })
  useCartStore.setState({ cart: { partnerId: 9, revision: 2 } })
  watcher.start(expiresAt)
}

beforeEach(() => {
  calls = []
  answers = {
    '/api/query:getPartner': { status: 200, body: { partner } },
    '/api/mutation:logout': { status: 200, body: { logout: { success: true } } },
    '/api/user/logout': { status: 200, body: { data: { success: true } } },
  }
  navigations = []
  toasts = []
  browserClears = 0
  useUserStore.getState().reset()
  useAddressStore.setState(initialAddressState)
  useCartStore.setState(initialCartState)
  useAppStore.setState(initialAppState)
  useSessionNoticeStore.getState().dismiss()
})

afterEach(() => {
  watcher.stop()
})

describe('signing in with email and password', () => {
  test('keeps only the token expiry, watches the session and loads the partner', async () => {
    const expiresAt = nowSeconds() + HOUR
    answers['/api/user/login'] = { status: 200, body: { data: { access_token: jwt(expiresAt) } } }

    await expect(actions().signIn({ login: 'ann@example.com', password: 'correct horse' })).resolves.toEqual(partner)

    expect(calls[0]).toMatchObject({ path: '/api/user/login', body: { login: 'ann@example.com', password: 'correct horse' } })
    expect(route('/api/query:getPartner')).toHaveLength(1)
    const state = useUserStore.getState()
    expect(state).toMatchObject({ isAuthenticated: true, tokenExpiresAt: expiresAt, user: partner })
    expect(JSON.stringify(state)).not.toContain(jwt(expiresAt))
    expect(useAddressStore.getState().billingAddresses).toEqual([address])
    expect(watcher.isRunning()).toBe(true)
    expect(useAppStore.getState().showExpiryPopup).toBe(false)
  })

  test("a refused sign-in throws the server's message and leaves the visitor signed out", async () => {
    answers['/api/user/login'] = failure(401, 'Wrong email or password or you do not have access to the site')

    await expect(actions().signIn({ login: 'ann@example.com', password: 'nope' })).rejects.toMatchObject({
      statusCode: 401,
      statusMessage: 'Wrong email or password or you do not have access to the site',
    })
    expect(useUserStore.getState().isAuthenticated).toBe(false)
    expect(watcher.isRunning()).toBe(false)
    expect(route('/api/query:getPartner')).toHaveLength(0)
  })

  test('an answer without a token with an expiry signs nobody in', async () => {
    answers['/api/user/login'] = { status: 200, body: { data: { access_token: 'opaque' } } }
    await expect(actions().signIn({ login: 'ann@example.com', password: 'x' })).rejects.toBeInstanceOf(MissingTokenError)
    expect(useUserStore.getState().isAuthenticated).toBe(false)
  })

  test('a token with 5 minutes or less left shows the expiry popup at once', async () => {
    answers['/api/user/login'] = { status: 200, body: { data: { access_token: jwt(nowSeconds() + 120) } } }
    await actions().signIn({ login: 'ann@example.com', password: 'correct horse' })
    expect(useAppStore.getState().showExpiryPopup).toBe(true)
  })

  test("a partner load answered 'User does not exist.' logs out locally and shows the session-ended notice", async () => {
    answers['/api/user/login'] = { status: 200, body: { data: { access_token: jwt(nowSeconds() + HOUR) } } }
    answers['/api/query:getPartner'] = failure(401, 'User does not exist.')

    await expect(actions().signIn({ login: 'ann@example.com', password: 'correct horse' })).resolves.toBeNull()

    expect(useUserStore.getState()).toMatchObject({ isAuthenticated: false, user: null, tokenExpiresAt: null })
    expect(useSessionNoticeStore.getState().sessionEnded).toBe(true)
    expect(watcher.isRunning()).toBe(false)
    expect(navigations).toEqual(['/'])
    expect(route('/api/user/logout')).toHaveLength(1)
    expect(route('/api/mutation:logout')).toHaveLength(0)
  })

  test('another failure to load the partner keeps the session', async () => {
    answers['/api/user/login'] = { status: 200, body: { data: { access_token: jwt(nowSeconds() + HOUR) } } }
    answers['/api/query:getPartner'] = failure(503, 'Try again later')
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void errors.push(args)
    try {
      await expect(actions().signIn({ login: 'ann@example.com', password: 'correct horse' })).resolves.toBeNull()
    } finally {
      console.error = original
    }
    expect(errors).toHaveLength(1)
    expect(useUserStore.getState().isAuthenticated).toBe(true)
    expect(useSessionNoticeStore.getState().sessionEnded).toBe(false)
  })

  test('signing in dismisses a session-ended notice still showing', async () => {
    useSessionNoticeStore.getState().showSessionEnded()
    answers['/api/user/login'] = { status: 200, body: { data: { access_token: jwt(nowSeconds() + HOUR) } } }
    await actions().signIn({ login: 'ann@example.com', password: 'correct horse' })
    expect(useSessionNoticeStore.getState().sessionEnded).toBe(false)
  })
})

describe('reading the partner again (issue 24: balances read fresh in every tab)', () => {
  test('a changed partner replaces the one the tab showed', async () => {
    signedInState()
    answers['/api/query:getPartner'] = { status: 200, body: { partner: { ...partner, budgetAmount: 180 } } }
    await actions().loadPartner()
    expect(useUserStore.getState().user!.budgetAmount).toBe(180)
  })

  test('an answer sent before an order, arriving after a read made since, does not put the allowance back', async () => {
    signedInState()
    const auth = actions()
    let sendOlder = () => {}
    // The account area's read as it opened, answered with the allowance before the order, slowly.
    answers['/api/query:getPartner'] = { status: 200, body: { partner: { ...partner, budgetAmount: 250 } }, held: new Promise<void>((resolve) => (sendOlder = resolve)) }
    const older = auth.loadPartner()
    await expect.poll(() => route('/api/query:getPartner')).toHaveLength(1)
    // Another tab placed an order: the read it causes is answered at once, with the allowance spent.
    answers['/api/query:getPartner'] = { status: 200, body: { partner: { ...partner, budgetAmount: 224.27 } } }
    await auth.loadPartner()
    expect(useUserStore.getState().user!.budgetAmount).toBe(224.27)

    sendOlder()
    expect((await older)!.budgetAmount).toBe(224.27)
    expect(useUserStore.getState().user!.budgetAmount).toBe(224.27)
  })

  test('answers arriving in the order their reads were made are each kept', async () => {
    signedInState()
    const auth = actions()
    let sendFirst = () => {}
    answers['/api/query:getPartner'] = { status: 200, body: { partner: { ...partner, budgetAmount: 250 } }, held: new Promise<void>((resolve) => (sendFirst = resolve)) }
    const first = auth.loadPartner()
    await expect.poll(() => route('/api/query:getPartner')).toHaveLength(1)
    let sendSecond = () => {}
    answers['/api/query:getPartner'] = { status: 200, body: { partner: { ...partner, budgetAmount: 224.27 } }, held: new Promise<void>((resolve) => (sendSecond = resolve)) }
    const second = auth.loadPartner()
    await expect.poll(() => route('/api/query:getPartner')).toHaveLength(2)

    sendFirst()
    await first
    expect(useUserStore.getState().user!.budgetAmount).toBe(250)
    sendSecond()
    await second
    expect(useUserStore.getState().user!.budgetAmount).toBe(224.27)
  })

  test('an unchanged partner leaves the very object the tab holds, so nothing on the page redraws', async () => {
    signedInState()
    const held = useUserStore.getState().user
    const addresses = useAddressStore.getState().billingAddresses
    await actions().loadPartner()
    expect(useUserStore.getState().user).toBe(held)
    expect(useAddressStore.getState().billingAddresses).toBe(addresses)
  })
})

describe('the other ways in', () => {
  test('the sign-up link confirms the account and signs in', async () => {
    answers['/api/user/signup/confirm'] = { status: 200, body: { data: { access_token: jwt(nowSeconds() + HOUR) } } }
    await actions().confirmSignup('link-token')
    expect(calls[0]).toMatchObject({ path: '/api/user/signup/confirm', body: { token: 'link-token' } })
    expect(useUserStore.getState()).toMatchObject({ isAuthenticated: true, user: partner })
  })

  test('single sign-on posts the callback address and hands back where the sign-in began', async () => {
    answers['/api/user/sso/callback'] = { status: 200, body: { data: { access_token: jwt(nowSeconds() + HOUR), returnTo: '/me/orders' } } }
    const callbackUrl = 'http://127.0.0.1:3000/sso-login?code=abc&state=xyz'
    await expect(actions().completeSso(callbackUrl)).resolves.toEqual({ returnTo: '/me/orders' })
    expect(calls[0]).toMatchObject({ path: '/api/user/sso/callback', body: { callbackUrl } })
    expect(useUserStore.getState()).toMatchObject({ isAuthenticated: true, user: partner })
  })

  test('a console member’s single sign-on test signs nobody in and names the console’s result page', async () => {
    answers['/api/user/sso/callback'] = { status: 200, body: { data: { test: true, returnTo: '/admin/settings/sso-test?store=1' } } }
    await expect(actions().completeSso('http://127.0.0.1:3000/sso-login?code=abc&state=xyz')).resolves.toEqual({ returnTo: '/admin/settings/sso-test?store=1', test: true })
    expect(useUserStore.getState().isAuthenticated).toBe(false)
    expect(calls.map((call) => call.path)).toEqual(['/api/user/sso/callback'])
  })

  test('on app load a stored session is watched again, an anonymous visitor is not', () => {
    actions().resumeSession()
    expect(watcher.isRunning()).toBe(false)
    useUserStore.setState({ isAuthenticated: true, tokenExpiresAt: nowSeconds() + 60 })
    actions().resumeSession()
    expect(watcher.isRunning()).toBe(true)
    expect(useAppStore.getState().showExpiryPopup).toBe(true)
  })
})

describe('starting a tab (issue 17: signed in in every tab the server says)', () => {
  let hintsForgotten = 0
  const tab = () =>
    createAuthActions({
      account: createAccountApi(createApiClient({ baseURL })),
      watcher,
      navigate: (path) => void navigations.push(path),
      notifyError: (message) => void toasts.push(message),
      clearBrowser: () => void (browserClears += 1),
      forgetHint: () => void (hintsForgotten += 1),
    })
  beforeEach(() => {
    hintsForgotten = 0
  })

  test('a guest tab without a session hint asks the server nothing', async () => {
    await expect(tab().startSession(null)).resolves.toBeNull()
    expect(calls).toEqual([])
    expect(useUserStore.getState().isAuthenticated).toBe(false)
    expect(watcher.isRunning()).toBe(false)
  })

  test('a new tab with a live hint restores the partner, the address books and the watcher from the server', async () => {
    const expiresAt = nowSeconds() + HOUR
    await expect(tab().startSession(expiresAt)).resolves.toEqual(partner)
    expect(route('/api/query:getPartner')).toHaveLength(1)
    expect(useUserStore.getState()).toMatchObject({ isAuthenticated: true, tokenExpiresAt: expiresAt, user: partner })
    expect(useAddressStore.getState().billingAddresses).toEqual([address])
    expect(watcher.isRunning()).toBe(true)
    expect(useAppStore.getState().showExpiryPopup).toBe(false)
  })

  test('a hint whose session the server no longer knows leaves a quiet guest and is forgotten', async () => {
    answers['/api/query:getPartner'] = failure(401, 'User does not exist.')
    await expect(tab().startSession(nowSeconds() + HOUR)).resolves.toBeNull()
    expect(useUserStore.getState().isAuthenticated).toBe(false)
    expect(hintsForgotten).toBe(1)
    expect(useSessionNoticeStore.getState().sessionEnded).toBe(false)
    expect([navigations, toasts, browserClears]).toEqual([[], [], 0])
    expect(watcher.isRunning()).toBe(false)
  })

  test('a server that fails otherwise leaves a guest and keeps the hint for the next tab', async () => {
    answers['/api/query:getPartner'] = failure(500, 'Something went wrong')
    await expect(tab().startSession(nowSeconds() + HOUR)).resolves.toBeNull()
    expect(useUserStore.getState().isAuthenticated).toBe(false)
    expect(hintsForgotten).toBe(0)
  })

  test('a tab that kept its session asks nothing and takes a later expiry another tab extended to', async () => {
    const stored = nowSeconds() + 60
    useUserStore.setState({ isAuthenticated: true, tokenExpiresAt: stored, user: partner })
    const extended = nowSeconds() + HOUR
    await expect(tab().startSession(extended)).resolves.toEqual(partner)
    expect(calls).toEqual([])
    expect(useUserStore.getState().tokenExpiresAt).toBe(extended)
    expect(useAppStore.getState().showExpiryPopup).toBe(false)
    await tab().startSession(stored - 30)
    expect(useUserStore.getState().tokenExpiresAt).toBe(extended)
  })
})

describe('extending the session', () => {
  test('a new token restarts the watcher from its expiry and hides the popup', async () => {
    signedInState(nowSeconds() + 120)
    expect(useAppStore.getState().showExpiryPopup).toBe(true)
    const renewed = nowSeconds() + HOUR
    answers['/api/user/refresh'] = { status: 200, body: { data: { access_token: jwt(renewed) } } }

    const extending = actions().extendSession()
    expect(useAppStore.getState().isLoading).toBe(true)
    await expect(extending).resolves.toBe(true)

    expect(useUserStore.getState().tokenExpiresAt).toBe(renewed)
    expect(useAppStore.getState()).toMatchObject({ showExpiryPopup: false, isLoading: false })
    expect(watcher.isRunning()).toBe(true)
  })

  test('a session at its absolute end warns again at once after extending', async () => {
    signedInState(nowSeconds() + 120)
    answers['/api/user/refresh'] = { status: 200, body: { data: { access_token: jwt(nowSeconds() + 100) } } }
    await actions().extendSession()
    expect(useAppStore.getState().showExpiryPopup).toBe(true)
  })

  test.each([
    ['the refresh fails', failure(401, 'Your session has ended.')],
    ['the answer has no token', { status: 200, body: { data: {} } }],
  ])('when %s the watcher stops and loading clears, silently', async (_case, answer) => {
    signedInState(nowSeconds() + 120)
    answers['/api/user/refresh'] = answer
    await expect(actions().extendSession()).resolves.toBe(false)
    expect(watcher.isRunning()).toBe(false)
    expect(useAppStore.getState().isLoading).toBe(false)
    expect(useUserStore.getState().isAuthenticated).toBe(true)
    expect(toasts).toEqual([])
    expect(navigations).toEqual([])
  })
})

describe('logging out', () => {
  test('runs the logout mutation, then the local logout, then forgets everything and goes to /', async () => {
    signedInState()
    const loggingOut = actions().logout()
    expect(useAppStore.getState().isLoading).toBe(true)
    await expect(loggingOut).resolves.toBe(true)

    expect(callOrder()).toEqual(['/api/mutation:logout', '/api/user/logout'])
    expect(browserClears).toBe(1)
    expect(useUserStore.getState()).toMatchObject({ isAuthenticated: false, user: null, tokenExpiresAt: null })
    expect(useAddressStore.getState()).toMatchObject({
      billingAddresses: [],
      shippingAddresses: [],
      selectedBillingAddress: null,
      selectedShippingAddress: null,
    })
    expect(useCartStore.getState()).toMatchObject({ orderLines: [], cart: null })
    expect(useAppStore.getState()).toMatchObject({ isLoading: false, showExpiryPopup: false })
    expect(watcher.isRunning()).toBe(false)
    expect(navigations).toEqual(['/'])
    expect(useSessionNoticeStore.getState().sessionEnded).toBe(false)
  })

  test("a failed logout keeps the user signed in and shows the server's message", async () => {
    signedInState()
    answers['/api/mutation:logout'] = failure(503, 'The store is being updated. Try again in a minute.')
    await expect(actions().logout()).resolves.toBe(false)

    expect(toasts).toEqual(['The store is being updated. Try again in a minute.'])
    expect(useAppStore.getState().isLoading).toBe(false)
    expect(useUserStore.getState()).toMatchObject({ isAuthenticated: true, user: partner })
    expect(useCartStore.getState().orderLines).toHaveLength(1)
    expect(watcher.isRunning()).toBe(true)
    expect(browserClears).toBe(0)
    expect(navigations).toEqual([])
    expect(route('/api/user/logout')).toHaveLength(0)
  })

  test("a logout that fails without a message says 'Something went wrong'", async () => {
    signedInState()
    const unreachable = createAuthActions({
      account: createAccountApi(createApiClient({ baseURL: 'http://127.0.0.1:1' })),
      watcher,
      navigate: (path) => void navigations.push(path),
      notifyError: (message) => void toasts.push(message),
      clearBrowser: () => void (browserClears += 1),
    })
    await expect(unreachable.logout()).resolves.toBe(false)
    expect(toasts).toEqual([LOGOUT_FAILED])
    expect(useUserStore.getState().isAuthenticated).toBe(true)
  })

  test('a session the server no longer knows (401) is forgotten like a successful logout', async () => {
    signedInState()
    answers['/api/mutation:logout'] = failure(401, 'Please sign in.')
    await expect(actions().logout()).resolves.toBe(true)
    expect(useUserStore.getState().isAuthenticated).toBe(false)
    expect(navigations).toEqual(['/'])
    expect(toasts).toEqual([])
  })
})

describe('the session expiring', () => {
  test('logs out, tells the server, goes to / and shows the session-ended notice', async () => {
    signedInState(nowSeconds() + 1)
    answers['/api/mutation:logout'] = failure(401, 'Please sign in.')
    await actions().expireSession()

    expect(useUserStore.getState().isAuthenticated).toBe(false)
    expect(useCartStore.getState().orderLines).toEqual([])
    expect(useSessionNoticeStore.getState().sessionEnded).toBe(true)
    expect(navigations).toEqual(['/'])
    expect(callOrder()).toEqual(['/api/mutation:logout', '/api/user/logout'])
    expect(browserClears).toBe(1)
  })

  test('the browser forgets even when the server cannot be reached', async () => {
    signedInState(nowSeconds() + 1)
    const offline = createAuthActions({
      account: createAccountApi(createApiClient({ baseURL: 'http://127.0.0.1:1' })),
      watcher,
      navigate: (path) => void navigations.push(path),
      notifyError: (message) => void toasts.push(message),
      clearBrowser: () => void (browserClears += 1),
    })
    await offline.expireSession()
    expect(useUserStore.getState().isAuthenticated).toBe(false)
    expect(useSessionNoticeStore.getState().sessionEnded).toBe(true)
    expect(toasts).toEqual([])
  })
})
