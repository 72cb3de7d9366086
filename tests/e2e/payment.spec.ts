import { expect, type Page, test } from '@playwright/test'
import { addToCart, guestCheckout } from './support/shopping'

// Card payments on the main store through the fake Stripe (tests/e2e/support/fake-stripe-server.ts):
// the checkout sends the shopper to the hosted page, and only the store's own check (the signed
// webhook, or asking Stripe on the way back) confirms the order.

async function guestCheckoutWithCard(page: Page) {
  await addToCart(page, 'essential-crew-tee', 'True Navy', { L: '2' })
  await guestCheckout(page, { name: 'Morgan Card', payment: /Credit or debit card/ })
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
