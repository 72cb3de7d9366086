import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { deleteRedisKeys, needs, TEST_REDIS_URL, uniqueRedisPrefix, unreachableRedisUrl } from '../../../tests/support/redis'
import { DomainError } from '../kernel/errors'
import { createRedisRateLimiter } from './redis-rate-limiter'

describe.skipIf(!TEST_REDIS_URL)(`the Redis rate limiter${needs('TEST_REDIS_URL')}`, () => {
  const prefix = uniqueRedisPrefix('rate')
  const connections: Redis[] = []

  /** A limiter on a connection of its own, as another instance would have. */
  function instance() {
    const redis = new Redis(TEST_REDIS_URL!, { enableOfflineQueue: true })
    connections.push(redis)
    return createRedisRateLimiter({ redis, prefix })
  }

  afterAll(async () => {
    for (const redis of connections) redis.disconnect()
    await deleteRedisKeys(TEST_REDIS_URL!, prefix)
  })

  test('two instances count against one limit, and a refusal says how long the window still runs', async () => {
    const [a, b] = [instance(), instance()]
    const limit = { max: 3, windowMs: 60_000 }
    expect(await a.take('sign-in:account:1:jo@example.com', limit)).toEqual({ allowed: true, retryAfterMs: 0 })
    expect(await b.take('sign-in:account:1:jo@example.com', limit)).toEqual({ allowed: true, retryAfterMs: 0 })
    expect(await a.take('sign-in:account:1:jo@example.com', limit)).toEqual({ allowed: true, retryAfterMs: 0 })
    const refused = await b.take('sign-in:account:1:jo@example.com', limit)
    expect(refused.allowed).toBe(false)
    expect(refused.retryAfterMs).toBeGreaterThan(55_000)
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000)
    expect(await a.take('sign-in:account:1:someone-else@example.com', limit)).toMatchObject({ allowed: true })
  })

  test('a window ends on time, and refused calls do not prolong it', async () => {
    const limiter = instance()
    const limit = { max: 1, windowMs: 300 }
    expect(await limiter.take('window', limit)).toMatchObject({ allowed: true })
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(await limiter.take('window', limit)).toMatchObject({ allowed: false })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await limiter.take('window', limit)).toMatchObject({ allowed: true })
  })

  test('50 concurrent takes from two instances let exactly the limit through', async () => {
    const [a, b] = [instance(), instance()]
    const limit = { max: 10, windowMs: 60_000 }
    const decisions = await Promise.all(Array.from({ length: 50 }, (_, index) => (index % 2 ? a : b).take('burst', limit)))
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10)
  })

  test('a call given back on one instance frees its place for the other', async () => {
    const [a, b] = [instance(), instance()]
    const limit = { max: 1, windowMs: 60_000 }
    expect(await a.take('given-back', limit)).toMatchObject({ allowed: true })
    await a.giveBack('given-back', limit)
    expect(await b.take('given-back', limit)).toMatchObject({ allowed: true })
    expect(await a.take('given-back', limit)).toMatchObject({ allowed: false })
  })
})

describe('the Redis rate limiter when Redis cannot be reached', () => {
  const prefix = uniqueRedisPrefix('rate-down')
  let down: Redis
  beforeAll(async () => {
    down = new Redis(await unreachableRedisUrl(), { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => 1000 })
    down.on('error', () => {})
  })
  afterAll(() => down.disconnect())

  test('a guessing limit refuses with its message (a 503)', async () => {
    const limiter = createRedisRateLimiter({ redis: down, prefix })
    const limit = { max: 10, windowMs: 60_000, refuseWhenUnavailable: 'Sign-in is unavailable for a moment. Please try again in a minute.' }
    const refusal = await limiter.take('sign-in:ip:127.0.0.1', limit).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(DomainError)
    expect(refusal).toMatchObject({ code: 'unavailable', userMessage: 'Sign-in is unavailable for a moment. Please try again in a minute.' })
  })

  test('any other limit keeps counting in this process', async () => {
    const limiter = createRedisRateLimiter({ redis: down, prefix })
    const limit = { max: 2, windowMs: 60_000 }
    expect(await limiter.take('cart-summary:127.0.0.1', limit)).toMatchObject({ allowed: true })
    expect(await limiter.take('cart-summary:127.0.0.1', limit)).toMatchObject({ allowed: true })
    expect(await limiter.take('cart-summary:127.0.0.1', limit)).toMatchObject({ allowed: false })
  })
})
