import { expect, type Page } from '@playwright/test'

// The mouse-and-form way through the demo store's shop and checkout, for specs that look at the
// pages along the way (the keyboard-only walk is tests/e2e/keyboard-checkout.spec.ts).

export async function addToCart(page: Page, slug: string, color: string, quantities: Record<string, string>) {
  await page.goto(`/product/${slug}`)
  await page.getByRole('radio', { name: color }).check({ force: true })
  for (const [size, pieces] of Object.entries(quantities)) {
    await page.getByRole('spinbutton', { name: `Quantity for size ${size}`, exact: true }).fill(pieces)
  }
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Added to cart' }).first()).toBeVisible()
}

export async function fillAddress(page: Page) {
  await page.getByLabel('Full name').fill('Casey Field')
  await page.getByLabel('Street address').fill('1600 Wynkoop St')
  await page.getByLabel('City').fill('Denver')
  await page.getByLabel('Country').selectOption({ label: 'United States' })
  await page.getByLabel('State / province').selectOption({ label: 'Colorado' })
  await page.getByLabel('ZIP / postal code').fill('80202')
}

/** The open step's Continue. */
export function continueButton(page: Page) {
  return page.getByRole('button', { name: 'Continue' }).first()
}

/** The step whose heading button is `title`, once it is the open one. */
export async function expectStepOpen(page: Page, title: string) {
  await expect(page.getByRole('button', { name: new RegExp(title), expanded: true })).toBeVisible()
}
