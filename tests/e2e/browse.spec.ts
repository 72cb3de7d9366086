import { expect, test } from '@playwright/test'

const STORE = 'Granite Ridge Company Store'

test.describe('a shopper browsing the demo store', () => {
  test('the home page names the store in its title, shows its favicon and featured products', async ({ page, request }) => {
    await page.goto('/')
    await expect(page).toHaveTitle(`Home | ${STORE}`)
    const favicon = page.locator('link[rel="icon"]').first()
    const href = await favicon.getAttribute('href')
    expect(href).toBeTruthy()
    const image = await request.get(href!)
    expect(image.status()).toBe(200)
    expect(image.headers()['content-type']).toMatch(/^image\//)
    // Every icon the page names is a sized one: the uploaded original (512 px) is never downloaded by a tab.
    const icons = await page.locator('link[rel~="icon"], link[rel="apple-touch-icon"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
    expect(icons.length).toBeGreaterThan(0)
    expect(icons.filter((icon) => icon.includes('/original/'))).toEqual([])
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Featured products' })).toBeVisible()
    await expect(page.getByRole('link', { name: /View all products/ })).toHaveAttribute('href', '/shop')
  })

  test("the shop's first screen is the server's; the whole catalog comes at the shopper's first scroll, down to its last product", async ({ page, request }) => {
    const listed = (await (await request.get('/api/query?key=getProductList')).json()) as { data?: { products: { products: { name: string }[] } }; products?: { products: { name: string }[] } }
    const last = (listed.data ?? listed).products!.products.at(-1)!.name
    const catalogFetches: string[] = []
    page.on('request', (sent) => {
      if (sent.url().includes('key=getProductList')) catalogFetches.push(sent.url())
    })
    await page.goto('/shop', { waitUntil: 'networkidle' })
    const cards = page.getByRole('list', { name: 'Products' }).getByRole('heading', { level: 3 })
    await expect(cards.first()).toBeVisible()
    expect(catalogFetches).toEqual([])

    await page.mouse.wheel(0, 600)
    await expect(page.locator('[data-catalog="complete"]')).toBeAttached()
    expect(catalogFetches).toHaveLength(1)
    await page.keyboard.press('End')
    await expect(cards.filter({ hasText: last })).toBeVisible()
  })

  test('searches the shop, filters it, keeps the filters in the address, and opens a product', async ({ page }) => {
    await page.goto('/shop')
    await expect(page).toHaveTitle(`Shop | ${STORE}`)
    const count = page.getByText(/^\d+ products?$/)
    await expect(count).toBeVisible()
    const total = Number((await count.textContent())!.split(' ')[0])
    expect(total).toBeGreaterThanOrEqual(60)

    await page.getByRole('searchbox', { name: 'Search by name or SKU' }).fill('polo')
    await expect(page).toHaveURL(/[?&]q=polo/)
    await expect(count).not.toHaveText(`${total} products`)
    const polos = Number((await count.textContent())!.split(' ')[0])
    expect(polos).toBeGreaterThan(0)
    expect(polos).toBeLessThan(total)
    const names = await page.getByRole('region', { name: 'Products' }).getByRole('heading', { level: 3 }).allTextContents()
    expect(names.length).toBeGreaterThan(0)
    for (const name of names) expect(name.toLowerCase()).toContain('polo')

    // The Black filter counts the polos in black; ticking it shows exactly that many.
    const blackLabel = page.getByRole('complementary', { name: 'Filters' }).locator('label').filter({ hasText: /^Black\d+$/ })
    const blackPolos = Number(/(\d+)$/.exec((await blackLabel.textContent())!)![1])
    expect(blackPolos).toBeLessThanOrEqual(polos)
    await page.getByRole('checkbox', { name: 'Black' }).first().check()
    await expect(page).toHaveURL(/color=Black/)
    await expect(count).toHaveText(`${blackPolos} product${blackPolos === 1 ? '' : 's'}`)

    await page.reload()
    await expect(page.getByRole('searchbox', { name: 'Search by name or SKU' })).toHaveValue('polo')
    await expect(page.getByRole('checkbox', { name: 'Black' }).first()).toBeChecked()
    await expect(count).toHaveText(`${blackPolos} product${blackPolos === 1 ? '' : 's'}`)

    const firstCard = page.getByRole('list', { name: 'Products' }).getByRole('heading', { level: 3 }).first().getByRole('link')
    const productName = (await firstCard.textContent())!.trim()
    await firstCard.click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName)
    await expect(page).toHaveTitle(`${productName} | ${STORE}`)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('each filter ticked is a step Back undoes: the box, the count and the address come back', async ({ page }) => {
    await page.goto('/shop')
    const count = page.getByText(/^\d+ products?$/)
    await expect(count).toBeVisible()
    const all = (await count.textContent())!
    const filters = page.getByRole('complementary', { name: 'Filters' })
    const black = filters.getByRole('checkbox', { name: 'Black' })
    await black.check()
    await expect(page).toHaveURL(/color=Black/)
    await expect(count).not.toHaveText(all)
    const blacks = (await count.textContent())!

    const category = filters.getByRole('group', { name: 'Category' }).getByRole('checkbox').first()
    const categoryName = (await filters.getByRole('group', { name: 'Category' }).locator('label').first().textContent())!.replace(/\d+$/, '')
    await category.check()
    await expect(page).toHaveURL(new RegExp(`category=${encodeURIComponent(categoryName).replace(/%20/g, '\\+')}`))
    await expect(page).toHaveURL(/color=Black/)

    await page.goBack()
    await expect(page).not.toHaveURL(/category=/)
    await expect(filters.getByRole('checkbox', { name: categoryName })).not.toBeChecked()
    await expect(black).toBeChecked()
    await expect(count).toHaveText(blacks)

    await page.goBack()
    await expect(page).not.toHaveURL(/color=/)
    await expect(black).not.toBeChecked()
    await expect(count).toHaveText(all)
  })

  test('the filters put Category first with counts; by Black, every card shows and opens the product in black', async ({ page, request }) => {
    type Listed = { slug: string; attributeValues: { id: number; name: string; attribute: { name: string } }[]; colorImages: { colorValueId: number; name: string }[] }
    const listed = (await (await request.get('/api/query?key=getProductList')).json()) as { data?: { products: { products: Listed[] } }; products?: { products: Listed[] } }
    const products = (listed.data ?? listed).products!.products
    const blackPicture = new Map<string, string>()
    for (const product of products) {
      const black = product.attributeValues.find((value) => value.attribute.name === 'Color' && value.name === 'Black')
      const picture = black && product.colorImages.find((image) => image.colorValueId === black.id)
      if (picture) blackPicture.set(product.slug, picture.name.replace(/\.[a-z]+$/, ''))
    }
    expect(blackPicture.size).toBeGreaterThan(3)

    await page.goto('/shop')
    const filters = page.getByRole('complementary', { name: 'Filters' })
    const groups = filters.getByRole('group')
    await expect(groups.first()).toHaveAccessibleName('Category')
    await expect(groups.nth(1)).toHaveAccessibleName('Size')
    await expect(groups.nth(2)).toHaveAccessibleName('Color')
    const sizeNames = (await groups.nth(1).locator('label').allTextContents()).map((label) => label.replace(/\d+$/, ''))
    expect(sizeNames).not.toContain('Quantity')
    expect(sizeNames.slice(0, 3)).toEqual(['XS', 'S', 'M'])
    for (const label of await groups.nth(1).locator('label').allTextContents()) expect(label).toMatch(/^\S+?[1-9]\d*$/)

    const count = page.getByText(/^\d+ products?$/)
    await expect(count).toBeVisible()
    const categoryLabel = groups.first().locator('label').first()
    const [, categoryName, categoryCount] = /^(.*?)(\d+)$/.exec((await categoryLabel.textContent())!.trim())!
    await groups.first().getByRole('checkbox', { name: categoryName!.trim() }).first().check()
    await expect(count).toHaveText(`${categoryCount} product${categoryCount === '1' ? '' : 's'}`)
    // The colours now count within the category: ticking one shows exactly its count.
    const blackLabel = groups.nth(2).locator('label').filter({ hasText: /^Black\d+$/ })
    if ((await blackLabel.count()) > 0) {
      const blackCount = /(\d+)$/.exec((await blackLabel.textContent())!)![1]
      await blackLabel.click()
      await expect(count).toHaveText(`${blackCount} product${blackCount === '1' ? '' : 's'}`)
    }

    await page.goto('/shop?color=Black')
    await expect(filters.getByRole('checkbox', { name: /^Black/ })).toBeChecked()
    const cards = page.getByRole('list', { name: 'Products' }).getByRole('article')
    await expect(cards.first().getByRole('link')).toHaveAttribute('href', /\?color=Black$/)
    const shown = await cards.evaluateAll((articles) =>
      articles.map((article) => ({ href: article.querySelector('a')!.getAttribute('href')!, src: article.querySelector('img')?.getAttribute('src') ?? '' })),
    )
    expect(shown.length).toBeGreaterThan(0)
    let checked = 0
    for (const card of shown) {
      expect(card.href).toMatch(/\?color=Black$/)
      const slug = decodeURIComponent(card.href.replace(/^\/product\//, '').replace(/\?.*$/, ''))
      const stem = blackPicture.get(slug)
      if (stem) {
        expect(card.src, slug).toContain(stem)
        checked += 1
      }
    }
    expect(checked).toBeGreaterThan(0)

    await cards.first().getByRole('link').click()
    await expect(page.getByRole('radio', { name: 'Black' })).toBeChecked()
  })

  test('a result clicked the moment the search is typed opens the product, and Back returns to the search', async ({ page }) => {
    await page.goto('/shop')
    await expect(page.getByText(/^\d+ products?$/)).toBeVisible()
    // No wait between the last keystroke and the click: the search's own address update is still
    // pending (it follows a pause), and the click must win over it.
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('link', { name: 'Essential Crew Tee' }).first()).toBeVisible()
    // The shopper goes to the search box first: the page answers it (the whole catalog is fetched),
    // so what follows runs on the live page, not on the server's HTML before it came alive.
    await page.getByRole('searchbox', { name: 'Search by name or SKU' }).focus()
    await expect(page.locator('[data-catalog="complete"]')).toBeAttached()
    // The last keystroke and the click in one go, inside the page: well within the search's pause.
    await page.getByRole('searchbox', { name: 'Search by name or SKU' }).evaluate((input: HTMLInputElement) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'Essential Crew')
      input.dispatchEvent(new Event('input', { bubbles: true }))
      document.querySelector<HTMLAnchorElement>('[aria-label="Products"] a[href$="/product/essential-crew-tee"]')!.click()
    })
    await expect(page).toHaveURL(/\/product\/essential-crew-tee$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Essential Crew Tee')
    await page.goBack()
    await expect(page).toHaveURL(/\/shop\?q=Essential(\+|%20)Crew$/)
    await expect(page.getByRole('searchbox', { name: 'Search by name or SKU' })).toHaveValue('Essential Crew')
  })

  test('orders a product as a size grid and sees it counted in the cart', async ({ page }) => {
    await page.goto('/product/essential-crew-tee')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Essential Crew Tee')
    await page.getByRole('radio', { name: 'True Navy' }).check({ force: true })
    await page.getByRole('spinbutton', { name: 'Quantity for size M', exact: true }).fill('3')
    await page.getByRole('spinbutton', { name: 'Quantity for size 2XL', exact: true }).fill('2')
    await expect(page.getByText('$76.50')).toBeVisible() // 3 × $14.50 + 2 × $16.50
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Added to cart' })).toBeVisible()
    await expect(page.getByRole('link', { name: /Cart, 5 items/ })).toBeVisible()
  })

  test('quantities typed and the size chart opened before the page’s script has run still work once it runs', async ({ page }) => {
    // The page's script is held back until the shopper has typed, as on a slow phone connection.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/_next\/static\/chunks\/.*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/product/essential-crew-tee', { waitUntil: 'commit' })
    await page.getByRole('spinbutton', { name: 'Quantity for size M', exact: true }).fill('3')
    await page.getByRole('spinbutton', { name: 'Quantity for size L', exact: true }).fill('2')

    const chart = page.getByRole('dialog', { name: 'Essential Crew Tee: size chart' })
    await page.getByRole('button', { name: 'Size chart' }).click()
    await expect(chart).toBeVisible()
    await chart.getByRole('button', { name: 'Close' }).click()
    await expect(chart).toBeHidden()

    release()
    const counted = page.locator('dt', { hasText: 'Total quantity' }).locator('xpath=following-sibling::dd[1]')
    await expect(counted).toHaveText('5')
    await expect(page.getByRole('spinbutton', { name: 'Quantity for size M', exact: true })).toHaveValue('3')
    await page.getByRole('button', { name: 'Add to cart' }).click()
    await expect(page.getByRole('link', { name: /Cart, 5 items/ })).toBeVisible()
  })

  test('each kind of page comes alive on the HTML the server sent instead of drawing itself again', async ({ page }) => {
    // A page whose HTML React cannot match (a form in a form, say) is thrown away and drawn again
    // in the browser: what the shopper typed meanwhile is lost and the page flashes.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        ;(window as unknown as { served?: Element | null }).served = document.querySelector('main')
      })
    })
    for (const path of ['/', '/shop', '/product/essential-crew-tee', '/editor?product=essential-crew-tee', '/cart', '/checkout', '/login', '/signup', '/faq']) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      const kept = await page.evaluate(() => (window as unknown as { served?: Element | null }).served === document.querySelector('main'))
      expect(kept, `${path} keeps the server's HTML`).toBe(true)
    }
  })

  test('the product picture shows the logo chosen, starting with the one pictured first', async ({ page }) => {
    await page.goto('/product/essential-crew-tee')
    const picture = page.getByRole('region', { name: 'Product images' }).getByRole('img').first()
    await expect(page.getByRole('radio', { name: /Stacked Wordmark/ })).toBeChecked()
    await expect(picture).toHaveAccessibleName(/with the Stacked Wordmark logo$/)
    await page.getByRole('radio', { name: /Field Crew Badge/ }).check({ force: true })
    await expect(picture).toHaveAccessibleName(/with the Field Crew Badge logo$/)
    await page.getByRole('radio', { name: 'Heather Grey' }).check({ force: true })
    await expect(picture).toHaveAccessibleName('Essential Crew Tee in Heather Grey with the Field Crew Badge logo')
  })

  test('reads a content page from the footer', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('contentinfo').getByRole('link', { name: /About/ }).first().click()
    await expect(page).toHaveURL(/\/about-us$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.locator('main script')).toHaveCount(0)
  })

  test('pages refuse to be framed and to be sniffed as another type', async ({ request }) => {
    for (const path of ['/', '/shop', '/api/health']) {
      const response = await request.get(path)
      expect(response.headers()['x-content-type-options']).toBe('nosniff')
      expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
    }
  })

  test('a rendered page is served again unchanged, with its headers, until its data changes', async ({ request }) => {
    const first = await request.get('/faq')
    const again = [await request.get('/faq'), await request.get('/faq'), await request.get('/faq')]
    for (const response of again) {
      expect(response.status()).toBe(200)
      expect(await response.text()).toBe(await first.text())
      expect(response.headers()['x-frame-options']).toBe('DENY')
      expect(response.headers()['content-type']).toContain('text/html')
    }
    const invalidated = await request.post('/api/cache/invalidate', { data: { cache: 'ContentPages' } })
    expect(((await invalidated.json()) as { data: { invalidated: boolean } }).data.invalidated).toBe(true)
    expect((await request.get('/faq')).headers()['x-nextjs-cache']).toBe('MISS')
  })

  test('an unknown address shows the not-found page with its path and a way back home', async ({ page }) => {
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page.getByText('Page Not Found: /no-such-page')).toBeVisible()
    await page.getByRole('link', { name: 'back home' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('the not-found page is titled so, and offers a search and ways on into the shop', async ({ page }) => {
    await page.goto('/no/such/page')
    await expect(page).toHaveTitle(`Page not found | ${STORE}`)
    const ways = page.getByRole('navigation', { name: 'Or start from' })
    await expect(ways.getByRole('link', { name: 'All products' })).toHaveAttribute('href', '/shop')
    await expect(ways.getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/')
    expect(await ways.getByRole('link', { name: /.+/ }).count()).toBeGreaterThan(2)
    await page.getByRole('main').getByRole('searchbox', { name: 'Search the store' }).fill('polo')
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/\/shop\?q=polo$/)
    await expect(page.getByRole('searchbox', { name: 'Search by name or SKU' })).toHaveValue('polo')

    await page.goto('/product/no-such-product')
    await expect(page).toHaveTitle(`Page not found | ${STORE}`)
  })

  test('an unknown product is a 404 too', async ({ page }) => {
    const response = await page.goto('/product/no-such-product')
    expect(response?.status()).toBe(404)
    await expect(page.getByText('Page Not Found: /product/no-such-product')).toBeVisible()
  })

  test('the error page says what the spec says', async ({ page }) => {
    await page.goto('/error')
    await expect(page.getByText('It looks like something went wrong.')).toBeVisible()
    await expect(
      page.getByText("Don't worry, our team is already on it. Please try refreshing the page or come back later."),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'back home' })).toHaveAttribute('href', '/')
  })
})
