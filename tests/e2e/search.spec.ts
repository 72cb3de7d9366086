import { test } from '@playwright/test'
import { searchTheShopAsShoppersType } from './support/shop-search'

test.use({ viewport: { width: 1366, height: 900 } })

test('on a desktop, the shop search finds what shoppers mean: accents, plurals, synonyms, several words, and a near spelling', async ({ page }) => {
  await searchTheShopAsShoppersType(page)
})
