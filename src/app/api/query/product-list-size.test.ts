import { beforeAll, describe, expect, test } from 'vitest'
import { listProducts } from '@/server/catalog/catalog-service'
import { createMemoryCache, useNamedCache } from '@/server/cache/named-cache'
import { env } from '@/server/env'
import { createBulkCatalog } from '../../../../tests/factories/bulk-catalog'
import { createWebsite } from '../../../../tests/factories/website'
import { countQueries } from '../../../../tests/setup/query-count'
import { useTestDatabase } from '../../../../tests/setup/test-db'
import { GET } from './route'

// P2 in design/performance.md: the 999-product list must stay ≤ 60 kB compressed, with ETag/304.
// How long listing takes is the bench's to measure (BENCH_ONLY=timings npm run bench, and P2).

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

  test('lists 999 products with a handful of queries', async () => {
    const { result: list, queries } = await countQueries(() => listProducts({ websiteId: env().WEBSITE_ID }))
    expect(list).toHaveLength(PRODUCT_COUNT)
    expect(queries).toBeLessThanOrEqual(6) // one per kind of row (products, variants, categories, …), none per product
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
