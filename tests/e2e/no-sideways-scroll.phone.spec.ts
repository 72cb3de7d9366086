import { expect, type Locator, type Page, test } from '@playwright/test'
import { signIn } from './support/accounts'
import { addToCart, guestCheckout } from './support/shopping'

// Issue 17: on a 390 px phone no shopper page scrolls sideways — the order lines' Qty / Unit price /
// Total columns stack, the account sections wrap, nothing is wider than the screen.
test.use({ viewport: { width: 390, height: 844 } })

/** The page, once `ready` shows, is no wider than the screen; else the widest elements are named. */
async function expectNoSidewaysScroll(page: Page, what: string, ready: Locator) {
  await expect(ready).toBeVisible()
  const measured = await page.evaluate(() => {
    const width = window.innerWidth
    const tooWide = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120))
    return { scrollWidth: document.documentElement.scrollWidth, width, tooWide }
  })
  expect(measured.scrollWidth, `${what} is ${measured.scrollWidth}px wide on a ${measured.width}px screen: ${measured.tooWide.join(' | ')}`).toBeLessThanOrEqual(measured.width)
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first()

test('no shopper page scrolls sideways on a 390 px phone', async ({ page }) => {
  test.setTimeout(240_000)
  await page.goto('/')
  await expectNoSidewaysScroll(page, 'the home page', heading(page))
  await page.goto('/shop')
  await expectNoSidewaysScroll(page, 'the shop', page.getByRole('list', { name: 'Products' }).getByRole('heading', { level: 3 }).first())
  await page.goto('/product/essential-crew-tee')
  await expectNoSidewaysScroll(page, 'a product page', page.getByRole('button', { name: 'Add to cart' }))
  await page.goto('/editor?product=midweight-pullover-hoodie')
  await expectNoSidewaysScroll(page, 'the editor', heading(page))
  await page.goto('/about-us')
  await expectNoSidewaysScroll(page, 'a content page', heading(page))
  await page.goto('/no-such-page-on-this-store')
  await expectNoSidewaysScroll(page, 'the 404 page', heading(page))
  await page.goto('/login')
  await expectNoSidewaysScroll(page, 'sign-in', page.getByRole('button', { name: 'Sign in', exact: true }))
  await page.goto('/signup')
  await expectNoSidewaysScroll(page, 'sign-up', page.getByRole('button', { name: 'Create account' }))

  await addToCart(page, 'essential-crew-tee', 'True Navy', { M: '2', '2XL': '1' })
  await page.goto('/cart')
  await expectNoSidewaysScroll(page, 'the cart', page.getByRole('spinbutton').first())
  await page.goto('/checkout')
  await expectNoSidewaysScroll(page, 'the checkout', page.getByRole('button', { name: 'Continue' }).first())

  await guestCheckout(page, { name: 'Casey Narrow', payment: /Bank transfer/ })
  await expect(page).toHaveURL(/\/checkout\/confirmation\?/)
  // Issue 27: the order's toasts do not cover "Thank you" on a phone.
  const toast = page.getByText('Order has been placed successfully!')
  await expect(toast).toBeVisible()
  const [thanks, toastBox] = [await page.getByRole('heading', { name: 'Thank you' }).boundingBox(), await toast.boundingBox()]
  expect(thanks && toastBox && (toastBox.y >= thanks.y + thanks.height || toastBox.y + toastBox.height <= thanks.y), 'a toast covers "Thank you"').toBe(true)
  const lines = page.getByRole('list', { name: 'Products' })
  await expectNoSidewaysScroll(page, 'the order confirmation', lines)
  // On a phone each order line is a list item with its figures labelled, not a wide table row.
  await expect(lines.getByRole('listitem').first()).toContainText('Unit price')
  const confirmation = new URL(page.url())

  // Signed in (an approver, so every account section shows): the account pages, the guest's order
  // opened with its link, and the approvals.
  await signIn(page, { email: 'jamie.reyes@graniteridge.example', password: 'granite-ridge-approver' })
  await expect(page).not.toHaveURL(/\/login/)
  for (const [path, ready] of [
    ['/me', page.getByRole('heading', { name: 'Change password' })],
    ['/me/addresses', page.getByRole('heading', { name: 'Shipping addresses' })],
    ['/me/orders', page.getByRole('navigation', { name: 'Account' })],
    ['/me/designs', page.getByRole('navigation', { name: 'Account' })],
    ['/me/gift-cards', page.getByRole('navigation', { name: 'Account' })],
    ['/me/approvals', page.getByRole('navigation', { name: 'Account' })],
  ] as const) {
    await page.goto(path)
    await expectNoSidewaysScroll(page, path, ready)
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0)
    await expectNoSidewaysScroll(page, `${path} loaded`, ready)
  }
  await page.goto(`/me/orders${confirmation.search}`)
  await expectNoSidewaysScroll(page, 'an order in the account', page.getByRole('list', { name: 'Products' }))
})
