import { expect, test } from '@playwright/test'

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
