import { expect, test } from '@playwright/test'
import { DEMO_OWNER, DEMO_PARTNER, ownerCode } from './support/console-users'
import { addToCart, guestCheckout } from './support/shopping'
import { consoleSignIn, personPage } from './support/console-pages'

// Issue 24: a decoration partner who opened a page of the store's staff (/admin/orders) was shown
// the sign-in form although signed in; now they are told the page is the staff's, with a link to
// their work orders. And the audit log names an order by its reference, and finds it by it.

const suffix = () => `${Math.floor(Math.random() * 200) + 20}`

test('a signed-in decoration partner who opens the orders page is told it is the staff’s and led to their work orders', async ({ browser }) => {
  const partner = await personPage(browser, `198.19.7.${suffix()}`)
  await consoleSignIn(partner, DEMO_PARTNER.email, DEMO_PARTNER.password)
  await expect(partner).toHaveURL(/\/admin\/work-orders$/)

  for (const path of ['/admin/orders', '/admin/audit', '/admin/customers']) {
    await partner.goto(path)
    await expect(partner).toHaveURL(/\/admin\/not-allowed$/)
    await expect(partner.getByRole('heading', { name: 'Not allowed' })).toBeVisible()
    await expect(partner.getByText('This page is for the store’s staff. As a decoration partner, you work from your work orders.')).toBeVisible()
    // Still signed in: no sign-in form.
    await expect(partner.getByLabel('Password')).toHaveCount(0)
  }
  await partner.getByRole('link', { name: 'Go to your work orders' }).click()
  await expect(partner).toHaveURL(/\/admin\/work-orders$/)
  await expect(partner.getByRole('heading', { name: 'Work orders' })).toBeVisible()
})

test('the owner finds an order’s payment in the audit log by its reference, named by it and linked to the order', async ({ browser }) => {
  test.setTimeout(120_000)
  const guest = await personPage(browser, `198.19.8.${suffix()}`)
  await addToCart(guest, 'classic-pique-polo', 'True Navy', { M: '1' })
  await guestCheckout(guest, { name: 'Audit Reader', payment: /Bank transfer/ })
  await expect(guest).toHaveURL(/\/checkout\/confirmation\?order=\d+&access_token=/)
  const reference = /S\d{5,}/.exec((await guest.getByText(/S\d{5,}/).first().textContent()) ?? '')?.[0]
  expect(reference).toBeTruthy()
  const orderId = /order=(\d+)/.exec(guest.url())![1]

  const owner = await personPage(browser, `198.19.9.${suffix()}`)
  await consoleSignIn(owner, DEMO_OWNER.email, DEMO_OWNER.password)
  await owner.getByLabel('Code').fill(await ownerCode())
  await owner.getByRole('button', { name: 'Verify' }).click()
  await expect(owner.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await owner.goto(`/admin/orders/${orderId}`)
  await owner.getByRole('button', { name: 'Mark paid' }).click()
  const markPaid = owner.getByRole('dialog', { name: `Mark order ${reference} paid` })
  await markPaid.getByLabel('Payment reference').fill('WIRE-AUDIT-24')
  await markPaid.getByRole('button', { name: 'Mark paid' }).click()
  await expect(markPaid).toBeHidden()

  await owner.goto('/admin/audit')
  await owner.getByLabel('Order reference').fill(reference!.toLowerCase())
  await owner.getByRole('button', { name: 'Apply' }).click()
  await expect(owner).toHaveURL(new RegExp(`reference=${reference!.toLowerCase()}`))
  const rows = owner.getByRole('list', { name: 'Audit entries' }).getByRole('listitem')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(`marked order ${reference} paid (reference WIRE-AUDIT-24)`)
  await expect(rows.first()).not.toContainText(`on order ${orderId} `)
  await rows.first().getByRole('link', { name: `order ${reference}` }).click()
  await expect(owner.getByRole('heading', { name: `Order ${reference}` })).toBeVisible()

  // Something that is not a reference gets a sentence, not an error page.
  await owner.goto(`/admin/audit?reference=${orderId}`)
  await expect(owner.getByRole('alert').filter({ hasText: 'reference' })).toHaveText(`“${orderId}” is not an order reference: give one like S00012, or a work order’s like S00012-1.`)
})
