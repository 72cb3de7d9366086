import { expect, type Page } from '@playwright/test'

// The mouse-and-form way through the demo store's shop and checkout, for specs that look at the
// pages along the way (the keyboard-only walk is tests/e2e/keyboard-checkout.spec.ts).

export async function addToCart(page: Page, slug: string, color: string, quantities: Record<string, string>) {
  await page.goto(`/product/${slug}`)
  await page.getByRole('radio', { name: color }).check({ force: true })
  await fillSizeGrid(page, quantities)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Added to cart' }).first()).toBeVisible()
}

/**
 * Types the quantities into the product page's size grid, at once (a quantity typed while the page
 * is still loading its script counts too), and sees the page count them.
 */
export async function fillSizeGrid(page: Page, quantities: Record<string, string>) {
  const total = Object.values(quantities).reduce((sum, pieces) => sum + Number(pieces), 0)
  const counted = page.locator('dt', { hasText: 'Total quantity' }).locator('xpath=following-sibling::dd[1]')
  for (const [size, pieces] of Object.entries(quantities)) {
    await page.getByRole('spinbutton', { name: `Quantity for size ${size}`, exact: true }).fill(pieces)
  }
  await expect(counted).toHaveText(String(total))
}

/**
 * The billing address on the checkout's first screen: the name comes from Contact, the country
 * starts as the store's first (United States) and the ZIP fills in the state.
 */
export async function fillAddress(page: Page) {
  await page.getByLabel('Street address').fill('1600 Wynkoop St')
  await page.getByLabel('City').fill('Denver')
  await page.getByLabel('ZIP / postal code').fill('80202')
  await expect(page.getByLabel('State / province').locator('option:checked')).toHaveText('Colorado')
}

/** The open step's Continue. */
export function continueButton(page: Page) {
  return page.getByRole('button', { name: 'Continue' }).first()
}

/** The step whose heading button is `title`, once it is the open one. */
export async function expectStepOpen(page: Page, title: string) {
  await expect(page.getByRole('button', { name: new RegExp(title), expanded: true })).toBeVisible()
}

/** Opens a closed step by its heading ("Payment Edit"). */
export async function openStep(page: Page, title: string) {
  await page.getByRole('button', { name: new RegExp(`^${title}`), expanded: false }).click()
  await expectStepOpen(page, title)
}

/** The store's order details (cost center and department), once that step is the open one. */
export async function fillOrderDetails(page: Page, { costCenter = '4100-220', department = 'Survey' } = {}) {
  await expectStepOpen(page, 'Order details')
  await page.getByLabel('Cost center').fill(costCenter)
  await page.getByLabel('Department').selectOption(department)
  await continueButton(page).click()
}

/**
 * A guest through the checkout with the demo's choices: contact and a Denver address on the first
 * screen, the default delivery (Standard Ground), no order details (the demo asks its cost center
 * and department of employees only, issue 27), then the payment method `payment` names (the first,
 * the card, is chosen already), and places the order. `email`: the guest's address (a fresh one by default).
 */
export async function guestCheckout(page: Page, { name, payment, email }: { name: string; payment: RegExp; email?: string }) {
  await page.goto('/checkout')
  await page.getByLabel('Full name').fill(name)
  await page.getByLabel('Email').fill(email ?? `guest-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`)
  await fillAddress(page)
  await continueButton(page).click()
  await expectStepOpen(page, 'Review and place order')
  await expect(page.getByLabel('Cost center')).toHaveCount(0)
  if (!(await page.getByText(payment).first().isVisible())) {
    await openStep(page, 'Payment')
    await page.getByRole('radio', { name: payment }).check()
    await continueButton(page).click()
    await expectStepOpen(page, 'Review and place order')
  }
  await page.getByRole('button', { name: 'Place order', exact: true }).click()
}

/**
 * From where the checkout settled to the step after the order details, with the demo's choices: a
 * Denver address when the first screen is open (contact filled by the caller or the account), the
 * default delivery method (Standard Ground), and the order details — or, with `details` null (a
 * guest, whom the demo asks no order details, issue 27), straight on to the review.
 */
export async function fillAddressesDeliveryAndDetails(page: Page, details: { costCenter?: string; department?: string } | null = {}) {
  await expect(page.getByRole('button', { name: /^(Contact|Order details)/, expanded: true })).toBeVisible()
  if (await page.getByRole('button', { name: /^Contact/, expanded: true }).isVisible()) {
    if (await page.getByLabel('Street address').isVisible()) await fillAddress(page)
    await continueButton(page).click()
  }
  if (details === null) {
    await expectStepOpen(page, 'Review and place order')
    await expect(page.getByLabel('Cost center')).toHaveCount(0)
    return
  }
  await fillOrderDetails(page, details)
}

/** The purchase order number, once the payment step asks for it (the demo's first method for employees). */
export async function fillPurchaseOrderNumber(page: Page, number = 'PO-4471') {
  await expectStepOpen(page, 'Payment')
  await page.getByRole('radio', { name: /Purchase order/ }).check()
  await page.getByRole('textbox', { name: 'Purchase order number' }).fill(number)
  await continueButton(page).click()
  await expectStepOpen(page, 'Review and place order')
}
