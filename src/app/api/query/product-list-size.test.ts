import { beforeAll, describe, expect, test } from 'vitest'
import { listProducts } from '@/server/catalog/catalog-service'
import { createMemoryCache, useNamedCache } from '@/server/cache/named-cache'
import { env } from '@/server/env'
import { createBulkCatalog } from '../../../../tests/factories/bulk-catalog'
import { createWebsite } from '../../../../tests/factories/website'
import { useTestDatabase } from '../../../../tests/setup/test-db'
import { GET } from './route'

// P2 in design/performance.md: the 999-product list must stay ≤ 60 kB compressed, with ETag/304.
// Times here are loose guards against regressions; the benchmark measures the real figures.

const PRODUCT_COUNT = 999
const get = (headers: Record<string, string> = {}) =>
  GET(new Request('http://store.test/api/query?key=getProductList&value=%7B%22pageSize%22%3A999%7D', { headers }))

describe('the 999-product list on pglite', () => {
  useTestDatabase('pglite')

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    const website = await createWebsite()
    expect(website.id).toBe(env().WEBSITE_ID)
    await createBulkCatalog({ websiteId: website.id, count: PRODUCT_COUNT })
  }, 60_000)

  test('lists 999 products quickly with a handful of queries', async ({ annotate }) => {
    await listProducts({ websiteId: env().WEBSITE_ID })
    const times: number[] = []
    for (let i = 0; i < 5; i++) {
      const started = performance.now()
      const list = await listProducts({ websiteId: env().WEBSITE_ID })
      times.push(performance.now() - started)
      expect(list).toHaveLength(PRODUCT_COUNT)
    }
    const median = times.sort((a, b) => a - b)[2]!
    await annotate(`listProducts(999) median ${median.toFixed(1)} ms on PGlite`)
    expect(median).toBeLessThan(250)
  })

  test('is at most 60 kB with brotli; gzip is reported', async ({ annotate }) => {
    const identity = await get()
    const raw = (await identity.arrayBuffer()).byteLength
    const br = await get({ 'accept-encoding': 'br' })
    const gzip = await get({ 'accept-encoding': 'gzip' })
    expect(br.headers.get('x-precompressed-encoding')).toBe('br')
    expect(gzip.headers.get('x-precompressed-encoding')).toBe('gzip')
    const brBytes = (await br.arrayBuffer()).byteLength
    const gzipBytes = (await gzip.arrayBuffer()).byteLength
    await annotate(`999 products: ${(raw / 1024).toFixed(0)} kB JSON, ${(brBytes / 1024).toFixed(1)} kB brotli, ${(gzipBytes / 1024).toFixed(1)} kB gzip`)
    expect(brBytes).toBeLessThanOrEqual(60 * 1024)
    expect(gzipBytes).toBeLessThanOrEqual(80 * 1024)
  })

  test('answers 304 to a matching If-None-Match', async () => {
    const etag = (await get({ 'accept-encoding': 'br' })).headers.get('etag')!
    const revalidated = await get({ 'if-none-match': etag, 'accept-encoding': 'br' })
    expect(revalidated.status).toBe(304)
  })
})
