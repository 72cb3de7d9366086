import { expect, type Page, test } from '@playwright/test'
import { accountMenu, freshEmail, logOut, signIn, signUp } from './support/accounts'

// The cart on the demo store (no outside service): prices, delivery and tax all come from the
// server — fixed and weight-based delivery, the built-in tax table (Denver ZIPs 802*: 8.81 %,
// shipping not taxed in Colorado).

async function addToCart(page: Page, slug: string, color: string, quantities: Record<string, string>) {
  await page.goto(`/product/${slug}`)
  await page.getByRole('radio', { name: color }).check({ force: true })
  for (const [size, pieces] of Object.entries(quantities)) {
    await page.getByRole('spinbutton', { name: `Quantity for size ${size}`, exact: true }).fill(pieces)
  }
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Added to cart' }).first()).toBeVisible()
}

const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' })

test('a shopper edits the cart, removes a line and estimates delivery and tax for an address', async ({ page }) => {
  await addToCart(page, 'essential-crew-tee', 'True Navy', { M: '3', '2XL': '2' })
  await addToCart(page, 'tri-blend-crew-tee', 'Sage', { L: '1' })

  await page.goto('/cart')
  const tee = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Essential Crew Tee' }) })
  await expect(tee.getByText('$76.50')).toBeVisible() // 3 × $14.50 + 2 × $16.50, priced by the server
  await expect(summary(page).getByTestId('summary-subtotal')).toHaveText('$94.00')

  // Change a quantity: the line and the subtotal are re-priced by the server.
  await page.getByRole('spinbutton', { name: 'Quantity of Essential Crew Tee, size M' }).fill('4')
  await expect(tee.getByText('$91.00')).toBeVisible()
  await expect(summary(page).getByTestId('summary-subtotal')).toHaveText('$108.50')

  // Remove a line.
  await page.getByRole('button', { name: 'Remove Tri-Blend Crew Tee from the cart' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Product removed successfully' }).first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Tri-Blend Crew Tee' })).toHaveCount(0)
  await expect(summary(page).getByTestId('summary-subtotal')).toHaveText('$91.00')
  await expect(page.getByRole('link', { name: /Cart, 6 items/ })).toBeVisible()

  // Estimate delivery and tax: the country and the ZIP are enough (the ZIP says the state).
  const estimate = page.getByRole('region', { name: 'Estimate delivery and tax' })
  await estimate.getByLabel('Country').selectOption({ label: 'United States' })
  await expect(estimate.getByLabel('City')).toHaveCount(0)
  await expect(estimate.getByLabel('Street address')).toHaveCount(0)
  await estimate.getByLabel('ZIP code').fill('80202')
  await estimate.getByRole('button', { name: 'Show delivery options' }).click()

  const options = estimate.getByRole('group', { name: 'Delivery options' })
  await expect(options.getByRole('radio')).toHaveCount(4)
  await expect(options.getByText('Standard Ground')).toBeVisible()
  await expect(options.locator('label').filter({ hasText: 'Standard Ground' })).toContainText('$9.95')
  // 6 tees × 0.42 lb = 2.52 lb: the "up to 5 lb" rule.
  await expect(options.locator('label').filter({ hasText: 'Economy Ground' })).toContainText('$11.00')
  await expect(options.locator('label').filter({ hasText: 'Two-Day Express' })).toContainText('$24.95')

  await options.getByRole('radio', { name: /Standard Ground/ }).check()
  await expect(summary(page).getByTestId('summary-shipping')).toHaveText('$9.95')
  await expect(summary(page).getByTestId('summary-taxes')).toHaveText('$8.02') // 8.81 % of $91.00
  await expect(summary(page).getByTestId('summary-total')).toHaveText('$108.97')

  // A bad address is refused with a message a person can act on.
  await estimate.getByLabel('ZIP code').fill('8020')
  await estimate.getByRole('button', { name: 'Show delivery options' }).click()
  await expect(estimate.getByRole('alert')).toContainText('Please enter a ZIP code of 5 digits')
})

test('a signed-in cart is kept on the server: it survives signing out and in again', async ({ page }) => {
  await addToCart(page, 'essential-crew-tee', 'Black', { L: '2' })
  const email = freshEmail('cart')
  const name = 'Casey Cart'
  await signUp(page, { name, email, password: 'carts are kept safe' })
  // The anonymous cart joined the (empty) server cart at sign-in.
  await page.goto('/cart')
  await expect(page.getByRole('heading', { name: 'Essential Crew Tee' })).toBeVisible()
  // The change is saved to the server cart after a short pause.
  // (The save that carries the 5: one still under way from the sign-in may answer first.)
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/user/cart') && response.status() === 200 && /"L":5\b/.test(response.request().postData() ?? ''),
  )
  await page.getByRole('spinbutton', { name: 'Quantity of Essential Crew Tee, size L' }).fill('5')
  await expect(summary(page).getByTestId('summary-subtotal')).toHaveText('$72.50')
  await saved

  await logOut(page, name)
  await expect(page.getByRole('link', { name: 'Cart, empty' })).toBeVisible()

  await signIn(page, { email, password: 'carts are kept safe' })
  await expect(accountMenu(page, name)).toBeVisible()
  await expect(page.getByRole('link', { name: /Cart, 5 items/ })).toBeVisible()
  await page.goto('/cart')
  await expect(page.getByRole('heading', { name: 'Essential Crew Tee' })).toBeVisible()
  await expect(summary(page).getByTestId('summary-subtotal')).toHaveText('$72.50')
})
