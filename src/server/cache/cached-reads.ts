import type { ContentPage, HomePageData, ProductDetails, ProductListItem, Website } from '@/isomorphic/catalog-types'
import { findProductBySlug, listProducts } from '../catalog/catalog-service'
import { findContentPage, getHomePage } from '../content/content-service'
import { getWebsite } from '../website/website-service'
import { namedCache } from './named-cache'

// The catalog reads every anonymous page makes, served from the named caches so a page render
// costs no query once warm. Writes invalidate the names (CATALOG_CACHES, 'Website' …).

export function listProductsCached({ websiteId }: { websiteId: number }): Promise<ProductListItem[]> {
  return namedCache().getOrLoad('ProductList', `${websiteId}:all`, () => listProducts({ websiteId }))
}

export function findProductBySlugCached({ websiteId, slug }: { websiteId: number; slug: string }): Promise<ProductDetails | null> {
  return namedCache().getOrLoad('Products', `${websiteId}:${slug}`, () => findProductBySlug({ websiteId, slug }))
}

/** Throws `not_found` like getWebsite (failures are not cached). */
export function getWebsiteCached({ websiteId }: { websiteId: number }): Promise<Website> {
  return namedCache().getOrLoad('Website', `${websiteId}:website`, () => getWebsite({ websiteId }))
}

export function getHomePageCached({ websiteId }: { websiteId: number }): Promise<HomePageData> {
  return namedCache().getOrLoad('HomePage', `${websiteId}:data`, () => getHomePage({ websiteId }))
}

export function findContentPageCached({ websiteId, slug }: { websiteId: number; slug: string }): Promise<ContentPage | null> {
  return namedCache().getOrLoad('ContentPages', `${websiteId}:${slug}`, () => findContentPage({ websiteId, slug }))
}
