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

/**
 * From the billing step to the promotions step with the demo's choices: a Denver address, shipping
 * to it, Standard Ground, and the order details (cost center and department).
 */
export async function fillAddressesDeliveryAndDetails(page: Page, { costCenter = '4100-220', department = 'Survey' } = {}) {
  await fillAddress(page)
  await continueButton(page).click()
  await page.getByLabel('Ship to my billing address').check()
  await continueButton(page).click()
  await page.getByRole('radio', { name: /Standard Ground/ }).check()
  await continueButton(page).click()
  await page.getByLabel('Cost center').fill(costCenter)
  await page.getByLabel('Department').selectOption(department)
  await continueButton(page).click()
}

/**
 * A guest goes through every step of the checkout with the demo's choices (Denver, Standard Ground,
 * cost center and department) and the payment method `payment` names, then places the order.
 */
export async function guestCheckout(page: Page, { name, payment }: { name: string; payment: RegExp }) {
  await page.goto('/checkout')
  await page.getByLabel('Full name').fill(name)
  await page.getByLabel('Email').fill(`guest-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`)
  await continueButton(page).click()
  await fillAddressesDeliveryAndDetails(page)
  await continueButton(page).click()
  await page.getByRole('radio', { name: payment }).check()
  await continueButton(page).click()
  await page.getByRole('button', { name: 'Place order', exact: true }).click()
}
