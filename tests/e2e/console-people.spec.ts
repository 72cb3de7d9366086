import { expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import { consoleSignIn, personPage } from './support/console-pages'
import { DEMO_OWNER, ownerCode } from './support/console-users'

// Issue 26, what operators meet on three screens, at 1366×900 and on a 390×844 phone: Staff shows
// the pending invitations (send again, withdraw); the audit log reads as sentences, the raw
// before/after behind "Details"; Allowances lists members' balances. No page scrolls sideways and
// axe-core finds nothing.

const SIZES = [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const

/** The page is no wider than the screen (a table in its own scroll box excepted); else the widest elements are named. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const measured = await page.evaluate(() => {
    const width = window.innerWidth
    const tooWide = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5 && getComputedStyle(element).position !== 'fixed')
      .filter((element) => !element.closest('.overflow-x-auto'))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`.slice(0, 120))
    return { scrollWidth: document.documentElement.scrollWidth, width, tooWide }
  })
  expect.soft(measured.scrollWidth, `${what} is ${measured.scrollWidth}px wide on a ${measured.width}px screen: ${measured.tooWide.join(' | ')}`).toBeLessThanOrEqual(measured.width)
}

test('an owner sees and withdraws a pending invitation, reads it in the audit log as a sentence, and sees members’ balances, on a desktop and a phone', async ({ browser }) => {
  test.setTimeout(240_000)
  const owner = await personPage(browser, `198.19.27.${Math.floor(Math.random() * 200) + 20}`)
  await consoleSignIn(owner, DEMO_OWNER.email, DEMO_OWNER.password)
  await owner.getByLabel('Code').fill(await ownerCode())
  await owner.getByRole('button', { name: 'Verify' }).click()
  await expect(owner.getByRole('heading', { name: 'Dashboard' })).toBeVisible()

  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const name = `Riley Pending ${run}`
  const email = `riley.${run}@people.example`

  // Staff: an invitation sent from the form waits in "Pending invitations" with who sent it and until when it works.
  await owner.setViewportSize(SIZES[0][1])
  await owner.goto('/admin/staff')
  const inviteForm = owner.locator('form').filter({ has: owner.getByRole('heading', { name: 'Invite someone' }) })
  await inviteForm.getByLabel('Email').fill(email)
  await inviteForm.getByLabel('Name').fill(name)
  await inviteForm.getByLabel('Role').selectOption('owner')
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click()
  await expect(owner.getByRole('status').filter({ hasText: `Invitation sent to ${email}.` })).toBeVisible()
  const invitations = owner.getByRole('region', { name: 'Pending invitations' })
  const invitation = invitations.getByRole('listitem').filter({ hasText: email })
  await expect(invitation).toContainText(name)
  await expect(invitation).toContainText(/Invited .* by .* · Link works until /)

  for (const [screen, size] of SIZES) {
    await owner.setViewportSize(size)
    await owner.goto('/admin/staff')
    await expect(invitation).toBeVisible()
    await expectNoSidewaysScroll(owner, `Staff on a ${screen}`)
    await expectNoAxeViolations(owner, `Staff on a ${screen}`)
  }

  await invitation.getByRole('button', { name: 'Send again' }).click()
  await expect(invitations.getByRole('status')).toHaveText(`A new link was sent to ${email}.`)
  owner.once('dialog', (dialog) => void dialog.accept())
  await invitation.getByRole('button', { name: 'Withdraw' }).click()
  await expect(invitations.getByRole('status')).toHaveText(`The invitation of ${email} is withdrawn.`)
  await expect(invitation).toHaveCount(0)

  // The audit log: what happened, as sentences naming the member, not JSON and ids.
  for (const [screen, size] of SIZES) {
    await owner.setViewportSize(size)
    await owner.goto('/admin/audit?actionPrefix=staff.invite')
    const entries = owner.getByRole('list', { name: 'Audit entries' }).getByRole('listitem')
    const withdrawn = entries.filter({ hasText: `withdrew the invitation of ${name}` }).first()
    await expect(withdrawn).toBeVisible()
    await expect(entries.filter({ hasText: `sent the invitation to ${name} again` }).first()).toBeVisible()
    await expect(entries.filter({ hasText: `invited ${name} as owner` }).first()).toBeVisible()
    await expect(withdrawn.getByText('staff.invite_revoke')).toBeHidden()
    await withdrawn.getByText('Details').click()
    await expect(withdrawn.getByText('staff.invite_revoke')).toBeVisible()
    await expect(withdrawn.getByText(email).first()).toBeVisible()
    await expectNoSidewaysScroll(owner, `the audit log on a ${screen}`)
    await expectNoAxeViolations(owner, `the audit log on a ${screen}`)
  }

  // Allowances: the members' balances, or the sentence saying nobody has one yet.
  for (const [screen, size] of SIZES) {
    await owner.setViewportSize(size)
    await owner.goto('/admin/allowances')
    const balances = owner.getByRole('region', { name: 'Members’ balances' })
    await expect(balances.getByRole('table', { name: 'Members’ balances' }).or(balances.getByText('No member has an allowance yet'))).toBeVisible()
    if (await balances.getByRole('table').isVisible()) {
      for (const column of ['Member', 'Allowance', 'Spent', 'Left']) await expect(balances.getByRole('columnheader', { name: column })).toBeVisible()
    }
    await expectNoSidewaysScroll(owner, `Allowances on a ${screen}`)
    await expectNoAxeViolations(owner, `Allowances on a ${screen}`)
  }
})
