import { beforeAll, describe, expect, test } from 'vitest'
import { createMemoryCache, namedCache, useNamedCache } from '@/server/cache/named-cache'
import { env } from '@/server/env'
import { createStore } from '../../../../tests/factories/store'
import { testDatabaseKinds, useTestDatabase } from '../../../../tests/setup/test-db'
import { GET } from './route'

const get = (headers: Record<string, string> = {}) => GET(new Request('http://store.test/api/homePage', { headers }))

describe.each(testDatabaseKinds())('the home page route on %s', (kind) => {
  useTestDatabase(kind)

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    const store = await createStore()
    expect(store.website.id).toBe(env().WEBSITE_ID)
  })

  test('answers { data: { home, featuredProducts } }', async () => {
    const response = await get()
    expect(response.status).toBe(200)
    const body = (await response.json()) as { data: { home: { heroTitle: string }; featuredProducts: { name: string }[] } }
    expect(body.data.home.heroTitle).toBe('Gear up')
    expect(body.data.featuredProducts.map((p) => p.name)).toEqual(['Core Blend Polo'])
  })

  test('is cached with an ETag and answers 304 when unchanged', async () => {
    const first = await get()
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    const etag = first.headers.get('etag')!
    expect((await get({ 'if-none-match': etag })).status).toBe(304)
    await namedCache().invalidate('HomePage')
    expect((await get({ 'if-none-match': etag })).status).toBe(304)
  })
})
