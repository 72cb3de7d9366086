import { expect, test } from '@playwright/test'
import { freshSsoEmail, signInAtTestProvider } from './support/sso'
import { STORES } from './support/stores'

// The locked demo store (127.0.0.1:3102): browsing locked, single sign-on configured (spec 6).
test.use({ baseURL: STORES.locked })

test.describe('a store with browsing locked', () => {
  test('sends an anonymous visitor from the shop to the home page (single sign-on is configured)', async ({ page }) => {
    await page.goto('/shop')
    await expect(page).toHaveURL(`${STORES.locked}/`)
    await page.goto('/product/anything-at-all')
    await expect(page).toHaveURL(`${STORES.locked}/`)
  })

  test('also keeps the shop from a visitor who follows a link to it inside the app', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: /View all products/ }).click()
    await expect(page).toHaveURL(`${STORES.locked}/`)
    await expect(page.getByText(/^\d+ products?$/)).toHaveCount(0)
    await expect(page.getByText('It looks like something went wrong.')).toHaveCount(0)
  })

  test('answers the redirect itself: 307, not stored by any cache', async ({ request }) => {
    const response = await request.get('/shop?color=Navy', { maxRedirects: 0 })
    expect(response.status()).toBe(307)
    expect(response.headers()['location']).toBe('/')
    expect(response.headers()['cache-control']).toBe('no-store')
  })

  test('still opens the public pages of spec 6', async ({ page }) => {
    for (const path of ['/faq', '/about-us', '/login', '/signup']) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      await expect(page, path).toHaveURL(`${STORES.locked}${path}`)
    }
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })

  test('sends an anonymous visitor of the account pages to sign in, and back there afterwards', async ({ page }) => {
    await page.goto('/me/orders')
    await expect(page).toHaveURL(`${STORES.locked}/login?returnTo=%2Fme%2Forders`)
  })

  test('keeps the product list from anonymous API callers', async ({ request }) => {
    const response = await request.post('/api/query', { data: { key: 'getProductList', value: { pageSize: 999, sort: 'websiteSequence ASC' } } })
    expect(response.status()).toBe(401)
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe('Please sign in to continue.')
  })

  test('opens the shop once the visitor has signed in with single sign-on', async ({ page }) => {
    await page.goto('/login?returnTo=%2Fshop')
    await page.getByRole('link', { name: 'Sign in with single sign-on' }).click()
    await signInAtTestProvider(page, freshSsoEmail('avery'))
    await expect(page).toHaveURL(`${STORES.locked}/shop`)
    await expect(page.getByText(/^\d+ products?$/)).toBeVisible()

    // A fresh load of a gated page goes through the server's gate with the session cookie.
    const response = await page.goto('/product/anything-at-all')
    expect(response?.url()).toBe(`${STORES.locked}/product/anything-at-all`)
    expect(response?.headers()['cache-control']).toBe('private, no-store')
  })
})

test.describe('a store without the lock', () => {
  test.use({ baseURL: STORES.main })

  test('lets an anonymous visitor browse the shop, cacheably', async ({ page }) => {
    const response = await page.goto('/shop')
    expect(response?.status()).toBe(200)
    expect(response?.headers()['cache-control']).not.toContain('private')
    await expect(page.getByText(/^\d+ products?$/)).toBeVisible()
  })

  test('still sends an anonymous visitor of the account pages to sign in', async ({ request }) => {
    const response = await request.get('/me?tab=orders', { maxRedirects: 0 })
    expect(response.status()).toBe(307)
    expect(response.headers()['location']).toBe('/login?returnTo=%2Fme%3Ftab%3Dorders')
  })
})
