import type { Redis } from 'ioredis'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter'

// The same fixed windows as the in-process limiter, counted in Redis so that every instance adds to
// one count. One script call per take: it runs atomically on the server, so concurrent takes from
// any number of instances can never let more than `max` through in a window. The window's clock
// starts at its first call (PEXPIRE only when the key has no expiry), so refused calls never
// prolong it.
const TAKE_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`

// A call given back: the count goes down by one while its window lasts (an ended window is gone).
const GIVE_BACK_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then
  redis.call('DECR', KEYS[1])
end
return count
`

type RedisWithTake = Redis & {
  webstoreRateTake(key: string, windowMs: number): Promise<[number, number]>
  webstoreRateGiveBack(key: string): Promise<number>
}

/** One warning per outage is enough; the log would otherwise get one line per request. */
const OUTAGE_LOG_INTERVAL_MS = 30_000

export function createRedisRateLimiter({ redis, prefix }: { redis: Redis; prefix: string }): RateLimiter {
  redis.defineCommand('webstoreRateTake', { numberOfKeys: 1, lua: TAKE_SCRIPT })
  redis.defineCommand('webstoreRateGiveBack', { numberOfKeys: 1, lua: GIVE_BACK_SCRIPT })
  const counters = redis as RedisWithTake
  // Counts kept here while Redis is out of reach, so a limit still holds per instance.
  const local = createMemoryRateLimiter()
  let lastOutageLog = 0

  function reportOutage(error: unknown) {
    const now = Date.now()
    if (now - lastOutageLog < OUTAGE_LOG_INTERVAL_MS) return
    lastOutageLog = now
    const reason = error instanceof Error ? error.message : String(error)
    logger().error({ reason }, 'rate limits: Redis cannot be reached; guessing limits refuse, the others count per instance')
  }

  return {
    async take(key, limit) {
      let reply: [number, number]
      try {
        reply = await counters.webstoreRateTake(`${prefix}rate:${key}`, limit.windowMs)
      } catch (error) {
        reportOutage(error)
        if (limit.refuseWhenUnavailable) {
          throw new DomainError('unavailable', `rate limit counters unreachable for ${key.split(':')[0]}`, limit.refuseWhenUnavailable)
        }
        return local.take(key, limit)
      }
      const [count, ttl] = reply
      return count <= limit.max ? { allowed: true, retryAfterMs: 0 } : { allowed: false, retryAfterMs: Math.max(ttl, 1) }
    },
    async giveBack(key, limit) {
      // Both counts: the call may have been taken here while Redis was out of reach.
      await local.giveBack(key, limit)
      try {
        await counters.webstoreRateGiveBack(`${prefix}rate:${key}`)
      } catch (error) {
        // The call stays counted: a limit that errs towards refusing is still a limit.
        reportOutage(error)
      }
    },
  }
}
