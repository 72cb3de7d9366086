import { expect, test } from 'vitest'
import { createMemoryRateLimiter } from './rate-limiter'

test('allows up to the limit per window and key, then says how long to wait', async () => {
  let now = 1_000
  const limiter = createMemoryRateLimiter(() => now)
  const limit = { max: 2, windowMs: 10_000 }
  expect(await limiter.take('a', limit)).toEqual({ allowed: true, retryAfterMs: 0 })
  expect(await limiter.take('a', limit)).toEqual({ allowed: true, retryAfterMs: 0 })
  now += 4_000
  expect(await limiter.take('a', limit)).toEqual({ allowed: false, retryAfterMs: 6_000 })
  expect(await limiter.take('b', limit)).toMatchObject({ allowed: true })
  now += 6_000
  expect(await limiter.take('a', limit)).toMatchObject({ allowed: true })
})

test('a call given back frees its place in the current window only, never below zero', async () => {
  let now = 1_000
  const limiter = createMemoryRateLimiter(() => now)
  const limit = { max: 1, windowMs: 10_000 }
  await limiter.giveBack('a', limit)
  expect(await limiter.take('a', limit)).toMatchObject({ allowed: true })
  await limiter.giveBack('a', limit)
  await limiter.giveBack('a', limit)
  expect(await limiter.take('a', limit)).toMatchObject({ allowed: true })
  expect(await limiter.take('a', limit)).toMatchObject({ allowed: false })
  now += 10_000
  await limiter.giveBack('a', limit)
  expect(await limiter.take('a', limit)).toMatchObject({ allowed: true })
  expect(await limiter.take('a', limit)).toMatchObject({ allowed: false })
})
