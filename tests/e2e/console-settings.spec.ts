import path from 'node:path'
import { type Browser, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { CONSOLE_ACCOUNTS } from './support/console-accounts'

// The console's store settings and delivery methods (issue 16): the demo store's manager changes the
// storefront's accent colour and the next page shows it; adds a fixed-price delivery method, which
// the checkout's list offers at once, and turns it off again; a carrier's secret is never shown back;
// uploads a logo that the storefront's header shows at the next page (and puts the demo's back).

async function personPage(browser: Browser, address: string): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } })
  return context.newPage()
}

async function managerPage(browser: Browser): Promise<Page> {
  const manager = await personPage(browser, `198.19.9.${Math.floor(Math.random() * 200) + 20}`)
  await manager.goto('/admin/login')
  await manager.getByLabel('Email').fill(CONSOLE_ACCOUNTS.demoManager.email)
  await manager.getByLabel('Password').fill(CONSOLE_ACCOUNTS.demoManager.password)
  await manager.getByRole('button', { name: 'Sign in' }).click()
  await expect(manager.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  return manager
}

const deliveryNames = async (page: Page): Promise<string[]> => {
  const answer = await page.request.get('/api/query?key=getDeliveryMethods')
  expect(answer.ok()).toBe(true)
  const body = (await answer.json()) as { shippingmethods: { shippingmethod: { name: string }[] } }
  return body.shippingmethods.shippingmethod.map((method) => method.name)
}

test('a manager’s accent colour is on the storefront’s next page, and a light one is refused with the reason', async ({ browser }) => {
  const manager = await managerPage(browser)
  await manager.goto('/admin/settings')
  await expect(manager.getByRole('heading', { name: 'Store settings' })).toBeVisible()
  const accent = manager.getByRole('textbox', { name: 'Accent colour', exact: true })

  await accent.fill('#ffe066')
  await expect(manager.getByText(/too light: choose a darker shade/)).toBeVisible()
  await manager.getByRole('button', { name: 'Save settings' }).click()
  // The contract's rule, checked in the browser before anything is sent, at the field it concerns.
  await expect(accent).toHaveAttribute('aria-invalid', 'true')
  await expect(manager.getByText(/Must be dark enough for white text/)).toBeVisible()

  await accent.fill('#7a1f3d')
  await manager.getByRole('button', { name: 'Save settings' }).click()
  await expect(manager.getByRole('status')).toContainText('Settings saved')
  try {
    const shopper = await personPage(browser, '198.19.10.5')
    await shopper.goto('/')
    await expect(shopper.locator('html')).toHaveAttribute('style', /--color-accent:\s*#7a1f3d/)
  } finally {
    await manager.reload()
    await manager.getByRole('textbox', { name: 'Accent colour', exact: true }).fill('')
    await manager.getByRole('button', { name: 'Save settings' }).click()
    await expect(manager.getByRole('status')).toContainText('Settings saved')
  }
})

test('a delivery method added in the console is offered by the checkout’s list at once, and leaves it when turned off', async ({ browser }) => {
  const manager = await managerPage(browser)
  const name = `Courier ${Date.now().toString(36)}`
  await manager.goto('/admin/delivery')
  await manager.getByRole('link', { name: 'Add a delivery method' }).click()
  await manager.getByLabel('Name').fill(name)
  await manager.getByLabel('Price (USD)').fill('12.50')
  await manager.getByLabel('In transit from (business days)').fill('2')
  await manager.getByLabel('In transit to (business days)').fill('4')
  await manager.getByLabel('Position at checkout').fill('99')
  await manager.getByRole('button', { name: 'Add delivery method' }).click()
  await expect(manager.getByRole('heading', { name })).toBeVisible()
  expect(await deliveryNames(manager)).toContain(name)
  // The method's page, read again, keeps its days in transit (the arrival estimate's second half).
  await manager.reload()
  await expect(manager.getByLabel('In transit from (business days)')).toHaveValue('2')
  await expect(manager.getByLabel('In transit to (business days)')).toHaveValue('4')

  await manager.getByLabel('Offered at checkout').uncheck()
  await manager.getByRole('button', { name: 'Save delivery method' }).click()
  await expect(manager.getByRole('status')).toContainText('Delivery method saved')
  expect(await deliveryNames(manager)).not.toContain(name)
  await manager.getByRole('link', { name: '← Delivery' }).click()
  await expect(manager.getByRole('listitem').filter({ hasText: name })).toContainText('Off')
})

test('a logo uploaded in the settings is in the storefront’s header at the next page; a bad file is refused with a sentence', async ({ browser }) => {
  test.setTimeout(120_000)
  const manager = await managerPage(browser)
  await manager.goto('/admin/settings')
  const logo = manager.getByTestId('site-image-logo')
  const upload = logo.getByLabel('Upload the store’s logo')

  await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') })
  await expect(manager.getByRole('alert').filter({ hasText: '“notes.txt” is not an image this store can read' })).toBeVisible()

  // A colour of this run's own: the stored name is the picture's hash, so each run's upload is new.
  const background = `#7a${Math.floor(Math.random() * 0xffff).toString(16).padStart(4, '0')}`
  const png = await sharp({ create: { width: 480, height: 120, channels: 4, background } }).png().toBuffer()
  const preview = logo.getByRole('img', { name: 'The store’s logo' })
  const shownLogo = async () => ((await preview.count()) === 0 ? null : (/\/(logo\.[0-9a-f]+)_/.exec((await preview.getAttribute('src')) ?? '')?.[1] ?? null))
  const before = await shownLogo()
  await upload.setInputFiles({ name: 'crimson-wordmark.png', mimeType: 'image/png', buffer: png })
  try {
    await expect(manager.getByRole('status')).toContainText('Logo saved')
    await expect.poll(shownLogo).not.toBe(before)
    const stored = await shownLogo()
    const shopper = await personPage(browser, '198.19.10.6')
    await shopper.goto('/')
    const headerLogo = shopper.getByRole('banner').getByRole('link').locator('img').first()
    await expect(headerLogo).toHaveAttribute('src', new RegExp(`/${stored}_`))
    await expect.poll(() => headerLogo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
  } finally {
    // The demo's own logo back (an SVG: cleaned and drawn like any upload).
    const uploaded = await shownLogo()
    await upload.setInputFiles(path.resolve('data/logos/granite-ridge-primary.svg'))
    await expect.poll(shownLogo).not.toBe(uploaded)
  }
})
