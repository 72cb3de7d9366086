import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { runQuery, executeQuery } from '@/server/api/query-registry'
import type { CoreContext } from '@/server/kernel/context'
import { createMemoryCache, type NamedCache, namedCache, useNamedCache } from '@/server/cache/named-cache'
import { summarizeCart } from '@/server/checkout/cart-summary-service'
import { websites } from '@/server/db/schema'
import { env } from '@/server/env'
import { DomainError } from '@/server/kernel/errors'
import { SIGN_IN_REQUIRED } from '@/isomorphic/account-types'
import { createPartner } from '../../tests/factories/accounts'
import { createProduct } from '../../tests/factories/catalog'
import { createWebsite } from '../../tests/factories/website'
import { useTestDatabase } from '../../tests/setup/test-db'
import { revokeSession, startSession } from '@/server/accounts/session-service'
import { pageGate } from './page-gate'
import { callerContext } from '../../tests/support/core-context'

describe('the page gate and the locked catalog, on the store database', () => {
  const { db } = useTestDatabase()
  let websiteId: number
  let sessionCookie: string
  let sessionId: string
  let token: string
  let partnerId: number
  let jacket: Awaited<ReturnType<typeof createProduct>>

  async function setLock(values: { lockBrowsing: string; ssologin?: string | null }) {
    await db().update(websites).set({ ssologin: null, ...values }).where(eq(websites.id, websiteId))
    // Store writes (the import, the admin) invalidate the Website cache; so does this test.
    await namedCache().invalidate('Website')
  }

  const ctx = (credentials: { accessToken?: string; sessionCookie?: string } = {}): CoreContext => callerContext(websiteId, credentials)

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    websiteId = (await createWebsite({ name: 'Acme Team Store' })).id
    expect(websiteId).toBe(env().WEBSITE_ID)
    await createProduct({ websiteId, name: 'Heavyweight Hoodie' })
    jacket = await createProduct({ websiteId, name: 'Field Jacket' })
    partnerId = (await createPartner({ websiteId })).id
  })

  // A live session for each test (one test ends its own): the tests hold in any order.
  beforeEach(async () => {
    await setLock({ lockBrowsing: 'Enable' })
    const issued = await startSession(db(), { partnerId, websiteId, method: 'password' })
    token = issued.accessToken
    sessionId = issued.sessionId
    sessionCookie = `theme=dark; session=${token}`
  })

  test('sends an anonymous visitor of a locked store to /login, and lets a signed-in partner through', async () => {
    expect(await pageGate('GET', '/shop?color=Navy', {})).toEqual({ redirect: '/login' })
    expect(await pageGate('HEAD', '/shop', { cookie: 'theme=dark' })).toEqual({ redirect: '/login' })
    expect(await pageGate('GET', '/shop', { cookie: sessionCookie })).toEqual({ private: true })
    expect(await pageGate('GET', '/faq', {})).toEqual({})
  })

  test('decides at once, without a promise, once the store’s redirects and lock state are held (every replay of a kept page), as it decides after reading them', async () => {
    await namedCache().invalidate('Redirects')
    await setLock({ lockBrowsing: 'Disable' })
    const read = pageGate('GET', '/shop', {})
    expect(read).toBeInstanceOf(Promise)
    expect(await read).toEqual({})
    expect(pageGate('GET', '/shop', {})).toEqual({})
    expect(pageGate('GET', '/faq?x=1', {})).toEqual({})
    await setLock({ lockBrowsing: 'Enable' })
    expect(await pageGate('GET', '/shop', {})).toEqual({ redirect: '/login' })
    expect(pageGate('GET', '/shop', {})).toEqual({ redirect: '/login' })
    expect(pageGate('GET', '/me/orders', {})).toEqual({ redirect: '/login?returnTo=%2Fme%2Forders' })
    // Whether the visitor is signed in is read from the session store every time.
    const signedIn = pageGate('GET', '/shop', { cookie: sessionCookie })
    expect(signedIn).toBeInstanceOf(Promise)
    expect(await signedIn).toEqual({ private: true })
  })

  test('sends them to / when the store has single sign-on', async () => {
    await setLock({ lockBrowsing: 'Enable', ssologin: 'Acme SSO' })
    expect(await pageGate('GET', '/product/heavyweight-hoodie', {})).toEqual({ redirect: '/' })
  })

  test('follows the lock when it changes (through the Website cache)', async () => {
    await setLock({ lockBrowsing: 'Disable' })
    expect(await pageGate('GET', '/shop', {})).toEqual({})
    await setLock({ lockBrowsing: 'Enable' })
    expect(await pageGate('GET', '/shop', {})).toEqual({ redirect: '/login' })
  })

  test('does not accept a forged, foreign or ended session', async () => {
    expect(await pageGate('GET', '/shop', { cookie: 'session=not.a.token' })).toEqual({ redirect: '/login' })
    expect(await pageGate('GET', '/me/orders', { cookie: `session=${token}x` })).toEqual({ redirect: '/login?returnTo=%2Fme%2Forders' })
  })

  test('gates a page whatever the method (Next renders a page for a POST too); assets pass', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      expect(await pageGate(method, '/shop', {}), method).toEqual({ redirect: '/login' })
      expect(await pageGate(method, '/shop', { cookie: sessionCookie }), method).toEqual({ private: true })
    }
    expect(await pageGate('POST', '/faq', {})).toEqual({})
    expect(await pageGate('GET', '/_next/static/chunks/main.js', {})).toEqual({})
    expect(await pageGate('GET', '/api/query?key=getWebsite', {})).toEqual({})
  })

  test('fails closed: when the lock state cannot be read, a gated page is refused but public pages still open', async () => {
    const broken: NamedCache = {
      ...createMemoryCache(),
      getOrLoad: () => Promise.reject(new Error('database unreachable')),
    }
    const working = namedCache()
    useNamedCache(broken)
    try {
      await expect(pageGate('GET', '/shop', {})).rejects.toThrow('database unreachable')
      await expect(pageGate('GET', '/me', {})).rejects.toThrow('database unreachable')
      expect(await pageGate('GET', '/login', {})).toEqual({})
      expect(await pageGate('GET', '/_next/static/x.js', {})).toEqual({})
    } finally {
      useNamedCache(working)
    }
  })

  test('getProductList needs a session while the store is locked', async () => {
    const refused = executeQuery('getProductList', undefined, ctx())
    await expect(refused).rejects.toBeInstanceOf(DomainError)
    await expect(refused).rejects.toMatchObject({ code: 'unauthorized', userMessage: SIGN_IN_REQUIRED })

    const signedIn = await executeQuery('getProductList', undefined, ctx({ sessionCookie: token }))
    expect(signedIn.isPublic).toBe(false)
    expect(JSON.parse(signedIn.payload.json)).toMatchObject({ products: { total: 2 } })
    const byBearer = await runQuery('getProductList', { pageSize: 10 }, ctx({ accessToken: token }))
    expect(byBearer.products.products.map((product) => product.name).sort()).toEqual(['Field Jacket', 'Heavyweight Hoodie'])
  })

  test('the rest of the catalog needs a session too: products by id, the editor, a price, a guest order reference', async () => {
    const product = jacket
    const anonymous: [string, Promise<unknown>][] = [
      ['getFeaturedProducts by id', executeQuery('getFeaturedProducts', { filter: { ids: [product.id] } }, ctx())],
      ['getDecorationOptions', executeQuery('getDecorationOptions', { productId: product.id, colorValueId: null }, ctx())],
      ['getOrderId', executeQuery('getOrderId', undefined, ctx())],
      ['a cart summary', summarizeCart(ctx(), { items: [{ productId: product.id, colorId: null, logoId: null, quantity: { M: 1 } }] })],
    ]
    for (const [what, refused] of anonymous) await expect(refused, what).rejects.toMatchObject({ code: 'unauthorized', userMessage: SIGN_IN_REQUIRED })

    // The home page's own selection stays as public as the home page.
    expect((await executeQuery('getFeaturedProducts', undefined, ctx())).isPublic).toBe(true)
    const byId = await executeQuery('getFeaturedProducts', { filter: { ids: [product.id] } }, ctx({ sessionCookie: token }))
    expect(byId.isPublic).toBe(false)
    expect(JSON.parse(byId.payload.json)).toMatchObject({ products: { products: [{ name: 'Field Jacket' }] } })
  })

  test('getProductList stays public, and shared-cacheable, on an unlocked store', async () => {
    await setLock({ lockBrowsing: 'Disable' })
    const answer = await executeQuery('getProductList', undefined, ctx())
    expect(answer.isPublic).toBe(true)
  })

  test('a revoked session no longer opens the locked store', async () => {
    await revokeSession(db(), sessionId, 'logout')
    expect(await pageGate('GET', '/shop', { cookie: sessionCookie })).toEqual({ redirect: '/login' })
    await expect(executeQuery('getProductList', undefined, ctx({ sessionCookie: token }))).rejects.toMatchObject({ code: 'unauthorized' })
  })
})
