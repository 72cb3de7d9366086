import { randomUUID } from 'node:crypto'
import { LOCKED_STORE_SESSION_SECRET } from '../support/session-secret.mjs'
import { STORES } from '../support/stores'
import { MUTATION_KEYS, QUERY_KEYS } from './api-surface'
import { type Answer, type Caller, expect, raw, rawRequest, test } from './attack'
import { demoCatalog, orderBody, PAY_ON_INVOICE, placeOrder } from './shop'
import { callBack, signInAtProvider, providerLogin, ssoPartner } from './sso-flow'
import { claimsOf, forge } from './tokens'

// The locked store under attack (spec 6, decision 009; security.md 4.6, 4.11): browsing locked and
// single sign-on configured (127.0.0.1:3102). An anonymous visitor gets the public pages of spec 6
// and nothing of the catalog, the accounts or the orders, however the address is spelled, whatever
// the method, and with whatever token they bring.
test.use({ baseURL: STORES.locked })

const SIGN_IN_REQUIRED = 'Please sign in to continue.'
const USER_DOES_NOT_EXIST = 'User does not exist.'

/** Pages of the store an anonymous visitor may not open (a content page, /shipping, among them). */
const LOCKED_PAGES = ['/shop', '/shop?color=Navy', '/product/essential-crew-tee', '/shipping', '/cart', '/checkout', '/editor?product=essential-crew-tee', '/payment', '/payment/status', '/payment/success']

/** Text only the catalog has: a product that is not on the public home page, and the shop's count. */
const CATALOG_TEXT = /Essential Crew Tee|\b\d+ products?\b/

/** Query keys whose answer is as public as the home page and sign-in pages that use it (spec 6). */
const PUBLIC_QUERY_KEYS = ['getWebsite', 'getOrderOptions', 'getOrderExtraFields', 'getFeaturedProducts', 'getDeliveryMethods', 'getPaymentMethods', 'getTaxes', 'getPromotions']

