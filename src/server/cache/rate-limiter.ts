export type RateLimit = {
  max: number
  windowMs: number
  /**
   * For limits that guard against guessing (sign-in, gift cards, account mails): when the shared
   * counters (Redis) cannot be reached, refuse every call with a 503 saying this. Without it the
   * limit falls back to counting in this process alone (decision 014).
   */
  refuseWhenUnavailable?: string
}
export type RateDecision = { allowed: boolean; retryAfterMs: number }

/**
 * Fixed-window counters keyed by caller (IP, cache name …). In process by default; shared between
 * instances through Redis when REDIS_URL is set (redis-rate-limiter.ts).
 */
export type RateLimiter = {
  take(key: string, limit: RateLimit): Promise<RateDecision>
  /**
   * Hands back one call taken from the key's current window (never below zero; a window that has
   * ended keeps nothing to give back). Limits that count only failures take a call before the work,
   * so concurrent calls are all counted, and give it back when the call succeeds.
   */
  giveBack(key: string, limit: RateLimit): Promise<void>
}

/**
 * A bucket of one store (decision 025): a caller's budget at one store is not spent at another, and
 * one store's flood never exhausts another store's overall limit.
 */
export function storeBucket(websiteId: number, key: string): string {
  return `store:${websiteId}:${key}`
}

const SWEEP_ABOVE = 10_000

export function createMemoryRateLimiter(now: () => number = () => Date.now()): RateLimiter {
  const windows = new Map<string, { startedAt: number; count: number; windowMs: number }>()

  function sweep(at: number) {
    for (const [key, window] of windows) if (at - window.startedAt >= window.windowMs) windows.delete(key)
  }

  return {
    async take(key, { max, windowMs }) {
      const at = now()
      let window = windows.get(key)
      if (!window || at - window.startedAt >= windowMs) {
        if (windows.size >= SWEEP_ABOVE) sweep(at)
        window = { startedAt: at, count: 0, windowMs }
        windows.set(key, window)
      }
      if (window.count >= max) return { allowed: false, retryAfterMs: window.startedAt + windowMs - at }
      window.count += 1
      return { allowed: true, retryAfterMs: 0 }
    },
    async giveBack(key, { windowMs }) {
      const window = windows.get(key)
      if (window && now() - window.startedAt < windowMs && window.count > 0) window.count -= 1
    },
  }
}

const GLOBAL_KEY = Symbol.for('webstore.rate-limiter')
type GlobalWithLimiter = typeof globalThis & { [GLOBAL_KEY]?: RateLimiter }

export function rateLimiter(): RateLimiter {
  const holder = globalThis as GlobalWithLimiter
  holder[GLOBAL_KEY] ??= createMemoryRateLimiter()
  return holder[GLOBAL_KEY]
}

export function useRateLimiter(limiter: RateLimiter): void {
  ;(globalThis as GlobalWithLimiter)[GLOBAL_KEY] = limiter
}
