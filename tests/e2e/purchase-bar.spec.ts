import { expect, type Page, test } from '@playwright/test'

// Issue 27: on a product page the purchase bar (the total and "Add to cart") is pinned to the bottom
// of the screen while the shopper reads the page — but never over the size grid: while any of the
// grid is where the pinned bar would be, the bar waits in its place below the grid. Checked at
// 1366×900 and on a 390×844 phone, scrolled so each row of the grid in turn sits at the bottom.

const SIZES = [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const

type Box = { top: number; bottom: number }

async function boxes(page: Page): Promise<{ bar: Box; inputs: Box[]; viewport: number }> {
  return page.evaluate(() => {
    const rect = (element: Element) => {
      const { top, bottom } = element.getBoundingClientRect()
      return { top, bottom }
    }
    const bar = document.querySelector('[data-testid="purchase-bar"]')!
    const inputs = [...document.querySelectorAll('form input[type="number"], form input[inputmode="numeric"]')].map(rect)
    return { bar: rect(bar), inputs, viewport: window.innerHeight }
  })
}

for (const [screen, size] of SIZES) {
  test(`on a ${screen} the purchase bar never covers the size grid, and is in view at the top of the page on a phone`, async ({ page }) => {
    await page.setViewportSize(size)
    await page.goto('/product/essential-crew-tee')
    const bar = page.getByTestId('purchase-bar')
    await expect(bar.getByRole('button', { name: 'Add to cart' })).toBeVisible()
    if (screen === 'phone') await expect(bar.getByRole('button', { name: 'Add to cart' })).toBeInViewport()

    const grid = page.getByRole('spinbutton')
    const count = await grid.count()
    expect(count).toBeGreaterThan(3)
    for (let index = 0; index < count; index++) {
      // Bring the input to the bottom of the screen, as a shopper scrolling down does.
      await grid.nth(index).evaluate((input) => input.scrollIntoView({ block: 'end' }))
      await page.waitForTimeout(100)
      const measured = await boxes(page)
      for (const input of measured.inputs) {
        const onScreen = input.bottom > 0 && input.top < measured.viewport
        const covered = onScreen && input.bottom > measured.bar.top && input.top < measured.bar.bottom
        expect(covered, `a size field (${Math.round(input.top)}–${Math.round(input.bottom)}) is under the bar (${Math.round(measured.bar.top)}–${Math.round(measured.bar.bottom)})`).toBe(false)
      }
    }
  })
}
