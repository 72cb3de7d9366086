import { expect, test } from '@playwright/test'

// Quantity price breaks on the demo store (issue 16): the Essential Crew Tee is $14.50, $13.00 from
// 12 pieces and $11.50 from 48, sizes 2XL and up keeping their upcharge. The product page shows the
// tiers and prices the grid at the pieces typed; the cart, priced by the server, charges the same.

test('a shopper sees the tiers, the grid priced at 12 pieces across two colours, and the cart charging the same', async ({ page }) => {
  await page.goto('/product/essential-crew-tee')
  const tiers = page.getByRole('region', { name: 'Quantity pricing' })
  await expect(tiers.getByRole('listitem')).toContainText(['1–11$14.50', '12–47$13.00', '48+$11.50'])
  await expect(tiers.getByRole('listitem').first()).toHaveAttribute('aria-current', 'true')

  // 6 navy M at the base price…
  await page.getByRole('radio', { name: 'True Navy' }).check({ force: true })
  await page.getByRole('spinbutton', { name: 'Quantity for size M', exact: true }).fill('6')
  await expect(page.getByText('$87.00')).toBeVisible() // 6 × $14.50
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Added to cart' }).first()).toBeVisible()

  // …then 4 black L and 2 black 2XL: 12 pieces of the tee in all, so every piece is at the 12+ price.
  await page.getByRole('radio', { name: 'Black' }).check({ force: true })
  await page.getByRole('spinbutton', { name: 'Quantity for size L', exact: true }).fill('4')
  await page.getByRole('spinbutton', { name: 'Quantity for size 2XL', exact: true }).fill('2')
  await expect(tiers.getByRole('listitem').nth(1)).toHaveAttribute('aria-current', 'true')
  await expect(page.getByText('Counts 6 pieces already in your cart.')).toBeVisible()
  await expect(page.getByText('$82.00')).toBeVisible() // 4 × $13.00 + 2 × $15.00
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Added to cart' }).first()).toBeVisible()

  await page.goto('/cart')
  await expect(page.getByRole('link', { name: /Cart, 12 items/ })).toBeVisible()
  const summary = page.getByRole('region', { name: 'Order summary' })
  await expect(summary.getByTestId('summary-subtotal')).toHaveText('$160.00') // 6 × $13.00 + $82.00

  // One piece fewer: 11 pieces, every one back at its base price.
  await page.getByRole('spinbutton', { name: 'Quantity of Essential Crew Tee, size M' }).first().fill('5')
  await expect(summary.getByTestId('summary-subtotal')).toHaveText('$163.50') // 5 × $14.50 + 4 × $14.50 + 2 × $16.50
  // Issue 27: the cart says what one more piece would do, on each line of the tee.
  await expect(page.getByText('Add 1 more of this product for $13.00 each.')).toHaveCount(2)
})
