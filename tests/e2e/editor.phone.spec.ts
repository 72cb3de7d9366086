import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'

// The decoration editor on a phone (Pixel 7, touch): a logo is dragged with a finger, through the
// touch events Chromium turns into pointer events, and stays inside its print area. The resize
// handle sits outside the corner on a touch screen, so a small logo can still be grabbed.

test('on a phone, a shopper drags a logo with a finger and it moves, staying inside its area', async ({ page }) => {
  await page.goto('/editor?product=midweight-pullover-hoodie')
  await page.getByRole('button', { name: 'Add logo Stacked Wordmark' }).tap()
  const logo = page.getByRole('button', { name: /Stacked Wordmark on Left chest/ })
  await expect(logo).toBeVisible()
  await logo.scrollIntoViewIfNeeded()
  const before = await logo.getAttribute('aria-label')
  const box = (await logo.boundingBox())!

  const touch = await page.context().newCDPSession(page)
  // The logo itself, not its resize handle (which sits off its bottom-right corner on touch screens).
  const x = box.x + box.width * 0.3
  const y = box.y + box.height * 0.3
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
  for (let step = 1; step <= 5; step++) {
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x - step * 6, y: y + step * 4 }] })
  }
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })

  await expect(logo).not.toHaveAttribute('aria-label', before!)
  await expect(page.getByRole('alert').filter({ hasText: /must stay inside/ })).toHaveCount(0)
  // Undo puts it back where it was: one drag is one step.
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(logo).toHaveAttribute('aria-label', before!)
})

type Rect = { x: number; y: number; width: number; height: number }
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5

test('on a phone, a left-chest logo is seen whole, print area names do not overlap, and touch gestures are explained instead of keyboard shortcuts', async ({ page }) => {
  await page.goto('/editor?product=midweight-pullover-hoodie')
  await expect(page.getByTestId('touch-help')).toBeVisible()
  await expect(page.getByTestId('keyboard-help')).toBeHidden()

  await page.getByRole('button', { name: 'Add logo Granite Ridge Primary' }).tap()
  const logo = page.getByRole('button', { name: /Granite Ridge Primary on Left chest/ })
  await logo.scrollIntoViewIfNeeded()
  const box = (await logo.boundingBox())!
  // The garment fills the phone's width.
  const frame = (await page.getByTestId('editor-viewport').boundingBox())!
  expect(frame.width).toBeGreaterThan(340)
  const atCentre = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[aria-roledescription]')?.getAttribute('aria-label') ?? null, {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  })
  expect(atCentre).toMatch(/Granite Ridge Primary on Left chest/)
  const labels = (await Promise.all((await page.getByTestId('area-label').all()).map((label) => label.boundingBox()))).filter((label): label is Rect => label !== null)
  for (const label of labels) expect(overlaps(label, box)).toBe(false)
  for (const [i, a] of labels.entries()) for (const b of labels.slice(i + 1)) expect(overlaps(a, b)).toBe(false)
  expect(overlaps((await page.getByTestId('resize-handle').boundingBox())!, box)).toBe(false)

  // Zoomed in for the small chest area, the logo is larger and still in view.
  await page.getByRole('button', { name: 'Zoom in' }).tap()
  await page.getByRole('button', { name: 'Zoom in' }).tap()
  await expect(page.getByTestId('zoom-level')).toHaveText('200%')
  const zoomed = (await logo.boundingBox())!
  expect(zoomed.width).toBeGreaterThan(box.width * 1.8)
  const view = (await page.getByTestId('editor-viewport').boundingBox())!
  expect(zoomed.x).toBeGreaterThanOrEqual(view.x)
  expect(zoomed.x + zoomed.width).toBeLessThanOrEqual(view.x + view.width)
})

test('on a phone, the editor with a logo placed has no axe violation', async ({ page }) => {
  await page.goto('/editor?product=midweight-pullover-hoodie')
  await page.getByRole('button', { name: 'Add logo Granite Ridge Primary' }).tap()
  await expect(page.getByRole('button', { name: /Granite Ridge Primary on Left chest/ })).toBeVisible()
  await expectNoAxeViolations(page, 'the editor on a phone')
})

test('on a phone, new text is brought into view on the garment, logo names are not cut off, and a small decoration is a 44 px touch target', async ({ page }) => {
  await page.goto('/editor?product=midweight-pullover-hoodie')
  // The logos' names are read whole (two lines at most), not cut to "Stacked Wor…".
  const name = page.getByRole('button', { name: 'Add logo Stacked Wordmark' }).getByText('Stacked Wordmark')
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth + 1 && element.scrollHeight <= element.clientHeight + 1)).toBe(true)

  await page.getByRole('button', { name: 'Add text' }).tap()
  const text = page.getByRole('button', { name: /Text “YOUR NAME” on/ })
  await expect(text).toBeInViewport()

  await page.getByRole('button', { name: 'Add logo Stacked Wordmark' }).tap()
  const logo = page.getByRole('button', { name: /Stacked Wordmark on Left chest/ })
  await expect(logo).toBeInViewport()
  // The decoration's touch box (its ::after on a coarse pointer) is at least 44 px each way.
  const target = await logo.evaluate((element) => {
    const after = getComputedStyle(element, '::after')
    return { width: parseFloat(after.width), height: parseFloat(after.height) }
  })
  expect(target.width).toBeGreaterThanOrEqual(44)
  expect(target.height).toBeGreaterThanOrEqual(44)
})
