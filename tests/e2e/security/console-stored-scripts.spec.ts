import type { BrowserContext, Page } from '@playwright/test'
import { normalizeTrackingNumber } from '@/isomorphic/tracking'
import { SCRIPT_PAYLOADS as P } from '../../support/attack-payloads'
import { STORES } from '../support/stores'
import type { Caller } from './attack'
import { type ConsoleCaller, consoleFixtures, expect, test } from './console-attack'
import { BANK_TRANSFER, type CartItem, demoCatalog, placeOrder } from './shop'

// Stored scripts in the console (issue 15, ASVS 5.0 1.2.x): whatever a shopper typed at checkout, a
// decoration partner typed into a problem (a tracking number refuses markup), or staff typed into a payment
// reference, a webhook endpoint or their own name, the console shows as text and never runs — on
// the dashboard, the order page, the work orders, the webhooks page — for the owner who opens them,
// and for the partner who opens its work order.

/** A polo with the Granite Ridge Primary logo (the demo partner's embroidery) and a tee with the Stacked Wordmark (another partner's print). */
async function twoPartnerItems(caller: Caller): Promise<CartItem[]> {
  const shop = await demoCatalog(caller)
  const products = await caller.query('getProductList', { pageSize: 999 })
  type Value = { id: number; name: string; attribute: { name: string } }
  const polo = (products.json.products.products as { slug: string; id: number; attributeValues: Value[] }[]).find((product) => product.slug === 'classic-pique-polo')!
  const color = polo.attributeValues.find((value) => value.attribute.name === 'Color')!
  const logo = polo.attributeValues.find((value) => value.attribute.name === 'Logo' && value.name === 'Granite Ridge Primary')!
  return [shop.item({ M: 2 }), { productId: polo.id, colorId: color.id, logoId: logo.id, quantity: { M: 1 } }]
}

/** Watches a page for anything a payload could do: a dialog, the marker, an injected element. */
function watch(page: Page) {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  return async (where: string) => {
    // Loaded, hydrated and idle (the console keeps a connection open, so never 'networkidle').
    await page.waitForLoadState('load')
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 3000 })))
    expect(dialogs, `${where}: dialogs`).toEqual([])
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), `${where}: window.__xss`).toBeUndefined()
    expect(await page.locator('img[src="x"], svg[onload], [onmouseover], script:text-matches("__xss")').count(), `${where}: injected elements`).toBe(0)
    expect(await page.evaluate(() => document.cookie), `${where}: the admin cookie is not readable by scripts`).not.toContain('admin_session')
  }
}

