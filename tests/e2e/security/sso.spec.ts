import { freshSsoEmail, signInAtTestProvider } from '../support/sso'
import { STORES } from '../support/stores'
import { type Answer, expect, test } from './attack'
import { callBack, cookieIn, providerLogin, signInAtProvider } from './sso-flow'

// Single sign-on under attack (security.md 4.10, 4.11; ASVS 5.0 10.x, 3.7.2) on the locked store
// (127.0.0.1:3102) and its test provider (3130): the callback must take only the answer to the
// sign-in this browser started (state, flow cookie), only once (code), only with an ID token the
// provider really issued for this store and this sign-in, and must only ever send the visitor on to
// a page of the store.
test.use({ baseURL: STORES.locked })

const SSO_EXPIRED = 'Your single sign-on attempt expired or was started in another browser. Please try again.'
const SSO_FAILED = 'Single sign-on was cancelled or failed. Please try again.'
const SSO_WRONG_CALLBACK = 'This single sign-on answer is not for this store. Please start the sign-in again from this store.'

/** A refusal that signed nobody in: the status, the message, and no session cookie set. */
function expectRefused(answer: Answer, message: string, what: string) {
  expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBe(400)
  expect(answer.json?.error?.message, what).toBe(message)
  expect(answer.json?.data, what).toBeUndefined()
  expect(cookieIn(answer.cookies, 'session'), `${what} sets no session cookie`).toBeNull()
}

function withParams(callbackUrl: string, change: (params: URLSearchParams) => void): string {
  const url = new URL(callbackUrl)
  change(url.searchParams)
  return url.href
}

test.describe('the single sign-on callback', () => {
  test('refuses an answer whose state is forged, missing or doubled, and then still takes the genuine one', async ({ attack }) => {
    const browser = await attack.caller('sso-state')
    const { callbackUrl, flowCookie } = await signInAtProvider(browser, providerLogin('state'))
    const forgeries: [string, string][] = [
      ['a forged state', withParams(callbackUrl, (params) => params.set('state', 'forged-by-an-attacker'))],
      ['no state', withParams(callbackUrl, (params) => params.delete('state'))],
      ['an empty state', withParams(callbackUrl, (params) => params.set('state', ''))],
      ['a forged state before the genuine one', withParams(callbackUrl, (params) => {
        const genuine = params.get('state')!
        params.set('state', 'forged-by-an-attacker')
        params.append('state', genuine)
      })],
    ]
    // Sent with a copy of the flow cookie (a refusal removes the cookie from the browser that sent it).
    for (const [what, forged] of forgeries) expectRefused(await callBack(await attack.caller('sso-forger'), forged, `sso-flow=${flowCookie}`), SSO_EXPIRED, what)

    // The code was never exchanged for any of them: the genuine answer still signs in.
    const genuine = await callBack(browser, callbackUrl)
    expect(genuine.status, genuine.text).toBe(200)
    expect(cookieIn(genuine.cookies, 'session')).toBeTruthy()
  })

  test('refuses an answer brought without its flow cookie, with a forged one, or with the cookie of another sign-in', async ({ attack }) => {
    const victim = await attack.caller('sso-victim')
    const { callbackUrl, flowCookie } = await signInAtProvider(victim, providerLogin('victim'))
    // The attacker's own sign-in, started in the attacker's browser (login CSRF / code injection).
    const attacker = await attack.caller('sso-attacker')
    const attackers = await signInAtProvider(attacker, providerLogin('attacker'))
    const flipped = `${flowCookie.slice(0, -6)}${flowCookie.slice(-6) === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA'}`

    const attempts: [string, string | null, string][] = [
      ['no flow cookie', null, callbackUrl],
      ['a made-up flow cookie', 'sso-flow=not-a-sealed-flow', callbackUrl],
      ['the flow cookie altered', `sso-flow=${flipped}`, callbackUrl],
      ['an unsigned token as the flow cookie', `sso-flow=${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ state: new URL(callbackUrl).searchParams.get('state') })).toString('base64url')}.`, callbackUrl],
      ['the victim’s answer with the attacker’s flow cookie', `sso-flow=${attackers.flowCookie}`, callbackUrl],
      ['the attacker’s answer with the victim’s flow cookie', `sso-flow=${flowCookie}`, attackers.callbackUrl],
    ]
    for (const [what, cookie, url] of attempts) {
      // A browser of its own each time, holding only the cookie named.
      const sender = await attack.caller('sso-sender')
      expectRefused(await callBack(sender, url, cookie ?? undefined), SSO_EXPIRED, what)
    }

    // Each answer still works once, with its own flow, in its own browser.
    expect((await callBack(victim, callbackUrl)).status).toBe(200)
    expect((await callBack(attacker, attackers.callbackUrl)).status).toBe(200)
  })

  test('takes a provider’s code once: the same answer brought again, flow cookie and all, is refused', async ({ attack }) => {
    const browser = await attack.caller('sso-replay')
    const { callbackUrl, flowCookie } = await signInAtProvider(browser, providerLogin('replay'))
    const first = await callBack(browser, callbackUrl)
    expect(first.status, first.text).toBe(200)
    // The answer removes the flow cookie; the replay brings it back by hand (a copied request).
    expect(first.cookies.some((cookie) => /^sso-flow=;.*Max-Age=0/.test(cookie))).toBe(true)

    const replayer = await attack.caller('sso-replayer')
    expectRefused(await callBack(replayer, callbackUrl, `sso-flow=${flowCookie}`), SSO_FAILED, 'the answer replayed')
    expect((await replayer.query('getPartner')).status, 'the replayer is not signed in').toBe(401)
    // The first sign-in is unaffected.
    expect((await browser.query('getPartner', undefined, { bearer: first.json.data.access_token })).status).toBe(200)
  })

  test('refuses an answer addressed to anywhere but the store’s own /sso-login', async ({ attack }) => {
    const browser = await attack.caller('sso-elsewhere')
    const { callbackUrl, flowCookie } = await signInAtProvider(browser, providerLogin('elsewhere'))
    const url = new URL(callbackUrl)
    const elsewheres: [string, string][] = [
      ['another site', `https://evil.example/sso-login${url.search}`],
      ['the store’s host on another port', `http://127.0.0.1:3100/sso-login${url.search}`],
      ['another page of the store', `${STORES.locked}/login${url.search}`],
      ['a path that only ends like it', `${STORES.locked}/evil/sso-login${url.search}`],
      ['userinfo in front of the store', `http://127.0.0.1:3102@evil.example/sso-login${url.search}`],
      ['not a URL', `/sso-login${url.search}`],
    ]
    for (const [what, elsewhere] of elsewheres) {
      expectRefused(await callBack(await attack.caller('sso-forger'), elsewhere, `sso-flow=${flowCookie}`), SSO_WRONG_CALLBACK, what)
    }
    expect((await callBack(browser, callbackUrl)).status).toBe(200)
  })

  test('refuses an ID token with a wrong signature, issuer, audience or nonce, an expired one and an unsigned one', async ({ attack }) => {
    for (const fault of ['wrong-signature', 'wrong-issuer', 'wrong-audience', 'wrong-nonce', 'expired', 'unsigned']) {
      const browser = await attack.caller(`sso-${fault}`)
      const { callbackUrl } = await signInAtProvider(browser, providerLogin('spoiled', fault))
      expectRefused(await callBack(browser, callbackUrl), SSO_FAILED, `an ID token: ${fault}`)
      expect((await browser.query('getPartner')).status, `${fault}: nobody is signed in`).toBe(401)
    }
    // The control: the same way in with a sound ID token signs in.
    const browser = await attack.caller('sso-sound')
    const { callbackUrl } = await signInAtProvider(browser, providerLogin('sound'))
    const answer = await callBack(browser, callbackUrl)
    expect(answer.status, answer.text).toBe(200)
    expect((await browser.query('getPartner', undefined, { bearer: answer.json.data.access_token })).status).toBe(200)
  })
})

