import type { ClientLog } from '@/isomorphic/contract/logs'
import { rateLimiter, storeBucket } from '../cache/rate-limiter'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import type { CoreContext } from '../kernel/context'


// Browsers report through an open endpoint, so one caller (or one forged address) gets a small
// budget and all callers together a bigger one: the log can't be flooded either way.
export const CLIENT_LOG_LIMITS = {
  perCaller: { max: 30, windowMs: 60_000 },
  overall: { max: 600, windowMs: 60_000 },
}

/** Writes a browser's report to the server log (source 'client'). Throws `rate_limited`. */
export async function recordClientLog(ctx: CoreContext, log: ClientLog): Promise<void> {
  const limiter = rateLimiter()
  const caller = await limiter.take(storeBucket(ctx.store.websiteId, `client-log:${ctx.clientKey ?? 'unknown'}`), CLIENT_LOG_LIMITS.perCaller)
  const overall = caller.allowed ? await limiter.take(storeBucket(ctx.store.websiteId, 'client-log:*'), CLIENT_LOG_LIMITS.overall) : caller
  if (!caller.allowed || !overall.allowed) {
    throw new DomainError('rate_limited', 'client log rate limit reached', 'Too many log messages; try again later.')
  }
  logger()[log.level]({ source: 'client', ip: ctx.clientKey, userAgent: ctx.userAgent }, log.message)
}
