// The browser never keeps the access token (it travels in an HttpOnly cookie, decision 009); it
// reads only the token's `exp` claim so the expiry watcher knows when the session ends (spec 4).

const BASE64URL = /^[A-Za-z0-9_-]+$/

function decodeBase64Url(part: string): string {
  if (!BASE64URL.test(part)) throw new Error('not base64url')
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=')
  const binary = atob(base64)
  return new TextDecoder().decode(Uint8Array.from(binary, (character) => character.charCodeAt(0)))
}

/**
 * The `exp` claim (seconds since the epoch) of a JWT's payload, or null when the value is not a
 * JWT with a positive numeric `exp`. The signature is not checked: the server does that on every
 * call, and the browser only needs to know when the server will stop accepting the token.
 */
export function tokenExpiresAt(token: unknown): number | null {
  if (typeof token !== 'string') return null
  const parts = token.split('.')
  if (parts.length !== 3 || parts[1] === undefined) return null
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]))
    if (typeof payload !== 'object' || payload === null) return null
    const exp = (payload as { exp?: unknown }).exp
    return typeof exp === 'number' && Number.isFinite(exp) && exp > 0 ? exp : null
  } catch {
    return null
  }
}
