import { Redis } from 'ioredis'
import { CACHE_NAMES, type CacheName, createMemoryCache, type NamedCache } from './named-cache'
import { createInvalidationBus, encodeInvalidation, type Invalidation, type InvalidationBus } from './invalidation-bus'
import type { RateLimiter } from './rate-limiter'
import { openRedisConnections } from './redis-connections'
import { createRedisRateLimiter } from './redis-rate-limiter'

// With REDIS_URL, several instances serve one store (decision 014). Cached values stay in each
// process's memory (a catalog page or the product index costs a Map lookup, not a round trip and a
// parse of a megabyte); what is shared is the news that they changed, and the rate-limit counters.

export type SharedCaches = {
  cache: NamedCache
  limiter: RateLimiter
  bus: InvalidationBus
  close(): Promise<void>
}

const channelOf = (prefix: string) => `${prefix}invalidations`

export function connectSharedCaches({
  url,
  prefix,
  name = `${prefix}${process.pid}`,
  onInvalidated,
}: {
  url: string
  /** Namespaces keys and the channel: stores (or test runs) sharing one Redis never meet. */
  prefix: string
  /** Names this process's connections in Redis (CLIENT LIST); unique per process by default. */
  name?: string
  /**
   * Named caches (and rendered-page tags) another instance made stale, or every name when messages
   * may have been missed: for what is built from them outside this module (rendered pages).
   */
  onInvalidated?: (invalidation: Invalidation) => void
}): SharedCaches {
  const connections = openRedisConnections(url, name)
  const local = createMemoryCache()

  const bus = createInvalidationBus({
    publisher: connections.commands,
    subscriber: connections.subscriber,
    channel: channelOf(prefix),
    onMessage(message) {
      for (const name of message.names ?? []) void local.invalidate(name, message.websiteId)
      onInvalidated?.(message)
    },
    onMissed() {
      void local.invalidateAll()
      onInvalidated?.({ names: [...CACHE_NAMES] })
    },
  })

  const cache: NamedCache = {
    getOrLoad: (name, key, loader, options) => local.getOrLoad(name, key, loader, options),
    peek: (name, key) => local.peek(name, key),
    generation: (name, websiteId) => local.generation(name, websiteId),
    async invalidate(name, websiteId) {
      await local.invalidate(name, websiteId)
      await bus.publish(websiteId === undefined ? { names: [name] } : { names: [name], websiteId })
    },
    async invalidateAll() {
      await local.invalidateAll()
      await bus.publish({ names: [...CACHE_NAMES] })
    },
  }

  return {
    cache,
    limiter: createRedisRateLimiter({ redis: connections.commands, prefix }),
    bus,
    async close() {
      bus.close()
      await connections.close()
    },
  }
}

/**
 * Tells every running instance that these caches changed, from a process that is not one of them
 * (the store import command). True when Redis took the message.
 */
export async function announceInvalidation({ url, prefix, names }: { url: string; prefix: string; names: CacheName[] }): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null })
  redis.on('error', () => {})
  try {
    await redis.connect()
    await redis.publish(channelOf(prefix), encodeInvalidation({ names }, `announce-${process.pid}`))
    return true
  } catch {
    return false
  } finally {
    redis.disconnect()
  }
}
