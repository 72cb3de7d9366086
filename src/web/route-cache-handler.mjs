// The route cache (ISR) of this store: rendered catalog pages kept in process memory, dropped by tag
// when the data behind them changes. In memory rather than Next's default files under .next/ so that
// a restart (after an import, say) never serves pages of the old data. Bounded by size (LRU).
// Loaded by Next at run time through next.config.ts `cacheHandler`, outside the bundle: plain ESM.
// Bundled code imports it too (a second module instance): all state lives in the edge registry.
// With several instances, each keeps its own pages; drops and tag revalidations travel over the
// invalidation bus (decision 014; src/web/shared-caches.ts).

import { edgeEnv } from '../server/edge-env.mjs'
import { routeCacheState as store } from './edge-registry.mjs'

/** @typedef {import('./edge-registry.mjs').RouteCacheState} RouteCacheState */
/** @typedef {{ tags?: string[] }} SetContext */

const MAX_BYTES = edgeEnv().routeCacheMaxBytes

// Pages live under their store's inside address (`/_3/en/shop`, decision 025). Next 16 keys a page
// `/route-cache/APP_PAGE/{build hash}/$/_3/en/shop`: the store is the segment after `/$` (or the
// first one, in a bare path).
const STORE_OF_KEY = /(?:^|\/\$)\/_([1-9]\d{0,8})(?:\/|$)/

/**
 * The store (`'3'`) a route-cache key belongs to, or null.
 * @param {string} key
 */
function storeOfKey(key) {
  return STORE_OF_KEY.exec(key)?.[1] ?? null
}

/**
 * @param {RouteCacheState} cache
 * @param {string | null | undefined} storeId
 */
function generationOf(cache, storeId) {
  return cache.generation + (storeId ? (cache.storeGenerations.get(storeId) ?? 0) : 0)
}

/**
 * Changes whenever a store's rendered pages may have become stale (a tag revalidated, everything or
 * that store's pages dropped): what keeps copies of rendered pages elsewhere
 * (scripts/page-response-cache.mjs) compares it. Both parts only grow, so their sum does too.
 * @param {string | null} [storeId] the store whose pages are meant (`'3'`)
 */
export function renderedPagesGeneration(storeId) {
  return generationOf(store(), storeId)
}

/**
 * Drops every rendered page of this process, so each is rendered again from current data on its
 * next request. Works outside a Next request too (the state lives on globalThis).
 */
export function dropAllRenderedPages() {
  const cache = store()
  cache.generation += 1
  const count = cache.entries.size
  cache.entries.clear()
  cache.bytes = 0
  return count
}

/**
 * Drops one store's rendered pages (its data changed); other stores' pages stay (issue 25).
 * @param {number | string} storeId
 */
export function dropRenderedPagesOf(storeId) {
  const cache = store()
  const id = String(storeId)
  cache.storeGenerations.set(id, (cache.storeGenerations.get(id) ?? 0) + 1)
  let count = 0
  for (const [key, entry] of cache.entries) {
    if (storeOfKey(key) !== id) continue
    cache.entries.delete(key)
    cache.bytes -= entry.bytes
    count += 1
  }
  return count
}

/**
 * Marks tags revalidated here only (a revalidation another instance announced).
 * @param {string | string[]} tags
 */
export function revalidateRenderedTags(tags) {
  const cache = store()
  cache.generation += 1
  const now = Date.now()
  for (const tag of [tags].flat()) cache.tagTimes.set(tag, now)
}

/**
 * Who else must hear of a revalidateTag made in this process (the invalidation bus), or null.
 * @param {((tags: string[]) => Promise<void>) | null} listener
 */
export function announceRevalidatedTags(listener) {
  store().announce = listener
}

// A page rendered from data read before a drop must not be kept after it: the generation at the
// miss that started a render is compared when the render is stored. Keys are page paths, few.
const MAX_PENDING_MISSES = 10_000

/**
 * @param {RouteCacheState} cache
 * @param {string} key
 */
function rememberMiss(cache, key) {
  if (cache.misses.size >= MAX_PENDING_MISSES) cache.misses.clear()
  cache.misses.set(key, generationOf(cache, storeOfKey(key)))
}

/** @param {unknown} value what Next keeps for a route (its fields are Next's, read loosely) */
function sizeOf(value) {
  if (!value || typeof value !== 'object') return 64
  const fields = /** @type {Record<string, unknown>} */ (value)
  let bytes = 256
  for (const field of ['html', 'rscData', 'body', 'data']) {
    const part = /** @type {{ byteLength?: unknown } | string | undefined} */ (fields[field])
    if (typeof part === 'string') bytes += part.length
    else if (part && typeof part.byteLength === 'number') bytes += part.byteLength
  }
  if (fields.segmentData instanceof Map) for (const part of fields.segmentData.values()) bytes += part?.byteLength ?? 0
  return bytes
}

/**
 * @param {unknown} value
 * @param {SetContext | undefined} ctx
 * @returns {string[]}
 */
function tagsOf(value, ctx) {
  const tags = new Set(ctx?.tags ?? [])
  const header = /** @type {{ headers?: Record<string, unknown> } | null | undefined} */ (value)?.headers?.['x-next-cache-tags']
  if (typeof header === 'string') for (const tag of header.split(',')) if (tag) tags.add(tag)
  return [...tags]
}

export default class RouteCacheHandler {
  /** @param {unknown} options what Next passes to a cache handler (unused) */
  constructor(options) {
    this.options = options
  }

  /**
   * @param {string} key
   * @returns {Promise<{ value: unknown, lastModified: number } | null>}
   */
  async get(key) {
    const cache = store()
    const entry = cache.entries.get(key)
    if (!entry) {
      rememberMiss(cache, key)
      return null
    }
    const stale = entry.tags.some((tag) => (cache.tagTimes.get(tag) ?? 0) >= entry.lastModified)
    if (stale) {
      cache.entries.delete(key)
      cache.bytes -= entry.bytes
      rememberMiss(cache, key)
      return null
    }
    cache.entries.delete(key)
    cache.entries.set(key, entry) // most recently used last
    return { value: entry.value, lastModified: entry.lastModified }
  }

  /**
   * @param {string} key
   * @param {unknown} value
   * @param {SetContext} [ctx]
   */
  async set(key, value, ctx) {
    const cache = store()
    const previous = cache.entries.get(key)
    if (previous) {
      cache.entries.delete(key)
      cache.bytes -= previous.bytes
    }
    const missedAt = cache.misses.get(key)
    cache.misses.delete(key)
    if (value == null || (missedAt !== undefined && missedAt !== generationOf(cache, storeOfKey(key)))) return
    const entry = { value, lastModified: Date.now(), tags: tagsOf(value, ctx), bytes: sizeOf(value) }
    cache.entries.set(key, entry)
    cache.bytes += entry.bytes
    for (const [oldestKey, oldest] of cache.entries) {
      if (cache.bytes <= MAX_BYTES) break
      cache.entries.delete(oldestKey)
      cache.bytes -= oldest.bytes
    }
  }

  /** @param {string | string[]} tags */
  async revalidateTag(tags) {
    revalidateRenderedTags(tags)
    await store().announce?.([tags].flat())
  }

  resetRequestCache() {}
}