async function withConsoleCookie(context: BrowserContext, token: string) {
  const { hostname } = new URL(STORES.main)
  await context.addCookies(['/admin', '/api/admin'].map((path) => ({ name: 'admin_session', value: token, domain: hostname, path, httpOnly: true, sameSite: 'Strict' as const, secure: false })))
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read as loose JSON
async function ok(answer: Promise<{ status: number; text: string; json: any }>, what: string): Promise<any> {
  const done = await answer
  expect(done.status, `${what}: ${done.text}`).toBe(200)
  return done.json.data
}

test('script typed by shoppers, partners and staff shows as text on every console page that shows it, and runs nowhere', async ({ attack, consoleAs, page, browser }) => {
  test.setTimeout(120_000)
  const f = consoleFixtures()
  // The shopper's checkout: the contact's name, the address, a free-text extra field.
  const guest = await attack.caller('console-xss-guest')
  const shop = await demoCatalog(guest)
  const order = await placeOrder(guest, {
    items: await twoPartnerItems(guest),
    name: P.img,
    email: `console-xss-${Date.now()}@example.com`,
    address: { ...shop.address(P.img), street: P.script, street2: P.attribute, city: P.svg },
  })

  // Paid by bank transfer: confirmed; split into its work orders once the wire is marked received (issue 26).
  const paying = await guest.mutate('orderPayment', { acquirerId: BANK_TRANSFER, orderId: order.id, accessToken: order.accessToken })
  expect(paying.status, paying.text).toBe(200)

  // A store manager named with a script marks the wire received, with a script for a reference.
  const scripted = await consoleAs('scriptName')
  const reference = `${P.javascriptUrl} ${P.img}`.slice(0, 200)
  await ok(scripted.mutate('markOrderPaid', { orderId: order.id, reference }), 'markOrderPaid')

  // The two work orders: the demo partner ships with a script as tracking number; the other reports one as a problem.
  const owner = await consoleAs('owner')
  const { workOrders } = await ok(owner.query('orderWorkOrders', { orderId: order.id }), 'orderWorkOrders')
  const mine = (workOrders as { id: number; decorationPartner: { id: number } }[]).find((workOrder) => workOrder.decorationPartner.id === f.demoPartnerId)!
  const theirs = (workOrders as { id: number; decorationPartner: { id: number } }[]).find((workOrder) => workOrder.decorationPartner.id === f.otherPartnerId)!
  expect(mine && theirs, 'one work order per partner').toBeTruthy()
  const partner = await consoleAs('partner')
  await ok(partner.mutate('acceptWorkOrder', { workOrderId: mine.id }), 'acceptWorkOrder')
  const view = await ok(partner.query('workOrder', { workOrderId: mine.id }), 'workOrder')
  const lines = (view.lines as { orderLineId: number; quantity: number }[]).map((line) => ({ orderLineId: line.orderLineId, quantity: line.quantity }))
  // A tracking number is letters and digits: markup is refused outright, for every carrier.
  for (const carrier of ['ups', 'other']) {
    for (const trackingNumber of [P.img, P.script, P.javascriptUrl, P.template]) {
      const refused = await partner.mutate('shipWorkOrder', { workOrderId: mine.id, carrier, trackingNumber: trackingNumber.slice(0, 60), lines })
      expect(refused.status, `${carrier} ${trackingNumber}: ${refused.text}`).toBe(400)
    }
  }
  await ok(partner.mutate('shipWorkOrder', { workOrderId: mine.id, carrier: 'ups', trackingNumber: '1Z 999 AA1 0123456784', lines }), 'shipWorkOrder')
  const otherPartner = await consoleAs('otherPartner')
  const problem = `${P.svg} ${P.script}`
  await ok(otherPartner.mutate('reportWorkOrderProblem', { workOrderId: theirs.id, message: problem }), 'reportWorkOrderProblem')

  // A store manager's webhook endpoint with scripts in its address and description (inactive: never called).
  const manager: ConsoleCaller = await consoleAs('demoManager')
  const saved = await ok(
    manager.mutate('saveWebhookEndpoint', { websiteId: f.demoStoreId, url: `https://hooks.example/x?q="><svg onload=window.__xss=1>`, description: P.script, topics: ['order.placed'], isActive: false }),
    'saveWebhookEndpoint',
  )
  attack.journal.own(manager.name, saved.secret)

  // The owner opens the console's pages.
  await withConsoleCookie(page.context(), owner.token!)
  const nothingRan = watch(page)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Dashboard' }).first()).toBeVisible()
  await nothingRan('the dashboard')

  await page.goto(`/admin/orders/${order.id}`)
  await expect(page.getByText(order.name).first()).toBeVisible()
  // (The console's order page does not show the checkout's extra fields today; if it comes to, they run nowhere either.)
  for (const shown of [P.img, P.script, P.attribute, P.svg]) await expect(page.getByText(shown, { exact: false }).first(), `the order page shows ${shown}`).toBeVisible()
  await expect(page.getByText(P.javascriptUrl, { exact: false }).first(), 'the payment reference').toBeVisible()
  await expect(page.getByText(P.script, { exact: false }).first(), 'the staff member’s name in the timeline').toBeVisible()
  await nothingRan('the order page')

  await page.goto(`/admin/work-orders/${mine.id}`)
  await expect(page.getByText(normalizeTrackingNumber('1Z 999 AA1 0123456784')).first(), 'the tracking number').toBeVisible()
  await expect(page.getByText(P.script, { exact: false }).first(), 'the ship-to address').toBeVisible()
  await nothingRan('the shipped work order')

  await page.goto(`/admin/work-orders/${theirs.id}`)
  await expect(page.getByText(problem, { exact: false }).first(), 'the problem message').toBeVisible()
  await nothingRan('the work order with a problem')

  await page.goto('/admin/work-orders')
  await nothingRan('the work orders')

  await page.goto('/admin')
  await nothingRan('the dashboard with the problem queued')

  await page.goto(`/admin/webhooks?store=${f.demoStoreId}`)
  await expect(page.getByText(P.script, { exact: false }).first(), 'the endpoint’s description').toBeVisible()
  await nothingRan('the webhooks page')

  // The partner opens its own work order (the shopper's address, its tracking number).
  const partnerContext = await browser.newContext({ baseURL: STORES.main })
  try {
    await withConsoleCookie(partnerContext, partner.token!)
    const partnerPage = await partnerContext.newPage()
    const partnerRan = watch(partnerPage)
    await partnerPage.goto(`/admin/work-orders/${mine.id}`)
    await expect(partnerPage.getByText(P.script, { exact: false }).first()).toBeVisible()
    await partnerRan('the partner’s work order')
  } finally {
    await partnerContext.close()
  }
})
