import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { unzipSync } from 'fflate'
import { CONSOLE_ACCOUNTS } from './support/console-accounts'

// The store file in the console (issue 16): the demo store's manager downloads the store file,
// changes a product's price in its store.json, uploads it as a dry run and sees one product
// changed, applies it, and the shop shows the new price at once. The server keeps running on the
// embedded database throughout. The test then imports the original store.json to leave the demo
// store as it found it.

const SLUG = 'weatherproof-field-book'

async function checkAndApply(page: Page, fileName: string, storeJson: string) {
  await page.getByLabel('File to import', { exact: true }).setInputFiles({ name: fileName, mimeType: 'application/json', buffer: Buffer.from(storeJson) })
  await page.getByRole('button', { name: 'Check the file (dry run)' }).click()
  await expect(page.getByRole('heading', { name: `What importing ${fileName} would do` })).toBeVisible()
}

test('a manager exports the store, checks an edited store.json as a dry run, applies it, and the shop shows the new price', async ({ browser }) => {
  test.setTimeout(180_000)
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `198.19.7.${Math.floor(Math.random() * 200) + 20}` }, acceptDownloads: true })
  const page = await context.newPage()
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill(CONSOLE_ACCOUNTS.demoManager.email)
  await page.getByLabel('Password').fill(CONSOLE_ACCOUNTS.demoManager.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()

  await page.goto('/admin/store-file')
  await expect(page.getByRole('heading', { name: 'Store file', level: 1 })).toBeVisible()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the store file' }).click()])
  expect(download.suggestedFilename()).toMatch(/^granite-ridge-store-\d{4}-\d{2}-\d{2}\.zip$/)
  const entries = unzipSync(await readFile((await download.path())!))
  const original = new TextDecoder().decode(entries['store.json']!)
  const file = JSON.parse(original) as { products: { slug: string; price: number }[] }
  const product = file.products.find((row) => row.slug === SLUG)!
  const newPrice = Math.round(product.price * 100 + 325) / 100
  product.price = newPrice

  // The dry run: one product changed, nothing written yet.
  await checkAndApply(page, 'store.json', JSON.stringify(file, null, 2))
  await expect(page.getByTestId('changed-products')).toHaveText(/(^|\s)1$/)
  const shop = await context.newPage()
  await shop.goto(`/product/${SLUG}`)
  await expect(shop.getByText(`$${newPrice.toFixed(2)}`)).toHaveCount(0)

  // Applied: the shop shows the new price at its next request.
  await page.getByRole('button', { name: 'Apply this import' }).click()
  await expect(page.getByRole('heading', { name: 'store.json was imported' })).toBeVisible()
  await shop.goto(`/product/${SLUG}`)
  await expect(shop.getByText(`$${newPrice.toFixed(2)}`).first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'Recent imports' })).toContainText('store.json')

  // Back as it was.
  await checkAndApply(page, 'original.json', original)
  await expect(page.getByTestId('changed-products')).toHaveText(/(^|\s)1$/)
  await page.getByRole('button', { name: 'Apply this import' }).click()
  await expect(page.getByRole('heading', { name: 'original.json was imported' })).toBeVisible()
  await context.close()
})
