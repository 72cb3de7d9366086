import { type Browser, expect, type Page, test } from '@playwright/test'
import { DEMO_OWNER, DEMO_PARTNER, ownerCode } from './support/console-users'
import { addToCart, guestCheckout } from './support/shopping'

// The console's order story (issue 15): a guest orders in the demo store and pays by bank transfer;
// the owner sees the order on the dashboard and marks it paid; the demo decoration partner accepts
// its work order and ships it with a UPS tracking number; the guest's order page shows the parcel;
// the owner refunds one line and the guest's order page shows the refund.
//
// The demo partner user belongs to the first decoration partner, Blue Heron Embroidery, which
// embroiders the Granite Ridge Primary and Peak Mark logos: the polos carry them. The crew tee the
// checkout specs buy carries the Stacked Wordmark first, Redline Screen Printing's, so its work
// order would go to Redline, whom no demo user works for.

const TRACKING = '1Z999AA10123456784'

/** A browser context of its own for each person, from an address of its own (the sign-in limits count per address). */
async function personPage(browser: Browser, address: string): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } })
  return context.newPage()
}

async function consoleSignIn(page: Page, email: string, password: string) {
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('an order from the guest’s checkout through payment, production, shipping and a refund, in the console', async ({ browser }) => {
  test.setTimeout(180_000)
  const suffix = `${Math.floor(Math.random() * 200) + 20}`

  // The guest orders two polos (Granite Ridge Primary, embroidered by Blue Heron) and pays by bank transfer.
  const guest = await personPage(browser, `198.19.1.${suffix}`)
  await addToCart(guest, 'classic-pique-polo', 'True Navy', { M: '1', L: '1' })
  await guestCheckout(guest, { name: 'Casey Field', payment: /Bank transfer/ })
  await expect(guest).toHaveURL(/\/checkout\/confirmation\?order=\d+&access_token=/)
  await expect(guest.getByText('Order has been confirmed successfully!').first()).toBeVisible()
  const guestOrderPage = guest.url()
  const reference = /S\d{5,}/.exec((await guest.getByText(/S\d{5,}/).first().textContent()) ?? '')?.[0]
  expect(reference).toBeTruthy()

  // The owner signs in with a TOTP code and finds the order among the latest on the dashboard.
  const owner = await personPage(browser, `198.19.2.${suffix}`)
  await consoleSignIn(owner, DEMO_OWNER.email, DEMO_OWNER.password)
  await owner.getByLabel('Code').fill(await ownerCode())
  await owner.getByRole('button', { name: 'Verify' }).click()
  await expect(owner.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  const latest = owner.getByRole('region', { name: 'Latest orders' })
  await expect(latest).toContainText(reference!)
  await expect(owner.getByRole('region', { name: 'Awaiting payment' }).getByRole('link', { name: /View all/ })).toBeVisible()
  await latest.getByRole('link', { name: new RegExp(reference!) }).click()
  await expect(owner.getByRole('heading', { name: `Order ${reference}` })).toBeVisible()
  await expect(owner.getByText('Awaiting payment').first()).toBeVisible()
  // Paid up front (issue 26): the decoration partner hears of it only once the money is in.
  const workOrdersPanel = owner.getByRole('region', { name: /Work orders and shipments/ })
  await expect(workOrdersPanel).toContainText('Waiting for payment')
  await expect(workOrdersPanel).not.toContainText('Blue Heron Embroidery Co.')

  // Marked paid with the transfer's reference: the work order goes to Blue Heron.
  await owner.getByRole('button', { name: 'Mark paid' }).click()
  const markPaid = owner.getByRole('dialog', { name: `Mark order ${reference} paid` })
  await markPaid.getByLabel('Payment reference').fill('WIRE-20260314-77')
  await markPaid.getByRole('button', { name: 'Mark paid' }).click()
  await expect(markPaid).toBeHidden()
  await expect(owner.getByRole('region', { name: 'Payments' })).toContainText('WIRE-20260314-77')
  await expect(workOrdersPanel).toContainText('Blue Heron Embroidery Co.')
  await expect(workOrdersPanel).toContainText('New')

  // The demo decoration partner lands on its work orders, accepts this one and ships it by UPS.
  const partner = await personPage(browser, `198.19.3.${suffix}`)
  await consoleSignIn(partner, DEMO_PARTNER.email, DEMO_PARTNER.password)
  await expect(partner).toHaveURL(/\/admin\/work-orders$/)
  await partner.getByRole('link', { name: new RegExp(`Order ${reference}`) }).click()
  await expect(partner.getByRole('heading', { name: /Work order/ })).toBeVisible()
  await partner.getByRole('button', { name: 'Accept', exact: true }).click()
  await expect(partner.getByText('Work order accepted.')).toBeVisible()
  await partner.getByLabel('Carrier').selectOption({ label: 'UPS' })
  await partner.getByLabel('Tracking number').fill(TRACKING)
  await partner.getByRole('button', { name: 'Record the shipment' }).click()
  await expect(partner.getByText('Shipment recorded.')).toBeVisible()
  await expect(partner.getByText('Shipped in full. Nothing left to do.')).toBeVisible()

  // The guest's order page shows the parcel with its tracking link.
  await guest.goto(guestOrderPage)
  await expect(guest.getByText(new RegExp(`tracking number ${TRACKING}`))).toBeVisible()
  const track = guest.getByRole('link', { name: 'Track the parcel' })
  await expect(track).toHaveAttribute('href', new RegExp(TRACKING))

  // The owner sees the shipment, then refunds the L polo.
  await owner.reload()
  await expect(workOrdersPanel).toContainText(TRACKING)
  await expect(workOrdersPanel.getByRole('link', { name: TRACKING })).toHaveAttribute('href', new RegExp(TRACKING))
  await expect(owner.getByRole('button', { name: 'Mark delivered' })).toBeVisible()
  await owner.getByRole('button', { name: 'Refund' }).click()
  const refund = owner.getByRole('dialog', { name: `Refund on order ${reference}` })
  await refund.getByLabel(/Classic Piqué Polo.*\(L\)/).fill('1')
  await refund.getByLabel('Reason').fill('One polo came back unworn.')
  await refund.getByRole('button', { name: 'Refund' }).click()
  await expect(refund).toBeHidden()
  const refunds = owner.getByRole('region', { name: 'Refunds' })
  await expect(refunds).toContainText('One polo came back unworn.')
  const refunded = /\$\d+\.\d{2}/.exec((await refunds.locator('li').first().textContent()) ?? '')?.[0]
  expect(refunded).toBeTruthy()

  // The guest's order page shows what was given back.
  await guest.goto(guestOrderPage)
  await expect(guest.getByText(`Refunded ${refunded}`)).toBeVisible()
})
