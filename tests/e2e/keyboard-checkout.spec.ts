import { expect, type Locator, type Page, test } from '@playwright/test'

// Issue 6: a shopper without a mouse completes a checkout. Only page.keyboard moves and acts (Tab,
// Shift+Tab, Enter, Space, arrow keys, typing); every element the focus reaches must show a focus
// ring.

type FocusState = { description: string; ring: boolean }

/**
 * What has the focus and whether its ring is drawn: the store draws focus rings as an outline in its
 * accent colour (globals.css), on the element, its ::after (product cards) or, for a visually hidden
 * control such as a colour swatch's radio, on a part of its label; a box shadow shown on keyboard
 * focus counts too.
 */
async function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body) return { description: 'nothing (the page)', ring: false }
    const probe = document.createElement('span')
    probe.style.color = 'var(--color-accent)'
    document.body.append(probe)
    const accent = getComputedStyle(probe).color
    probe.remove()
    const outlined = (node: Element, pseudo?: string) => {
      const style = getComputedStyle(node, pseudo)
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && style.outlineColor === accent
    }
    const box = element.getBoundingClientRect()
    const ring =
      box.width <= 1 || box.height <= 1
        ? [...(element.closest('label')?.querySelectorAll('*') ?? [])].some((node) => outlined(node))
        : outlined(element) || outlined(element, '::after') || (getComputedStyle(element).boxShadow !== 'none' && element.matches(':focus-visible'))
    const name = element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? element.textContent ?? ''
    const type = element.getAttribute('type')
    return {
      description: `${element.tagName.toLowerCase()}${type ? `[type=${type}]` : ''} "${name.replace(/\s+/g, ' ').trim().slice(0, 60)}"`,
      ring,
    }
  })
}

async function expectFocusRing(page: Page) {
  const state = await focusState(page)
  expect(state.ring, `a focus ring on ${state.description}`).toBe(true)
}

async function isFocused(target: Locator): Promise<boolean> {
  if ((await target.count()) !== 1) return false
  return target.evaluate((element) => element === document.activeElement)
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking the ring on every stop. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}) {
  const passed: string[] = []
  for (let press = 0; press < max; press++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    await expectFocusRing(page)
    if (await isFocused(target)) return
    passed.push((await focusState(page)).description)
  }
  throw new Error(`${target} was not reached in ${max} presses; the focus went through:\n${passed.join('\n')}`)
}

/** Arrow keys through a radio group (the focus is in it) until `target` is checked. */
async function arrowTo(page: Page, target: Locator, max = 10) {
  for (let press = 0; press < max && !(await target.isChecked()); press++) {
    await page.keyboard.press('ArrowDown')
    await expectFocusRing(page)
  }
  await expect(target).toBeChecked()
  await expect(target).toBeFocused()
}

/** Types into the focused field, which must be `field`. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field)
  await page.keyboard.type(text)
  await expect(field).toHaveValue(text)
}

/** Enter on the open step's Continue; the next step opens with the focus on its heading. */
async function continueTo(page: Page, nextStep: string) {
  await tabTo(page, page.getByRole('button', { name: 'Continue' }))
  await page.keyboard.press('Enter')
  const heading = page.getByRole('button', { name: new RegExp(nextStep), expanded: true })
  await expect(heading).toBeFocused()
  await expectFocusRing(page)
}

test('a guest completes a checkout with the keyboard alone, and the focus is visible at every step', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto('/product/essential-crew-tee')
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled()

  // The skip link first, then into the order form: a colour by arrow keys, a quantity for size M.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  await expectFocusRing(page)
  await page.keyboard.press('Enter')
  await tabTo(page, page.getByRole('group', { name: /^Color/ }).getByRole('radio', { checked: true }))
  await arrowTo(page, page.getByRole('radio', { name: 'Heather Grey' }))
  await typeInto(page, page.getByRole('spinbutton', { name: 'Quantity for size M', exact: true }), '2')
  await tabTo(page, page.getByRole('button', { name: 'Add to cart' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert').filter({ hasText: 'Added to cart' }).first()).toBeVisible()

  // To the cart by the link the form shows, and on to the checkout.
  await tabTo(page, page.getByRole('link', { name: 'View cart' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/cart$/)
  await expect(page.getByRole('heading', { name: 'Essential Crew Tee' })).toBeVisible()
  await expect(page.getByText('Color: Heather Grey')).toBeVisible()
  await expect(page.getByTestId('summary-subtotal')).toHaveText('$29.00')
  await tabTo(page, page.getByRole('link', { name: 'Proceed to checkout' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/checkout$/)

  // Contact and the billing address on one screen: the country starts as the store's first and
  // the ZIP fills in the state; shipping goes to the billing address unless unticked.
  await expect(page.getByRole('button', { name: /Contact/, expanded: true })).toBeVisible()
  await typeInto(page, page.getByLabel('Full name'), 'Kai Keys')
  await typeInto(page, page.getByLabel('Email'), `kai-keys-${Date.now()}@example.com`)
  await typeInto(page, page.getByLabel('Street address'), '1600 Wynkoop St')
  await typeInto(page, page.getByLabel('City'), 'Denver')
  await typeInto(page, page.getByLabel('ZIP / postal code'), '80202')
  await expect(page.getByLabel('State / province').locator('option:checked')).toHaveText('Colorado')
  await expect(page.getByRole('checkbox', { name: 'Ship to my billing address' })).toBeChecked()
  // The delivery method is chosen already (the store's first), and a guest is asked no order details
  // (issue 27): the review opens next.
  await continueTo(page, 'Review and place order')

  // Another delivery method and payment method: back to their steps by their headings.
  await tabTo(page, page.getByRole('button', { name: /^Delivery/ }), { backwards: true })
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: /^Delivery/, expanded: true })).toBeFocused()
  await tabTo(page, page.getByRole('radio', { name: /Standard Ground/ }))
  await arrowTo(page, page.getByRole('radio', { name: /Two-Day Express/ }))
  await continueTo(page, 'Review and place order')
  await tabTo(page, page.getByRole('button', { name: /^Payment/ }), { backwards: true })
  await page.keyboard.press('Enter')
  // A guest: card or bank transfer (the invoice and purchase orders are for signed-in employees).
  await tabTo(page, page.getByRole('radio', { checked: true }))
  await arrowTo(page, page.getByRole('radio', { name: /Bank transfer/ }))
  await continueTo(page, 'Review and place order')

  const summary = page.getByRole('region', { name: 'Order summary' })
  await expect(summary).toContainText('$29.00')
  await expect(summary).toContainText('$24.95')
  const placeOrder = page.getByRole('button', { name: 'Place order', exact: true })
  await expect(placeOrder).toBeEnabled()
  await tabTo(page, placeOrder)
  await page.keyboard.press('Enter')
  await expect(page.getByText(/^Order has been (placed|confirmed) successfully!$/).first()).toBeVisible()
  await expect(page).toHaveURL(/\/checkout\/confirmation\?/)
  await expect(page.getByText(/S\d{5}/).first()).toBeVisible()
})
