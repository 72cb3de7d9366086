// What the storefront's server components read: thin wrappers over the core's cached reads for the
// page's store (its [store] segment, decision 025; the same named caches the API serves from, so re-rendering every page after an
// invalidation costs one catalog query, not one per page), deduplicated per render.

import { cache } from 'react'
import { findProductBySlugCached, listProductsCached } from '@/server/catalog/catalog-service'
import { findContentPageCached, getHomePageCached } from '@/server/content/content-service'
import { getWebsiteCached } from '@/server/website/website-service'
import { DomainError } from '@/server/kernel/errors'
import type { ContentPage, HomePageData, ProductDetails, ProductListItem, Website } from '@/isomorphic/catalog-types'

/** The store, or null when the database has none (the shell then says 'Webstores'). */
export const loadWebsite = cache(async (websiteId: number): Promise<Website | null> => {
  try {
    return await getWebsiteCached({ websiteId })
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') return null
    throw error
  }
})

export const loadHomePage = cache(async (websiteId: number): Promise<HomePageData> => getHomePageCached({ websiteId }))

/** Every published product in website order. */
export const loadProducts = cache(async (websiteId: number): Promise<ProductListItem[]> => listProductsCached({ websiteId }))


export const loadProduct = cache(
  async (websiteId: number, slug: string): Promise<ProductDetails | null> => findProductBySlugCached({ websiteId, slug }),
)

export const loadContentPage = cache(
  async (websiteId: number, slug: string): Promise<ContentPage | null> => findContentPageCached({ websiteId, slug }),
)

/** The categories with the most products, for the header's navigation. */
export const loadTopCategories = cache(async (websiteId: number, limit = 4): Promise<string[]> => {
  const counts = new Map<string, number>()
  for (const product of await loadProducts(websiteId)) {
    for (const category of product.categories) counts.set(category.name, (counts.get(category.name) ?? 0) + 1)
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([name]) => name)
})

/** What the product page and the editor hand to the browser of a product: only what they show. */
export function productViewData(
  product: ProductDetails,
): Pick<ProductDetails, 'id' | 'name' | 'slug' | 'templateSkuCode' | 'attributeValues' | 'productVariants' | 'images' | 'basePrice' | 'priceBreaks' | 'sizeChart'> {
  const { id, name, slug, templateSkuCode, attributeValues, productVariants, images, basePrice, priceBreaks, sizeChart } = product
  return { id, name, slug, templateSkuCode, attributeValues, productVariants, images, basePrice, priceBreaks, sizeChart }
}
