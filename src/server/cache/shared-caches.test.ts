import { afterAll, describe, expect, test } from 'vitest'
import {
  deleteRedisKeys,
  killRedisConnections,
  needs,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  unreachableRedisUrl,
  waitUntil,
} from '../../../tests/support/redis'
import type { Invalidation } from './invalidation-bus'
import { CACHE_NAMES } from './named-cache'
import { announceInvalidation, connectSharedCaches, type SharedCaches } from './shared-caches'

/** A loader that answers how many times it has been called: a reload shows as a new number. */
function counter() {
  let calls = 0
  return { load: async () => ++calls, calls: () => calls }
}

describe.skipIf(!TEST_REDIS_URL)(`named caches shared through Redis${needs('TEST_REDIS_URL')}`, () => {
  const prefix = uniqueRedisPrefix('bus')
  const opened: SharedCaches[] = []

  async function instance(name: string, prefixOf = prefix) {
    const heard: Invalidation[] = []
    const shared = connectSharedCaches({ url: TEST_REDIS_URL!, prefix: prefixOf, name: `${prefixOf}${name}`, onInvalidated: (message) => heard.push(message) })
    opened.push(shared)
    expect(await shared.bus.whenListening(5000)).toBe(true)
    // Subscribing drops whatever was held before (nothing here): start counting after it.
    heard.length = 0
    return { ...shared, heard }
  }

  afterAll(async () => {
    await Promise.all(opened.map((shared) => shared.close()))
    await deleteRedisKeys(TEST_REDIS_URL!, prefix)
  })

  test('an invalidation on A makes B load again; what B holds under other names stays', async () => {
    const [a, b] = [await instance('a1'), await instance('b1')]
    const list = counter()
    const taxes = counter()
    expect(await a.cache.getOrLoad('ProductList', '1:all', list.load)).toBe(1)
    expect(await b.cache.getOrLoad('ProductList', '1:all', list.load)).toBe(2)
    expect(await b.cache.getOrLoad('Taxes', '1', taxes.load)).toBe(1)
    expect(await b.cache.getOrLoad('ProductList', '1:all', list.load)).toBe(2)

    await a.cache.invalidate('ProductList')
    expect(await a.cache.getOrLoad('ProductList', '1:all', list.load)).toBe(3)
    await waitUntil(async () => (await b.cache.getOrLoad('ProductList', '1:all', list.load)) > 3, { timeoutMs: 10_000, stepMs: 1 })

    expect(b.heard).toContainEqual({ names: ['ProductList'], tags: undefined })
    expect(await b.cache.getOrLoad('Taxes', '1', taxes.load)).toBe(1)
    // An instance does not act on its own message a second time.
    expect(a.heard).toEqual([])
  })

  test("one store's invalidation on A drops that store's entries on B and leaves another store's", async () => {
    const [a, b] = [await instance('a5'), await instance('b5')]
    const demo = counter()
    const team = counter()
    expect(await b.cache.getOrLoad('Products', '1:polo', demo.load)).toBe(1)
    expect(await b.cache.getOrLoad('Products', '2:polo', team.load)).toBe(1)

    await a.cache.invalidate('Products', 2)
    await waitUntil(async () => (await b.cache.getOrLoad('Products', '2:polo', team.load)) > 1, { timeoutMs: 10_000, stepMs: 1 })

    expect(b.heard).toContainEqual({ names: ['Products'], websiteId: 2, tags: undefined })
    expect(await b.cache.getOrLoad('Products', '1:polo', demo.load)).toBe(1)
  })

  test('instances of another store (another prefix) on the same Redis are not affected', async () => {
    const otherPrefix = uniqueRedisPrefix('bus-other')
    const [a, other] = [await instance('a2'), await instance('c2', otherPrefix)]
    const list = counter()
    await other.cache.getOrLoad('ProductList', 'all', list.load)
    await a.cache.invalidateAll()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await other.cache.getOrLoad('ProductList', 'all', list.load)).toBe(1)
    expect(other.heard).toEqual([])
  })

  test('an import job announcing its changes reaches every instance', async () => {
    const [a, b] = [await instance('a3'), await instance('b3')]
    const home = counter()
    await a.cache.getOrLoad('HomePage', '1:data', home.load)
    await b.cache.getOrLoad('HomePage', '1:data', home.load)
    expect(await announceInvalidation({ url: TEST_REDIS_URL!, prefix, names: ['HomePage', 'Website'] })).toBe(true)
    await waitUntil(async () => (await a.cache.getOrLoad('HomePage', '1:data', home.load)) > 2, { timeoutMs: 10_000 })
    await waitUntil(async () => (await b.cache.getOrLoad('HomePage', '1:data', home.load)) > 3, { timeoutMs: 10_000 })
    expect(b.heard).toContainEqual({ names: ['HomePage', 'Website'], tags: undefined })
  })

  test('an instance whose subscription is lost drops what it holds, and hears the others again once it resubscribes', async () => {
    const [a, b] = [await instance('a4'), await instance('b4')]
    const list = counter()
    const drops = () => b.heard.filter((message) => message.names?.length === CACHE_NAMES.length).length
    expect(await b.cache.getOrLoad('ProductList', 'all', list.load)).toBe(1)

    expect(await killRedisConnections(TEST_REDIS_URL!, `${prefix}b4-subscriber`)).toBe(1)
    await waitUntil(() => drops() >= 1, { timeoutMs: 10_000 })
    expect(await b.cache.getOrLoad('ProductList', 'all', list.load)).toBe(2)

    // Listening again: one more drop, for what was published while it was away.
    await waitUntil(() => b.bus.isListening() && drops() >= 2, { timeoutMs: 10_000 })
    const held = await b.cache.getOrLoad('ProductList', 'all', list.load)
    await a.cache.invalidate('ProductList')
    await waitUntil(async () => (await b.cache.getOrLoad('ProductList', 'all', list.load)) > held, { timeoutMs: 10_000 })
  })
})

describe('named caches configured for a Redis that is down', () => {
  let shared: SharedCaches
  afterAll(() => shared?.close())

  test('keep what they load only briefly (a second), and writes still go through', async () => {
    const heard: Invalidation[] = []
    shared = connectSharedCaches({ url: await unreachableRedisUrl(), prefix: 'test:down:', onInvalidated: (message) => heard.push(message) })
    expect(await shared.bus.whenListening(200)).toBe(false)
    const list = counter()
    expect(await shared.cache.getOrLoad('ProductList', 'all', list.load)).toBe(1)
    expect(await shared.cache.getOrLoad('ProductList', 'all', list.load)).toBe(1)
    await shared.cache.invalidate('ProductList')
    expect(await shared.cache.getOrLoad('ProductList', 'all', list.load)).toBe(2)
    // Loaded again once its second is up; the margin is a loaded machine's.
    await waitUntil(async () => (await shared.cache.getOrLoad('ProductList', 'all', list.load)) === 3, { timeoutMs: 10_000, stepMs: 50 })
    // Rendered pages are told to go too.
    expect(heard.some((message) => message.names?.includes('ProductList'))).toBe(true)
  })
})
