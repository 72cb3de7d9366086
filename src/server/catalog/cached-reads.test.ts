import { beforeAll, describe, expect, test } from 'vitest'
import { createProduct } from '../../../tests/factories/catalog'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { CATALOG_CACHES, createMemoryCache, invalidateCaches, useNamedCache } from '../cache/named-cache'
import { getWebsiteCached } from '../website/website-service'
import { findProductBySlugCached, listProductsCached } from './catalog-service'

describe.each(testDatabaseKinds())('cached catalog reads on %s', (kind) => {
  useTestDatabase(kind)
  let websiteId: number

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    websiteId = (await createWebsite()).id
  })

  test('serve the same list until the catalog caches are invalidated', async () => {
    const polo = await createProduct({ websiteId, name: 'Polo' })
    const first = await listProductsCached({ websiteId })
    await createProduct({ websiteId, name: 'Cap' })
    expect(await listProductsCached({ websiteId })).toBe(first)
    expect(await findProductBySlugCached({ websiteId, slug: polo.slug })).toMatchObject({ name: 'Polo' })
    await invalidateCaches(CATALOG_CACHES)
    expect((await listProductsCached({ websiteId })).map((p) => p.name)).toEqual(['Polo', 'Cap'])
  })

  test('do not cache a failure', async () => {
    await expect(getWebsiteCached({ websiteId: 999_999 })).rejects.toMatchObject({ code: 'not_found' })
    expect((await getWebsiteCached({ websiteId })).id).toBe(websiteId)
  })
})
