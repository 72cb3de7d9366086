import { beforeAll, describe, expect, test } from 'vitest'
import { createProduct } from '../../../tests/factories/catalog'
import { createContentPage, createHomePage } from '../../../tests/factories/content'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { findContentPage, getHomePage } from './content-service'

describe.each(testDatabaseKinds())('store content on %s', (kind) => {
  useTestDatabase(kind)
  let websiteId: number

  beforeAll(async () => {
    websiteId = (await createWebsite()).id
  })

  test('a store without a home page has no home content and no featured products', async () => {
    const bare = (await createWebsite()).id // the shared store may have been given one by another test
    expect(await getHomePage({ websiteId: bare })).toEqual({ home: null, featuredProducts: [] })
  })

  test('the home page gives its content and its featured products', async () => {
    const cap = await createProduct({ websiteId, name: 'Twill Cap' })
    await createHomePage({ websiteId, heroTitle: 'Gear up', featuredProductSlugs: [cap.slug] })
    const page = await getHomePage({ websiteId })
    expect(page.home).toEqual({
      heroTitle: 'Gear up',
      heroSubtitle: expect.any(String),
      heroImage: '/images/hero.jpg',
      heroCtaLabel: 'Shop now',
      heroCtaHref: '/shop',
      sections: [{ title: 'Team orders', body: 'Order in any size mix.', href: '/shop' }],
    })
    expect(page.featuredProducts.map((p) => p.name)).toEqual(['Twill Cap'])
  })

  test('finds a content page by slug, and nothing for another slug or website', async () => {
    await createContentPage({ websiteId, slug: 'about-us', title: 'About us', body: 'We stitch.', metaDescription: 'Who we are' })
    expect(await findContentPage({ websiteId, slug: 'about-us' })).toEqual({ slug: 'about-us', title: 'About us', body: 'We stitch.', metaDescription: 'Who we are' })
    expect(await findContentPage({ websiteId, slug: 'nope' })).toBeNull()
    const other = await createWebsite()
    expect(await findContentPage({ websiteId: other.id, slug: 'about-us' })).toBeNull()
  })
})