// security.md 4.10: the places a sign-in may go afterwards are paths of the store.
const HOSTILE_RETURNS = ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(document.domain)', 'https:evil.example', '\\\\evil.example', '/login?returnTo=//evil.example']

test.describe('where single sign-on sends the visitor afterwards', () => {
  test('a hostile returnTo comes back from the callback as the home page; a page of the store as itself', async ({ attack }) => {
    // null: anywhere on the store ('/%2F%2Fevil.example' is the store's own path, its slashes encoded).
    const targets = [...HOSTILE_RETURNS.map((target) => ({ target, lands: '/' as string | null })), { target: '/%2F%2Fevil.example', lands: null }, { target: '/shop?color=Navy', lands: '/shop?color=Navy' }]
    for (const { target, lands } of targets) {
      const browser = await attack.caller('sso-return')
      const { callbackUrl } = await signInAtProvider(browser, providerLogin('return'), target)
      const answer = await callBack(browser, callbackUrl)
      expect(answer.status, `returnTo=${target}: ${answer.text}`).toBe(200)
      const returnTo = answer.json.data.returnTo as string
      expect(returnTo, `returnTo=${target}`).toMatch(/^\/(?![/\\])/)
      expect(new URL(returnTo, STORES.locked).origin, `returnTo=${target}`).toBe(STORES.locked)
      if (lands !== null) expect(returnTo, `returnTo=${target}`).toBe(lands)
    }
  })

  test('in a browser, a sign-in started with a hostile returnTo ends on the store', async ({ page }) => {
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    for (const returnTo of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(document.domain)']) {
      await page.context().clearCookies()
      await page.goto(`/sso-login?returnTo=${encodeURIComponent(returnTo)}`)
      await signInAtTestProvider(page, freshSsoEmail('hostile'))
      await page.waitForURL((url) => url.origin === STORES.locked && url.pathname !== '/sso-login')
      expect(page.url(), `returnTo=${returnTo}`).toBe(`${STORES.locked}/`)
    }
    expect(dialogs).toEqual([])
  })
})
