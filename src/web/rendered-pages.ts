import type { CacheName } from '@/isomorphic/contract/queries'
import { dropAllRenderedPages } from './route-cache-handler.mjs'

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

/** Drops every rendered page (route cache) when one of the given caches feeds them. */
export function refreshRenderedPages(caches: readonly CacheName[]): boolean {
  if (!caches.some((cache) => RENDERED_FROM.has(cache))) return false
  dropAllRenderedPages()
  return true
}
