import { readFile } from 'node:fs/promises'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { freshEmail, signUp } from './support/accounts'
import { CONSOLE_ACCOUNTS } from './support/console-accounts'
import { rememberSecret } from './support/server-logs.mjs'
import { addToCart, continueButton, fillAddressesDeliveryAndDetails, fillPurchaseOrderNumber, openStep } from './support/shopping'

// Selling in the console (issue 16): the demo store's manager creates a 10% promo code and a guest
// applies it at checkout; the manager issues three gift cards, downloads their numbers once (the
// console never shows them again), and a new customer redeems one and pays with it.

const cont = continueButton

/** A browser context of its own for each person, from an address of its own (the sign-in limits count per address). */
async function personPage(browser: Browser, address: string): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address }, acceptDownloads: true })
  return context.newPage()
}

async function managerPage(browser: Browser, address: string): Promise<Page> {
  const manager = await personPage(browser, address)
  rememberSecret('a console password typed at sign-in', CONSOLE_ACCOUNTS.demoManager.password)
  await manager.goto('/admin/login')
  await manager.getByLabel('Email').fill(CONSOLE_ACCOUNTS.demoManager.email)
  await manager.getByLabel('Password').fill(CONSOLE_ACCOUNTS.demoManager.password)
  await manager.getByRole('button', { name: 'Sign in' }).click()
  await expect(manager.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  return manager
}

const suffix = () => `${Math.floor(Math.random() * 200) + 20}`

test('a manager creates a 10% promo code in the console, a guest applies it at checkout, and the promotion counts the use', async ({ browser }) => {
  test.setTimeout(180_000)
  const code = `CREW${Date.now().toString(36).toUpperCase()}`
  const manager = await managerPage(browser, `198.19.11.${suffix()}`)

  await manager.goto('/admin/promotions')
  await manager.getByRole('link', { name: 'New promotion' }).click()
  await manager.getByLabel('Name').fill(`Crew discount ${code}`)
  await manager.getByRole('textbox', { name: /^Code/ }).fill(code)
  await manager.getByLabel('Percentage off').fill('10')
  await manager.getByRole('button', { name: 'Create promotion' }).click()
  await expect(manager.getByRole('heading', { name: `Crew discount ${code}` })).toBeVisible()
  await expect(manager).toHaveURL(/\/admin\/promotions\/\d+\?store=\d+$/)
  const promotionPage = manager.url()

  await manager.goto('/admin/promotions?q=' + code)
  const row = manager.getByRole('row').filter({ hasText: code })
  await expect(row).toContainText('10% off the order')
  await expect(row).toContainText('Active')

  // A guest buys two crew tees ($29.00) and enters the code in any case.
  const guest = await personPage(browser, `198.19.12.${suffix()}`)
  await addToCart(guest, 'essential-crew-tee', 'True Navy', { M: '2' })
  await guest.goto('/checkout')
  await guest.getByLabel('Full name').fill('Casey Crew')
  await guest.getByLabel('Email').fill(freshEmail('crew'))
  await fillAddressesDeliveryAndDetails(guest, null)
  await guest.getByRole('textbox', { name: 'Promo code' }).fill(code.toLowerCase())
  await guest.getByRole('button', { name: 'Apply' }).click()
  await expect(guest.getByText(new RegExp(`Promo code ${code} applied`, 'i')).first()).toBeVisible()
  await openStep(guest, 'Payment')
  await guest.getByRole('radio', { name: /Bank transfer/ }).check()
  await cont(guest).click()
  const summary = guest.getByRole('region', { name: 'Order summary' })
  await expect(summary).toContainText('$29.00')
  await expect(summary).toContainText('−$2.90')
  await guest.getByRole('button', { name: 'Place order', exact: true }).click()
  await expect(guest.getByText(/Order has been (placed|confirmed) successfully!/).first()).toBeVisible()

  await manager.goto(promotionPage)
  await expect(manager.getByTestId('promotion-uses')).toHaveText('1')
})

test('a manager issues three gift cards, downloads their numbers once, and a new customer pays with one', async ({ browser }) => {
  test.setTimeout(240_000)
  const manager = await managerPage(browser, `198.19.13.${suffix()}`)
  await manager.goto('/admin/gift-cards')
  await manager.getByRole('button', { name: 'Issue gift cards' }).click()
  const form = manager.getByRole('form', { name: 'Issue gift cards' })
  await form.getByLabel('Amount per card ($)').fill('20')
  await form.getByLabel('How many').fill('3')
  await form.getByLabel('Note').fill('=HYPERLINK("https://attacker.example")')
  await form.getByRole('button', { name: 'Issue', exact: true }).click()

  const issued = manager.getByRole('status', { name: 'Issued gift cards' })
  await expect(issued).toContainText('3 gift cards were issued.')
  const numbers = (await issued.getByRole('list', { name: 'Gift card numbers' }).getByRole('listitem').allTextContents()).map((text) => text.split(' ')[0]!)
  expect(numbers).toHaveLength(3)
  for (const number of numbers) rememberSecret('a gift card number issued in the console', number)

  const [download] = await Promise.all([manager.waitForEvent('download'), issued.getByRole('button', { name: 'Download CSV' }).click()])
  const csv = await readFile((await download.path())!, 'utf8')
  const lines = csv.trim().split('\r\n')
  expect(lines[0]).toBe('Gift card number,Last 4,Amount,Expires,Recipient,Note')
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(numbers)
  expect(lines[1]).toContain(`"'=HYPERLINK(""https://attacker.example"")"`)

  // Closed, the numbers are gone for good: neither this page nor the list shows them again.
  await issued.getByRole('button', { name: 'I have saved them' }).click()
  await expect(issued).toBeHidden()
  await manager.reload()
  const shown = await manager.locator('main').textContent()
  for (const number of numbers) expect(shown).not.toContain(number)
  const last4 = numbers[0]!.slice(-4)
  await expect(manager.getByRole('link', { name: `…${last4}` }).first()).toBeVisible()

  // A new customer redeems the first number at checkout and pays $20.00 of four tees ($58.00) with it.
  const shopper = await personPage(browser, `198.19.14.${suffix()}`)
  await signUp(shopper, { name: 'Gift Receiver', email: freshEmail('console-gift'), password: 'gift-receiver-pass-1' })
  await addToCart(shopper, 'essential-crew-tee', 'True Navy', { M: '2', L: '2' })
  await shopper.goto('/checkout')
  await fillAddressesDeliveryAndDetails(shopper, { costCenter: '7300-115', department: 'Survey' })
  await openStep(shopper, 'Gift cards')
  await shopper.getByLabel('Gift card number').fill(numbers[0]!.toLowerCase())
  await shopper.getByRole('button', { name: 'Redeem' }).click()
  await expect(shopper.getByText('Gift card added successfully').first()).toBeVisible()
  await shopper.getByLabel('Use my gift card balance ($20.00)').check()
  await cont(shopper).click()
  await fillPurchaseOrderNumber(shopper)
  const summary = shopper.getByRole('region', { name: 'Order summary' })
  await expect(summary.getByTestId('checkout-gift-card')).toContainText('−$20.00')
  await shopper.getByRole('button', { name: 'Place order', exact: true }).click()
  await expect(shopper.getByText(/^Order has been (placed|confirmed) successfully!$/).first()).toBeVisible()

  // The card's page: balance 0, redeemed by the customer, and the spend links to the order.
  await manager.goto(`/admin/gift-cards?last4=${last4}`)
  await manager.getByRole('link', { name: `…${last4}` }).first().click()
  await expect(manager.getByRole('heading', { name: `Gift card …${last4}` })).toBeVisible()
  await expect(manager.getByTestId('gift-card-balance')).toHaveText('$0.00')
  const ledger = manager.getByRole('region', { name: 'Ledger' })
  await expect(ledger).toContainText('Redeemed into an account')
  await expect(ledger.getByRole('link', { name: /S\d{5,}/ })).toBeVisible()
  await expect(ledger).toContainText('−$20.00')
  expect(await manager.locator('main').textContent()).not.toContain(numbers[0])
})
