import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { MAIN_STORE_SESSION_SECRET } from '../support/session-secret.mjs'
import { POST_ENDPOINTS } from './api-surface'
import { type Answer, type Attack, type Caller, expect, raw, test } from './attack'
import { demoCatalog, PAY_ON_INVOICE, placeOrder } from './shop'
import { b64, claimsOf, forge } from './tokens'

// Access control (security.md 4.6, 4.11, 7; ASVS 5.0 8.2.2, 9.1.2, 7.4.1, 3.5.1): another partner's
// orders, PDFs, addresses, cart and profile; forged, altered, expired and revoked tokens; and
// state changes sent from another site; outbound requests to where a caller points.

const CROSS_SITE_REFUSED = 'This request came from another site and was refused. Reload the store and try again.'

/** A refusal's message with numbers blanked, to compare "yours" and "missing" answers. */
function shape(answer: Answer) {
  return { status: answer.status, code: answer.json?.error?.code, message: String(answer.json?.error?.message ?? '').replace(/\d+/g, '#') }
}

test.describe('another partner’s data (IDOR)', () => {
  test('another partner’s order, its details, its list and its PDF answer 404, exactly like an order that does not exist', async ({ attack }) => {
    const alice = await attack.callerAs('alice')
    const bob = await attack.callerAs('bob')
    const stranger = await attack.caller('stranger')
    const order = await placeOrder(alice, { quotation: true })
    const missing = 2_147_480_000

    const missingDetails = await bob.query('getOrderDetails', { id: missing })
    expect(missingDetails.status).toBe(404)
    for (const attempt of [
      await bob.query('getOrderDetails', { id: order.id }),
      await bob.query('getOrderDetails', { id: order.id, accessToken: 'A'.repeat(43) }),
      await bob.query('getOrderDetails', { id: order.id, accessToken: '' }),
      await stranger.query('getOrderDetails', { id: order.id }),
    ]) {
      expect(shape(attempt)).toEqual(shape(missingDetails))
    }
    expect((await bob.query('getOrders', { filter: { uid: alice.account!.uid } })).status).toBe(404)
    const bobsOrders = await bob.query('getOrders', { filter: { uid: bob.account!.uid } })
    expect(bobsOrders.status).toBe(200)
    expect(bobsOrders.text).not.toContain(order.name)

    const missingPdf = await bob.get(`/api/orders/${missing}/document`)
    expect(missingPdf.status).toBe(404)
    for (const attempt of [
      await bob.get(`/api/orders/${order.id}/document`),
      await bob.get(`/api/orders/${order.id}/document?access_token=${'A'.repeat(43)}`),
      await stranger.get(`/api/orders/${order.id}/document`),
      await stranger.get(`/api/orders/${order.id}/document?access_token=`),
      await stranger.get(`/api/orders/${order.id}.0/document?access_token=${order.accessToken.slice(0, -1)}`),
    ]) {
      expect(shape(attempt)).toEqual(shape(missingPdf))
      expect(attempt.headers['cache-control']).toBe('private, no-store')
    }

    // The owner, and the holder of the order's link, do get it.
    expect((await alice.query('getOrderDetails', { id: order.id })).status).toBe(200)
    const linked = await alice.get(order.orderUrl, { bearer: null })
    expect(linked.status).toBe(200)
    expect(linked.headers['content-type']).toBe('application/pdf')
  })

  test('another partner’s order cannot be paid or confirmed by someone else, and stays as it was', async ({ attack }) => {
    const alice = await attack.callerAs('alice')
    const bob = await attack.callerAs('bob')
    const order = await placeOrder(alice)
    const before = await alice.query('getOrderDetails', { id: order.id })

    for (const attempt of [
      await bob.mutate('orderPayment', { acquirerId: PAY_ON_INVOICE, orderId: order.id }),
      await bob.mutate('orderPayment', { acquirerId: PAY_ON_INVOICE, orderId: order.id, accessToken: 'A'.repeat(43) }),
      await (await attack.caller('stranger')).mutate('orderPayment', { acquirerId: PAY_ON_INVOICE, orderId: order.id }),
    ]) {
      expect(attempt.status).toBeGreaterThanOrEqual(400)
      expect(attempt.status).toBeLessThan(500)
      expect(attempt.json.error.message).toBe('There is some error please contact your administrator!')
    }
    expect((await alice.query('getOrderDetails', { id: order.id })).json).toEqual(before.json)
  })

  test('another partner’s addresses can be neither listed, updated nor deleted', async ({ attack }) => {
    const alice = await attack.callerAs('alice')
    const bob = await attack.callerAs('bob')
    const shop = await demoCatalog(alice)
    const added = await alice.mutate('addAddress', { address: shop.address('Alice Office'), type: 'Shipping', partnerUid: alice.account!.uid })
    expect(added.status, added.text).toBe(200)
    const addressId = added.json.addAddress.address.id as number
    const book = async () => (await alice.query('getAddresses', { filter: { partnerUid: alice.account!.uid } })).json
    const before = await book()

    const missing = await bob.mutate('deleteAddress', { id: 2_147_480_000, partnerUid: bob.account!.uid })
    expect(missing.status).toBe(404)
    expect((await bob.query('getAddresses', { filter: { partnerUid: alice.account!.uid } })).status).toBe(404)
    for (const attempt of [
      await bob.mutate('deleteAddress', { id: addressId, partnerUid: bob.account!.uid }),
      await bob.mutate('deleteAddress', { id: addressId, partnerUid: alice.account!.uid }),
      await bob.mutate('addAddress', { address: { ...shop.address('Taken Over'), id: addressId }, type: 'Shipping', partnerUid: bob.account!.uid }),
      await bob.mutate('addAddress', { address: { ...shop.address('Taken Over'), id: addressId }, type: 'Shipping', partnerUid: alice.account!.uid }),
    ]) {
      expect(shape(attempt)).toEqual(shape(missing))
    }
    expect(await book()).toEqual(before)
    expect(JSON.stringify(await book())).not.toContain('Taken Over')
  })

  test('another partner’s saved cart can be neither read nor overwritten', async ({ attack }) => {
    const alice = await attack.callerAs('alice')
    const bob = await attack.callerAs('bob')
    const shop = await demoCatalog(alice)
    const current = await alice.post('/api/user/cart', { partnerId: alice.account!.id })
    expect(current.status, current.text).toBe(200)
    const saved = await alice.post('/api/user/cart', { partnerId: alice.account!.id, items: [shop.item({ L: 3 })], revision: current.json.data.cart.revision })
    expect(saved.status, saved.text).toBe(200)

    const read = await bob.post('/api/user/cart', { partnerId: alice.account!.id })
    const overwrite = await bob.post('/api/user/cart', { partnerId: alice.account!.id, items: [shop.item({ XS: 1 })], revision: saved.json.data.cart.revision })
    const anonymous = await (await attack.caller('stranger')).post('/api/user/cart', { partnerId: alice.account!.id })
    expect(read.status).toBe(404)
    expect(overwrite.status).toBe(404)
    expect(anonymous.status).toBe(401)
    expect(read.text + overwrite.text).not.toContain('"lines"')

    const after = await alice.post('/api/user/cart', { partnerId: alice.account!.id })
    expect(after.json.data.cart).toEqual(saved.json.data.cart)
  })

  test('the partner profile only ever describes the caller, whatever it asks for', async ({ attack }) => {
    const alice = await attack.callerAs('alice')
    const bob = await attack.callerAs('bob')
    const mine = await bob.query('getPartner')
    expect(mine.json.partner.uid).toBe(bob.account!.uid)
    expect(Object.keys(mine.json.partner).sort()).toEqual(['billingAddress', 'budgetAmount', 'budgetRenewsAt', 'canApproveOrders', 'email', 'groupId', 'id', 'name', 'phone', 'resaleCertificate', 'shippingAddress', 'uid'])
    for (const value of [{ id: alice.account!.id }, { uid: alice.account!.uid }, alice.account!.id]) {
      expect((await bob.query('getPartner', value)).status).toBe(400)
    }
    expect((await (await attack.caller('stranger')).query('getPartner')).status).toBe(401)
  })
})

