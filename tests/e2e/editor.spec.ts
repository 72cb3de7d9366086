import { expect, type Page, test } from '@playwright/test'
import { accountMenu, signIn } from './support/accounts'
import { guestCheckout } from './support/shopping'

// The decoration editor (issue 7) on the demo store: a hoodie with the company logo on the left
// chest and a name on the back, priced as it is designed, ordered with a size grid, and found as
// a mockup with its placements in the cart, on the order page and in the order's PDF.

const HOODIE = '/product/midweight-pullover-hoodie'

const priceOf = async (page: Page, label: string) => {
  const row = page.locator('dt, span, div').filter({ hasText: new RegExp(`^${label}$`) }).first()
  return row.locator('xpath=following-sibling::*[1]').innerText()
}

async function checkOutAsGuest(page: Page) {
  await guestCheckout(page, { name: 'Sam Designer', payment: /Bank transfer/ })
  await expect(page.getByText('Order has been placed successfully!').first()).toBeVisible()
  await expect(page).toHaveURL(/\/checkout\/confirmation\?/)
}

test('a shopper designs a hoodie with a chest logo and a name on the back, orders it by size, and finds the design on the order and in its PDF', async ({ page, context }) => {
  await page.goto(HOODIE)
  await page.getByRole('link', { name: 'Design your own' }).click()
  await expect(page.getByRole('heading', { name: 'Design your Midweight Pullover Hoodie' })).toBeVisible()
  await expect(page.getByText('Add a logo or text to start your design.')).toBeVisible()

  await page.getByRole('button', { name: 'Add logo Granite Ridge Primary' }).click()
  await expect(page.getByRole('button', { name: /Granite Ridge Primary on Left chest/ })).toBeVisible()
  expect(await priceOf(page, 'Decoration per piece')).toBe('$4.50')
  expect(await priceOf(page, 'Setup \\(once per order line\\)')).toBe('$25.00')

  await page.getByRole('button', { name: 'Back', exact: true }).click()
  await page.getByRole('button', { name: 'Add text' }).click()
  await page.getByRole('textbox', { name: 'Text' }).fill('RIVERA 12')
  await expect(page.getByRole('button', { name: /Text “RIVERA 12” on Full back/ })).toBeVisible()
  // A second location adds its own per-piece price and setup.
  expect(await priceOf(page, 'Decoration per piece')).not.toBe('$4.50')

  await page.getByRole('spinbutton', { name: /size M/ }).fill('3')
  await page.getByRole('spinbutton', { name: /size L/ }).fill('2')
  await expect(page.getByText('Total quantity')).toBeVisible()
  expect(await priceOf(page, 'Total quantity')).toBe('5')
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByText('Your design was added to the cart').first()).toBeVisible()
  await expect(page).toHaveURL(/\/cart$/)

  const mockups = page.getByRole('img', { name: /Midweight Pullover Hoodie, (front|back)/ })
  await expect(mockups.first()).toBeVisible()
  await expect(page.getByText(/Left chest/).first()).toBeVisible()
  await expect(page.getByText(/Full back/).first()).toBeVisible()

  await checkOutAsGuest(page)
  await expect(page.getByRole('heading', { name: 'Designs' })).toBeVisible()
  await expect(page.getByRole('img', { name: /front view with the design/ })).toBeVisible()
  await expect(page.getByRole('img', { name: /back view with the design/ })).toBeVisible()
  await expect(page.getByText(/Text “RIVERA 12”: Full back/)).toBeVisible()
  const mockup = await page.getByRole('img', { name: /back view with the design/ }).getAttribute('src')
  expect((await context.request.get(mockup!)).headers()['content-type']).toMatch(/^image\//)

  const pdfHref = await page.getByRole('link', { name: /PDF/ }).first().getAttribute('href')
  const pdf = await context.request.get(pdfHref!)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  const images = (pdf.body().then((body) => body.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0))
  // The store's logo and the design's two mockups.
  expect(await images).toBeGreaterThanOrEqual(3)
})

test('with the keyboard only, a shopper places, moves and resizes a logo, undoes a move, and adds the design to the cart', async ({ page }) => {
  await page.goto(`/editor?product=midweight-pullover-hoodie`)
  await expect(page.getByRole('heading', { name: 'Design your Midweight Pullover Hoodie' })).toBeVisible()

  const addLogo = page.getByRole('button', { name: 'Add logo Stacked Wordmark' })
  await addLogo.focus()
  await page.keyboard.press('Enter')
  const logo = page.getByRole('button', { name: /Stacked Wordmark on Left chest/ })
  await expect(logo).toBeVisible()
  await logo.focus()
  const before = await logo.getAttribute('aria-label')

  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(logo).not.toHaveAttribute('aria-label', before!)
  const moved = await logo.getAttribute('aria-label')
  await page.keyboard.press('Control+z')
  await expect(logo).not.toHaveAttribute('aria-label', moved!)

  await page.keyboard.press('-')
  await expect(logo).toHaveAttribute('aria-label', /wide/)
  // Far beyond the left edge: the logo is kept inside its area, never outside it.
  for (let i = 0; i < 8; i++) await page.keyboard.press('Shift+ArrowLeft')
  await expect(page.getByRole('alert').filter({ hasText: /must stay inside/ })).toHaveCount(0)
  await expect(logo).toHaveAttribute('aria-label', /0(\.0)? in from the left/)

  const medium = page.getByRole('spinbutton', { name: /size M/ })
  await medium.focus()
  await page.keyboard.type('4')
  const submit = page.getByRole('button', { name: 'Add to cart' })
  await submit.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Your design was added to the cart').first()).toBeVisible()
  await expect(page).toHaveURL(/\/cart$/)
  // One decorated side: the line's own picture is the design's mockup.
  await expect(page.locator('img[src*="/api/images/designs/"]').first()).toBeVisible()
  await expect(page.getByText(/Stacked Wordmark · Left chest/)).toBeVisible()
})

test('a signed-in customer finds the designs they made under me/designs, opens one in the editor, and deletes one', async ({ page }) => {
  await signIn(page, { email: 'alex.morgan@graniteridge.example', password: 'granite-ridge-demo' })
  await expect(accountMenu(page, 'Alex Morgan')).toBeVisible()
  await page.goto('/editor?product=midweight-pullover-hoodie')
  await page.getByRole('button', { name: 'Add logo Granite Ridge Primary' }).click()
  await page.getByRole('spinbutton', { name: /size S/ }).fill('1')
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page).toHaveURL(/\/cart$/)

  await page.goto('/me/designs')
  await expect(page.getByRole('heading', { name: 'Saved designs' })).toBeVisible()
  const saved = page.getByRole('listitem').filter({ hasText: 'Midweight Pullover Hoodie' })
  await expect(saved.first().getByRole('img', { name: /front view with the design/ })).toBeVisible()
  await saved.first().getByRole('link', { name: /Open in the editor/ }).click()
  await expect(page.getByRole('button', { name: /Granite Ridge Primary on Left chest/ })).toBeVisible()
  await page.goto('/me/designs')
  await expect(saved.first()).toBeVisible()
  const before = await saved.count()
  await saved.first().getByRole('button', { name: /Delete/ }).click()
  await expect(page.getByText('Design deleted').first()).toBeVisible()
  await expect(saved).toHaveCount(before - 1)
})
