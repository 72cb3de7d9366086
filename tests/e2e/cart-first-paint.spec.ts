import { expect, type Page, test } from '@playwright/test'

// Issue 28 (performance.md P5): the cart lives in the tab's session storage, which the server never
// sees; the browser keeps a small cart hint cookie (lines and pieces, for its store), from which the
// server's first HTML of /cart and /checkout already draws the cart's skeleton, or its empty state.

async function addToCart(page: Page, slug: string, color: string, quantities: Record<string, string>) {
  await page.goto(`/product/${slug}`)
  await page.getByRole('radio', { name: color }).check({ force: true })
  for (const [size, pieces] of Object.entries(quantities)) {
    await page.getByRole('spinbutton', { name: `Quantity for size ${size}`, exact: true }).fill(pieces)
  }
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Added to cart' }).first()).toBeVisible()
}

test("a new visitor's cart and checkout are drawn empty in the server's HTML, before any script runs", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  for (const path of ['/cart', '/checkout']) {
    await page.goto(path)
    await expect(page.getByText('Your cart is empty')).toBeVisible()
    await expect(page.getByTestId('cart-skeleton')).toHaveCount(0)
  }
  await context.close()
})

test("after adding to the cart, the server's first HTML of the cart and the checkout shows its skeleton; the real lines replace it", async ({ page, browser, baseURL }) => {
  await addToCart(page, 'essential-crew-tee', 'True Navy', { M: '3', L: '2' })
  await addToCart(page, 'tri-blend-crew-tee', 'Sage', { L: '1' })
  const hint = (await page.context().cookies()).find((cookie) => cookie.name === 'cart_hint')
  expect(hint?.value).toMatch(/^\d+\.2\.6$/)

  // The HTML as sent, no script run: two placeholder lines and the six pieces, no empty state.
  const noScript = await browser.newContext({ javaScriptEnabled: false })
  await noScript.addCookies([{ name: 'cart_hint', value: hint!.value, url: baseURL! }])
  const plain = await noScript.newPage()
  for (const path of ['/cart', '/checkout']) {
    await plain.goto(path)
    // The one shown (the HTML may also hold the view's own skeleton, hidden, for its script to swap in).
    const skeleton = plain.getByTestId('cart-skeleton').locator('visible=true')
    await expect(skeleton).toBeVisible()
    await expect(skeleton.locator('li')).toHaveCount(2)
    await expect(skeleton.getByText('6', { exact: true })).toBeVisible()
    await expect(plain.getByText('Your cart is empty')).toHaveCount(0)
  }

  // Another store's hint is no cart here: the empty state at once.
  const otherStore = `${Number(hint!.value.split('.')[0]) + 1}.2.6`
  await noScript.addCookies([{ name: 'cart_hint', value: otherStore, url: baseURL! }])
  await plain.goto('/cart')
  await expect(plain.getByText('Your cart is empty')).toBeVisible()
  await expect(plain.getByTestId('cart-skeleton')).toHaveCount(0)
  await noScript.close()

  // With the page's script, the tab's real cart takes the skeleton's place.
  await page.goto('/cart')
  await expect(page.getByRole('heading', { name: 'Essential Crew Tee' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Tri-Blend Crew Tee' })).toBeVisible()
  await expect(page.getByTestId('cart-skeleton')).toHaveCount(0)

  // Emptying the cart takes the hint away: the next first paint is the empty cart.
  await page.getByRole('button', { name: 'Remove Tri-Blend Crew Tee from the cart' }).click()
  await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'cart_hint')?.value).toMatch(/^\d+\.1\.5$/)
  await page.getByRole('button', { name: 'Remove Essential Crew Tee from the cart' }).click()
  await expect(page.getByText('Your cart is empty')).toBeVisible()
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'cart_hint')).toBe(false)
  const html = await (await page.request.get('/cart')).text()
  expect(html).toContain('Your cart is empty')
  expect(html).not.toContain('cart-skeleton')
})

test('the shop, a product, the cart and the checkout come alive without making an Intl formatter or collator', async ({ page }) => {
  // The first Intl.NumberFormat, DateTimeFormat or Collator of a page loads the runtime's locale
  // data: ≈ 30 ms of a phone's main thread each, while the page is hydrating (P5). Amounts, days,
  // counts and measurements are written without them; a collator is made when a sort needs one.
  await page.addInitScript(() => {
    const made: string[] = []
    Object.assign(window, { intlMade: made })
    for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator'] as const) {
      const Made = Intl[name] as unknown as new (...args: unknown[]) => object
      const Counted = function (...args: unknown[]) {
        made.push(`${name}(${JSON.stringify(args)})`)
        return new Made(...args)
      }
      Object.setPrototypeOf(Counted, Made)
      Counted.prototype = Made.prototype
      Object.assign(Intl, { [name]: Counted })
    }
  })
  await addToCart(page, 'essential-crew-tee', 'True Navy', { M: '3', L: '2' })
  const intlMade = () => page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade)

  for (const path of ['/shop', '/product/essential-crew-tee']) {
    await page.goto(path)
    // The cart's count is the tab's, drawn once the page is alive.
    await expect(page.getByRole('link', { name: 'Cart, 5 items' })).toBeVisible()
    expect(await intlMade(), path).toEqual([])
  }
  await page.goto('/cart')
  await expect(page.getByRole('heading', { name: 'Essential Crew Tee' })).toBeVisible()
  await expect(page.getByTestId('cart-lead-time')).toBeVisible()
  expect(await intlMade(), '/cart').toEqual([])
  await page.goto('/checkout')
  await expect(page.getByRole('listitem').filter({ hasText: 'Essential Crew Tee × 5' }).first()).toBeVisible()
  expect(await intlMade(), '/checkout').toEqual([])
})
