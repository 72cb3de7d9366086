import { expect, type Locator, test } from '@playwright/test'
import { accountMenu, signedIn } from './support/accounts'
import { addToCart, continueButton, expectStepOpen, fillAddressesDeliveryAndDetails, openStep } from './support/shopping'

// Issue 17: a shopper with an allowance (the demo's Alex Morgan, data/demo-store.json) sees what is
// left of it in the header's account menu and in the cart, and the cart says before checkout when
// the order will need approval (persist-order.ts: an order costing more than the allowance left waits).

const dollars = async (locator: Locator) => Number(((await locator.textContent()) ?? '').match(/\$([\d,]+\.\d\d)/)![1]!.replace(/,/g, ''))
const ALEX = { email: 'alex.morgan@graniteridge.example', password: 'granite-ridge-demo' }
const price = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

test('a shopper sees their allowance in the menu and the cart, and the cart warns when it costs more', async ({ page }) => {
  await signedIn(page, ALEX, 'Alex Morgan')
  await accountMenu(page, 'Alex Morgan').click()
  // The phone menu's copy is in the banner too, hidden on a desktop.
  const inMenu = page.getByRole('banner').locator('[data-testid="menu-allowance"]:visible')
  await expect(inMenu).toHaveText(/^Allowance: \$[\d,]+\.\d\d left/)
  // Other tests may spend some of it; whatever is left is what the cart must agree with.
  const left = await dollars(inMenu)
  expect(left).toBeLessThanOrEqual(250)

  // Alex's saved cart may hold lines from other tests: the warning is read against whatever it costs.
  await addToCart(page, 'essential-crew-tee', 'True Navy', { L: '1' })
  await page.goto('/cart')
  const summary = page.getByRole('region', { name: 'Order summary' })
  const subtotal = summary.getByTestId('summary-subtotal')
  const warning = summary.getByTestId('cart-over-allowance')
  await expect(subtotal).toHaveText(/\$[\d,]+\.\d\d/)
  await expect(summary.getByTestId('cart-allowance')).toContainText(`Allowance: ${price(left)} left`)
  const before = await dollars(subtotal)
  if (before <= left) await expect(warning).toHaveCount(0)
  else await expect(warning).toContainText(`This cart is ${price(Math.round((before - left) * 100) / 100)} over your allowance`)

  await page.getByRole('spinbutton', { name: 'Quantity of Essential Crew Tee, size L' }).first().fill('40')
  await expect(subtotal).not.toHaveText(price(before))
  const after = await dollars(subtotal)
  expect(after).toBeGreaterThan(250)
  await expect(warning).toHaveText(`This cart is ${price(Math.round((after - left) * 100) / 100)} over your allowance: this order will need approval before it is processed.`)

  // Other tests sign in as Alex and expect the saved cart they left: empty it again, saved.
  const removes = page.getByRole('button', { name: /^Remove .+ from the cart$/ })
  while ((await removes.count()) > 0) {
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/user/cart') && response.status() === 200)
    await removes.first().click()
    await saved
  }
  await expect(page.getByText('Your cart is empty')).toBeVisible()
})

test('an order within the allowance asks for no payment method or purchase order number, and is placed', async ({ page }) => {
  await signedIn(page, ALEX, 'Alex Morgan')
  await accountMenu(page, 'Alex Morgan').click()
  const left = await dollars(page.getByRole('banner').locator('[data-testid="menu-allowance"]:visible'))
  await page.keyboard.press('Escape')
  await addToCart(page, 'essential-crew-tee', 'True Navy', { M: '1' })
  await page.goto('/checkout')
  await fillAddressesDeliveryAndDetails(page, { department: 'Engineering' })

  // One tee with delivery and tax is well within what is left ($250 a year, a few small orders by other tests).
  const summary = page.getByRole('region', { name: 'Order summary' })
  await expect(summary.getByTestId('checkout-due')).toHaveText('$0.00')
  const total = await dollars(summary.getByTestId('checkout-total'))
  expect(total).toBeLessThan(left)
  // The payment step needs nothing: it is closed with its recap, and the review is open.
  await expectStepOpen(page, 'Review and place order')
  await expect(page.getByText('Nothing to pay', { exact: true }).first()).toBeVisible()
  await openStep(page, 'Payment')
  await expect(page.getByRole('status').filter({ hasText: 'Nothing left to pay: your allowance covers this order.' })).toBeVisible()
  await expect(page.getByRole('radio', { name: /Purchase order/ })).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'Purchase order number' })).toHaveCount(0)
  await continueButton(page).click()

  await page.getByRole('button', { name: 'Place order', exact: true }).click()
  await expect(page).toHaveURL(/\/me\/orders\?order=\d+&access_token=/)
  await expect(page.getByText(/^Order has been (placed|confirmed) successfully!$/).first()).toBeVisible()
  // The allowance paid for it: what is left went down by the order's total.
  await accountMenu(page, 'Alex Morgan').click()
  await expect(page.getByRole('banner').locator('[data-testid="menu-allowance"]:visible')).toContainText(`Allowance: ${price(Math.round((left - total) * 100) / 100)} left`)
})

