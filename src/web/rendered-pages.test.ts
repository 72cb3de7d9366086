import { describe, expect, test } from 'vitest'
import { refreshRenderedPages } from './rendered-pages'
import RouteCacheHandler from './route-cache-handler.mjs'

describe('rendered pages', () => {
  test('are dropped when a cache they are built from is invalidated', async () => {
    const handler = new RouteCacheHandler({})
    await handler.set('/en/shop', { kind: 'APP_PAGE', html: '<p>old</p>' })
    expect(await handler.get('/en/shop')).not.toBeNull()
    expect(refreshRenderedPages(['ProductList'])).toBe(true)
    expect(await handler.get('/en/shop')).toBeNull()
  })

  test('stay when the invalidated cache feeds no page', async () => {
    const handler = new RouteCacheHandler({})
    await handler.set('/en/faq', { kind: 'APP_PAGE', html: '<p>faq</p>' })
    expect(refreshRenderedPages(['Taxes', 'DeliveryMethods'])).toBe(false)
    expect(await handler.get('/en/faq')).not.toBeNull()
  })

  test('a revalidated tag makes the pages carrying it stale', async () => {
    const handler = new RouteCacheHandler({})
    await handler.set('/en/about-us', { kind: 'APP_PAGE', html: '', headers: { 'x-next-cache-tags': '_N_T_/layout,_N_T_/en/about-us' } })
    await new Promise((resolve) => setTimeout(resolve, 2))
    await handler.revalidateTag('_N_T_/en/about-us')
    expect(await handler.get('/en/about-us')).toBeNull()
  })
})
