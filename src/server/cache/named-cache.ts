import { CACHE_NAMES, type CacheName } from '@/shared/query-types'

export { CACHE_NAMES, type CacheName }

export type CacheLoadOptions = {
  /** Drop the entry after this long even without an invalidation (time-dependent data). */
  ttlMs?: number
}

/**
 * The named server caches (Website, ProductList, Promotions …). The interface is async so that a
 * shared (Redis-backed) implementation can replace the in-process one without touching callers.
 * Each name has a generation counter: invalidating a name bumps it, and a load that started under
 * an older generation is handed to its waiters but never stored.
 */
export type NamedCache = {
  /** The cached value, or the loader's result; concurrent misses of one key share one load. */
  getOrLoad<T>(name: CacheName, key: string, loader: () => Promise<T>, options?: CacheLoadOptions): Promise<T>
  invalidate(name: CacheName): Promise<void>
  invalidateAll(): Promise<void>
  generation(name: CacheName): Promise<number>
}

type Entry = { value: unknown; expiresAt: number }

// Keys come partly from request values (ids, page numbers), so each name keeps a bounded number of
// entries and forgets the oldest first. Products holds a few entries per product (the page's data,
// the editor's options, the pricing facts): room for a store of about a thousand products.
const MAX_ENTRIES_PER_NAME = 4096

export function createMemoryCache({ maxEntriesPerName = MAX_ENTRIES_PER_NAME } = {}): NamedCache {
  const entries = new Map<CacheName, Map<string, Entry>>()
  const loading = new Map<CacheName, Map<string, { generation: number; promise: Promise<unknown> }>>()
  const generations = new Map<CacheName, number>()

  const generationOf = (name: CacheName) => generations.get(name) ?? 0
  const bucket = <V>(maps: Map<CacheName, Map<string, V>>, name: CacheName) => {
    let map = maps.get(name)
    if (!map) maps.set(name, (map = new Map()))
    return map
  }

  function invalidateNow(name: CacheName) {
    generations.set(name, generationOf(name) + 1)
    entries.delete(name)
    loading.delete(name)
  }

  return {
    async getOrLoad<T>(name: CacheName, key: string, loader: () => Promise<T>, options: CacheLoadOptions = {}) {
      const stored = entries.get(name)?.get(key)
      if (stored && stored.expiresAt > Date.now()) return stored.value as T

      const generation = generationOf(name)
      const inFlight = loading.get(name)?.get(key)
      if (inFlight && inFlight.generation === generation) return inFlight.promise as Promise<T>

      const promise = loader().then(
        (value) => {
          if (generationOf(name) === generation) {
            const stored = bucket(entries, name)
            stored.delete(key)
            stored.set(key, { value, expiresAt: Date.now() + (options.ttlMs ?? Number.POSITIVE_INFINITY) })
            if (stored.size > maxEntriesPerName) stored.delete(stored.keys().next().value as string)
          }
          return value
        },
      )
      const pending = bucket(loading, name)
      pending.set(key, { generation, promise })
      const forget = () => {
        if (loading.get(name)?.get(key)?.promise === promise) loading.get(name)?.delete(key)
      }
      promise.then(forget, forget)
      return promise
    },

    async invalidate(name) {
      invalidateNow(name)
    },

    async invalidateAll() {
      for (const name of CACHE_NAMES) invalidateNow(name)
    },

    async generation(name) {
      return generationOf(name)
    },
  }
}

// One cache per process, shared by every Next module graph that loads this file.
const GLOBAL_KEY = Symbol.for('webstore.named-cache')
type GlobalWithCache = typeof globalThis & { [GLOBAL_KEY]?: NamedCache }

export function namedCache(): NamedCache {
  const holder = globalThis as GlobalWithCache
  holder[GLOBAL_KEY] ??= createMemoryCache()
  return holder[GLOBAL_KEY]
}

/** Swaps the process's cache (a shared implementation at start, or a fresh one in tests). */
export function useNamedCache(cache: NamedCache): void {
  ;(globalThis as GlobalWithCache)[GLOBAL_KEY] = cache
}

/** Catalog writes change what these caches hold. */
export const CATALOG_CACHES = ['ProductList', 'FeaturedProducts', 'HomePage', 'Products'] as const satisfies readonly CacheName[]

export async function invalidateCaches(names: readonly CacheName[]): Promise<void> {
  const cache = namedCache()
  await Promise.all(names.map((name) => cache.invalidate(name)))
}
