import { SESSION_HINT } from '@/isomorphic/session-hint'

// The store's HttpOnly cookies (decision 009): HttpOnly, SameSite=Lax, Path=/. Over HTTPS each is
// `__Host-<name>` with Secure (the prefix pins it to this host and path); over plain HTTP (a
// loopback demo or test) it is `<name>`, since browsers drop Secure cookies sent over HTTP.

export type HttpOnlyCookie = {
  name(secure: boolean): string
  /** The Set-Cookie value that stores `value` for `maxAgeSeconds`. */
  set(value: string, maxAgeSeconds: number, options: { secure: boolean }): string
  /** Set-Cookie values that remove it under both names. */
  cleared(): string[]
  /** Its value in a Cookie header (the secure name wins), or null. */
  read(cookieHeader: string | null | undefined): string | null
}

export function httpOnlyCookie(baseName: string): HttpOnlyCookie {
  const secureName = `__Host-${baseName}`
  const name = (secure: boolean) => (secure ? secureName : baseName)
  return {
    name,
    set(value, maxAgeSeconds, { secure }) {
      const parts = [`${name(secure)}=${value}`, 'Path=/', `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`, 'HttpOnly', 'SameSite=Lax']
      if (secure) parts.push('Secure')
      return parts.join('; ')
    },
    cleared: () => [`${secureName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure`, `${baseName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`],
    read(cookieHeader) {
      if (!cookieHeader) return null
      let plain: string | null = null
      for (const part of cookieHeader.split(';')) {
        const separator = part.indexOf('=')
        if (separator < 0) continue
        const cookieName = part.slice(0, separator).trim()
        const value = part.slice(separator + 1).trim()
        if (!value) continue
        if (cookieName === secureName) return value
        if (cookieName === baseName) plain = value
      }
      return plain
    },
  }
}

const SESSION = httpOnlyCookie('session')

/** The Set-Cookie value that stores the session `token` until `expiresAt` (seconds). */
export function sessionCookie(token: string, expiresAt: number, { secure, now = Date.now() }: { secure: boolean; now?: number }): string {
  return SESSION.set(token, expiresAt - now / 1000, { secure })
}

export const clearedSessionCookies = (): string[] => [...SESSION.cleared(), ...clearedSessionHint()]

/**
 * The session hint (issue 17): a cookie the page can read, carrying nothing but the session's
 * expiry (seconds), set and cleared with the session cookie and living as long. A tab that starts
 * without the user state in its session storage reads it to know a session is worth restoring
 * (getPartner with the cookie) and when it ends; a guest has none, so a guest's tab asks nothing.
 * It proves nothing: the server trusts only the HttpOnly session cookie.
 */
export function sessionHintCookie(expiresAt: number, { secure, now = Date.now() }: { secure: boolean; now?: number }): string {
  const parts = [
    `${sessionHintName(secure)}=${Math.floor(expiresAt)}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(expiresAt - now / 1000))}`,
    'SameSite=Lax',
  ]
  if (secure) parts.push('Secure')
  return parts.join('; ')
}

const sessionHintName = (secure: boolean) => (secure ? `__Host-${SESSION_HINT}` : SESSION_HINT)

function clearedSessionHint(): string[] {
  return [`__Host-${SESSION_HINT}=; Path=/; Max-Age=0; SameSite=Lax; Secure`, `${SESSION_HINT}=; Path=/; Max-Age=0; SameSite=Lax`]
}

export const sessionTokenFromCookies = (cookieHeader: string | null | undefined): string | null => SESSION.read(cookieHeader)

/** The bearer token of an Authorization header, or null. */
export function bearerToken(authorization: string | null | undefined): string | null {
  const match = authorization?.match(/^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i)
  return match?.[1] ?? null
}
