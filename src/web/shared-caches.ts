import { useNamedCache as installNamedCache } from '@/server/cache/named-cache'
import { useRateLimiter as installRateLimiter } from '@/server/cache/rate-limiter'
import { connectSharedCaches, type SharedCaches } from '@/server/cache/shared-caches'
import { logger } from '@/server/kernel/logger'
import { refreshRenderedPages } from './rendered-pages'
import { announceRevalidatedTags, revalidateRenderedTags } from './route-cache-handler.mjs'

/** How long a starting server waits for Redis before it serves anyway (deaf: see invalidation-bus). */
const STARTUP_WAIT_MS = 3000

/**
 * Makes this server process one of several sharing a store through Redis (decision 014): the named
 * caches and rate limits become the shared ones, and what another instance invalidates also drops
 * the rendered pages built from it (the route cache, and with it scripts/page-response-cache.mjs).
 */
export async function startSharedCaches({ url, prefix }: { url: string; prefix: string }): Promise<SharedCaches> {
  const shared = connectSharedCaches({
    url,
    prefix,
    onInvalidated({ names, websiteId, tags }) {
      if (names) refreshRenderedPages(names, websiteId)
      if (tags?.length) revalidateRenderedTags(tags)
    },
  })
  installNamedCache(shared.cache)
  installRateLimiter(shared.limiter)
  announceRevalidatedTags((tags) => shared.bus.publish({ tags }))
  if (await shared.bus.whenListening(STARTUP_WAIT_MS)) {
    logger().info({ prefix }, 'shared caches: listening for invalidations on Redis')
  } else {
    logger().error({ prefix }, 'shared caches: Redis cannot be reached; serving with caches that last a second until it can')
  }
  return shared
}