test.describe('tokens (JWT forgery and revocation)', () => {
  test('a token that is unsigned, signed otherwise, altered, expired or meant for another audience is refused with 401', async ({ attack }) => {
    const alice = await attack.callerAs('alice')
    const bob = await attack.callerAs('bob')
    const genuine = claimsOf(alice.account!.token)
    const now = Math.floor(Date.now() / 1000)
    const header = { alg: 'HS256', typ: 'JWT' }
    const check = (token: string) => alice.query('getPartner', undefined, { bearer: token })

    // The control: the same claims signed with the store's key are accepted, so each refusal below
    // is due to the one thing that differs.
    const control = await check(forge(header, { ...genuine, iat: now, exp: now + 600 }, MAIN_STORE_SESSION_SECRET))
    expect(control.status, 'a token signed with the main test store’s key (tests/e2e/serve.mjs) is accepted').toBe(200)

    const forgeries: [string, string][] = [
      ['alg none, no signature', forge({ alg: 'none', typ: 'JWT' }, genuine, null)],
      ['alg NoNe, no signature', forge({ alg: 'NoNe', typ: 'JWT' }, genuine, null)],
      ['alg none with the genuine signature', `${b64(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${alice.account!.token.split('.').slice(1).join('.')}`],
      ['HS512 with the right key', forge({ alg: 'HS512', typ: 'JWT' }, genuine, MAIN_STORE_SESSION_SECRET)],
      ['HS256 with another key', forge(header, genuine, 'an attacker’s guess at the signing key, 32+ chars')],
      ['HS256 with an empty key', forge(header, genuine, '')],
      ['an embedded jwk header naming the attacker’s key', forge({ ...header, jwk: { kty: 'oct', k: b64('attacker-key-attacker-key-attacker-key') } }, genuine, 'attacker-key-attacker-key-attacker-key')],
      ['a kid pointing at a file', forge({ ...header, kid: '../../../../dev/null' }, genuine, '')],
      ['the payload altered to another partner, signature kept', `${alice.account!.token.split('.')[0]}.${b64(JSON.stringify({ ...genuine, sub: bob.account!.uid }))}.${alice.account!.token.split('.')[2]}`],
      ['expired a minute ago', forge(header, { ...genuine, iat: now - 3600, exp: now - 60 }, MAIN_STORE_SESSION_SECRET)],
      ['not valid before tomorrow', forge(header, { ...genuine, iat: now, nbf: now + 86_400, exp: now + 90_000 }, MAIN_STORE_SESSION_SECRET)],
      ['for another website', forge(header, { ...genuine, aud: 'website:2', iat: now, exp: now + 600 }, MAIN_STORE_SESSION_SECRET)],
      ['from another issuer', forge(header, { ...genuine, iss: 'someone-else', iat: now, exp: now + 600 }, MAIN_STORE_SESSION_SECRET)],
      ['of another type', forge({ alg: 'HS256', typ: 'at+jwt' }, { ...genuine, iat: now, exp: now + 600 }, MAIN_STORE_SESSION_SECRET)],
      ['naming another partner on this session', forge(header, { ...genuine, sub: bob.account!.uid, iat: now, exp: now + 600 }, MAIN_STORE_SESSION_SECRET)],
      ['naming a session that does not exist', forge(header, { ...genuine, sid: randomUUID(), iat: now, exp: now + 600 }, MAIN_STORE_SESSION_SECRET)],
      ['without a session', forge(header, { sub: genuine.sub, iss: genuine.iss, aud: genuine.aud, iat: now, exp: now + 600 }, MAIN_STORE_SESSION_SECRET)],
      ['far too long', `${alice.account!.token}${'A'.repeat(5000)}`],
    ]
    for (const [what, token] of forgeries) {
      expect((await check(token)).status, `${what}: getPartner`).toBe(401)
      expect((await alice.post('/api/user/refresh', raw('', null), { bearer: token })).status, `${what}: refresh`).toBe(401)
      expect((await alice.query('getPartner', undefined, { bearer: null, headers: { cookie: `session=${token}` } })).status, `${what}: as the cookie`).toBe(401)
    }
  })

  test('a token stops working once its session ends: after logout, and after a password change elsewhere', async ({ attack }) => {
    const partner = await attack.caller('revoker')
    const account = await attack.signUp(partner)
    const first = await attack.signIn(partner, account)
    const second = await attack.signIn(partner, account)
    const works = async (token: string) => (await partner.query('getPartner', undefined, { bearer: token })).status

    expect((await partner.post('/api/user/logout', raw('', null), { bearer: first })).status).toBe(200)
    expect(await works(first)).toBe(401)
    expect((await partner.post('/api/user/refresh', raw('', null), { bearer: first })).status).toBe(401)
    // Even re-signed with a fresh expiry, the ended session stays ended (checked server-side).
    const now = Math.floor(Date.now() / 1000)
    expect(await works(forge({ alg: 'HS256', typ: 'JWT' }, { ...claimsOf(first), iat: now, exp: now + 600 }, MAIN_STORE_SESSION_SECRET))).toBe(401)
    expect(await works(second)).toBe(200)

    const changed = await partner.mutate('updatePassword', { currentPassword: account.password, newPassword: 'a different long passphrase' }, { bearer: second })
    expect(changed.status, changed.text).toBe(200)
    attack.journal.forbid('a different long passphrase')
    expect(await works(account.token), 'the sign-up session').toBe(401)
    expect(await works(second), 'the session that changed the password').toBe(200)
  })
})

