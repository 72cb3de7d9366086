import { expect, test } from '@playwright/test'
import { freshEmail, signUp } from './support/accounts'
import { consoleSignIn, personPage } from './support/console-pages'
import { DEMO_OWNER, ownerCode } from './support/console-users'
import { addToCart, fillAddressesDeliveryAndDetails, fillPurchaseOrderNumber, guestCheckout } from './support/shopping'

const DESKTOP = { width: 1366, height: 900 }
const PHONE = { width: 390, height: 844 }

test('shots', async ({ browser, page }) => {
  test.setTimeout(300_000)
  // A customer's order and a guest's, so the lists have something.
  await signUp(page, { name: 'Shot Buyer', email: freshEmail('shot'), password: 'shot-buyer-pass-1' })
  await addToCart(page, 'essential-crew-tee', 'True Navy', { M: '2', L: '1' })
  await page.goto('/checkout')
  await fillAddressesDeliveryAndDetails(page, { costCenter: '4100-220', department: 'Survey' })
  await fillPurchaseOrderNumber(page)
  await page.getByRole('button', { name: 'Place order', exact: true }).click()
  await expect(page.getByText(/^Order has been placed successfully!$/).first()).toBeVisible()
  for (const [name, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(size)
    await page.goto('/me/orders')
    await expect(page.getByText(/S\d{5}/).first()).toBeVisible()
    await page.waitForTimeout(800)
    await page.screenshot({ path: `/tmp/shots/my-orders-${name}.png`, fullPage: true })
  }
  const guest = await browser.newPage()
  await addToCart(guest, 'essential-crew-tee', 'True Navy', { M: '1' })
  await guestCheckout(guest, { name: 'Gale Guest', payment: /Bank transfer/ })
  await guest.waitForTimeout(1500)

  const owner = await personPage(browser, '198.19.77.9')
  await consoleSignIn(owner, DEMO_OWNER.email, DEMO_OWNER.password)
  await owner.getByLabel('Code').fill(await ownerCode())
  await owner.getByRole('button', { name: 'Verify' }).click()
  await expect(owner.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  for (const [name, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await owner.setViewportSize(size)
    for (const [shot, path] of [
      ['customers', '/admin/customers'],
      ['work-orders', '/admin/work-orders'],
      ['settings', '/admin/settings'],
      ['staff', '/admin/staff'],
      ['orders', '/admin/orders'],
      ['stores', '/admin/stores'],
      ['audit', '/admin/audit'],
    ] as const) {
      await owner.goto(path)
      await expect(owner.getByRole('heading', { level: 1 }).first()).toBeVisible()
      await owner.screenshot({ path: `/tmp/shots/${shot}-${name}.png`, fullPage: shot !== 'settings' })
    }
    await owner.goto('/admin/orders')
    await owner.getByRole('link', { name: /S\d{5}/ }).first().click()
    await expect(owner.getByRole('heading', { level: 1 }).first()).toBeVisible()
    await owner.screenshot({ path: `/tmp/shots/order-${name}.png`, fullPage: true })
  }
  // The product page and the editor on a phone.
  const shopper = await browser.newPage()
  for (const [name, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await shopper.setViewportSize(size)
    await shopper.goto('/product/essential-crew-tee')
    await shopper.waitForTimeout(800)
    await shopper.screenshot({ path: `/tmp/shots/product-${name}.png` })
    await shopper.getByRole('spinbutton').first().focus()
    await shopper.waitForTimeout(300)
    await shopper.screenshot({ path: `/tmp/shots/product-grid-${name}.png` })
    await shopper.goto('/editor?product=midweight-pullover-hoodie')
    await shopper.getByRole('button', { name: 'Add text' }).click()
    await shopper.waitForTimeout(500)
    await shopper.screenshot({ path: `/tmp/shots/editor-text-${name}.png` })
  }
})
