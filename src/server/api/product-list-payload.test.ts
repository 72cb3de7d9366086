import { beforeAll, describe, expect, test } from 'vitest'
import { PRODUCT_LIST_SORTS } from '@/isomorphic/contract/queries'
import { createBulkCatalog } from '../../../tests/factories/bulk-catalog'
import { createWebsite } from '../../../tests/factories/website'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMemoryCache, type MemoryCache, useNamedCache } from '../cache/named-cache'
import type { CoreContext } from '../kernel/context'
import { executeQuery, runQuery } from './query-registry'
import { callerContext } from '../../../tests/support/core-context'

// Issue 13, item 4: every distinct {page, pageSize, sort} used to be kept as its own compressed
// answer, so a client could grow the process by asking for ever-new page sizes.

const PRODUCT_COUNT = 40

describe('getProductList answers from one serialized list', () => {
  useTestDatabase('pglite')
  let ctx: CoreContext
  let cache: MemoryCache

  beforeAll(async () => {
    const website = await createWebsite()
    await createBulkCatalog({ websiteId: website.id, count: PRODUCT_COUNT })
    ctx = callerContext(website.id, { ip: '127.0.0.1' })
  }, 60_000)

  test('many distinct pages, page sizes and sorts do not grow what the cache holds, and every answer is the right slice', async () => {
    cache = createMemoryCache()
    useNamedCache(cache)
    const whole = Object.fromEntries(
      await Promise.all(PRODUCT_LIST_SORTS.map(async (sort) => [sort, (await runQuery('getProductList', { sort }, ctx)).products.products] as const)),
    )
    expect(whole['websiteSequence ASC']).toHaveLength(PRODUCT_COUNT)
    await runQuery('getProductList', { page: 9 }, ctx)
    const heldAfterTheCommonAnswers = cache.heldBytes()
    const entriesAfterTheCommonAnswers = cache.entryCount('ProductList')

    let asked = 0
    for (const sort of PRODUCT_LIST_SORTS) {
      for (let pageSize = 1; pageSize <= 120; pageSize++) {
        for (const page of [1, 2, 3, 50]) {
          const answer = await runQuery('getProductList', { sort, pageSize, page }, ctx)
          const start = (page - 1) * pageSize
          expect(answer.products.total).toBe(PRODUCT_COUNT)
          expect(answer.products.products.map((p) => p.id)).toEqual(whole[sort]!.slice(start, start + pageSize).map((p) => p.id))
          asked += 1
        }
      }
    }
    expect(asked).toBe(1920)
    expect(cache.heldBytes()).toBe(heldAfterTheCommonAnswers)
    expect(cache.entryCount('ProductList')).toBe(entriesAfterTheCommonAnswers)
    // The product list, its serialized form, the whole list in each of four sorts and the empty page.
    expect(entriesAfterTheCommonAnswers).toBeLessThanOrEqual(7)
  })

  test('the whole list is one prepared payload whatever page size reaches its end, with ETag and compressed bytes', async () => {
    useNamedCache(createMemoryCache())
    const { payload } = await executeQuery('getProductList', undefined, ctx)
    expect((await executeQuery('getProductList', { pageSize: 999 }, ctx)).payload).toBe(payload)
    expect((await executeQuery('getProductList', { pageSize: PRODUCT_COUNT, page: 1 }, ctx)).payload).toBe(payload)
    expect((await executeQuery('getProductList', { pageSize: 999, page: 1, sort: 'websiteSequence ASC' }, ctx)).payload).toBe(payload)
    expect(payload.json).toBe(JSON.stringify(JSON.parse(payload.json)))
    const br = await payload.encoded('br')
    expect(br).not.toBeNull()
    expect(await payload.encoded('br')).toBe(br)
  })

  test('a page that is not the whole list is prepared for its request, with an ETag that depends only on its content', async () => {
    useNamedCache(createMemoryCache())
    const first = await executeQuery('getProductList', { pageSize: 10, page: 2, sort: 'price DESC' }, ctx)
    const again = await executeQuery('getProductList', { pageSize: 10, page: 2, sort: 'price DESC' }, ctx)
    expect(again.payload).not.toBe(first.payload)
    expect(again.payload.etag).toBe(first.payload.etag)
    expect(again.isPublic).toBe(true)
    expect((await executeQuery('getProductList', { pageSize: 10, page: 3, sort: 'price DESC' }, ctx)).payload.etag).not.toBe(first.payload.etag)
  })
})
