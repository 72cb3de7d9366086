import { brotliCompressSync, gzipSync, constants } from 'node:zlib'
import { expect, test } from 'vitest'
import { listProducts } from '@/server/catalog/catalog-service'
import { useTestDatabase } from '../setup/test-db'
import { createBulkCatalog } from '../factories/bulk-catalog'
import { createWebsite } from '../factories/website'

useTestDatabase('pglite')

function sizes(label: string, data: unknown) {
  const json = JSON.stringify(data)
  for (const q of [9, 10, 11]) {
    const t = performance.now()
    const b = brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: q, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
    console.log(label, 'raw', json.length, 'br', q, b.length, performance.now() - t)
  }
  console.log(label, 'gz9', gzipSync(json, { level: 9 }).length)
}

test('measure', async () => {
  const website = await createWebsite()
  await createBulkCatalog({ websiteId: website.id, count: 999 })
  for (let i = 0; i < 5; i++) {
    const t = performance.now()
    await listProducts({ websiteId: website.id })
    console.log('list ms', performance.now() - t)
  }
  const list = await listProducts({ websiteId: website.id })
  sizes('full', { products: { products: list, total: 999 } })
  console.log(JSON.stringify(list[3]))
  expect(list.length).toBe(999)
})
