import { expect, test } from '@playwright/test'
import { signIn } from './accounts'
import { expectNoAxeViolations } from './axe'
import { addToCart, continueButton, expectStepOpen, fillAddress, fillAddressesDeliveryAndDetails, fillSizeGrid, openStep } from './shopping'

/**
 * The axe audits of issue 6's pages in the states a shopper sees them, defined once for the desktop
 * (accessibility.spec.ts) and the phone project (accessibility.phone.spec.ts).
 */
export function accessibilityAudits() {
  test('the home page, the shop and a product page, before and after adding to the cart, have no axe violations', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Featured products' })).toBeVisible()
    await expectNoAxeViolations(page, '/')
    const menu = page.getByRole('button', { name: 'Open menu' })
    if (await menu.isVisible()) {
      await menu.click()
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop', exact: true })).toBeVisible()
      await expectNoAxeViolations(page, '/ with the menu open')
    }

    await page.goto('/shop')
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('heading', { level: 3 }).first()).toBeVisible()
    await expectNoAxeViolations(page, '/shop')
    await page.goto('/shop?q=polo&color=Black')
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('heading', { level: 3 }).first()).toBeVisible()
    await expectNoAxeViolations(page, '/shop filtered')

    await page.goto('/product/essential-crew-tee')
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled()
    await expectNoAxeViolations(page, '/product/essential-crew-tee')
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await expect(page.getByText('Enter a quantity for at least one size')).toBeVisible()
    await expectNoAxeViolations(page, '/product/essential-crew-tee asking for a quantity')
    await addToCart(page, 'essential-crew-tee', 'True Navy', { M: '2' })
    await expectNoAxeViolations(page, '/product/essential-crew-tee after adding to the cart')
  })

  test('the cart with a line in it and its delivery estimate have no axe violations', async ({ page }) => {
    await page.goto('/cart')
    await expect(page.getByRole('link', { name: 'Continue shopping' })).toBeVisible()
    await expectNoAxeViolations(page, '/cart empty')

    await addToCart(page, 'essential-crew-tee', 'True Navy', { M: '2', '2XL': '1' })
    await page.goto('/cart')
    await expect(page.getByTestId('summary-subtotal')).toHaveText('$45.50')
    await expectNoAxeViolations(page, '/cart with a line')

    const estimate = page.getByRole('region', { name: 'Estimate delivery and tax' })
    // Country and ZIP are enough to estimate: Colorado follows from the ZIP.
    await estimate.getByLabel('Country').selectOption({ label: 'United States' })
    await estimate.getByLabel('ZIP code').fill('80202')
    await estimate.getByRole('button', { name: 'Show delivery options' }).click()
    await estimate.getByRole('group', { name: 'Delivery options' }).getByRole('radio', { name: /Standard Ground/ }).check()
    await expect(page.getByTestId('summary-total')).toHaveText('$59.46')
    await expectNoAxeViolations(page, '/cart with delivery and tax estimated')
  })

  test('every step of a guest checkout, with its errors, and its confirmation have no axe violations', async ({ page }) => {
    await page.goto('/checkout')
    await expect(page.getByRole('link', { name: 'Go to the shop' })).toBeVisible()
    await expectNoAxeViolations(page, '/checkout with an empty cart')

    await addToCart(page, 'essential-crew-tee', 'True Navy', { L: '1' })
    await page.goto('/checkout')
    await expectStepOpen(page, 'Contact')
    // On a phone the summary is folded into the "Show order summary" bar: opened, it is audited too.
    const folded = page.getByRole('button', { name: /Show order summary/ })
    if (await folded.isVisible()) await folded.click()
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('$14.50')
    await expectNoAxeViolations(page, '/checkout, first step open')

    await continueButton(page).click()
    await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true')
    await expectNoAxeViolations(page, '/checkout, contact step with its errors')

    await page.getByLabel('Full name').fill('Casey Field')
    await page.getByLabel('Email').fill(`casey-a11y-${Date.now()}@example.com`)
    await fillAddress(page)
    await continueButton(page).click()
    // The default delivery method is chosen and a guest is asked no order details (issue 27): the review opens.
    await expectStepOpen(page, 'Review and place order')
    await openStep(page, 'Order details')
    await expectNoAxeViolations(page, '/checkout, order details step')
    await continueButton(page).click()
    await expectStepOpen(page, 'Review and place order')

    await openStep(page, 'Delivery')
    await expect(page.getByRole('radio', { name: /Standard Ground/ })).toBeChecked()
    await expectNoAxeViolations(page, '/checkout, delivery step with its options')
    await continueButton(page).click()

    await page.getByRole('textbox', { name: 'Promo code' }).fill('NOT-A-CODE')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByRole('textbox', { name: 'Promo code' })).toHaveAttribute('aria-invalid', 'true')
    await expectNoAxeViolations(page, '/checkout, the promo code refused')
    await page.getByRole('textbox', { name: 'Promo code' }).fill('')

    await openStep(page, 'Payment')
    await expectNoAxeViolations(page, '/checkout, payment step')
    await page.getByRole('radio', { name: /Bank transfer/ }).check()
    await continueButton(page).click()

    await expectStepOpen(page, 'Review and place order')
    await expect(page.getByRole('button', { name: 'Place order', exact: true })).toBeEnabled()
    await expectNoAxeViolations(page, '/checkout, review step')

    await page.getByRole('button', { name: 'Place order', exact: true }).click()
    await expect(page).toHaveURL(/\/checkout\/confirmation\?/)
    await expect(page.getByText(/S\d{5}/).first()).toBeVisible()
    await expectNoAxeViolations(page, '/checkout/confirmation')
  })

  test('with reduced motion, the message that a product was added stays on screen long enough to read', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/product/essential-crew-tee')
    await fillSizeGrid(page, { M: '1' })
    await page.getByRole('button', { name: 'Add to cart' }).click()
    const message = page.getByRole('alert').filter({ hasText: 'Added to cart' })
    await expect(message).toBeVisible()
    // Toasts close after 3 s (spec 9); still there well after the moment it appeared.
    await page.waitForTimeout(1500)
    await expect(message).toBeVisible()
  })

  test('/login with its errors has no axe violations', async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
    await expectNoAxeViolations(page, '/login')

    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
    await expectNoAxeViolations(page, '/login with field errors')

    await signIn(page, { email: `nobody-${Date.now()}@example.com`, password: 'not the password' })
    await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toContainText('Wrong email or password')
    await expectNoAxeViolations(page, '/login with a refused sign-in')
  })

  test('a signed-in checkout, the order it opens and /me/orders with the order have no axe violations', async ({ page }) => {
    await signIn(page, { email: 'alex.morgan@graniteridge.example', password: 'granite-ridge-demo' })
    // Sign-in goes back home; the account menu is in the header on a desktop, in the menu on a phone.
    await expect(page).toHaveURL(/\/$/)
    await addToCart(page, 'essential-crew-tee', 'True Navy', { S: '1' })
    await page.goto('/checkout')
    // The account and its saved addresses fill the first steps: the order details need the shopper first.
    await fillAddressesDeliveryAndDetails(page, { department: 'Engineering' })
    await openStep(page, 'Gift cards')
    await expectNoAxeViolations(page, '/checkout signed in, gift cards')
    await continueButton(page).click()
    // The tee is within Alex's allowance: nothing is left to pay, and the payment step says so.
    await openStep(page, 'Payment')
    await expect(page.getByText(/^Nothing left to pay/)).toBeVisible()
    await expectNoAxeViolations(page, '/checkout signed in, nothing left to pay')
    await continueButton(page).click()
    await expectStepOpen(page, 'Review and place order')
    await page.getByRole('button', { name: 'Place order', exact: true }).click()
    // A signed-in customer lands on the order in the account area.
    await expect(page).toHaveURL(/\/me\/orders\?order=\d+&access_token=/)
    await expect(page.getByRole('link', { name: /PDF/ }).first()).toBeVisible()
    await expectNoAxeViolations(page, '/me/orders, the order just placed')

    await page.goto('/me/orders')
    const order = page.getByRole('link', { name: /S\d{5}/ }).first()
    await expect(order).toBeVisible()
    await expectNoAxeViolations(page, '/me/orders with an order')
  })
}
