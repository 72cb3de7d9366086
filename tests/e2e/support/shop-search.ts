import { expect, type Page } from '@playwright/test'

// Issue 27, "search that forgives": the searches shoppers type on the demo store's shop, as a
// desktop (search.spec.ts) and a phone (search.phone.spec.ts) see them.

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search by name or SKU' })
const count = (page: Page) => page.locator('p[aria-live="polite"]').filter({ hasText: /products?$|Loading/ })
const cardNames = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('heading', { level: 3 })

/**
 * Types the search and returns the names of the cards once they are the search's (its chip shows,
 * and the cards pass `check`) with the count of products found (a phone's grid holds only the rows
 * near the screen, so there may be more than the cards).
 */
async function search(page: Page, text: string, check: (names: string[]) => void): Promise<{ names: string[]; found: number }> {
  await searchBox(page).fill(text)
  await expect(page.getByRole('button', { name: `Remove filter “${text}”` })).toBeVisible()
  let names: string[] = []
  let found = 0
  await expect(async () => {
    names = (await cardNames(page).allTextContents()).map((name) => name.trim())
    check(names)
    found = Number(/^(\d+) products?$/.exec((await count(page).textContent()) ?? '')?.[1])
    expect(found).toBeGreaterThanOrEqual(names.length)
  }).toPass({ timeout: 10_000 })
  return { names, found }
}

export async function searchTheShopAsShoppersType(page: Page) {
  await page.goto('/shop')
  await expect(count(page)).toHaveText(/^\d{2,} products$/)

  // Accents do not count: "pique" is the Piqué polos.
  await search(page, 'pique', (names) => expect(names).toEqual(['Classic Piqué Polo', "Women's Classic Piqué Polo"]))
  await expect(count(page)).toHaveText('2 products')
  await expect(page).toHaveURL(/[?&]q=pique(&|$)/)

  // A plural finds the singular; several words are looked for across name and colour.
  const polos = await search(page, 'polos', (names) => {
    expect(names).toEqual(expect.arrayContaining(['Classic Piqué Polo', 'Heathered Jersey Polo', 'Pima Cotton Polo']))
    for (const name of names) expect(name).toContain('Polo')
  })
  const navyPolos = await search(page, 'navy polo', (names) => {
    expect(names).toEqual(expect.arrayContaining(['Classic Piqué Polo', 'Pima Cotton Polo']))
    for (const name of names) expect(name).toContain('Polo')
    // Heathered Jersey comes in no navy.
    expect(names).not.toContain('Heathered Jersey Polo')
  })
  expect(navyPolos.found).toBe(polos.found - 1)
  // The card shows, and opens, the navy one.
  await expect(cardNames(page).first().getByRole('link')).toHaveAttribute('href', /[?&]color=True\+Navy$/)

  // Synonyms of the trade, the products named so first (the top of the list), then the rest of
  // their category (the count is more than the products named so).
  const hoodies = await search(page, 'hoodies', (names) => {
    expect(names.slice(0, 3)).toEqual(['Midweight Pullover Hoodie', 'Full-Zip Hoodie', 'Crewneck Sweatshirt'])
  })
  expect(hoodies.found).toBeGreaterThan(hoodies.names.filter((name) => /Hoodie|Sweatshirt/.test(name)).length)
  const tees = await search(page, 't-shirt', (names) => {
    expect(names.slice(0, 3)).toEqual(['Essential Crew Tee', 'Tri-Blend Crew Tee', 'Heavyweight Pocket Tee'])
  })
  const sameTees = await search(page, 'tee', (names) => expect(names).toEqual(tees.names))
  expect(sameTees.found).toBe(tees.found)
  await search(page, 'hi vis', (names) => {
    expect(names.slice(0, 3)).toEqual(['Hi-Vis Short Sleeve Tee', 'Hi-Vis Trucker Cap', 'Hi-Vis Beanie'])
  })
  await expect(page).toHaveURL(/[?&]q=hi\+vis(&|$)/)

  // A misspelling: "Did you mean" with the nearest search's products, and a click takes it.
  await searchBox(page).fill('hoodei')
  const offer = page.getByRole('status').filter({ hasText: 'Did you mean' })
  await expect(offer).toHaveText('No products match “hoodei”. Did you mean hoodie? Showing the nearest matches.')
  await expect(cardNames(page).first()).toContainText('Hoodie')
  await offer.getByRole('button', { name: 'hoodie' }).click()
  await expect(searchBox(page)).toHaveValue('hoodie')
  await expect(page).toHaveURL(/[?&]q=hoodie(&|$)/)
  await expect(offer).toHaveCount(0)
  await expect(cardNames(page).first()).toContainText('Hoodie')

  // Nothing near: the empty page as before.
  await searchBox(page).fill('zzzzqqq')
  await expect(page.getByText('No products match', { exact: true })).toBeVisible()
  await expect(offer).toHaveCount(0)

  const hasHorizontalScroll = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
  expect(hasHorizontalScroll).toBe(false)
}
