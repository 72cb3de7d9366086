import { sameSecret } from '../kernel/same-secret'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { type CacheName, namedCache } from './named-cache'
import { rateLimiter } from './rate-limiter'

// POST /api/cache/invalidate is open to browsers (the spec's client asks for it after placing an
// order), but every write in the core already drops what it changes, so an anonymous request is
// only a nudge: it is honoured at most once per cache name per interval, whoever sends it, which
// bounds the reloads anyone can cause. Internal callers that present INTERNAL_API_TOKEN are not
// throttled; a wrong token is refused rather than treated as anonymous.

export const ANONYMOUS_INVALIDATION_INTERVAL_MS = 30_000

export type InvalidationResult = { cache: CacheName; invalidated: boolean; retryAfterSeconds?: number }

/** Throws `unauthorized` for a token that does not match the configured one. */
export async function requestCacheInvalidation({
  cache,
  websiteId,
  token,
  configuredToken,
}: {
  cache: CacheName
  /** The store whose entries are dropped (the request's); its nudges are counted apart from other stores'. */
  websiteId: number
  /** The token the caller presented, if any. */
  token: string | null
  configuredToken: string | undefined
}): Promise<InvalidationResult> {
  if (token !== null) {
    if (!configuredToken || !sameSecret(token, configuredToken)) {
      logger().warn({ cache }, 'cache invalidation with a wrong internal token')
      throw new DomainError('unauthorized', 'wrong internal API token', 'The internal API token is not valid.')
    }
    await namedCache().invalidate(cache, websiteId)
    return { cache, invalidated: true }
  }
  const decision = await rateLimiter().take(`cache-invalidate:${websiteId}:${cache}`, { max: 1, windowMs: ANONYMOUS_INVALIDATION_INTERVAL_MS })
  if (!decision.allowed) return { cache, invalidated: false, retryAfterSeconds: Math.ceil(decision.retryAfterMs / 1000) }
  await namedCache().invalidate(cache, websiteId)
  return { cache, invalidated: true }
}
