import { expect, test } from '@playwright/test'
import { addToCart, continueButton, expectStepOpen, fillAddress, openStep } from './support/shopping'

// Timing and sizing on the demo store (issue 17): the store's production lead time (7–10 business
// days) on the product page, the cart and the checkout; a size chart from the size grid; delivery
// options with the store's description and an arrival date range; an in-hands date that warns.

const ARRIVAL = /^Arrives [A-Z][a-z]{2} \d{1,2}( – [A-Z][a-z]{2} \d{1,2})?$/

test('the product page states the lead time and opens the size chart as a dialog with a table', async ({ page }) => {
  await page.goto('/product/essential-crew-tee')
  await expect(page.getByTestId('product-lead-time')).toHaveText('Made to order: ships in 7–10 business days')

  const chart = page.getByRole('dialog', { name: 'Essential Crew Tee: size chart' })
  // The button opens the chart at once, even before the page's script has run.
  await page.getByRole('button', { name: 'Size chart' }).click()
  await expect(chart).toBeVisible()
  await expect(chart.getByRole('columnheader', { name: 'Chest (in)' })).toBeVisible()
  await expect(chart.getByRole('row', { name: /^M / })).toContainText('42')
  await page.keyboard.press('Escape')
  await expect(chart).toBeHidden()

  // The picture opens large, from the keyboard too.
  await page.getByRole('button', { name: 'Open a larger image' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Essential Crew Tee, larger image' })).toBeVisible()
  await page.keyboard.press('Escape')
})

test('the cart and the checkout show the lead time, and each delivery option its description and arrival', async ({ page }) => {
  await addToCart(page, 'essential-crew-tee', 'True Navy', { M: '2' })
  await page.goto('/cart')
  await expect(page.getByTestId('cart-lead-time')).toHaveText('Made to order: ships in 7–10 business days after you order.')

  // Contact and address on the first screen; the first delivery method is chosen, its step closed.
  await page.goto('/checkout')
  await page.getByLabel('Full name').fill('Tim Ing')
  await page.getByLabel('Email').fill(`timing-${Date.now()}@example.com`)
  await fillAddress(page)
  await continueButton(page).click()
  // A guest is asked no order details (issue 27): the review opens next.
  await expectStepOpen(page, 'Review and place order')
  await openStep(page, 'Delivery')

  await expect(page.getByTestId('checkout-lead-time')).toHaveText('Made to order: ships in 7–10 business days.')
  const standard = page.locator('label').filter({ hasText: 'Standard Ground' })
  await expect(standard).toContainText('Free on orders of $150 or more.')
  await expect(standard.getByTestId('delivery-arrival')).toHaveText(ARRIVAL)
  // The store's names, never a pricing rule's.
  await expect(page.locator('label').filter({ hasText: 'Economy Ground' })).toBeVisible()
  await expect(page.getByText('Ground by Weight')).toHaveCount(0)

  await page.getByRole('radio', { name: /Standard Ground/ }).check()
  // An in-hands date tomorrow is before any arrival: the shopper is warned.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
  await page.getByLabel('In-hands date (optional)').fill(tomorrow)
  await expect(page.getByTestId('in-hands-warning')).toContainText('before the earliest arrival')
  // Months ahead, no warning.
  const later = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10)
  await page.getByLabel('In-hands date (optional)').fill(later)
  await expect(page.getByTestId('in-hands-warning')).toHaveCount(0)
})
