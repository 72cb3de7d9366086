import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { CONSOLE_ACCOUNTS } from './support/console-accounts'

// A product's images in the console (issue 16): the demo store's manager uploads two photos of the
// hi-vis tee with the file button, moves the second to the front, gives it alt text, and the shop's
// product page shows it first at the next load. The hi-vis tee is a product no other spec looks at.

const SLUG = 'hi-vis-short-sleeve-tee'
const ALT = 'Hi-vis tee, folded, front view'

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

const photo = (background: string) => sharp({ create: { width: 600, height: 600, channels: 3, background } }).png().toBuffer()

test('a manager uploads two images, puts the second first, gives it alt text, and the shop shows it first', async ({ page, context }) => {
  test.setTimeout(120_000)
  await signInManager(page, context)

  const list = await page.request.post('/api/query', { data: { key: 'getProductList', value: { pageSize: 999, sort: 'websiteSequence ASC' } } })
  const { products } = ((await list.json()) as { products: { products: { id: number; slug: string }[] } }).products
  const product = products.find((candidate) => candidate.slug === SLUG)!
  expect(product).toBeTruthy()

  await page.goto(`/admin/products/${product.id}/images`)
  await expect(page.getByRole('heading', { name: /^Images · / })).toBeVisible()
  await expect(page.getByRole('link', { name: '← Product' })).toHaveAttribute('href', new RegExp(`/admin/products/${product.id}\\?store=\\d+$`))
  const cards = page.getByTestId('product-image')
  const before = await cards.count()

  // Both files at once, for the tee's first colour (the one its product page opens with).
  await page.getByLabel('Colour of the new images').selectOption({ label: 'Safety Yellow' })
  await page.getByLabel('choose files').setInputFiles([
    { name: 'folded-back.png', mimeType: 'image/png', buffer: await photo('#e6f000') },
    { name: 'folded-front.png', mimeType: 'image/png', buffer: await photo('#f2c200') },
  ])
  await expect(page.getByText('folded-back.png: added')).toBeVisible()
  await expect(page.getByText('folded-front.png: added')).toBeVisible()
  await expect(cards).toHaveCount(before + 2)
  const last = cards.nth(before + 1)
  await expect(last).toContainText('-folded-front.')
  const frontFile = (await last.locator('p.font-mono').textContent())!.trim()

  // The second upload goes to the front, one step at a time.
  for (let position = before + 1; position > 0; position--) {
    await page.getByRole('button', { name: `Move image ${position + 1} up` }).click()
    await expect(cards.nth(position - 1)).toContainText(frontFile)
  }
  const first = cards.first()
  await expect(first).toContainText('shown first')

  await first.getByLabel('Alt text').fill(ALT)
  await first.getByRole('button', { name: 'Save' }).click()
  await expect(cards.first().getByLabel('Alt text')).toHaveValue(ALT)

  // A text file under an image's name is refused with a sentence; the page stays as it was.
  await page.getByLabel('choose files').setInputFiles([{ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') }])
  await expect(page.getByText('notes.png: “notes.png” is not an image this store can read: upload PNG, JPEG or WebP files.')).toBeVisible()
  await expect(cards).toHaveCount(before + 2)

  // The shop's product page shows the new first image, with its alt text.
  const shop = await context.newPage()
  await shop.goto(`/product/${SLUG}`)
  const main = shop.getByRole('img', { name: ALT }).first()
  await expect(main).toBeVisible()
  const stem = frontFile.replace(/\.(png|jpe?g|webp)$/, '')
  expect(`${await main.getAttribute('src')} ${await main.getAttribute('srcset')}`).toContain(stem)
})

test('a manager adds a colour with its swatch; a colour products use is not deleted, and the page says how many use it', async ({ page, context }) => {
  test.setTimeout(60_000)
  await signInManager(page, context)
  await page.goto('/admin/catalog')
  await expect(page.getByRole('heading', { name: 'Catalog' })).toBeVisible()
  const colours = page.locator('#color-section')
  // One row per colour (name, swatch, how many products use it); Edit opens its panel under the row.
  const rowOf = (name: string) => colours.getByTestId('color-row').filter({ has: page.getByText(name, { exact: true }) })
  const panelOf = (name: string) => colours.getByRole('form', { name: `Edit colour ${name}` })

  const name = `Harbour Teal ${Date.now().toString(36)}`
  await colours.getByRole('button', { name: 'Add colour' }).click()
  const add = colours.getByRole('form', { name: 'New colour' })
  await add.getByLabel('Name').fill(name)
  await add.getByLabel('CSS colour').fill('#008080')
  await add.getByRole('button', { name: 'Add colour' }).click()
  await expect(rowOf(name)).toHaveCount(1)
  await expect(rowOf(name)).toContainText('#008080')

  page.on('dialog', (dialog) => void dialog.accept())
  await rowOf('True Navy').getByRole('button', { name: 'Edit True Navy' }).click()
  const navy = panelOf('True Navy')
  await expect(navy.getByLabel('CSS colour')).not.toHaveValue('')
  await navy.getByRole('button', { name: 'Delete' }).click()
  await expect(navy.getByRole('alert')).toContainText(/^\d+ products use the colour “True Navy”, so it cannot be deleted\. Take it off those products first\.$/)

  await rowOf(name).getByRole('button', { name: `Edit ${name}` }).click()
  await panelOf(name).getByRole('button', { name: 'Delete' }).click()
  await expect(rowOf(name)).toHaveCount(0)
})
