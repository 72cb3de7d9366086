import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { CONSOLE_ACCOUNTS } from './support/console-accounts'

// Decoration settings in the console (issue 16): the demo store's manager changes laser engraving's
// setup fee and adds a colour to the editor's palette, and the decoration editor shows both at the
// next load. The tumbler (engraved, no other spec designs it) is the product; the test puts the fee
// and the palette back as they were at the end, so it can run again on the same database. A partner
// of its own is deactivated and activated again, and a logo of its own deleted.

const EDITOR = '/editor?product=insulated-tumbler-20oz'
const LASER_LOGO = 'Peak Mark (Laser Engraved)'

/** Signs the demo store's manager in, from an address of its own (the sign-in limits count per address). */
async function signInManager(page: Page, context: BrowserContext) {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` })
  const { email, password } = CONSOLE_ACCOUNTS.demoManager
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).not.toHaveURL(/\/admin\/login/)
}

/** Engraving's edit panel: its row in the Methods table, then Edit (the panel opens under the row). */
async function openEngraving(page: Page) {
  if ((await page.getByTestId('method-engraving').count()) === 0) await page.getByTestId('method-row-engraving').getByRole('button', { name: /^Edit / }).click()
  return page.getByTestId('method-engraving')
}

async function setEngravingSetupFee(page: Page, fee: string) {
  const engraving = await openEngraving(page)
  await engraving.getByLabel('Setup fee (USD)').fill(fee)
  await engraving.getByRole('button', { name: /^Save / }).click()
  // Saved: the panel closes and the row shows the fee as money.
  await expect(page.getByTestId('method-engraving')).toHaveCount(0)
  await expect(page.getByTestId('method-row-engraving')).toContainText(`$${Number(fee).toFixed(2)}`)
}

test('a manager changes a method’s setup fee and adds a palette colour, and the editor shows them', async ({ page, context }) => {
  test.setTimeout(120_000)
  await signInManager(page, context)
  await page.goto('/admin/decoration')
  await expect(page.getByRole('heading', { name: 'Decoration', exact: true })).toBeVisible()
  const before = await (await openEngraving(page)).getByLabel('Setup fee (USD)').inputValue()

  await setEngravingSetupFee(page, '17.25')

  const colorName = `Harbour Teal ${Date.now().toString(36)}`
  const hex = `#00${Math.floor(Math.random() * 0xffff)
    .toString(16)
    .padStart(4, '0')}`
  const editor = page.locator('#editor')
  await editor.getByRole('button', { name: 'Add colour' }).click()
  const row = editor.getByTestId('palette-row').last()
  await row.getByLabel('Colour name').fill(colorName)
  await row.getByLabel('Hex').fill(hex)
  await editor.getByRole('button', { name: 'Save fonts, palette and uploads' }).click()
  await expect(editor.getByRole('status')).toHaveText('Saved. The editor shows the change now.')

  // The shopper's editor: the engraved logo's setup is the new fee, and text can be the new colour.
  const shop = await context.newPage()
  await shop.goto(EDITOR)
  await shop.getByRole('button', { name: `Add logo ${LASER_LOGO}` }).click()
  await expect(shop.getByTestId('decoration-setup')).toHaveText('$17.25')
  await shop.getByRole('button', { name: 'Add text' }).click()
  await expect(shop.getByRole('radio', { name: colorName })).toBeAttached()
  await shop.close()

  // Back as it was.
  await page.reload()
  await setEngravingSetupFee(page, before)
  const added = page.locator('#editor').getByTestId('palette-row').filter({ has: page.locator(`input[value="${colorName}"]`) })
  await added.getByRole('button', { name: `Remove ${colorName}` }).click()
  await page.locator('#editor').getByRole('button', { name: 'Save fonts, palette and uploads' }).click()
  await expect(page.locator('#editor').getByRole('status')).toBeVisible()
})

test('a partner is deactivated (an Inactive badge, not offered for a new logo) and activated again; an unused logo is deleted', async ({ page, context }) => {
  test.setTimeout(120_000)
  page.on('dialog', (dialog) => void dialog.accept())
  await signInManager(page, context)
  await page.goto('/admin/decoration')
  const suffix = Date.now().toString(36).toUpperCase()
  const name = `Loom House ${suffix}`

  const partners = page.locator('#partners')
  await partners.getByText('Add a decoration partner').click()
  const form = partners.locator('details').first()
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Code').fill(`LOOM-${suffix}`)
  await form.getByLabel('Street', { exact: true }).fill('5 Loom Rd')
  await form.getByLabel('City').fill('Denver')
  await form.getByLabel('State').fill('CO')
  await form.getByLabel('ZIP').fill('80202')
  await form.getByRole('button', { name: 'Add partner' }).click()
  const row = partners.getByTestId('partner-row').filter({ hasText: name })
  await expect(row).toBeVisible()

  await row.locator('summary').click()
  await row.getByRole('button', { name: 'Deactivate' }).click()
  await expect(partners.getByTestId('partner-row').filter({ hasText: name })).toContainText('Inactive')
  const logos = page.locator('#logos')
  await logos.getByText('Add a logo').click()
  await expect(logos.locator('details').first().getByLabel('Decoration partner').locator('option', { hasText: name })).toHaveCount(0)

  const inactive = partners.getByTestId('partner-row').filter({ hasText: name })
  await inactive.locator('summary').click()
  await inactive.getByRole('button', { name: 'Activate again' }).click()
  await expect(partners.getByTestId('partner-row').filter({ hasText: name })).not.toContainText('Inactive')

  // A logo for it, deleted again (no product carries it); then the partner itself.
  await page.reload()
  await logos.getByText('Add a logo').click()
  const logoForm = logos.locator('details').first()
  await logoForm.getByLabel('Name').fill(`Loom crest ${suffix}`)
  await logoForm.getByLabel('Code').fill(`LOOM-CREST-${suffix}`)
  await logoForm.getByLabel('Decoration partner').selectOption({ label: name })
  await logoForm.getByRole('button', { name: 'Add logo' }).click()
  const logoRow = logos.getByTestId('logo-row').filter({ hasText: `Loom crest ${suffix}` })
  await expect(logoRow).toBeVisible()
  await logoRow.locator('summary').click()
  await logoRow.getByRole('button', { name: 'Delete logo' }).click()
  await expect(logos.getByTestId('logo-row').filter({ hasText: `Loom crest ${suffix}` })).toHaveCount(0)

  const done = partners.getByTestId('partner-row').filter({ hasText: name })
  await done.locator('summary').click()
  await done.getByRole('button', { name: 'Delete' }).click()
  await expect(partners.getByTestId('partner-row').filter({ hasText: name })).toHaveCount(0)
})
