import { CACHE_NAMES, type CacheName } from '@/isomorphic/contract/queries'

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
  /**
   * The value held now, or undefined, without waiting: for the edge's per-request reads (the store
   * directory), which fall back to getOrLoad when nothing is held. Counts as a use (every so many peeks).
   */
  peek<T>(name: CacheName, key: string): T | undefined
  /**
   * Drops a name's entries: every store's, or — with `websiteId` — that store's (keys `{id}:…`) and
   * the install's own (keys without a store, such as the store directory), never another store's.
   */
  invalidate(name: CacheName, websiteId?: number): Promise<void>
  invalidateAll(): Promise<void>
  /** Moves on with every invalidation that drops the name's entries (of `websiteId`, when given). */
  generation(name: CacheName, websiteId?: number): Promise<number>
}

/** The store a cache key belongs to: keys of a store's data start with `{websiteId}:`; else null (the install's). */
export function storeOfKey(key: string): number | null {
  const colon = key.indexOf(':')
  if (colon < 1 || colon > 10) return null
  const id = Number(key.slice(0, colon))
  return Number.isInteger(id) && id > 0 && String(id) === key.slice(0, colon) ? id : null
}

type Entry = { value: unknown; expiresAt: number; bytes: number; peeks: number }

const PEEK_TOUCH_EVERY = 64

/**
 * Whether an entry's time is up. Most entries have none, and the clock is not asked for them: under
 * Next, Date.now is patched and looks up the request's async context (P1: three peeks per page).
 */
function expired(entry: Entry): boolean {
  return entry.expiresAt !== Number.POSITIVE_INFINITY && entry.expiresAt <= Date.now()
}

// Keys come partly from request values (ids, slugs, page numbers), so the cache is bounded twice:
// each name keeps at most MAX_ENTRIES_PER_NAME entries, and all names together hold at most
// MAX_BYTES (an estimate of what each value keeps alive: see weigh). Products holds a few entries
// per product (the page's data, the editor's options, the pricing facts): room for a store of about
// a thousand products. Entries are forgotten least recently used first; when the bytes run out,
// the name holding the most bytes gives one up, so a flood of keys in one name (requests with
// ever-new values) evicts its own entries, not the Website or a product page.
const MAX_ENTRIES_PER_NAME = 4096
export const NAMED_CACHE_MAX_BYTES = 192 * 1024 * 1024

/** A value that knows roughly how many bytes it keeps alive (an EncodedPayload does). */
type Weighed = { readonly heldBytes: number }

const OVERHEAD_BYTES = 128

/**
 * Roughly the bytes a cached value keeps alive: its own figure when it has one (a prepared
 * payload), else the length of its JSON, computed once per load — a value is loaded once per
 * generation and served many times. A value that cannot be serialized counts as one kilobyte.
 */
export function weigh(value: unknown): number {
  if (typeof value === 'object' && value !== null && typeof (value as Weighed).heldBytes === 'number') {
    return (value as Weighed).heldBytes + OVERHEAD_BYTES
  }
  if (typeof value === 'string') return value.length + OVERHEAD_BYTES
  try {
    return (JSON.stringify(value)?.length ?? 0) + OVERHEAD_BYTES
  } catch {
    return 1024
  }
}

export type MemoryCacheOptions = { maxEntriesPerName?: number; maxBytes?: number }

/** The in-process cache, with what it holds now: for the bounds' tests and diagnostics. */
export type MemoryCache = NamedCache & { heldBytes(): number; entryCount(name?: CacheName): number }

