import { expect, type Page, test } from '@playwright/test'

// Card payments on the main store through the fake Stripe (tests/e2e/support/fake-stripe-server.ts):
// the checkout sends the shopper to the hosted page, and only the store's own check (the signed
// webhook, or asking Stripe on the way back) confirms the order.

async function guestCheckoutWithCard(page: Page) {
  await page.goto('/product/essential-crew-tee')
  await page.getByRole('radio', { name: 'True Navy' }).check({ force: true })
  await page.getByRole('spinbutton', { name: 'Quantity for size L', exact: true }).fill('2')
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Added to cart' }).first()).toBeVisible()
  await page.goto('/checkout')
  await page.getByLabel('Full name').fill('Morgan Card')
  await page.getByLabel('Email').fill(`morgan-${Date.now()}@example.com`)
  await page.getByRole('button', { name: 'Continue' }).first().click()
  await page.getByLabel('Full name').fill('Morgan Card')
  await page.getByLabel('Street address').fill('1600 Wynkoop St')
  await page.getByLabel('City').fill('Denver')
  await page.getByLabel('Country').selectOption({ label: 'United States' })
  await page.getByLabel('State / province').selectOption({ label: 'Colorado' })
  await page.getByLabel('ZIP / postal code').fill('80202')
  await page.getByRole('button', { name: 'Continue' }).first().click()
  await page.getByLabel('Ship to my billing address').check()
  await page.getByRole('button', { name: 'Continue' }).first().click()
  await page.getByRole('radio', { name: /Standard Ground/ }).check()
  await page.getByRole('button', { name: 'Continue' }).first().click()
  await page.getByLabel('Cost center').fill('4100-220')
  await page.getByLabel('Department').selectOption('Survey')
  await page.getByRole('button', { name: 'Continue' }).first().click()
  await page.getByRole('button', { name: 'Continue' }).first().click()
  await page.getByRole('radio', { name: /Credit or debit card/ }).check()
  await page.getByRole('button', { name: 'Continue' }).first().click()
  await page.getByRole('button', { name: 'Place order', exact: true }).click()
}

test('a guest pays by card on the hosted page and the order is confirmed by the store, not by the browser', async ({ page }) => {
  await guestCheckoutWithCard(page)
  await expect(page).toHaveURL(/127\.0\.0\.1:3135\/c\/pay\/cs_/)
  await expect(page.getByRole('heading', { name: /^Pay / })).toBeVisible()
  await page.getByRole('button', { name: 'Pay' }).click()

  await expect(page).toHaveURL(/\/payment\/(status|success)\?/)
  await expect(page.getByText('Order has been confirmed successfully!').first()).toBeVisible()
  await expect(page.getByText('Your payment has been received.')).toBeVisible()
  await expect(page.getByText(/S\d{5}/).first()).toBeVisible()
})

test('a shopper who cancels on the hosted page comes back to /payment with the order still to pay', async ({ page }) => {
  await guestCheckoutWithCard(page)
  await expect(page).toHaveURL(/127\.0\.0\.1:3135\/c\/pay\/cs_/)
  await page.getByRole('link', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/payment\?/)
  await expect(page.getByRole('heading', { name: 'Pay for your order' })).toBeVisible()
  await expect(page.getByText('Amount due')).toBeVisible()
  await expect(page.getByText('Order has been confirmed successfully!')).toHaveCount(0)
})

test('a forged return to the success page confirms nothing', async ({ page }) => {
  await guestCheckoutWithCard(page)
  await expect(page).toHaveURL(/127\.0\.0\.1:3135\/c\/pay\/cs_/)
  const cancel = new URL((await page.getByRole('link', { name: 'Cancel' }).getAttribute('href'))!, page.url())
  await page.goto(cancel.toString())
  const back = new URL(page.url())
  // The shopper edits the address bar to claim success without paying.
  await page.goto(`/payment/success${back.search}`)
  await expect(page.getByText('Order has been confirmed successfully!')).toHaveCount(0)
  await expect(page.getByText(/is not confirmed yet/)).toBeVisible()
})
