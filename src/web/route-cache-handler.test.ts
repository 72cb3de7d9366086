import { afterEach, describe, expect, test } from 'vitest'
import RouteCacheHandler, { announceRevalidatedTags, dropAllRenderedPages, revalidateRenderedTags } from './route-cache-handler.mjs'

const page = (html: string, tags = '') => ({ kind: 'APP_PAGE', html, headers: tags ? { 'x-next-cache-tags': tags } : {} })
const tick = () => new Promise((resolve) => setTimeout(resolve, 2))

describe('the route cache', () => {
  afterEach(() => announceRevalidatedTags(null))

  test('does not keep a page whose render began before the rendered pages were dropped', async () => {
    const handler = new RouteCacheHandler({})
    expect(await handler.get('/en/product/polo')).toBeNull()
    // Another instance changed the catalog while this render was reading the old one.
    dropAllRenderedPages()
    await handler.set('/en/product/polo', page('<h1>Old name</h1>'))
    expect(await handler.get('/en/product/polo')).toBeNull()
    await handler.set('/en/product/polo', page('<h1>New name</h1>'))
    expect(await handler.get('/en/product/polo')).toMatchObject({ value: { html: '<h1>New name</h1>' } })
  })

  test('tells the other instances of a revalidated tag, and applies theirs without telling anyone again', async () => {
    const announced: string[][] = []
    announceRevalidatedTags(async (tags) => {
      announced.push(tags)
    })
    const handler = new RouteCacheHandler({})
    await handler.set('/en/about-us', page('<p>about</p>', '_N_T_/en/about-us'))
    await handler.set('/en/faq', page('<p>faq</p>', '_N_T_/en/faq'))
    await tick()

    await handler.revalidateTag('_N_T_/en/about-us')
    expect(announced).toEqual([['_N_T_/en/about-us']])
    expect(await handler.get('/en/about-us')).toBeNull()

    revalidateRenderedTags(['_N_T_/en/faq'])
    expect(announced).toHaveLength(1)
    expect(await handler.get('/en/faq')).toBeNull()
  })
})
