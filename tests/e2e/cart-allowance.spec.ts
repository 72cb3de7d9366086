import { expect, type Locator, test } from '@playwright/test'
import { accountMenu, signIn } from './support/accounts'
import { addToCart } from './support/shopping'

// Issue 17: a shopper with an allowance (the demo's Alex Morgan, data/demo-store.json) sees what is
// left of it in the header's account menu and in the cart, and the cart says before checkout when
// the order will need approval (persist-order.ts: an order costing more than the allowance left waits).

const dollars = async (locator: Locator) => Number(((await locator.textContent()) ?? '').match(/\$([\d,]+\.\d\d)/)![1]!.replace(/,/g, ''))
const price = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

test('a shopper sees their allowance in the menu and the cart, and the cart warns when it costs more', async ({ page }) => {
  await signIn(page, { email: 'alex.morgan@graniteridge.example', password: 'granite-ridge-demo' })
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

test('a guest, who has no allowance, is shown none in the cart', async ({ page }) => {
  await addToCart(page, 'essential-crew-tee', 'True Navy', { L: '40' })
  await page.goto('/cart')
  const summary = page.getByRole('region', { name: 'Order summary' })
  await expect(summary.getByTestId('summary-subtotal')).toHaveText(/\$\d/)
  await expect(summary.getByTestId('cart-allowance')).toHaveCount(0)
})
