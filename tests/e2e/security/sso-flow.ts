// Single sign-on on the locked store driven through its API and the test provider's pages, the way a
// browser would but with every step in the attacker's hands: where the provider sends the browser
// back, the flow cookie, and the callback the /sso-login page would make.
import { randomUUID } from 'node:crypto'
import { rememberSecret } from '../support/server-logs.mjs'
import { STORES, TEST_PROVIDER } from '../support/stores'
import { type Answer, type Attack, type Caller, expect, raw } from './attack'

/** The provider's answer as the browser would bring it back: the /sso-login address and the flow cookie of that sign-in. */
export type ProviderAnswer = { callbackUrl: string; flowCookie: string }

/** A provider login nobody has used; `fault` names a spoiled ID token (tests/e2e/support/oidc-provider.mjs). */
export function providerLogin(prefix: string, fault?: string): string {
  return `${fault ? `id-token-${fault}.` : ''}${prefix}.${randomUUID().slice(0, 8)}@graniteridge.example`
}

/** The value of cookie `name` among Set-Cookie lines, or null. */
export function cookieIn(cookies: string[], name: string): string | null {
  for (const cookie of cookies) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(cookie)
    if (match?.[1]) return match[1]
  }
  return null
}

/**
 * Starts a sign-in at the store and signs in at the test provider as `login`, stopping where the
 * provider sends the browser back to the store.
 */
export async function signInAtProvider(caller: Caller, login: string, returnTo = '/'): Promise<ProviderAnswer> {
  const start = await caller.get(`/api/user/sso/start?returnTo=${encodeURIComponent(returnTo)}`)
  expect(start.status, start.text).toBe(302)
  const flowCookie = cookieIn(start.cookies, 'sso-flow')
  expect(flowCookie, 'the flow cookie').toBeTruthy()
  let next = new URL(start.headers.location!, STORES.locked)
  // The provider: authorization, its sign-in form, consent (given at once), back to the store.
  for (let hop = 0; hop < 12; hop++) {
    if (next.origin === STORES.locked) {
      expect(next.pathname).toBe('/sso-login')
      rememberSecret('the code of a single sign-on answer', next.searchParams.get('code'))
      return { callbackUrl: next.href, flowCookie: flowCookie! }
    }
    expect(next.origin, 'only the store and its provider take part').toBe(TEST_PROVIDER)
    let answer: Answer = await caller.get(next.href)
    if (answer.status === 200 && next.pathname.startsWith('/interaction/')) {
      answer = await caller.post(next.href, raw(`login=${encodeURIComponent(login)}`, 'application/x-www-form-urlencoded'))
    }
    expect([302, 303], `${next.href}: ${answer.text.slice(0, 300)}`).toContain(answer.status)
    next = new URL(answer.headers.location!, next)
  }
  throw new Error(`the provider never sent ${login} back to the store`)
}

/** The callback the /sso-login page makes, from `caller` (with whatever cookies it holds or `cookie` names). */
export function callBack(caller: Caller, callbackUrl: string, cookie?: string): Promise<Answer> {
  return caller.post('/api/user/sso/callback', { callbackUrl }, cookie === undefined ? {} : { headers: { cookie } })
}

/** A caller signed in to the locked store by single sign-on, with its bearer token set. */
export async function ssoPartner(attack: Attack, name: string): Promise<Caller> {
  const caller = await attack.caller(name)
  const { callbackUrl } = await signInAtProvider(caller, providerLogin(name))
  const answer = await callBack(caller, callbackUrl)
  expect(answer.status, answer.text).toBe(200)
  caller.token = answer.json.data.access_token as string
  caller.own(caller.token)
  return caller
}