/** A caller signed in by cookie only, as a browser is. */
async function cookieOnlyCaller(attack: Attack, name: string): Promise<Caller> {
  const caller = await attack.caller(name)
  await attack.signUp(caller)
  caller.token = null
  expect((await caller.query('getPartner')).status, 'signed in by its cookie').toBe(200)
  return caller
}

/** Ways a browser marks a request sent by another site's page. */
function foreignSites(storeOrigin: string): [string, Record<string, string>][] {
  return [
    ['another origin', { origin: 'https://evil.example' }],
    ['a look-alike origin', { origin: `${storeOrigin}.evil.example` }],
    ['the null origin (sandboxed frame)', { origin: 'null' }],
    ['Sec-Fetch-Site cross-site without an origin', { 'sec-fetch-site': 'cross-site' }],
    ['the store’s host over another scheme', { origin: storeOrigin.replace(/^http:/, 'https:') }],
  ]
}

test.describe('requests from another site (CSRF)', () => {
  test('every state-changing endpoint refuses a request from another site with 403 before reading it', async ({ attack }) => {
    const FOREIGN = foreignSites(new URL(attack.baseURL).origin)
    const victim = await cookieOnlyCaller(attack, 'csrf-victim')
    const uid = victim.account!.uid
    const shop = await demoCatalog(victim)
    const bodies: Record<string, unknown> = {
      '/api/mutation': { key: 'addAddress', address: shop.address('Planted By Evil'), type: 'Shipping', partnerUid: uid },
      '/api/user/cart': { partnerId: victim.account!.id, items: [shop.item({ XL: 9 })], revision: 0 },
      '/api/user/login': { login: victim.account!.email, password: victim.account!.password },
      '/api/cache/invalidate': { cache: 'Website' },
    }
    for (const endpoint of POST_ENDPOINTS.filter((candidate) => candidate.stateChanging)) {
      for (const [what, headers] of FOREIGN) {
        const answer = await victim.post(endpoint.path, bodies[endpoint.path] ?? {}, { headers })
        expect(answer.status, `${endpoint.path} from ${what}`).toBe(403)
        expect(answer.json.error.message, `${endpoint.path} from ${what}`).toBe(CROSS_SITE_REFUSED)
        // (Removing a half-done single sign-on's cookie is all a refusal may do.)
        expect(answer.cookies.filter((cookie) => !/^[^=]+=;.*Max-Age=0/.test(cookie)), `${endpoint.path} from ${what} sets no cookie`).toEqual([])
      }
    }
    // Nothing happened: still signed in, no address planted, no cart saved.
    expect((await victim.query('getPartner')).status).toBe(200)
    expect((await victim.query('getAddresses', { filter: { partnerUid: uid } })).text).not.toContain('Planted By Evil')
    expect((await victim.post('/api/user/cart', { partnerId: victim.account!.id })).text).not.toContain('"XL"')
    // The same request from the store's own pages goes through.
    const own = await victim.mutate('addAddress', bodies['/api/mutation'] as Record<string, unknown>, { headers: { origin: attack.baseURL, 'sec-fetch-site': 'same-origin' } })
    expect(own.status, own.text).toBe(200)
  })

  test('a cross-site page can neither send the API a simple request nor be granted a preflight, and private queries are never served by GET', async ({ attack }) => {
    const victim = await cookieOnlyCaller(attack, 'csrf-reader')
    const simple = await victim.post('/api/query', raw('{"key":"getPartner"}', 'text/plain'), { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } })
    expect(simple.status).toBe(415)
    expect(simple.text).not.toContain(victim.account!.email)

    const preflight = await victim.send('/api/query', undefined, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined()

    for (const key of ['getPartner', 'getAddresses', 'getOrders', 'getOrderDetails', 'getOrderId', 'getGiftCards']) {
      const answer = await victim.get(`/api/query?key=${key}`, { headers: { 'sec-fetch-site': 'cross-site' } })
      expect(answer.status, key).toBe(400)
      expect(answer.text).not.toContain(victim.account!.email)
    }
    for (const path of ['/api/mutation', '/api/user/logout', '/api/user/cart', '/api/cart/summary']) {
      expect((await victim.get(path)).status, `GET ${path}`).toBe(405)
    }
    expect((await victim.query('getPartner')).status, 'still signed in').toBe(200)
  })
})

