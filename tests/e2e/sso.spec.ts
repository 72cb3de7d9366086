import { expect, type Page, test } from '@playwright/test'
import { DEMO_OWNER, ownerCode } from './support/console-users'
import { rememberSecret } from './support/server-logs.mjs'
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

// The console's "Test sign-in" (issue 16): the owner of the locked store tests its saved settings
// with the test provider; nobody is signed in to the store, and the result page shows what came
// back — or, with a wrong client secret, the step that failed and what to fix.
test.describe.serial('testing single sign-on from the console', () => {
  const RIGHT_SECRET = 'granite-ridge-test-secret'
  const WRONG_SECRET = 'not-the-granite-ridge-secret'
  let owner: Page

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ baseURL: STORES.locked, extraHTTPHeaders: { 'x-forwarded-for': '198.19.30.7' } })
    owner = await context.newPage()
    await owner.goto('/admin/login')
    await owner.getByLabel('Email').fill(DEMO_OWNER.email)
    await owner.getByLabel('Password').fill(DEMO_OWNER.password)
    await owner.getByRole('button', { name: 'Sign in' }).click()
    await owner.getByLabel('Code').fill(await ownerCode())
    await owner.getByRole('button', { name: 'Verify' }).click()
    await expect(owner.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  })

  test.afterAll(async () => {
    await owner?.context().close()
  })

  async function saveClientSecret(secret: string) {
    await owner.goto('/admin/settings')
    await owner.getByLabel('Client secret').fill(secret)
    await owner.getByRole('button', { name: 'Save settings' }).click()
    await expect(owner.getByRole('status')).toContainText('Settings saved')
  }

  test('the owner presses “Test sign-in”, signs in at the provider and sees the claims that came back, signed in to nothing', async ({}, testInfo) => {
    await owner.goto('/admin/settings')
    await owner.getByRole('button', { name: 'Test sign-in' }).click()
    await signInAtTestProvider(owner, 'casey.morgan@graniteridge.example')

    await expect(owner).toHaveURL(new RegExp(`^${STORES.locked}/admin/settings/sso-test\\?store=\\d+$`))
    await expect(owner.getByRole('heading', { name: 'The test sign-in worked' })).toBeVisible()
    await expect(owner.getByRole('status')).toContainText('The provider signed in Casey Morgan (casey.morgan@graniteridge.example)')
    const claims = owner.getByRole('region', { name: 'Claims that came back' })
    await expect(claims.getByRole('row', { name: 'sub casey.morgan@graniteridge.example' })).toBeVisible()
    await expect(claims.getByRole('row', { name: 'email casey.morgan@graniteridge.example' })).toBeVisible()
    await expect(claims.getByRole('row', { name: 'email_verified true' })).toBeVisible()
    await expect(claims.getByRole('row', { name: 'name Casey Morgan' })).toBeVisible()
    await expect(owner.getByRole('region', { name: 'Customer group' })).toContainText('This store maps no claim to customer groups')
    await expect(owner.getByRole('region', { name: 'What was tested' })).toContainText(`${STORES.locked}/sso-login`)

    // Nobody was signed in to the store: no shopper session, and the flow cookie is gone.
    const cookies = await owner.context().cookies(STORES.locked)
    expect(cookies.find((cookie) => cookie.name === 'session')).toBeUndefined()
    expect(cookies.find((cookie) => cookie.name === 'sso-flow')).toBeUndefined()
    const consoleCookies = await owner.context().cookies(`${STORES.locked}/admin/settings/sso-test`)
    expect(consoleCookies.find((cookie) => cookie.name === 'sso-test-result')).toMatchObject({ path: '/admin', httpOnly: true, sameSite: 'Strict' })

    await owner.setViewportSize({ width: 1366, height: 900 })
    await owner.screenshot({ path: testInfo.outputPath('sso-test-result-desktop.png'), fullPage: true })
    await owner.setViewportSize({ width: 390, height: 844 })
    await owner.screenshot({ path: testInfo.outputPath('sso-test-result-phone.png'), fullPage: true })
    await owner.setViewportSize({ width: 1366, height: 900 })

    // The audit log has the test, with its outcome.
    await owner.goto('/admin/audit?actionPrefix=store_settings.sso_test')
    // …as a sentence naming who tried it and how it went (the raw action stays behind Details).
    await expect(owner.getByText(/tried a single sign-on test sign-in: it worked/).first()).toBeVisible()
  })

  test('with a wrong client secret the test fails at the code exchange with the provider’s 401 and says what to fix', async ({}, testInfo) => {
    rememberSecret('a wrong single sign-on client secret typed in the console', WRONG_SECRET)
    // The provider would remember the last test's sign-in and skip its form: forget it.
    await owner.context().clearCookies({ name: /^_(session|interaction)/ })
    await saveClientSecret(WRONG_SECRET)
    try {
      await owner.getByRole('button', { name: 'Test sign-in' }).click()
      await signInAtTestProvider(owner, 'casey.morgan@graniteridge.example')
      await expect(owner).toHaveURL(/\/admin\/settings\/sso-test\?store=\d+$/)
      const failure = owner.getByRole('alert').filter({ hasText: 'The test sign-in failed' })
      await expect(failure.getByRole('heading', { name: 'The test sign-in failed at: Code exchange for tokens' })).toBeVisible()
      await expect(failure).toContainText('The provider refused the client id or client secret when the code was exchanged (HTTP 401, invalid_client). Check the client secret')
      await expect(owner.getByRole('region', { name: 'Claims that came back' })).toContainText('None: the test ended before the provider sent any.')
      await expect(owner.locator('body')).not.toContainText(WRONG_SECRET)
      await owner.screenshot({ path: testInfo.outputPath('sso-test-failure-desktop.png'), fullPage: true })
      await owner.setViewportSize({ width: 390, height: 844 })
      await owner.screenshot({ path: testInfo.outputPath('sso-test-failure-phone.png'), fullPage: true })
      await owner.setViewportSize({ width: 1366, height: 900 })
    } finally {
      await saveClientSecret(RIGHT_SECRET)
    }
  })
})
