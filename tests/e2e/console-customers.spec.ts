import { type Browser, expect, type Page, test } from '@playwright/test'
import { accountMenu, freshEmail, linkIn, signIn } from './support/accounts'
import { CONSOLE_ACCOUNTS } from './support/console-accounts'
import { addToCart, continueButton, fillAddress } from './support/shopping'
import { waitForMail } from './support/stores'

// Customers in the console (issue 16): the demo store’s manager imports a small roster — a dry run
// that shows what would be created, then the real run — and finds the people in the customer list;
// then invites a shopper (who chooses a password through the mailed link), sets their resale
// certificate, which lets the shopper buy tax-free for resale, and
// sets its expiry to a past day: the shopper's next tax-free order is refused with the sentence
// that names the expired certificate.

const MANAGER = CONSOLE_ACCOUNTS.demoManager

/** A browser context of its own for each person, from an address of its own (the sign-in limits count per address). */
async function personPage(browser: Browser, address: string): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } })
  return context.newPage()
}

async function managerPage(browser: Browser, address: string): Promise<Page> {
  const page = await personPage(browser, address)
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill(MANAGER.email)
  await page.getByLabel('Password').fill(MANAGER.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).not.toHaveURL(/\/admin\/login/)
  return page
}

test('a manager imports a roster with a dry run first, then for real, and sees the people listed', async ({ browser }) => {
  test.setTimeout(120_000)
  const run = `r${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const manager = await managerPage(browser, `198.19.7.${Math.floor(Math.random() * 200) + 20}`)
  await manager.goto('/admin/customers/import')
  await expect(manager.getByRole('heading', { name: 'Import a roster' })).toBeVisible()
  const roster = [
    'email,name,group,allowance,approver,active',
    `ana.${run}@acme.example,Ana ${run},Crew ${run},150.00,no,yes`,
    `ben.${run}@acme.example,Ben ${run},Crew ${run},,yes,yes`,
    `cy.${run}@acme.example,Cy ${run},,,no,yes`,
  ].join('\n')
  await manager.getByLabel('…or paste the roster').fill(roster)
  await manager.getByRole('button', { name: 'Dry run' }).click()
  const report = manager.getByRole('region', { name: 'Roster report' })
  await expect(report.getByRole('status')).toHaveText('Dry run: 4 changes ready. Nothing has been written yet.')
  await expect(report.getByRole('table', { name: /New customers/ })).toContainText(`ana.${run}@acme.example`)
  await expect(report).toContainText(`New groups: Crew ${run}`)

  // Nothing is written by the dry run.
  await manager.goto(`/admin/customers?q=${encodeURIComponent(`ana.${run}`)}`)
  await expect(manager.getByText('No customers match this view.')).toBeVisible()

  await manager.goto('/admin/customers/import')
  await manager.getByLabel('…or paste the roster').fill(roster)
  await manager.getByRole('button', { name: 'Dry run' }).click()
  await manager.getByRole('button', { name: 'Import 4 changes' }).click()
  await expect(report.getByRole('status')).toHaveText('Imported: 4 changes written.')

  // The same file again changes nothing.
  await manager.getByRole('button', { name: 'Dry run' }).click()
  await expect(report.getByRole('status')).toHaveText('Dry run: nothing to change — the store already matches this roster.')

  await manager.goto('/admin/customers')
  await manager.getByRole('searchbox', { name: 'Search customers' }).fill(`Ben ${run}`)
  await manager.getByRole('button', { name: 'Apply' }).click()
  await expect(manager).toHaveURL(/q=Ben/)
  const ben = manager.getByRole('link', { name: `Ben ${run}` }).first()
  await expect(ben).toBeVisible()
  await ben.click()
  await expect(manager.getByRole('heading', { name: new RegExp(`Ben ${run}`) })).toBeVisible()
  await expect(manager.getByRole('combobox', { name: /^Group/ })).toHaveValue(/\d+/)
  await expect(manager.getByLabel('May approve the store’s orders that wait for approval')).toBeChecked()
})

test('an expired resale certificate set in the console is refused at checkout', async ({ browser }) => {
  test.setTimeout(180_000)
  const suffix = Math.floor(Math.random() * 200) + 20
  const email = freshEmail('resale')
  const name = `Rena Resale ${suffix}`
  const password = 'rena-resale-certificate-1'

  // The manager invites the shopper; the mail's link lets them choose a password.
  const manager = await managerPage(browser, `198.19.9.${suffix}`)
  await manager.goto('/admin/customers')
  await manager.getByText('Invite customer').click()
  const invite = manager.getByRole('form', { name: 'Invite a customer' })
  await invite.getByLabel('Email').fill(email)
  await invite.getByLabel('Name').fill(name)
  await invite.getByRole('button', { name: 'Send the invitation' }).click()
  await expect(invite.getByRole('status')).toHaveText('Invited: they will get a mail to choose their password.')
  const shopper = await personPage(browser, `198.19.8.${suffix}`)
  await shopper.goto(linkIn((await waitForMail(email)).text, '/password/create'))
  await shopper.getByLabel('New password', { exact: true }).fill(password)
  await shopper.getByLabel('New password again').fill(password)
  await shopper.getByRole('button', { name: 'Save password' }).click()
  await expect(shopper).toHaveURL(/\/password\/success$/)

  // The manager puts a current certificate on file.
  await manager.goto(`/admin/customers?q=${encodeURIComponent(email)}`)
  await manager.getByRole('link', { name }).first().click()
  await manager.getByLabel('Certificate number').fill('SC-RESALE-55120')
  await manager.getByLabel('Expires on').fill('2099-12-31')
  await manager.getByRole('button', { name: 'Save' }).click()
  await expect(manager.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible()

  // The shopper signs in (the storefront reads the certificate with the account).
  await signIn(shopper, { email, password })
  await expect(accountMenu(shopper, name)).toBeVisible()

  // The shopper is offered the tax-free order for resale and ticks it.
  await addToCart(shopper, 'essential-crew-tee', 'True Navy', { L: '1' })
  await shopper.goto('/checkout')
  // The checkout has its own header (no account menu): the signed-in contact says who orders.
  await expect(shopper.getByText(`Signed in as ${name}`)).toBeVisible()
  await fillAddress(shopper)
  const forResale = shopper.getByLabel(/I am buying these goods for resale/)
  await expect(forResale).toBeVisible()
  await forResale.check()

  // Meanwhile the certificate's expiry is set to a past day.
  await manager.reload()
  await manager.getByLabel('Expires on').fill('2024-01-31')
  await manager.getByRole('button', { name: 'Save' }).click()
  await expect(manager.getByText('The certificate on file has expired')).toBeVisible()

  // The page still offers it (it was loaded before), but the server refuses, naming the expired certificate.
  await expect(shopper.getByLabel('Ship to my billing address')).toBeChecked()
  await continueButton(shopper).click()
  // The order is priced again (at once, or when another delivery is chosen — the checkout chose the
  // first one itself): the server refuses it, with the sentence.
  const refused = shopper.getByRole('alert').filter({ hasText: 'Your resale certificate on file expired on 2024-01-31' }).first()
  const editDelivery = shopper.getByRole('region', { name: /^Delivery/ }).getByRole('button', { name: /Delivery/ })
  // Either the refusal, or a delivery step that may be edited (while the summary is being priced, its
  // Edit waits disabled — and stays so once the refusal arrives).
  await expect.poll(async () => (await refused.isVisible()) || (await editDelivery.isEnabled().catch(() => false)), { timeout: 20_000 }).toBe(true)
  if (!(await refused.isVisible())) {
    await editDelivery.click()
    await shopper.getByRole('radio', { name: /Two-Day Express/ }).check()
  }
  await expect(refused).toBeVisible({ timeout: 20_000 })
})
