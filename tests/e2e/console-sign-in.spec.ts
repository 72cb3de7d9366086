import { expect, type Page, test } from '@playwright/test'
import { DEMO_FULFILMENT, DEMO_OWNER, ownerCode, wrongOwnerCode } from './support/console-users'

// The operator console's sign-in (issue 15, decision 021) as the demo's people use it: the owner
// with a TOTP code, a fulfilment member with a password; roles the console refuses; sign-out.

let address = 0
// Each test signs in from its own address (the server believes X-Forwarded-For in the tests), so
// the sign-in limits per address never decide a test.
test.beforeEach(async ({ context }) => {
  address += 1
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.18.${Math.floor(Math.random() * 250)}.${address}` })
})

async function signInWithPassword(page: Page, email: string, password: string, next?: string) {
  await page.goto(next ? `/admin/login?next=${encodeURIComponent(next)}` : '/admin')
  await expect(page).toHaveURL(/\/admin\/login/)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('the demo owner signs in with a TOTP code and reaches the dashboard; a wrong code is refused', async ({ page }) => {
  await signInWithPassword(page, DEMO_OWNER.email, DEMO_OWNER.password)
  const code = page.getByLabel('Code')
  await expect(code).toBeFocused()
  await expect(code).toHaveValue('')
  // The password alone opens nothing.
  expect((await page.request.post('/api/admin/query', { data: { key: 'consoleMe' } })).status()).toBe(401)

  await code.fill(wrongOwnerCode())
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('form', { name: 'Second factor' }).getByRole('alert')).toContainText('That code is not right.')
  await expect(page).toHaveURL(/\/admin\/login/)

  await code.fill(await ownerCode())
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await expect(page.getByText('Signed in as Demo Owner')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' })).toBeVisible()
  await page.getByRole('link', { name: 'Staff' }).click()
  await expect(page.getByRole('heading', { name: 'Staff' })).toBeVisible()
  await expect(page.getByText(DEMO_FULFILMENT.email)).toBeVisible()
})

test('a page asked for before signing in is where the sign-in leads', async ({ page }) => {
  await page.goto('/admin/security')
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fsecurity$/)
  await page.getByLabel('Email').fill(DEMO_FULFILMENT.email)
  await page.getByLabel('Password').fill(DEMO_FULFILMENT.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/admin\/security$/)
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible()
})

test('the fulfilment member cannot open the staff page nor call staff management', async ({ page }) => {
  await signInWithPassword(page, DEMO_FULFILMENT.email, DEMO_FULFILMENT.password)
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' })).toHaveCount(0)
  await page.goto('/admin/staff')
  await expect(page).toHaveURL(/\/admin\/not-allowed$/)
  await expect(page.getByText('Your role does not allow this page.')).toBeVisible()
  const call = await page.request.post('/api/admin/query', { data: { key: 'staffList' } })
  expect(call.status()).toBe(403)
  expect((await call.json()).error.message).toBe('Your role does not allow this.')
})

test('signing out ends the session on the server, not only in the browser', async ({ page, context }) => {
  await signInWithPassword(page, DEMO_FULFILMENT.email, DEMO_FULFILMENT.password)
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  const cookie = (await context.cookies()).find((each) => each.name === 'admin_session')
  expect(cookie?.httpOnly).toBe(true)
  expect(cookie?.sameSite).toBe('Strict')

  await page.getByRole('button', { name: 'Sign out' }).first().click()
  await expect(page).toHaveURL(/\/admin\/login$/)
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin$/)
  // The old cookie, sent again by hand, opens nothing.
  const replay = await page.request.post('/api/admin/query', { data: { key: 'consoleMe' }, headers: { cookie: `admin_session=${cookie!.value}` } })
  expect(replay.status()).toBe(401)
})

test('the console is usable from the keyboard: sign in without a mouse', async ({ page }) => {
  await page.goto('/admin/login')
  await expect(page.getByLabel('Email')).toBeFocused()
  await page.keyboard.type(DEMO_FULFILMENT.email)
  await page.keyboard.press('Tab')
  await page.keyboard.type(DEMO_FULFILMENT.password)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
})
