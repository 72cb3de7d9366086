import { afterEach, describe, expect, test } from 'vitest'
import RouteCacheHandler, { announceRevalidatedTags, dropAllRenderedPages, dropRenderedPagesOf, renderedPagesGeneration, revalidateRenderedTags } from './route-cache-handler.mjs'

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

  test("dropping one store's pages leaves every other store's pages and replay copies in place", async () => {
    const handler = new RouteCacheHandler({})
    // Next 16's keys, as logged from a running server.
    const demoShop = '/route-cache/APP_PAGE/2d10f8015f27b1b0d2139210c339d16428ad4b998dbfbe862564e26521bb52dc/$/_1/en/shop'
    const teamHome = '/route-cache/APP_PAGE/2d10f8015f27b1b0d2139210c339d16428ad4b998dbfbe862564e26521bb52dc/$/_2/en'
    await handler.set(demoShop, page('<h1>Demo shop</h1>'))
    await handler.set(teamHome, page('<h1>Team home</h1>'))
    await handler.set('/_1/en/shop', page('<h1>Demo shop</h1>'))
    await handler.set('/_2/en/shop', page('<h1>Team shop</h1>'))
    const [demoBefore, teamBefore] = [renderedPagesGeneration('1'), renderedPagesGeneration('2')]

    dropRenderedPagesOf(2)

    expect(await handler.get('/_1/en/shop')).toMatchObject({ value: { html: '<h1>Demo shop</h1>' } })
    expect(await handler.get('/_2/en/shop')).toBeNull()
    expect(await handler.get(demoShop)).toMatchObject({ value: { html: '<h1>Demo shop</h1>' } })
    expect(await handler.get(teamHome)).toBeNull()
    expect(renderedPagesGeneration('1')).toBe(demoBefore)
    expect(renderedPagesGeneration('2')).toBeGreaterThan(teamBefore)
  })

  test("a store's page whose render began before that store's pages were dropped is not kept", async () => {
    const handler = new RouteCacheHandler({})
    expect(await handler.get('/_2/en/product/polo')).toBeNull()
    expect(await handler.get('/_1/en/product/polo')).toBeNull()
    dropRenderedPagesOf(2)
    await handler.set('/_2/en/product/polo', page('<h1>Old team polo</h1>'))
    await handler.set('/_1/en/product/polo', page('<h1>Demo polo</h1>'))
    expect(await handler.get('/_2/en/product/polo')).toBeNull()
    expect(await handler.get('/_1/en/product/polo')).toMatchObject({ value: { html: '<h1>Demo polo</h1>' } })
  })
})