export function createMemoryCache({ maxEntriesPerName = MAX_ENTRIES_PER_NAME, maxBytes = NAMED_CACHE_MAX_BYTES }: MemoryCacheOptions = {}): MemoryCache {
  const entries = new Map<CacheName, Map<string, Entry>>()
  const bytesOf = new Map<CacheName, number>()
  let heldBytes = 0
  const loading = new Map<CacheName, Map<string, { generation: number; promise: Promise<unknown> }>>()
  const generations = new Map<CacheName, number>()
  // A store's invalidations of a name (`Products|3`), and the install-wide entries' (`Products|-`):
  // a key's generation adds its name's and its part's, so either kind of invalidation moves it on.
  const partGenerations = new Map<string, number>()

  const generationOf = (name: CacheName) => generations.get(name) ?? 0
  const partOf = (name: CacheName, store: number | null) => `${name}|${store ?? '-'}`
  const keyGeneration = (name: CacheName, key: string) => generationOf(name) + (partGenerations.get(partOf(name, storeOfKey(key))) ?? 0)
  const bucket = <V>(maps: Map<CacheName, Map<string, V>>, name: CacheName) => {
    let map = maps.get(name)
    if (!map) maps.set(name, (map = new Map()))
    return map
  }

  function remove(name: CacheName, key: string) {
    const map = entries.get(name)
    const entry = map?.get(key)
    if (!map || !entry) return
    map.delete(key)
    bytesOf.set(name, (bytesOf.get(name) ?? 0) - entry.bytes)
    heldBytes -= entry.bytes
  }

  function heaviestName(): CacheName | undefined {
    let heaviest: CacheName | undefined
    for (const [name, map] of entries) {
      if (map.size > 0 && (heaviest === undefined || (bytesOf.get(name) ?? 0) > (bytesOf.get(heaviest) ?? 0))) heaviest = name
    }
    return heaviest
  }

  function store(name: CacheName, key: string, value: unknown, ttlMs: number | undefined) {
    remove(name, key)
    const bytes = weigh(value)
    if (bytes > maxBytes) return // answered, never kept: it alone would not fit
    const map = bucket(entries, name)
    map.set(key, { value, expiresAt: ttlMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + ttlMs, bytes, peeks: 0 })
    bytesOf.set(name, (bytesOf.get(name) ?? 0) + bytes)
    heldBytes += bytes
    if (map.size > maxEntriesPerName) remove(name, map.keys().next().value as string)
    while (heldBytes > maxBytes) {
      const heaviest = heaviestName()
      if (heaviest === undefined) break
      remove(heaviest, entries.get(heaviest)!.keys().next().value as string)
    }
  }

  function invalidateStoreNow(name: CacheName, websiteId: number) {
    for (const part of [partOf(name, websiteId), partOf(name, null)]) partGenerations.set(part, (partGenerations.get(part) ?? 0) + 1)
    const belongs = (key: string) => {
      const store = storeOfKey(key)
      return store === null || store === websiteId
    }
    for (const key of [...(entries.get(name)?.keys() ?? [])]) if (belongs(key)) remove(name, key)
    const pending = loading.get(name)
    for (const key of [...(pending?.keys() ?? [])]) if (belongs(key)) pending!.delete(key)
  }

  function invalidateNow(name: CacheName) {
    generations.set(name, generationOf(name) + 1)
    heldBytes -= bytesOf.get(name) ?? 0
    bytesOf.delete(name)
    entries.delete(name)
    loading.delete(name)
  }

  return {
    heldBytes: () => heldBytes,
    entryCount: (name) => (name ? (entries.get(name)?.size ?? 0) : [...entries.values()].reduce((sum, map) => sum + map.size, 0)),

    peek<T>(name: CacheName, key: string) {
      const map = entries.get(name)
      const stored = map?.get(key)
      if (!stored || expired(stored)) return undefined
      // Moved to the most recently used end once per PEEK_TOUCH_EVERY peeks: an entry the edge
      // peeks at on every request stays far from eviction, without a delete and an insert (and
      // the Map's periodic rehash they cause) on every request.
      if (++stored.peeks % PEEK_TOUCH_EVERY === 0) {
        map!.delete(key)
        map!.set(key, stored)
      }
      return stored.value as T
    },

    async getOrLoad<T>(name: CacheName, key: string, loader: () => Promise<T>, options: CacheLoadOptions = {}) {
      const map = entries.get(name)
      const stored = map?.get(key)
      if (stored && !expired(stored)) {
        map!.delete(key)
        map!.set(key, stored) // most recently used last
        return stored.value as T
      }

      const generation = keyGeneration(name, key)
      const inFlight = loading.get(name)?.get(key)
      if (inFlight && inFlight.generation === generation) return inFlight.promise as Promise<T>

      const promise = loader().then((value) => {
        if (keyGeneration(name, key) === generation) store(name, key, value, options.ttlMs)
        return value
      })
      const pending = bucket(loading, name)
      pending.set(key, { generation, promise })
      const forget = () => {
        if (loading.get(name)?.get(key)?.promise === promise) loading.get(name)?.delete(key)
      }
      promise.then(forget, forget)
      return promise
    },

    async invalidate(name, websiteId) {
      if (websiteId === undefined) invalidateNow(name)
      else invalidateStoreNow(name, websiteId)
    },

    async invalidateAll() {
      for (const name of CACHE_NAMES) invalidateNow(name)
    },

    async generation(name, websiteId) {
      return websiteId === undefined ? generationOf(name) : keyGeneration(name, `${websiteId}:`)
    },
  }
}

// One cache per process, shared by every Next module graph that loads this file: held in one object
// on globalThis, which each module instance reads once (the edge peeks several times per request, P1).
const GLOBAL_KEY = Symbol.for('webstore.named-cache-holder')
type Holder = { cache?: NamedCache }
const holder: Holder = ((globalThis as typeof globalThis & { [GLOBAL_KEY]?: Holder })[GLOBAL_KEY] ??= {})

export function namedCache(): NamedCache {
  return (holder.cache ??= createMemoryCache())
}

/** Swaps the process's cache (a shared implementation at start, or a fresh one in tests). */
export function useNamedCache(cache: NamedCache): void {
  holder.cache = cache
}

/** Catalog writes change what these caches hold. */
export const CATALOG_CACHES = ['ProductList', 'FeaturedProducts', 'HomePage', 'Products'] as const satisfies readonly CacheName[]

// What is built from the named caches outside this module (the web layer's rendered pages) listens
// here, so that every write that drops a cache in this process also drops what was rendered from it
// (other instances hear of it through the invalidation bus: shared-caches.ts).
const LISTENERS_KEY = Symbol.for('webstore.named-cache.listeners')
/** Caches dropped: every store's, or one store's (`websiteId`). */
export type InvalidationListener = (names: readonly CacheName[], websiteId?: number) => void
type GlobalWithListeners = typeof globalThis & { [LISTENERS_KEY]?: Set<InvalidationListener> }

function listeners(): Set<InvalidationListener> {
  const holder = globalThis as GlobalWithListeners
  holder[LISTENERS_KEY] ??= new Set()
  return holder[LISTENERS_KEY]
}

/** Calls `listener` after each `invalidateCaches` in this process; returns the way to stop. */
export function onCachesInvalidated(listener: InvalidationListener): () => void {
  listeners().add(listener)
  return () => listeners().delete(listener)
}

/**
 * Drops these caches here and on every instance, then tells this process's listeners: one store's
 * entries when the write was that store's (`websiteId`, decision 025), else every store's.
 */
export async function invalidateCaches(names: readonly CacheName[], websiteId?: number): Promise<void> {
  if (names.length === 0) return
  const cache = namedCache()
  await Promise.all(names.map((name) => cache.invalidate(name, websiteId)))
  for (const listener of listeners()) listener(names, websiteId)
}
