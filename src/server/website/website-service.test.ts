import { beforeAll, describe, expect, test } from 'vitest'
import { createContentPage } from '../../../tests/factories/content'
import { addShippingCountry, createCountry, createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { getWebsite } from './website-service'

describe.each(testDatabaseKinds())('the website on %s', (kind) => {
  useTestDatabase(kind)
  let websiteId: number

  beforeAll(async () => {
    const website = await createWebsite({ name: 'Acme Team Store', lockBrowsing: 'Enable', ssologin: 'oidc', ssoConfig: { clientSecret: 'do-not-leak' } })
    websiteId = website.id
    const us = await createCountry({ code: 'US', name: 'United States', states: [{ code: 'NY', name: 'New York' }, { code: 'CA', name: 'California' }] })
    const canada = await createCountry({ code: 'CA', name: 'Canada', states: [{ code: 'ON', name: 'Ontario' }] })
    await createCountry({ code: 'FR', name: 'France' })
    await addShippingCountry({ websiteId, countryId: canada.id, sequence: 2 })
    await addShippingCountry({ websiteId, countryId: us.id, sequence: 1 })
    await createContentPage({ websiteId, slug: 'returns', title: 'Returns', sequence: 2 })
    await createContentPage({ websiteId, slug: 'faq', title: 'FAQ', sequence: 1 })
    await createContentPage({ websiteId, slug: 'hidden', title: 'Hidden', showInFooter: false })
  })

  test('gives the store settings the browser needs', async () => {
    const website = await getWebsite({ websiteId })
    expect(website).toMatchObject({ id: websiteId, name: 'Acme Team Store', lockBrowsing: 'Enable', ssologin: 'oidc', faviconImage: '/images/favicon.png', currency: 'USD' })
    expect(JSON.stringify(website)).not.toContain('do-not-leak')
    expect(website).not.toHaveProperty('ssoConfig')
  })

  test('lists the shipping countries in order, each with its states', async () => {
    const website = await getWebsite({ websiteId })
    expect(website.shippingCountry).toEqual([
      {
        id: expect.any(Number),
        code: 'US',
        name: 'United States',
        states: [
          { id: expect.any(Number), code: 'CA', name: 'California' },
          { id: expect.any(Number), code: 'NY', name: 'New York' },
        ],
      },
      { id: expect.any(Number), code: 'CA', name: 'Canada', states: [{ id: expect.any(Number), code: 'ON', name: 'Ontario' }] },
    ])
  })

  test('lists the footer pages in order', async () => {
    expect((await getWebsite({ websiteId })).contentPages).toEqual([
      { slug: 'faq', title: 'FAQ' },
      { slug: 'returns', title: 'Returns' },
    ])
  })

  test('throws not_found for an unknown website', async () => {
    await expect(getWebsite({ websiteId: 424_242 })).rejects.toMatchObject({ code: 'not_found' })
  })

  test('gives an empty country list to a website without shipping countries', async () => {
    const bare = await createWebsite()
    expect(await getWebsite({ websiteId: bare.id })).toMatchObject({ shippingCountry: [], contentPages: [] })
  })
})
