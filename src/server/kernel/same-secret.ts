import { createHash, timingSafeEqual } from 'node:crypto'

/** Compares a given secret (an access token, a shared key) in constant time: digests first, so lengths do not leak either. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}
