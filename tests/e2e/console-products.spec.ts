import { type Browser, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { CONSOLE_ACCOUNTS } from './support/console-accounts'
import { continueButton, fillAddressesDeliveryAndDetails, openStep } from './support/shopping'

// The console's product story (issue 16): the demo store's manager creates a product with two
// colours and three sizes and a 12+ price break, publishes it, and a shopper finds it in /shop at
// once, puts 12 in the cart and pays the break price at checkout.

async function personPage(browser: Browser, address: string): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } })
  return context.newPage()
}

test('a store manager creates and publishes a product with a price break, and a shopper buys 12 at the break price', async ({ browser }) => {
  test.setTimeout(180_000)
  const stamp = Date.now().toString(36)
  const name = `Relay Tee ${stamp}`
  const suffix = `${Math.floor(Math.random() * 200) + 20}`

  // The demo store's manager (no second factor) signs in and opens Products.
  const manager = await personPage(browser, `198.19.7.${suffix}`)
  await manager.goto('/admin/login')
  await manager.getByLabel('Email').fill(CONSOLE_ACCOUNTS.demoManager.email)
  await manager.getByLabel('Password').fill(CONSOLE_ACCOUNTS.demoManager.password)
  await manager.getByRole('button', { name: 'Sign in' }).click()
  await expect(manager.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await manager.goto('/admin/products')
  await expect(manager.getByRole('heading', { name: 'Products' })).toBeVisible()
  await manager.getByRole('link', { name: 'Add product' }).click()
  await expect(manager.getByRole('heading', { name: 'New product' })).toBeVisible()

  // General, pricing with a 12+ break, two colours × three sizes.
  await manager.getByLabel('Name', { exact: true }).fill(name)
  await expect(manager.getByLabel('Address (slug)')).toHaveValue(`relay-tee-${stamp}`)
  await manager.getByLabel('SKU (style code)').fill(`RT-${stamp.toUpperCase()}`)
  await manager.getByLabel('Description').fill('A light relay tee for race day.')
  await manager.getByRole('textbox', { name: 'Base price (USD)', exact: true }).fill('20')
  await manager.getByRole('button', { name: 'Add a price break' }).click()
  await manager.getByRole('textbox', { name: 'Price break 1: from how many pieces' }).fill('12')
  await manager.getByRole('textbox', { name: 'Price break 1: base price' }).fill('16')
  const colours = manager.getByRole('group', { name: 'Colours' })
  await colours.getByRole('checkbox', { name: 'Black', exact: true }).check()
  await colours.getByRole('checkbox', { name: 'White', exact: true }).check()
  const sizes = manager.getByRole('group', { name: 'Sizes' })
  for (const size of ['S', 'M', 'L']) await sizes.getByRole('checkbox', { name: size, exact: true }).check()
  await expect(manager.getByText('6 variants')).toBeVisible()
  await expect(manager.getByRole('textbox', { name: 'SKU of White / L' })).toHaveAttribute('placeholder', `RT-${stamp.toUpperCase()}-WHITE-L`)
  // A picture chosen on the create form is sent right after the product exists (the page opens once every picture is added).
  await manager.getByLabel('Choose pictures').setInputFiles([{ name: 'relay-front.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 600, height: 600, channels: 3, background: '#d03030' } }).png().toBuffer() }])
  await expect(manager.getByRole('list', { name: 'Pictures chosen' })).toContainText('relay-front.png')
  await manager.getByRole('button', { name: 'Create product' }).click()

  // Created (unpublished); then published from its page.
  await expect(manager.getByText('Product created. Its pictures, their alt text and colours are on its Images page.')).toBeVisible()
  await expect(manager.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(manager.getByRole('navigation', { name: 'Product' }).getByRole('link', { name: 'Images' })).toBeVisible()
  await manager.getByRole('checkbox', { name: /Published/ }).check()
  // A size chart: the measurements are its columns, one row of cells per size (L left out).
  await manager.getByLabel('Size chart measurements').fill('Chest, Body length')
  await manager.getByRole('textbox', { name: 'Chest of size S' }).fill('36')
  await manager.getByRole('textbox', { name: 'Body length of size S' }).fill('27,5')
  await manager.getByRole('textbox', { name: 'Chest of size M' }).fill('40')
  await manager.getByRole('textbox', { name: 'Body length of size M' }).fill('28.5')
  await manager.getByRole('button', { name: 'Save product' }).click()
  await expect(manager.getByRole('form', { name: `Edit ${name}` }).getByText('Saved. The shop shows the change now.')).toBeVisible()

  // The list shows it published.
  await manager.goto(`/admin/products?q=${encodeURIComponent(name)}`)
  await expect(manager.getByRole('link', { name }).first()).toBeVisible()
  await expect(manager.getByRole('table').getByText('Published')).toBeVisible()

  // A shopper finds it in /shop, sees the price tiers and puts 12 in the cart.
  const shopper = await personPage(browser, `198.19.8.${suffix}`)
  await shopper.goto('/shop')
  await shopper.getByRole('searchbox', { name: 'Search by name or SKU' }).fill(name)
  const card = shopper.getByRole('list', { name: 'Products' }).getByRole('link', { name })
  await expect(card.first()).toBeVisible()
  await card.first().click()
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(name)
  await shopper.getByRole('button', { name: 'Size chart' }).click()
  const chart = shopper.getByRole('dialog', { name: `${name}: size chart` })
  await expect(chart.getByRole('row', { name: /^S / })).toHaveText(/S\s*36\s*27\.5/)
  await expect(chart.getByRole('row', { name: /^M / })).toHaveText(/M\s*40\s*28\.5/)
  await expect(chart.getByRole('row', { name: /^L / })).toHaveCount(0)
  await chart.getByRole('button', { name: 'Close' }).click()
  await shopper.getByRole('radio', { name: 'White' }).check({ force: true })
  await shopper.getByRole('spinbutton', { name: 'Quantity for size M', exact: true }).fill('6')
  await shopper.getByRole('spinbutton', { name: 'Quantity for size L', exact: true }).fill('6')
  await shopper.getByRole('button', { name: 'Add to cart' }).click()
  await expect(shopper.getByRole('alert').filter({ hasText: 'Added to cart' }).first()).toBeVisible()

  // Checkout as a guest paying by bank transfer: 12 × $16.00, not 12 × $20.00.
  await shopper.goto('/checkout')
  await shopper.getByLabel('Full name').fill('Riley Relay')
  await shopper.getByLabel('Email').fill(`riley-${stamp}@example.com`)
  await fillAddressesDeliveryAndDetails(shopper, null)
  await openStep(shopper, 'Payment')
  await shopper.getByRole('radio', { name: /Bank transfer/ }).check()
  await continueButton(shopper).click()
  const summary = shopper.getByRole('region', { name: 'Order summary' })
  await expect(summary).toContainText('$192.00')
  await expect(summary).not.toContainText('$240.00')
  await shopper.getByRole('button', { name: 'Place order', exact: true }).click()
  await expect(shopper.getByText('Order has been confirmed successfully!').first()).toBeVisible()
  await expect(shopper.getByText('$192.00').first()).toBeVisible()
})
