import { expect, type Page, test } from '@playwright/test'
import { signIn } from './support/accounts'

// Pages whose content arrives in the browser after the first paint must not push what is already
// on screen (Lighthouse's CLS budget is 0.02, docs/benchmarks.md P5). Layout shifts are summed by
// the browser's own PerformanceObserver from the first paint on; no time is measured.

/** Records every layout shift of the next page load, before any of its scripts run. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = []
    ;(window as unknown as { layoutShifts: number[] }).layoutShifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value)
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

const shiftTotal = (page: Page) => page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0))

test('the account area loads its orders without pushing the footer up the screen and back', async ({ page }) => {
  await signIn(page, { email: 'alex.morgan@graniteridge.example', password: 'granite-ridge-demo' })
  // Sign-in goes back home (the account menu is inside the phone's menu).
  await expect(page).toHaveURL(/\/$/)
  await recordShifts(page)
  // A phone's slower processor (as Lighthouse's mobile run), so the loading state is seen first.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.goto('/me/orders')
  await expect(page.getByRole('link', { name: 'Orders', exact: true })).toHaveAttribute('aria-current', 'page')
  await page.waitForLoadState('networkidle')
  expect(await shiftTotal(page)).toBeLessThanOrEqual(0.02)
})
