import { afterEach, describe, expect, test, vi } from 'vitest'
import { encodePayload } from '../api/encoded-payload'
import { createMemoryCache, storeOfKey, weigh } from './named-cache'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('the in-process named cache', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  test('loads a missing key once and then serves it from memory', async () => {
    const cache = createMemoryCache()
    const loader = vi.fn(async () => ({ name: 'Acme' }))
    const first = await cache.getOrLoad('Website', '1', loader)
    const second = await cache.getOrLoad('Website', '1', loader)
    expect(second).toBe(first)
    expect(loader).toHaveBeenCalledTimes(1)
  })

  test('shares one load between concurrent misses of a key', async () => {
    const cache = createMemoryCache()
    const load = deferred<string>()
    const loader = vi.fn(() => load.promise)
    const answers = Promise.all([cache.getOrLoad('ProductList', 'all', loader), cache.getOrLoad('ProductList', 'all', loader)])
    load.resolve('list')
    expect(await answers).toEqual(['list', 'list'])
    expect(loader).toHaveBeenCalledTimes(1)
  })

  test('keeps keys and names apart', async () => {
    const cache = createMemoryCache()
    await cache.getOrLoad('Website', 'a', async () => 'website a')
    expect(await cache.getOrLoad('Website', 'b', async () => 'website b')).toBe('website b')
    expect(await cache.getOrLoad('Taxes', 'a', async () => 'taxes a')).toBe('taxes a')
  })

  test('invalidating a name drops its entries, bumps its generation and leaves other names alone', async () => {
    const cache = createMemoryCache()
    await cache.getOrLoad('Website', '1', async () => 'old')
    await cache.getOrLoad('Taxes', '1', async () => 'taxes')
    await cache.invalidate('Website')
    expect(await cache.generation('Website')).toBe(1)
    expect(await cache.generation('Taxes')).toBe(0)
    expect(await cache.getOrLoad('Website', '1', async () => 'new')).toBe('new')
    expect(await cache.getOrLoad('Taxes', '1', async () => 'reloaded')).toBe('taxes')
  })

  test("invalidating a name for one store drops that store's and the install's entries, never another store's", async () => {
    const cache = createMemoryCache()
    await cache.getOrLoad('Products', '1:polo', async () => 'demo polo')
    await cache.getOrLoad('Products', '2:polo', async () => 'team polo')
    await cache.getOrLoad('Website', 'store-directory', async () => 'directory')
    await cache.getOrLoad('Website', '1:website', async () => 'demo')

    await cache.invalidate('Products', 2)
    await cache.invalidate('Website', 2)

    expect(await cache.getOrLoad('Products', '1:polo', async () => 'reloaded')).toBe('demo polo')
    expect(await cache.getOrLoad('Products', '2:polo', async () => 'team polo, renamed')).toBe('team polo, renamed')
    expect(await cache.getOrLoad('Website', 'store-directory', async () => 'directory, reloaded')).toBe('directory, reloaded')
    expect(await cache.getOrLoad('Website', '1:website', async () => 'reloaded')).toBe('demo')
  })

  test("does not store a store's load that the store's invalidation overtook, and stores another store's", async () => {
    const cache = createMemoryCache()
    const teamLoad = deferred<string>()
    const demoLoad = deferred<string>()
    const team = cache.getOrLoad('ProductList', '2:all', () => teamLoad.promise)
    const demo = cache.getOrLoad('ProductList', '1:all', () => demoLoad.promise)
    await cache.invalidate('ProductList', 2)
    teamLoad.resolve('old team list')
    demoLoad.resolve('demo list')
    expect([await team, await demo]).toEqual(['old team list', 'demo list'])
    expect(await cache.getOrLoad('ProductList', '2:all', async () => 'new team list')).toBe('new team list')
    expect(await cache.getOrLoad('ProductList', '1:all', async () => 'reloaded')).toBe('demo list')
  })

  test('peeking answers what is held at once, and nothing once it is invalidated', async () => {
    const cache = createMemoryCache()
    expect(cache.peek('Website', 'store-directory')).toBeUndefined()
    await cache.getOrLoad('Website', 'store-directory', async () => 'directory')
    expect(cache.peek('Website', 'store-directory')).toBe('directory')
    await cache.invalidate('Website', 7)
    expect(cache.peek('Website', 'store-directory')).toBeUndefined()
  })

  test('reads the store of a key from its prefix, and no store from anything else', () => {
    expect([storeOfKey('12:pricing:4'), storeOfKey('store-directory'), storeOfKey('012:x'), storeOfKey(':x'), storeOfKey('0:x')]).toEqual([12, null, null, null, null])
  })

  test('does not store a load that an invalidation overtook, but still answers its waiters', async () => {
    const cache = createMemoryCache()
    const stale = deferred<string>()
    const waiting = cache.getOrLoad('Promotions', 'all', () => stale.promise)
    await cache.invalidate('Promotions')
    const fresh = cache.getOrLoad('Promotions', 'all', async () => 'fresh')
    stale.resolve('stale')
    expect(await waiting).toBe('stale')
    expect(await fresh).toBe('fresh')
    expect(await cache.getOrLoad('Promotions', 'all', async () => 'again')).toBe('fresh')
  })

  test('invalidateAll drops every name', async () => {
    const cache = createMemoryCache()
    await cache.getOrLoad('Website', '1', async () => 'a')
    await cache.getOrLoad('HomePage', '1', async () => 'b')
    await cache.invalidateAll()
    expect(await cache.getOrLoad('Website', '1', async () => 'a2')).toBe('a2')
    expect(await cache.getOrLoad('HomePage', '1', async () => 'b2')).toBe('b2')
  })

  test('forgets a failed load so the next call tries again', async () => {
    const cache = createMemoryCache()
    await expect(cache.getOrLoad('Taxes', '1', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down')
    expect(await cache.getOrLoad('Taxes', '1', async () => 'ok')).toBe('ok')
  })

  test('expires entries loaded with a time to live', async () => {
    vi.useFakeTimers()
    const cache = createMemoryCache()
    await cache.getOrLoad('Promotions', 'all', async () => 'morning', { ttlMs: 60_000 })
    vi.advanceTimersByTime(59_000)
    expect(await cache.getOrLoad('Promotions', 'all', async () => 'noon', { ttlMs: 60_000 })).toBe('morning')
    vi.advanceTimersByTime(2_000)
    expect(await cache.getOrLoad('Promotions', 'all', async () => 'noon', { ttlMs: 60_000 })).toBe('noon')
  })

  test('a timed entry is no longer peeked at once its time is up', async () => {
    vi.useFakeTimers()
    const cache = createMemoryCache()
    await cache.getOrLoad('Promotions', 'all', async () => 'morning', { ttlMs: 60_000 })
    vi.advanceTimersByTime(59_000)
    expect(cache.peek('Promotions', 'all')).toBe('morning')
    vi.advanceTimersByTime(2_000)
    expect(cache.peek('Promotions', 'all')).toBeUndefined()
  })

  test('an entry the edge peeks at on every request is kept over one nobody asks for', async () => {
    const cache = createMemoryCache({ maxEntriesPerName: 2 })
    await cache.getOrLoad('Website', 'store-directory', async () => 'directory')
    await cache.getOrLoad('Website', '1:website', async () => 'demo')
    for (let request = 0; request < 100; request++) expect(cache.peek('Website', 'store-directory')).toBe('directory')
    await cache.getOrLoad('Website', '2:website', async () => 'team')
    expect(cache.peek('Website', 'store-directory')).toBe('directory')
    expect(cache.peek('Website', '1:website')).toBeUndefined()
  })

  test('keeps a bounded number of entries per name, forgetting the oldest', async () => {
    const cache = createMemoryCache({ maxEntriesPerName: 2 })
    await cache.getOrLoad('FeaturedProducts', 'a', async () => 'a')
    await cache.getOrLoad('FeaturedProducts', 'b', async () => 'b')
    await cache.getOrLoad('FeaturedProducts', 'c', async () => 'c')
    expect(await cache.getOrLoad('FeaturedProducts', 'a', async () => 'a2')).toBe('a2')
    expect(await cache.getOrLoad('FeaturedProducts', 'c', async () => 'c2')).toBe('c')
  })
})

describe('the named cache held to a byte bound', () => {
  const kilobyte = (label: string) => label.padEnd(1000, '.')

  test('however many keys are loaded, it holds no more bytes than its bound and keeps only what fits', async () => {
    const cache = createMemoryCache({ maxBytes: 10_000 })
    for (let i = 0; i < 200; i++) await cache.getOrLoad('ProductList', `page-${i}`, async () => kilobyte(`page ${i}`))
    expect(cache.heldBytes()).toBeLessThanOrEqual(10_000)

    const loader = vi.fn(async () => 'reloaded')
    for (let i = 0; i < 200; i++) await cache.getOrLoad('ProductList', `page-${i}`, loader)
    // About nine kilobyte values fit in ten kilobytes; the other 190 had to be loaded again.
    expect(200 - loader.mock.calls.length).toBeLessThanOrEqual(9)
  })

  test('a flood of keys in one name gives up its own entries, not those of the other names', async () => {
    const cache = createMemoryCache({ maxBytes: 20_000 })
    await cache.getOrLoad('Website', '1', async () => kilobyte('the website'))
    for (let i = 0; i < 500; i++) await cache.getOrLoad('FeaturedProducts', `ids-${i}`, async () => kilobyte(`ids ${i}`))
    expect(await cache.getOrLoad('Website', '1', async () => 'reloaded')).toBe(kilobyte('the website'))
    expect(cache.heldBytes()).toBeLessThanOrEqual(20_000)
  })

  test('forgets the least recently used entry first', async () => {
    const cache = createMemoryCache({ maxBytes: 3_500 })
    await cache.getOrLoad('Products', 'a', async () => kilobyte('a'))
    await cache.getOrLoad('Products', 'b', async () => kilobyte('b'))
    await cache.getOrLoad('Products', 'c', async () => kilobyte('c'))
    await cache.getOrLoad('Products', 'a', async () => 'a reloaded') // a is used again: b is now the oldest
    await cache.getOrLoad('Products', 'd', async () => kilobyte('d'))
    expect(await cache.getOrLoad('Products', 'a', async () => 'a reloaded')).toBe(kilobyte('a'))
    expect(await cache.getOrLoad('Products', 'b', async () => 'b reloaded')).toBe('b reloaded')
  })

  test('answers a value larger than the whole bound without keeping it', async () => {
    const cache = createMemoryCache({ maxBytes: 500 })
    expect(await cache.getOrLoad('HomePage', '1', async () => kilobyte('home'))).toBe(kilobyte('home'))
    expect(cache.heldBytes()).toBe(0)
    expect(await cache.getOrLoad('HomePage', '1', async () => 'again')).toBe('again')
  })

  test('counts a prepared payload by the bytes it keeps alive, and gives them back on invalidation', async () => {
    const cache = createMemoryCache()
    const payload = encodePayload({ products: Array.from({ length: 100 }, (_, id) => ({ id, name: `Polo ${id}` })) })
    await cache.getOrLoad('ProductList', 'all', async () => payload)
    expect(cache.heldBytes()).toBeGreaterThanOrEqual(payload.byteLength)
    expect(weigh(payload)).toBeGreaterThan(payload.byteLength)
    await cache.invalidate('ProductList')
    expect(cache.heldBytes()).toBe(0)
  })
})
