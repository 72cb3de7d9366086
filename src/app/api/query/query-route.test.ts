import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, test } from 'vitest'
import { isPublicQuery, QUERY_KEYS } from '@/server/api/query-registry'
import { createMemoryCache, useNamedCache } from '@/server/cache/named-cache'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import { env } from '@/server/env'
import { createStore, PLANTED_SECRETS } from '../../../../tests/factories/store'
import { createDeliveryMethod } from '../../../../tests/factories/store-settings'
import { testDatabaseKinds, useTestDatabase } from '../../../../tests/setup/test-db'
import { POST as invalidateCache } from '../cache/invalidate/route'
import { GET, POST } from './route'

const BASE = 'http://store.test'

function postQuery(body: unknown, headers: Record<string, string> = {}) {
  return POST(
    new Request(`${BASE}/api/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )
}

function getQuery(search: string, headers: Record<string, string> = {}) {
  return GET(new Request(`${BASE}/api/query?${search}`, { headers }))
}

describe.each(testDatabaseKinds())('the query route on %s', (kind) => {
  useTestDatabase(kind)
  let store: Awaited<ReturnType<typeof createStore>>

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    useRateLimiter(createMemoryRateLimiter())
    store = await createStore()
    expect(store.website.id).toBe(env().WEBSITE_ID)
  })

  test('answers every public key with its spec response field and no secrets', async () => {
    const fields: Record<string, string> = {
      getWebsite: 'website',
      getOrderExtraFields: 'orderextrafields',
      getFeaturedProducts: 'products',
      getDeliveryMethods: 'shippingmethods',
      getPaymentMethods: 'paymentAcquirers',
      getTaxes: 'taxcredential',
      getPromotions: 'promotionPrograms',
      getProductList: 'products',
      getOrderOptions: 'orderOptions',
    }
    // getDecorationOptions needs a product drawn for the editor: src/server/decoration/design-service.test.ts covers it.
    const publicKeys = QUERY_KEYS.filter((key) => isPublicQuery(key) && key !== 'getDecorationOptions')
    expect(Object.keys(fields).sort()).toEqual([...publicKeys].sort())
    for (const key of publicKeys) {
      const response = await postQuery(key === 'getWebsite' ? { key, value: env().WEBSITE_ID, cache: 'Website' } : { key })
      expect(response.status, key).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      const text = await response.text()
      expect(Object.keys(JSON.parse(text) as object)).toEqual([fields[key]])
      for (const secret of PLANTED_SECRETS) expect(text, `${key} leaks ${secret}`).not.toContain(secret)
      expect(text).not.toMatch(/"(key|token|credentials|promoCode|ssoConfig)"/)
    }
  })

  test('answers the account keys only to a signed-in partner', async () => {
    const values: Record<string, unknown> = {
      getAddresses: { filter: { partnerUid: crypto.randomUUID() } },
      getOrders: { filter: { uid: crypto.randomUUID() } },
    }
    // Guests check out too: they get an order reference, and open an order with its access token.
    // So do designs: an anonymous design opens with its id (issue 7).
    const forGuests = ['getOrderId', 'getOrderDetails', 'getDesign']
    for (const key of QUERY_KEYS.filter((key) => !isPublicQuery(key) && !forGuests.includes(key))) {
      const response = await postQuery(key in values ? { key, value: values[key] } : { key })
      expect(response.status, key).toBe(401)
    }
    const reference = await postQuery({ key: 'getOrderId' })
    expect(reference.status).toBe(200)
    expect(((await reference.json()) as { orderSequence: string }).orderSequence).toMatch(/^S\d{5,}$/)
    const stranger = await postQuery({ key: 'getOrderDetails', value: { id: 1, accessToken: 'not-the-token' } })
    expect(stranger.status).toBe(404)
  })

  test('reads products.products and the total of getProductList', async () => {
    const response = await postQuery({ key: 'getProductList', value: { pageSize: 999, sort: 'websiteSequence ASC' } })
    const body = (await response.json()) as { products: { products: { name: string }[]; total: number } }
    expect(body.products.total).toBe(2)
    expect(body.products.products.map((p) => p.name)).toEqual(['Twill Cap', 'Core Blend Polo'])
  })

  test('sends the encoding the client accepts', async () => {
    const identity = await (await postQuery({ key: 'getProductList' })).text()
    const br = await postQuery({ key: 'getProductList' }, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers.get('x-precompressed-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(identity)
    const gzip = await postQuery({ key: 'getProductList' }, { 'accept-encoding': 'gzip' })
    expect(gzip.headers.get('x-precompressed-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(identity)
  })

  test('GET serves public keys with an ETag and revalidating cache headers, and 304 when unchanged', async () => {
    const first = await getQuery('key=getProductList')
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^W\/".+"$/)
    const again = await getQuery('key=getProductList', { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    const posted = await postQuery({ key: 'getProductList' }, { 'if-none-match': etag })
    expect(posted.status).toBe(304)
  })

  test('GET takes the value as JSON', async () => {
    const response = await getQuery(`key=getProductList&value=${encodeURIComponent('{"pageSize":1}')}`)
    const body = (await response.json()) as { products: { products: unknown[]; total: number } }
    expect(body.products).toMatchObject({ total: 2, products: [expect.anything()] })
    expect((await getQuery('key=getProductList&value={oops')).status).toBe(400)
    expect((await getQuery('')).status).toBe(400)
  })

  test('answers an unknown key with 400 and the message in body and status text', async () => {
    const response = await postQuery({ key: 'getFoo' })
    expect(response.status).toBe(400)
    expect(response.statusText).toBe("Unknown query key 'getFoo'.")
    expect(await response.json()).toEqual({
      error: { code: 'invalid', message: "Unknown query key 'getFoo'." },
      statusCode: 400,
      statusMessage: "Unknown query key 'getFoo'.",
    })
    expect((await getQuery('key=getFoo')).status).toBe(400)
  })

  test('answers bad values with 400 and an actionable message', async () => {
    const response = await postQuery({ key: 'getProductList', value: { pageSize: 5000 } })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { statusMessage: string }).statusMessage).toBe('getProductList: value.pageSize must be at most 999')
  })

  test('answers a malformed request with 400, 413 or 415', async () => {
    expect((await postQuery('{"key":')).status).toBe(400)
    expect((await postQuery('[]')).status).toBe(400)
    const missingKey = await postQuery({ value: 1 })
    expect(missingKey.status).toBe(400)
    expect(((await missingKey.json()) as { statusMessage: string }).statusMessage).toContain("key is required: the query's name")
    expect((await postQuery({ key: 'getTaxes', value: 'x'.repeat(70_000) })).status).toBe(413)
    expect((await postQuery({ key: 'getTaxes' }, { 'content-type': 'text/plain' })).status).toBe(415)
  })

  test('answers 404 for another website id', async () => {
    const response = await postQuery({ key: 'getWebsite', value: env().WEBSITE_ID + 1 })
    expect(response.status).toBe(404)
    expect(((await response.json()) as { statusMessage: string }).statusMessage).toBe('Website not found')
  })

  test('shows a write after the cache is invalidated through the API', async () => {
    const before = await (await postQuery({ key: 'getDeliveryMethods' })).text()
    await createDeliveryMethod({ websiteId: store.website.id, name: 'Local pickup', priceAmount: 0, sequence: 99 })
    expect(await (await postQuery({ key: 'getDeliveryMethods' })).text()).toBe(before)
    const invalidation = await invalidateCache(
      new Request(`${BASE}/api/cache/invalidate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cache: 'DeliveryMethods' }) }),
    )
    expect(await invalidation.json()).toEqual({ data: { cache: 'DeliveryMethods', invalidated: true } })
    expect(await (await postQuery({ key: 'getDeliveryMethods' })).text()).toContain('Local pickup')
  })
})
