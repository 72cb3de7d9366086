import { expect, test } from '@playwright/test'

test.describe('a shopper on a phone', () => {
  test('opens the menu, goes to the shop, filters in the filter dialog and opens a product', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const hasHorizontalScroll = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
    expect(hasHorizontalScroll).toBe(false)

    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop', exact: true }).click()
    await expect(page).toHaveURL(/\/shop$/)

    await page.getByRole('button', { name: /Filters/ }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('checkbox', { name: 'Polos' }).check()
    await dialog.getByRole('button', { name: /Show \d+ products?/ }).click()
    await expect(page).toHaveURL(/category=Polos/)
    const cards = page.getByRole('list', { name: 'Products' }).getByRole('heading', { level: 3 }).getByRole('link')
    await expect(cards.first()).toBeVisible()
    await cards.first().click()
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible()
  })
})