test.describe('outbound requests (SSRF)', () => {
  test('no endpoint lets a caller choose where the server sends a request', async ({ attack }) => {
    const hits: string[] = []
    const listener = createServer((request, response) => {
      hits.push(`${request.method} ${request.url}`)
      response.end('{}')
    })
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    const target = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`
    try {
      const caller = await attack.caller('ssrf')
      const shop = await demoCatalog(caller)
      const address = shop.address()
      const answers: [string, Answer][] = [
        ['custom tax with a url', await caller.post('/api/taxes/custom', { raw: { address_list: [{ zip: '80202' }] }, url: `${target}/tax` })],
        ['Avalara tax with a url and token', await caller.post('/api/taxes/avatax', { raw: { items: [shop.item()], address }, url: `${target}/avatax`, token: 'attacker' })],
        ['a UPS token with a url', await caller.post('/api/delivery/ups/getToken', { methodId: 1, url: `${target}/ups` })],
        ['UPS charges with a url', await caller.post('/api/delivery/ups/getCharges', { methodId: 1, items: [shop.item()], address, url: `${target}/ups` })],
        ['FedEx charges with credentials', await caller.post('/api/delivery/fedex/getCharges', { methodId: 1, items: [shop.item()], address, credentials: { url: `${target}/fedex` } })],
        ['address validation with a url', await caller.post('/api/address/validation', { raw: { address, url: `${target}/validate` } })],
        ['a single sign-on callback elsewhere', await caller.post('/api/user/sso/callback', { callbackUrl: `${target}/sso-login?code=abc&state=def` })],
        ['an image address that is a URL', await caller.get(`/api/images/${encodeURIComponent(`${target}/x`)}/original/x.png`)],
      ]
      for (const [what, answer] of answers) expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBeLessThan(500)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(hits, 'requests the store sent to the address a caller chose').toEqual([])
    } finally {
      await new Promise((resolve) => listener.close(resolve))
    }
  })
})
