import { expect, test } from '@playwright/test'
import { freshSsoEmail, providerNameOf, signInAtTestProvider } from './support/sso'
import { STORES, TEST_PROVIDER } from './support/stores'

// Single sign-on on the locked demo store (127.0.0.1:3102) with the test OpenID Connect provider.
test.use({ baseURL: STORES.locked })

test.describe('signing in with single sign-on', () => {
  test('from the sign-in page, through the provider, and back signed in with the account in the header', async ({ page }) => {
    const email = freshSsoEmail('casey')
    await page.goto('/login')
    await page.getByRole('link', { name: 'Sign in with single sign-on' }).click()
    await signInAtTestProvider(page, email)

    await expect(page).toHaveURL(`${STORES.locked}/`)
    await expect(page.getByRole('button', { name: `Account menu for ${providerNameOf(email)}` })).toBeVisible()
    // The session lives in an HttpOnly cookie; the flow cookie is gone.
    const cookies = await page.context().cookies(STORES.locked)
    expect(cookies.find((cookie) => cookie.name === 'session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
    expect(cookies.find((cookie) => cookie.name === 'sso-flow')).toBeUndefined()
  })

  test('comes back to the page the sign-in started from', async ({ page }) => {
    await page.goto('/login?returnTo=%2Fshop%3Fcolor%3DNavy')
    await page.getByRole('link', { name: 'Sign in with single sign-on' }).click()
    await signInAtTestProvider(page, freshSsoEmail('jordan'))
    await expect(page).toHaveURL(`${STORES.locked}/shop?color=Navy`)
  })

  test('the same provider login signs in to the same account the next time', async ({ page, context }) => {
    const email = freshSsoEmail('robin')
    for (let round = 0; round < 2; round += 1) {
      await context.clearCookies()
      await page.goto('/sso-login')
      await signInAtTestProvider(page, email)
      await expect(page.getByRole('button', { name: `Account menu for ${providerNameOf(email)}` })).toBeVisible()
    }
  })

  test('cancelling at the provider says so and offers the way back to sign-in', async ({ page }) => {
    await page.goto('/sso-login')
    await expect(page).toHaveURL(new RegExp(`^${TEST_PROVIDER}/interaction/`))
    await page.getByRole('link', { name: 'Cancel' }).click()
    await expect(page.getByRole('heading', { name: 'Single sign-on did not complete' })).toBeVisible()
    await expect(page.getByText('The sign-in was cancelled or refused. Please try again.')).toBeVisible()
    await page.getByRole('link', { name: /sign.in/i }).last().click()
    await expect(page).toHaveURL(`${STORES.locked}/login`)
  })

  test('a provider account without a verified email is refused with the reason', async ({ page }) => {
    await page.goto('/sso-login')
    await signInAtTestProvider(page, 'no-email@graniteridge.example')
    await expect(page.getByText('Your single sign-on account has no verified email address.')).toBeVisible()
    expect((await page.context().cookies(STORES.locked)).find((cookie) => cookie.name === 'session')).toBeUndefined()
  })
})
