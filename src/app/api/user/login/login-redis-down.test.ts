import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SIGN_IN_UNAVAILABLE } from '@/server/accounts/login-service'
import { createMemoryCache, useNamedCache } from '@/server/cache/named-cache'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import { createRedisRateLimiter } from '@/server/cache/redis-rate-limiter'
import { sessions } from '@/server/db/schema'
import { createPartner, TEST_PASSWORD } from '../../../../../tests/factories/accounts'
import { createWebsite } from '../../../../../tests/factories/website'
import { unreachableRedisUrl } from '../../../../../tests/support/redis'
import { useTestDatabase } from '../../../../../tests/setup/test-db'
import { POST as login } from './route'

describe('signing in while the shared attempt counters (Redis) are down', () => {
  const { db } = useTestDatabase()
  let down: Redis

  beforeAll(async () => {
    useNamedCache(createMemoryCache())
    const { id: websiteId } = await createWebsite({ name: 'Acme Team Store' })
    await createPartner({ websiteId, email: 'dana@example.com' })
    down = new Redis(await unreachableRedisUrl(), { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => 1000 })
    down.on('error', () => {})
    useRateLimiter(createRedisRateLimiter({ redis: down, prefix: 'test:login-down:' }))
  })

  afterAll(() => {
    down.disconnect()
    useRateLimiter(createMemoryRateLimiter())
  })

  test('is refused with a 503 that says to try again shortly, even with the right password', async () => {
    const response = await login(
      new Request('http://store.test/api/user/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify({ login: 'dana@example.com', password: TEST_PASSWORD }),
      }),
    )
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ error: { code: 'unavailable', message: SIGN_IN_UNAVAILABLE } })
    expect(await db().select().from(sessions)).toEqual([])
  })
})
