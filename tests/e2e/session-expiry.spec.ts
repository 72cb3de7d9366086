import { expect, test } from '@playwright/test'
import { accountMenu, signIn } from './support/accounts'
import { STORES } from './support/stores'

// The short-sessions store issues 20-second tokens: under five minutes from the start, so the
// warning shows as soon as the partner is signed in.
test.use({ baseURL: STORES.shortSessions })

const ALEX = { email: 'alex.morgan@graniteridge.example', password: 'granite-ridge-demo', name: 'Alex Morgan' }

test('the expiry warning extends the session, and an ignored one signs the partner out', async ({ page }) => {
  await signIn(page, ALEX)
  const modal = page.getByRole('dialog', { name: 'Session Expiring Soon' })
  await expect(modal).toBeVisible()
  await expect(modal.getByRole('button', { name: 'Extend session' })).toBeEnabled()
  await expect(modal.getByRole('button', { name: 'Logout' })).toBeEnabled()

  const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/user/refresh') && response.status() === 200)
  await modal.getByRole('button', { name: 'Extend session' }).click()
  const body = (await (await refreshed).json()) as { data: { access_token: string } }
  const exp = JSON.parse(Buffer.from(body.data.access_token.split('.')[1]!, 'base64url').toString()) as { exp: number }
  expect(exp.exp).toBeGreaterThan(Date.now() / 1000 + 10)
  await expect(accountMenu(page, ALEX.name)).toBeVisible()

  // Nobody answers the warning again: at expiry the partner is signed out and told why.
  await expect(page.getByText('Your session has ended due to inactivity or a system update. Please log in again to continue.')).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
  const partner = await page.request.post('/api/query', { data: { key: 'getPartner' } })
  expect(partner.status()).toBe(401)
})

test('Logout in the expiry warning signs the partner out at once', async ({ page }) => {
  await signIn(page, ALEX)
  const modal = page.getByRole('dialog', { name: 'Session Expiring Soon' })
  await modal.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(modal).toBeHidden()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
})
