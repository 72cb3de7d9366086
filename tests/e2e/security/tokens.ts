// Access tokens made by hand (security.md 4.11): any header and claims, signed with HMAC under a
// given key or not at all, to forge tokens that differ from a genuine one in one thing only.
import { createHmac } from 'node:crypto'

export type Claims = Record<string, unknown>

export function b64(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url')
}

/** A JWT with any header, signed with HMAC (alg HS256/HS384/HS512) under `key`, or unsigned. */
export function forge(header: Claims, claims: Claims, key: string | null): string {
  const head = `${b64(JSON.stringify(header))}.${b64(JSON.stringify(claims))}`
  if (key === null) return `${head}.`
  const hash = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[String(header.alg)] ?? 'sha256'
  return `${head}.${createHmac(hash, key).update(head).digest('base64url')}`
}

export function claimsOf(token: string): Claims {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Claims
}
