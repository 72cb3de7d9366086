import { expect, type Page, test } from '@playwright/test'
import { addToCart, guestCheckout } from './support/shopping'
import { waitForMail } from './support/stores'

// Issue 27: a guest who pays by bank transfer is told how to pay — the store's bank details (the
// demo's, set in data/demo-store.json), the amount and the order's reference to quote — on the
// confirmation page, and finds "Awaiting your payment" and the same instructions on their order
// page, opened from the confirmation mail's link. On a 1366×900 desktop and a 390×844 phone.

const BANK = { accountHolder: 'Granite Ridge Engineering, Inc.', bankName: 'Front Range Community Bank, Denver CO', accountNumber: '4402118799', routingCode: '107005048' }

async function expectInstructions(page: Page, reference: string, amount: string) {
  const block = page.getByRole('region', { name: 'How to pay by bank transfer' })
  await expect(block).toBeVisible()
  await expect(block).toContainText(`Please transfer ${amount} to the account below and quote ${reference} as the payment reference.`)
  const rows: [string, string][] = [
    ['Account holder', BANK.accountHolder],
    ['Bank', BANK.bankName],
    ['Account number', BANK.accountNumber],
    ['Routing number (ABA)', BANK.routingCode],
    ['Amount', amount],
    ['Reference to quote', reference],
  ]
  for (const [label, value] of rows) {
    await expect(block.getByRole('term').filter({ hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })).toBeVisible()
    await expect(block.getByRole('definition').filter({ hasText: value }).first()).toBeVisible()
  }
  await expect(block.getByRole('button', { name: `Copy Reference to quote` })).toBeVisible()
  // Nothing of it runs off the screen (a phone's 390 px).
  const box = await block.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= page.viewportSize()!.width).toBe(true)
}

for (const [device, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`on a ${device} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport })

    test('a guest paying by bank transfer sees how to pay on the confirmation, and "Awaiting your payment" with the same instructions on their order page', async ({ page, context }) => {
      const email = `transfer-${device}-${Date.now()}@example.com`
      await addToCart(page, 'essential-crew-tee', 'True Navy', { M: '2' })
      await guestCheckout(page, { name: 'Robin Transfer', payment: /Bank transfer/, email })
      await expect(page).toHaveURL(/\/checkout\/confirmation\?/)

      const heading = page.getByRole('heading', { name: /^Order S\d{5}$/ })
      await expect(heading).toBeVisible()
      const reference = (await heading.textContent())!.replace('Order ', '').trim()
      // The amount due is the order's total here (no gift card or allowance for a guest).
      const amount = (await page.getByRole('region', { name: 'How to pay by bank transfer' }).getByRole('definition').filter({ hasText: /^\$[\d,]+\.\d{2}$/ }).textContent())!.trim()
      await expectInstructions(page, reference, amount)
      // The method's text no longer promises a mail nobody sends.
      await expect(page.getByText(/we email our bank details/)).toHaveCount(0)

      // The confirmation mail's link is the guest's way back to the order.
      const mail = await waitForMail(email, { subject: new RegExp(reference) })
      expect(mail.text).toContain(`Reference to quote: ${reference}`)
      const link = new URL(/https?:\/\/\S+\/checkout\/confirmation\?\S+/.exec(mail.text ?? '')![0])
      const orderPage = await context.newPage()
      await orderPage.goto(`${link.pathname}${link.search}`)
      await expect(orderPage.getByRole('heading', { name: `Order ${reference}` })).toBeVisible()
      await expect(orderPage.getByText('Awaiting your payment', { exact: true })).toBeVisible()
      await expectInstructions(orderPage, reference, amount)
    })
  })
}
