import { type Browser, expect, type Page, test } from '@playwright/test'
import { CONSOLE_ACCOUNTS } from './support/console-accounts'

// Allowances in the console (issue 16): the demo store's manager imports a 200-person roster (a
// dry run, then for real), gives the roster's group a yearly allowance, and runs the reset on a fake
// clock (the e2e store runs with ALLOWANCES_TEST_CLOCK): once inside the first period, then twice at
// the period's end. The second run at the end grants nobody again, and after every run each
// balance of the store equals its ledger. The program starts in 2031 so the servers' own hourly
// reset (at the real time) never touches it.

const MANAGER = CONSOLE_ACCOUNTS.demoManager

async function managerPage(browser: Browser, address: string): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } })
  const page = await context.newPage()
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill(MANAGER.email)
  await page.getByLabel('Password').fill(MANAGER.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).not.toHaveURL(/\/admin\/login/)
  return page
}

async function runReset(page: Page, clock: string) {
  const form = page.getByRole('region', { name: 'Reset' })
  await form.getByLabel('Clock (test install only)').fill(clock)
  await form.getByRole('button', { name: 'Run the reset now' }).click()
  // What the run did is the form's outcome, beside its button.
  const result = form.getByRole('status')
  await expect(result).toBeVisible({ timeout: 60_000 })
  return result
}

test('a manager imports a 200-person roster, runs the reset twice at the period’s end, and every balance equals its ledger', async ({ browser }) => {
  test.setTimeout(240_000)
  const run = `a${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const group = `Field crew ${run}`
  const manager = await managerPage(browser, `198.19.9.${Math.floor(Math.random() * 200) + 20}`)

  const people = Array.from({ length: 200 }, (_, n) => `p${n}.${run}@crew.example,Person ${n} ${run},${group},,no,yes`)
  const roster = ['email,name,group,allowance,approver,active', ...people].join('\n')
  await manager.goto('/admin/customers/import')
  await manager.getByLabel('…or paste the roster').fill(roster)
  await manager.getByRole('button', { name: 'Dry run' }).click()
  const report = manager.getByRole('region', { name: 'Roster report' })
  await expect(report.getByRole('status')).toContainText('Nothing has been written yet.', { timeout: 60_000 })
  await manager.getByRole('button', { name: /^Import \d+ changes$/ }).click()
  await expect(report.getByRole('status')).toContainText('Imported:', { timeout: 60_000 })

  await manager.goto('/admin/allowances')
  const card = manager.getByRole('listitem').filter({ hasText: group })
  await expect(card).toContainText('No program')
  await expect(card).toContainText('200')
  await card.getByRole('button', { name: `Set up the allowance of ${group}` }).click()
  await card.getByLabel('Amount per member ($)').fill('100')
  await card.getByLabel('Renews').selectOption('year')
  await card.getByLabel('First period starts').fill('2031-01-01')
  await card.getByLabel('What is left at the period’s end').selectOption('capped')
  await card.getByLabel('Kept up to ($)').fill('25')
  await card.getByRole('button', { name: 'Create program' }).click()
  await expect(card).toContainText('$100.00 a year · from Jan 1, 2031 · leftover kept up to $25.00')

  // Inside the first period: each of the 200 is granted once. The reset runs the whole store, so the
  // demo store's own field-crew member (sam.lee@, data/demo-store.json) may be granted in the same
  // run, unless an earlier attempt of this test already moved him to 2031.
  const first = await runReset(manager, '2031-03-01T09:00:00Z')
  await expect(first).toContainText(/Granted (200 members \$20,000\.00|201 members \$20,150\.00)/)
  await expect(first).toContainText('Every balance equals its ledger.')

  // At the period's end, twice: the second run finds every grant there already.
  await manager.reload()
  const atEnd = await runReset(manager, '2032-01-01T00:00:05Z')
  await expect(atEnd).toContainText(/Granted \d+ members/)
  await expect(atEnd).toContainText('Every balance equals its ledger.')
  await manager.reload()
  const again = await runReset(manager, '2032-01-01T00:00:05Z')
  await expect(again).toHaveText('Nothing to do: every member has this period’s grant. Every balance equals its ledger.')

  // One of them: $100 granted, $100 expired, $25 kept, $100 granted again.
  await manager.getByLabel('Customer email').fill(`p7.${run}@crew.example`)
  await manager.getByRole('button', { name: 'Show ledger' }).click()
  await expect(manager.getByTestId('ledger-balance')).toHaveText('$125.00 left')
  const ledger = manager.getByRole('list', { name: 'Budget ledger' })
  await expect(ledger.getByRole('listitem')).toHaveCount(4)
  await expect(ledger).toContainText('Kept (rollover)')
  await expect(ledger).toContainText('Expired')
})
