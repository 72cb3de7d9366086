import { type Browser, expect, test } from '@playwright/test'
import { accountMenu, freshEmail, signedIn, signUp } from './support/accounts'
import { consoleSignIn, personPage } from './support/console-pages'
import { DEMO_OWNER, ownerCode } from './support/console-users'
import { addToCart, fillAddressesDeliveryAndDetails, fillPurchaseOrderNumber } from './support/shopping'
import { STORES } from './support/stores'

// Many stores on one install (issue 25): the owner creates a club's store from the demo store in the
// console, renames it, gives it its own accent colour, previews the draft and opens it; a shopper
// signs up and orders there; the order is in the console under that store only; a session of the
// demo store is not a session of the club's store.

const port = new URL(STORES.main).port
const suffix = `${Date.now() % 1e8}`
const CLUB_HOST = `club-${suffix}.localhost`
const CLUB = `http://${CLUB_HOST}:${port}`

async function signedInOwner(browser: Browser) {
  const owner = await personPage(browser, `198.19.25.${1 + (Number(suffix) % 200)}`)
  await consoleSignIn(owner, DEMO_OWNER.email, DEMO_OWNER.password)
  await owner.getByLabel('Code').fill(await ownerCode())
  await owner.getByRole('button', { name: 'Verify' }).click()
  await expect(owner.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  return owner
}

test('an owner creates a club store from the demo store, opens it, and its orders and sessions stay its own', async ({ browser }) => {
  test.setTimeout(180_000)
  const owner = await signedInOwner(browser)

  // Create the store from the demo template: a draft at its own host name.
  await owner.goto('/admin/stores')
  const form = owner.getByRole('form', { name: 'Create a store' })
  await form.getByRole('combobox', { name: /^Template/ }).selectOption({ label: 'Copy of Granite Ridge Company Store' })
  await form.getByLabel('Store name').fill('Club store (draft)')
  await form.getByLabel('Store code').fill(`club-${suffix}`)
  await form.getByLabel('Host names').fill(CLUB_HOST)
  await form.getByRole('button', { name: 'Create store' }).click()
  await expect(form.getByRole('status')).toContainText('was created as a draft')
  const row = owner.getByRole('listitem', { name: 'Club store (draft)' })
  await expect(row.getByText('Draft', { exact: true })).toBeVisible()
  await expect(row).toContainText(CLUB_HOST)

  // A draft is nobody's store but through the console's preview.
  const stranger = await browser.newContext()
  const strangerPage = await stranger.newPage()
  const closed = await strangerPage.goto(`${CLUB}/`)
  expect(closed?.status()).toBe(404)
  await expect(strangerPage.getByRole('heading', { name: 'No store here' })).toBeVisible()
  const previewOpened = owner.context().waitForEvent('page')
  await row.getByRole('button', { name: 'Preview' }).click()
  const preview = await previewOpened
  await expect(preview).toHaveURL(new RegExp(`^${CLUB}/$`))
  await expect(preview.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await preview.close()

  // Its name and accent colour are its own, set on the store's settings page.
  const storeId = await owner.evaluate(async () => {
    const response = await fetch('/api/admin/query', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: 'stores.list', value: {} }) })
    const { data } = (await response.json()) as { data: { rows: { websiteId: number; name: string }[] } }
    return data.rows.find((store) => store.name === 'Club store (draft)')!.websiteId
  })
  await owner.goto(`/admin/settings?store=${storeId}`)
  await owner.getByLabel('Store name').fill('Riverside Club Store')
  await owner.getByRole('textbox', { name: 'Accent colour', exact: true }).fill('#0b5d1e')
  await owner.getByRole('button', { name: 'Save settings' }).click()
  await expect(owner.getByRole('status').filter({ hasText: /saved/i }).first()).toBeVisible()

  // Opened to the public.
  await owner.goto('/admin/stores')
  const opened = owner.getByRole('listitem', { name: 'Riverside Club Store' })
  await opened.getByRole('button', { name: 'Open to the public' }).click()
  await expect(opened.getByText('Open', { exact: true })).toBeVisible()

  // A shopper signs up and orders at the club's address, in the club's colours.
  const shopperContext = await browser.newContext({ baseURL: CLUB })
  const shopper = await shopperContext.newPage()
  await shopper.goto('/')
  await expect(shopper).toHaveTitle(/Riverside Club Store/)
  expect(await shopper.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim().toLowerCase())).toContain('#0b5d1e')
  await signUp(shopper, { name: 'Casey Club', email: freshEmail('club'), password: 'casey-club-pass-1' })
  await addToCart(shopper, 'essential-crew-tee', 'True Navy', { L: '2' })
  await shopper.goto('/checkout')
  await fillAddressesDeliveryAndDetails(shopper, { costCenter: '1000-001', department: 'Survey' })
  await fillPurchaseOrderNumber(shopper, 'PO-CLUB-1')
  await shopper.getByRole('button', { name: 'Place order', exact: true }).click()
  await expect(shopper.getByText('Order has been placed successfully!')).toHaveCount(1)
  await shopper.goto('/me/orders')
  const reference = /S\d{5,}/.exec((await shopper.getByText(/S\d{5,}/).first().textContent()) ?? '')?.[0]
  expect(reference).toBeTruthy()

  // The order is the club store's, and only the club store's, in the console.
  await owner.goto(`/admin/orders?store=${storeId}`)
  await expect(owner.getByRole('main')).toContainText(reference!)
  const demoId = await owner.evaluate(async (club) => {
    const response = await fetch('/api/admin/query', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: 'stores.list', value: {} }) })
    const { data } = (await response.json()) as { data: { rows: { websiteId: number; code: string }[] } }
    return data.rows.find((store) => store.code === 'granite-ridge' && store.websiteId !== club)!.websiteId
  }, storeId)
  await owner.goto(`/admin/orders?store=${demoId}&q=${reference}`)
  await expect(owner.getByRole('main')).not.toContainText(reference!)

  // Signed in at the demo store is not signed in at the club's store, in the same browser.
  const both = await browser.newContext({ baseURL: STORES.main })
  const demoPage = await both.newPage()
  await demoPage.goto(`${STORES.main}/`)
  await signedIn(demoPage, { email: 'alex.morgan@graniteridge.example', password: 'granite-ridge-demo' }, 'Alex Morgan')
  const clubPage = await both.newPage()
  await clubPage.goto(`${CLUB}/`)
  await expect(clubPage.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
  await expect(accountMenu(clubPage, 'Alex Morgan')).toHaveCount(0)

  // The console does not answer on the club's host.
  const consoleThere = await clubPage.goto(`${CLUB}/admin/login`)
  expect(consoleThere?.status()).toBe(404)

  for (const context of [stranger, shopperContext, both]) await context.close()
})
