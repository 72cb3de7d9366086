import { expect, test } from '@playwright/test'
import { accountMenu, freshEmail, linkIn, logOut, signIn, signUp } from './support/accounts'
import { waitForMail } from './support/stores'

const LOGIN_FAILED = 'Wrong email or password or you do not have access to the site'

test('a visitor signs up, signs out, signs in, keeps an address and changes the password', async ({ page }) => {
  const email = freshEmail('sam')
  const name = 'Sam Okafor'
  await signUp(page, { name, email, password: 'first steps on site' })

  await logOut(page, name)

  await signIn(page, { email, password: 'not my password' })
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toContainText(LOGIN_FAILED)
  await signIn(page, { email, password: 'first steps on site' })
  await expect(accountMenu(page, name)).toBeVisible()

  await page.goto('/me/addresses')
  await page.getByRole('button', { name: 'Add shipping address' }).click()
  await page.getByLabel('Full name').fill('Sam Okafor')
  await page.getByLabel('Street address').fill('4100 Quarry Road')
  await page.getByLabel('City').fill('Golden')
  await page.getByLabel('Country').selectOption({ label: 'United States' })
  await page.getByLabel('State / province').selectOption({ label: 'Colorado' })
  await page.getByLabel('ZIP / postal code').fill('80401')
  await page.getByRole('button', { name: 'Save address' }).click()
  await expect(page.getByText('Address saved')).toBeVisible()
  await expect(page.getByText('4100 Quarry Road')).toBeVisible()
  await page.reload()
  await expect(page.getByText('4100 Quarry Road')).toBeVisible()
  await expect(page.getByText('Default shipping')).toBeVisible()

  await page.goto('/me')
  await page.getByLabel('Current password').fill('first steps on site')
  await page.getByLabel('New password').fill('second steps on site')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Your password has been changed.').first()).toBeVisible()

  await logOut(page, name)
  await signIn(page, { email, password: 'first steps on site' })
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toContainText(LOGIN_FAILED)
  await signIn(page, { email, password: 'second steps on site' })
  await expect(accountMenu(page, name)).toBeVisible()
})

test('a forgotten password is reset by the mailed link, which works only once', async ({ page }) => {
  const email = freshEmail('riley')
  const name = 'Riley Chen'
  await signUp(page, { name, email, password: 'remembered at first' })
  await logOut(page, name)

  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/password\/reset$/)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('If an account exists for this email, we have sent a link to reset the password.')).toBeVisible()

  const mail = await waitForMail(email, { subject: /password/i })
  const link = linkIn(mail.text, '/password/create')
  await page.goto(link)
  await page.getByLabel('New password', { exact: true }).fill('chosen after reset')
  await page.getByLabel('New password again').fill('chosen after reset')
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page).toHaveURL(/\/password\/success$/)
  await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible()

  await page.goto(link)
  await page.getByLabel('New password', { exact: true }).fill('trying the link twice')
  await page.getByLabel('New password again').fill('trying the link twice')
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page.getByText('This password reset link has expired or was already used. Please ask for a new one.')).toBeVisible()

  await signIn(page, { email, password: 'chosen after reset' })
  await expect(accountMenu(page, name)).toBeVisible()
})

test('the account pages send an anonymous visitor to sign in and back', async ({ page }) => {
  await page.goto('/me/addresses')
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fme%2Faddresses$/)
  await page.getByLabel('Email').fill('alex.morgan@graniteridge.example')
  await page.getByLabel('Password', { exact: true }).fill('granite-ridge-demo')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/me\/addresses$/)
  await expect(page.getByRole('heading', { name: 'Shipping addresses' })).toBeVisible()
})

test('a signed-in shopper opening their orders in a new tab stays signed in there and sees their cart', async ({ page, context }) => {
  const name = 'Robin New Tab'
  await signUp(page, { name, email: freshEmail('new-tab'), password: 'tabs kept in step' })
  await page.goto('/product/essential-crew-tee')
  await page.getByRole('radio', { name: 'True Navy' }).check({ force: true })
  await page.getByRole('spinbutton', { name: 'Quantity for size M', exact: true }).fill('3')
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/user/cart') && response.request().postDataJSON()?.items?.length === 1)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  expect((await saved).status()).toBe(200)

  // A new tab starts with empty session storage; the server's session is restored into it.
  const tab = await context.newPage()
  await tab.goto('/me/orders', { waitUntil: 'domcontentloaded' })
  // Before the page is interactive, the header does not offer 'Sign in' to someone signed in.
  await expect(tab.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeHidden()
  await expect(accountMenu(tab, name)).toBeVisible()
  await expect(tab).toHaveURL(/\/me\/orders$/)
  await expect(tab.getByRole('link', { name: 'Orders', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(tab.getByRole('link', { name: /Cart, 3 items/ })).toBeVisible()

  // Signing out in the new tab ends the session; a further new tab is a guest's.
  await logOut(tab, name)
  const after = await context.newPage()
  await after.goto('/me/orders')
  await expect(after).toHaveURL(/\/login\?returnTo=%2Fme%2Forders$/)
})

test("a guest's new tab asks the server for no session", async ({ page }) => {
  const partnerCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/query') && request.postData()?.includes('getPartner')) partnerCalls.push(request.url())
  })
  await page.goto('/shop')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
  await page.goto('/')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(partnerCalls).toEqual([])
})

test('an approver sees the orders waiting and the history of decided orders', async ({ page }) => {
  await signIn(page, { email: 'jamie.reyes@graniteridge.example', password: 'granite-ridge-approver' })
  await expect(accountMenu(page, 'Jamie Reyes')).toBeVisible()
  await page.goto('/me/approvals')
  await expect(page.getByRole('heading', { name: 'Orders awaiting approval' })).toBeVisible()
  const history = page.getByRole('region', { name: 'Decided orders' })
  await expect(history).toBeVisible()
  await expect(history.getByText(/No orders have been approved or rejected yet\.|(Approved|Rejected) by .+ on /).first()).toBeVisible()
})

test("a section whose code does not arrive says so, and comes on 'Try again'", async ({ page }) => {
  await signIn(page, { email: 'alex.morgan@graniteridge.example', password: 'granite-ridge-demo' })
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.goto('/me/orders')
  await expect(page.getByRole('heading', { name: 'Orders', level: 2 })).toBeVisible()
  await page.waitForLoadState('networkidle')

  // The address book's code is fetched when the shopper opens it; the network fails once.
  const scripts = /\/_next\/static\/chunks\/.+\.js$/
  await page.route(scripts, (route) => route.abort('internetdisconnected'))
  await page.getByRole('link', { name: 'Addresses', exact: true }).click()
  await expect(page.getByRole('main').getByRole('alert')).toContainText('We could not load your account. Please try again.')

  await page.unroute(scripts)
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('heading', { name: 'Shipping addresses' })).toBeVisible()
})