test('a guest, who has no allowance, is shown none in the cart', async ({ page }) => {
  await addToCart(page, 'essential-crew-tee', 'True Navy', { L: '40' })
  await page.goto('/cart')
  const summary = page.getByRole('region', { name: 'Order summary' })
  await expect(summary.getByTestId('summary-subtotal')).toHaveText(/\$\d/)
  await expect(summary.getByTestId('cart-allowance')).toHaveCount(0)
})

test('the allowance in every open tab follows the orders: spent by an order placed in another tab, given back when the store cancels it in the console', async ({ context, page, playwright, baseURL }) => {
  test.setTimeout(120_000)
  await signedIn(page, ALEX, 'Alex Morgan')
  await page.goto('/me')
  const allowance = page.getByTestId('allowance-left')
  await expect(allowance).toHaveText(/\$[\d,]+\.\d\d/)
  const left = await dollars(allowance)

  // A second tab of the same browser places an order the allowance pays.
  const shop = await context.newPage()
  await addToCart(shop, 'essential-crew-tee', 'True Navy', { S: '1' })
  await shop.goto('/checkout')
  await fillAddressesDeliveryAndDetails(shop, { department: 'Engineering' })
  await expect(shop.getByRole('region', { name: 'Order summary' }).getByTestId('checkout-due')).toHaveText('$0.00')
  await expectStepOpen(shop, 'Review and place order')
  await shop.getByRole('button', { name: 'Place order', exact: true }).click()
  await expect(shop).toHaveURL(/\/me\/orders\?order=\d+&access_token=/)
  const orderId = Number(new URL(shop.url()).searchParams.get('order'))

  // The first tab, left alone, shows the allowance spent: what a tab opened now reads.
  const fresh = await context.newPage()
  await fresh.goto('/me')
  await expect(fresh.getByTestId('allowance-left')).toHaveText(/\$[\d,]+\.\d\d/)
  const spent = await dollars(fresh.getByTestId('allowance-left'))
  expect(spent).toBeLessThan(left)
  await fresh.close()
  await expect(allowance).toContainText(price(spent))

  // The store cancels the order in the console (the demo's fulfilment member, through its API).
  const staff = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '198.19.44.7', origin: baseURL! } })
  const staffSignIn = await staff.post('/api/admin/sign-in', { data: { email: 'fulfilment@demo.example', password: 'console-fulfilment-demo' } })
  expect(staffSignIn.status(), await staffSignIn.text()).toBe(200)
  const cancelled = await staff.post('/api/admin/mutation', { data: { key: 'cancelOrder', value: { orderId, requestKey: `tabs-${orderId}-${Date.now()}`, reason: 'Ordered twice by mistake' } } })
  expect(cancelled.status(), await cancelled.text()).toBe(200)
  await staff.dispose()

  // Alex comes back to the first tab: the allowance given back is shown, without opening a new tab —
  // what a tab opened now reads. (Compared with a fresh read rather than with `left`: in full runs
  // the first tab was seen lagging one update behind — showing the amount before the spend — which
  // made `left` itself stale; see the closing note of session 14.)
  const after = await context.newPage()
  await after.goto('/me')
  await expect(after.getByTestId('allowance-left')).toHaveText(/\$[\d,]+\.\d\d/)
  const givenBack = await dollars(after.getByTestId('allowance-left'))
  expect(givenBack).toBeGreaterThan(spent)
  await after.close()
  await page.bringToFront()
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await expect(allowance).toContainText(price(givenBack))
  await shop.close()
})