test.describe('an anonymous visitor of the locked store', () => {
  test('is sent from every non-public page to the home page (single sign-on), whatever the method', async ({ baseURL }) => {
    for (const path of LOCKED_PAGES) {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        const answer = await rawRequest(baseURL!, method, path)
        expect(answer.status, `${method} ${path}`).toBe(307)
        expect(answer.location, `${method} ${path}`).toBe('/')
        expect(CATALOG_TEXT.test(answer.body), `${method} ${path} shows the catalog`).toBe(false)
      }
    }
    // The account pages send to sign-in, and back afterwards.
    expect(await rawRequest(baseURL!, 'POST', '/me/orders')).toMatchObject({ status: 307, location: '/login?returnTo=%2Fme%2Forders' })
    // An app navigation (an RSC request) is gated like a page load.
    expect(await rawRequest(baseURL!, 'GET', '/shop?_rsc=1', { rsc: '1' })).toMatchObject({ status: 307, location: '/' })
    // The control: spec 6's public pages open.
    for (const path of ['/', '/faq', '/login', '/sso-login?error=access_denied']) expect((await rawRequest(baseURL!, 'GET', path)).status, path).toBe(200)
  })

  test('cannot reach a locked page by spelling its address another way', async ({ baseURL }) => {
    const spellings = [
      '/shop/',
      '/en/shop',
      '/%73hop',
      '/SHOP',
      '/shop;x',
      '/en/product/essential-crew-tee',
      '/product/essential-crew-tee/',
      // Dot segments after a prefix the gate lets through: Next resolves them and routes the rest.
      '/_next/../shop',
      '/_next/%2e%2e/shop',
      '/_next/.%2E/shop',
      '/_next/%2E./product/essential-crew-tee',
      '/api/../shop',
      '/api/%2e%2e/cart',
      '/api/user/../../checkout',
      '/images/../shop',
      '/_next\\..\\shop',
      '/faq/../shop',
      '/./shop',
    ]
    for (const path of spellings) {
      const answer = await rawRequest(baseURL!, 'GET', path)
      expect(CATALOG_TEXT.test(answer.body), `${path} (${answer.status}) shows the catalog`).toBe(false)
      if (answer.status === 307) expect(answer.location, path).toBe('/')
      else expect(answer.status, `${path} is neither sent to the home page nor refused`).toBeGreaterThanOrEqual(400)
      expect(answer.status, path).toBeLessThan(500)
    }
  })

  test('cannot pass the lock with a fragment or a foreign host in the request line: both are refused before anything routes them', async ({ baseURL }) => {
    // Next drops a fragment and would route '/shop#.css' as the shop, while the gate would judge a
    // stylesheet; an absolute-form target was redirected to the host it names.
    const targets = ['/shop#.css', '/shop#', '/product/essential-crew-tee#x.js', '/me/orders#.css', '/#/../shop', 'http://evil.example/shop', 'http://127.0.0.1:3102/shop', '*']
    for (const target of targets) {
      const answer = await rawRequest(baseURL!, 'GET', target)
      expect(answer.status, target).toBe(400)
      expect(answer.location, target).toBeUndefined()
      expect(CATALOG_TEXT.test(answer.body), `${target} shows the catalog`).toBe(false)
      expect(answer.body, target).toMatch(/^Bad request: /)
    }
  })

  test('gets no catalog, account or order data from any query but the public ones', async ({ attack }) => {
    const partner = await ssoPartner(attack, 'locked-owner')
    const order = await placeOrder(partner, { quotation: true })
    const shop = await demoCatalog(partner)
    const visitor = await attack.caller('locked-visitor')
    const values: Record<string, unknown> = {
      getDecorationOptions: { productId: shop.item().productId, colorValueId: shop.item().colorId },
      getDesign: { id: randomUUID() },
      getProductList: { pageSize: 999 },
      getAddresses: { filter: { partnerUid: randomUUID() } },
      getOrders: { filter: { uid: randomUUID() } },
      getOrderDetails: { id: order.id },
    }
    const answered: string[] = []
    for (const key of Object.keys(QUERY_KEYS)) {
      const answer = await visitor.query(key, values[key])
      if (answer.status === 200) {
        answered.push(key)
        continue
      }
      expect([401, 404], `${key}: ${answer.text.slice(0, 200)}`).toContain(answer.status)
      if (answer.status === 401) expect([SIGN_IN_REQUIRED, USER_DOES_NOT_EXIST], key).toContain(answer.json.error.message)
      expect(CATALOG_TEXT.test(answer.text), key).toBe(false)
    }
    expect(answered.sort(), 'the queries an anonymous visitor is answered').toEqual([...PUBLIC_QUERY_KEYS].sort())

    // The home page's own featured products are public; products named by id are the catalog.
    const everyId = Array.from({ length: 100 }, (_, index) => index + 1)
    const byId = await visitor.query('getFeaturedProducts', { filter: { ids: everyId } })
    expect(byId.status, byId.text.slice(0, 200)).toBe(401)
    expect(byId.json.error.message).toBe(SIGN_IN_REQUIRED)
    const gets: [string, string][] = [
      ['the product list', `/api/query?key=getProductList&value=${encodeURIComponent('{"pageSize":999}')}`],
      ['products by id', `/api/query?key=getFeaturedProducts&value=${encodeURIComponent(JSON.stringify({ filter: { ids: everyId } }))}`],
    ]
    for (const [what, path] of gets) {
      const answer = await visitor.get(path)
      expect(answer.status, `GET ${what}`).toBe(401)
      expect(CATALOG_TEXT.test(answer.text), `GET ${what}`).toBe(false)
    }
    // The signed-in partner is the control: the same calls answer.
    expect((await partner.query('getProductList', { pageSize: 999 })).status).toBe(200)
    expect((await partner.query('getFeaturedProducts', { filter: { ids: everyId } })).json.products.products.length).toBeGreaterThan(20)
  })

  test('can neither price a cart, save a design, get an order reference, order as a guest, nor change anything', async ({ attack }) => {
    const partner = await ssoPartner(attack, 'locked-orderer')
    const shop = await demoCatalog(partner)
    const order = await placeOrder(partner)
    const before = await partner.query('getOrderDetails', { id: order.id })
    const visitor = await attack.caller('locked-guest')
    const anyUid = randomUUID()
    const guestOrder = await orderBody(partner, { email: 'guest.at.locked@example.com', name: 'Guest At Locked' })

    const bodies: Record<string, Record<string, unknown>> = {
      addAddress: { address: shop.address('Guest At Locked'), type: 'Shipping', partnerUid: anyUid },
      deleteAddress: { id: 1, partnerUid: anyUid },
      updatePassword: { currentPassword: 'a guessed old passphrase', newPassword: 'a brand new passphrase' },
      createOrder: guestOrder,
      redeemGiftCard: { gcNumber: 'GRANITE-GIFT-0050' },
      checkGiftCard: { gcNumber: 'GRANITE-GIFT-0050' },
      orderPayment: { acquirerId: PAY_ON_INVOICE, orderId: order.id },
      checkPayment: { orderId: order.id, sessionId: 'cs_test_not_a_session' },
      decideOrderApproval: { orderId: order.id, decision: 'approve' },
      // Well formed (the store's rules for areas and fonts are checked later, for those who may save).
      saveDesign: {
        design: {
          productId: shop.item().productId,
          colorValueId: shop.item().colorId,
          decorations: [{ kind: 'text', printAreaId: 1, method: 'screen_print', x: 1, y: 1, width: 3, height: 1, text: 'Locked out', fontId: 'sans', color: '#1f2a44' }],
        },
      },
      deleteDesign: { id: randomUUID() },
    }
    for (const key of Object.keys(MUTATION_KEYS).filter((name) => name !== 'logout')) {
      const answer = await visitor.mutate(key, bodies[key])
      expect(answer.status, `${key}: ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400)
      expect(answer.status, `${key}: ${answer.text.slice(0, 200)}`).toBeLessThan(500)
      expect(CATALOG_TEXT.test(answer.text), key).toBe(false)
    }
    // Signing out without a session ends nothing and is no refusal.
    const logout = await visitor.mutate('logout')
    expect(logout.status).toBe(200)
    expect(logout.json).toEqual({ logout: { success: true } })

    // What a guest checkout would do first, each refused for want of a session.
    const refusals: [string, Answer][] = [
      ['pricing a cart', await visitor.post('/api/cart/summary', { items: [shop.item()], address: shop.address(), deliveryMethodId: 1 })],
      ['an order reference', await visitor.query('getOrderId')],
      ['a guest order', await visitor.mutate('createOrder', guestOrder)],
      ['saving a design', await visitor.mutate('saveDesign', bodies.saveDesign)],
      ['uploading artwork', await visitor.post('/api/designs/artwork', raw(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'), { headers: { 'x-artwork-rights': 'accepted' } })],
      ['the saved cart', await visitor.post('/api/user/cart', { partnerId: 1 })],
      ['a carrier quote', await visitor.post('/api/delivery/ups/getCharges', { items: [shop.item()], address: shop.address(), methodId: 1 })],
      ['a tax estimate', await visitor.post('/api/taxes/avatax', { raw: { items: [shop.item()], address: shop.address() } })],
    ]
    for (const [what, answer] of refusals) {
      expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBe(401)
      expect(answer.json.error.message, what).toBe(SIGN_IN_REQUIRED)
      expect(CATALOG_TEXT.test(answer.text), what).toBe(false)
    }
    // The partner's order is as it was, and the partner may still do all of it.
    expect((await partner.query('getOrderDetails', { id: order.id })).json).toEqual(before.json)
    expect((await partner.post('/api/cart/summary', { items: [shop.item()], address: shop.address(), deliveryMethodId: 1 })).status).toBe(200)
  })

  test('gets images by their address, as any asset, but an order’s PDF only with its link', async ({ attack }) => {
    const visitor = await attack.caller('locked-images')
    // Decision 009: assets are never gated; the public home page shows product images. Their
    // addresses carry a content hash, so the rest are known only from the locked catalog.
    const home = await visitor.get('/')
    const image = home.text.match(/\/api\/images\/[^"'\s,\\]+\.(?:webp|png|jpg)/)?.[0]
    expect(image, 'an image on the home page').toBeTruthy()
    const served = await visitor.get(image!)
    expect(served.status).toBe(200)
    expect(served.headers['content-type']).toMatch(/^image\//)
    // No folder lists what it holds.
    for (const folder of ['/api/images/stores/granite-ridge/products', '/api/images/stores/granite-ridge/products/essential-crew-tee', '/api/images/stores/granite-ridge/products/essential-crew-tee/original']) {
      const listing = await visitor.get(folder)
      expect(listing.status, folder).toBeGreaterThanOrEqual(400)
      expect(listing.text, folder).not.toMatch(/essential-crew-tee-[a-z-]+\.[0-9a-f]{10}/)
    }

    const partner = await ssoPartner(attack, 'locked-pdf')
    const order = await placeOrder(partner, { quotation: true })
    const withoutLink = await visitor.get(`/api/orders/${order.id}/document`)
    expect(withoutLink.status).toBe(404)
    expect(withoutLink.headers['content-type']).not.toBe('application/pdf')
    const withLink = await visitor.get(order.orderUrl)
    expect(withLink.status).toBe(200)
    expect(withLink.headers['content-type']).toBe('application/pdf')
  })
})

test.describe('a token that is not a live session of this store', () => {
  test('opens neither a locked page nor the catalog: forged, expired, for another audience, of another store, or ended', async ({ attack, baseURL }) => {
    const partner = await ssoPartner(attack, 'locked-token')
    const genuine = partner.token!
    const claims = claimsOf(genuine)
    const now = Math.floor(Date.now() / 1000)
    const header = { alg: 'HS256', typ: 'JWT' }
    const mainStoreAccount = await attack.callerAs('main-store-partner')
    const opens = async (caller: Caller, token: string) => {
      const page = await rawRequest(baseURL!, 'GET', '/shop', { cookie: `session=${token}` })
      const list = await caller.query('getProductList', { pageSize: 999 }, { bearer: token })
      return { page: page.status === 200 && CATALOG_TEXT.test(page.body), api: list.status === 200 }
    }

    // The control: the genuine token, and the same claims signed anew with the store's key, open it.
    expect(await opens(partner, genuine)).toEqual({ page: true, api: true })
    expect(await opens(partner, forge(header, { ...claims, iat: now, exp: now + 600 }, LOCKED_STORE_SESSION_SECRET))).toEqual({ page: true, api: true })

    const forgeries: [string, string][] = [
      ['unsigned (alg none)', forge({ alg: 'none', typ: 'JWT' }, claims, null)],
      ['signed with another key', forge(header, claims, 'an attacker’s guess at the signing key, 32+ chars')],
      ['the payload altered, the signature kept', `${genuine.split('.')[0]}.${Buffer.from(JSON.stringify({ ...claims, sid: randomUUID() })).toString('base64url')}.${genuine.split('.')[2]}`],
      ['expired a minute ago', forge(header, { ...claims, iat: now - 3600, exp: now - 60 }, LOCKED_STORE_SESSION_SECRET)],
      ['for another website', forge(header, { ...claims, aud: 'website:2', iat: now, exp: now + 600 }, LOCKED_STORE_SESSION_SECRET)],
      ['from another issuer', forge(header, { ...claims, iss: 'someone-else', iat: now, exp: now + 600 }, LOCKED_STORE_SESSION_SECRET)],
      ['naming a session that does not exist', forge(header, { ...claims, sid: randomUUID(), iat: now, exp: now + 600 }, LOCKED_STORE_SESSION_SECRET)],
      ['a genuine token of the main store', mainStoreAccount.token!],
    ]
    for (const [what, token] of forgeries) expect(await opens(partner, token), what).toEqual({ page: false, api: false })

    // Ended: after logout the genuine token opens nothing, even re-signed with a fresh expiry.
    expect((await partner.post('/api/user/logout', raw('', null))).status).toBe(200)
    expect(await opens(partner, genuine), 'after logout').toEqual({ page: false, api: false })
    expect(await opens(partner, forge(header, { ...claims, iat: now, exp: now + 600 }, LOCKED_STORE_SESSION_SECRET)), 'after logout, re-signed').toEqual({ page: false, api: false })
  })

  test('a provider login started here but finished at no callback opens nothing', async ({ attack, baseURL }) => {
    // Signed in at the provider, the flow cookie held, the callback never made: no session yet.
    const visitor = await attack.caller('locked-halfway')
    const { flowCookie } = await signInAtProvider(visitor, providerLogin('halfway'))
    expect((await rawRequest(baseURL!, 'GET', '/shop', { cookie: `sso-flow=${flowCookie}` })).status).toBe(307)
    expect((await visitor.query('getProductList')).status).toBe(401)
    expect((await rawRequest(baseURL!, 'GET', '/shop', { cookie: `session=${flowCookie}` })).status, 'the flow cookie as a session').toBe(307)
    expect((await callBack(visitor, `${STORES.locked}/sso-login?code=made-up&state=made-up`)).status).toBe(400)
  })
})
