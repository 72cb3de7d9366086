import type { CacheName } from '@/isomorphic/contract/queries'
import { dropAllRenderedPages, dropRenderedPagesOf } from './route-cache-handler.mjs'

// The named caches whose data appears in rendered catalog pages (layout, home, shop, product and
// content pages). Dropping one of them must also drop the rendered pages built from it.
const RENDERED_FROM: ReadonlySet<CacheName> = new Set<CacheName>([
  'Website',
  'FeaturedProducts',
  'ProductList',
  'HomePage',
  'Products',
  'ContentPages',
])

/**
 * Drops the rendered pages (route cache) when one of the given caches feeds them: one store's when
 * the change was that store's (`websiteId`), else every store's.
 */
export function refreshRenderedPages(caches: readonly CacheName[], websiteId?: number): boolean {
  if (!caches.some((cache) => RENDERED_FROM.has(cache))) return false
  if (websiteId === undefined) dropAllRenderedPages()
  else dropRenderedPagesOf(websiteId)
  return true
}
