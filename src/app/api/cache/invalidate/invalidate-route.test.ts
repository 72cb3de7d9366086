import { beforeEach, describe, expect, test, vi } from 'vitest'
import { createMemoryCache, namedCache, useNamedCache } from '@/server/cache/named-cache'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import { env } from '@/server/env'
import { POST } from './route'

const TOKEN = 'internal-token-for-tests-0123456789'
process.env.INTERNAL_API_TOKEN = TOKEN

const post = (body: unknown, headers: Record<string, string> = {}) =>
  POST(new Request('http://store.test/api/cache/invalidate', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }))

describe('the cache invalidation route', () => {
  beforeEach(() => {
    useNamedCache(createMemoryCache())
    useRateLimiter(createMemoryRateLimiter())
  })

  test('lets an anonymous caller invalidate a name at most once per 30 seconds', async () => {
    vi.useFakeTimers()
    try {
      expect(await (await post({ cache: 'Promotions' })).json()).toEqual({ data: { cache: 'Promotions', invalidated: true } })
      expect(await namedCache().generation('Promotions', env().WEBSITE_ID)).toBe(1)
      vi.advanceTimersByTime(10_000)
      expect(await (await post({ cache: 'Promotions' })).json()).toEqual({ data: { cache: 'Promotions', invalidated: false, retryAfterSeconds: 20 } })
      expect(await namedCache().generation('Promotions', env().WEBSITE_ID)).toBe(1)
      expect(await (await post({ cache: 'Taxes' })).json()).toMatchObject({ data: { invalidated: true } })
      vi.advanceTimersByTime(20_000)
      expect(await (await post({ cache: 'Promotions' })).json()).toMatchObject({ data: { invalidated: true } })
    } finally {
      vi.useRealTimers()
    }
  })

  test('never throttles a caller with the internal token', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await (await post({ cache: 'ProductList' }, { 'x-internal-token': TOKEN })).json()).toMatchObject({ data: { invalidated: true } })
    }
    expect(await namedCache().generation('ProductList', env().WEBSITE_ID)).toBe(3)
  })

  test("drops the entries of the request's store only, and counts each store's nudges apart", async () => {
    const store = (id: number) => ({ 'x-webstore-store': String(id) })
    expect(await (await post({ cache: 'Promotions' }, store(2))).json()).toMatchObject({ data: { invalidated: true } })
    expect(await namedCache().generation('Promotions', 2)).toBe(1)
    expect(await namedCache().generation('Promotions', 3)).toBe(0)
    expect(await (await post({ cache: 'Promotions' }, store(3))).json()).toMatchObject({ data: { invalidated: true } })
  })

  test('refuses a wrong token with 401 and invalidates nothing', async () => {
    const response = await post({ cache: 'ProductList' }, { 'x-internal-token': 'guess' })
    expect(response.status).toBe(401)
    expect(await namedCache().generation('ProductList', env().WEBSITE_ID)).toBe(0)
  })

  test('refuses an unknown cache name with 400 listing the names', async () => {
    const response = await post({ cache: 'Everything' })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { statusMessage: string }).statusMessage).toContain('must be one of Website, OrderExtraFields')
  })
})
