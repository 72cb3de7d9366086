import { test } from '@playwright/test'
import { searchTheShopAsShoppersType } from './support/shop-search'

test.use({ viewport: { width: 390, height: 844 } })

test('on a phone, the shop search finds what shoppers mean: accents, plurals, synonyms, several words, and a near spelling', async ({ page }) => {
  await searchTheShopAsShoppersType(page)
})
