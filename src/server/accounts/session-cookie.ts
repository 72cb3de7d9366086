// The session cookie (decision 009): HttpOnly, SameSite=Lax, Path=/. Over HTTPS it is
// `__Host-session` with Secure (the prefix pins it to this host and path); over plain HTTP (a
// loopback demo or test) it is `session`, since browsers drop Secure cookies sent over HTTP.

export const SECURE_COOKIE = '__Host-session'
export const PLAIN_COOKIE = 'session'

export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_COOKIE : PLAIN_COOKIE
}

/** The Set-Cookie value that stores `token` until `expiresAt` (seconds). */
export function sessionCookie(token: string, expiresAt: number, { secure, now = Date.now() }: { secure: boolean; now?: number }): string {
  const maxAge = Math.max(0, Math.floor(expiresAt - now / 1000))
  const parts = [`${sessionCookieName(secure)}=${token}`, 'Path=/', `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Lax']
  if (secure) parts.push('Secure')
  return parts.join('; ')
}

/** Set-Cookie values that remove the session cookie under both names. */
export function clearedSessionCookies(): string[] {
  return [
    `${SECURE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure`,
    `${PLAIN_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`,
  ]
}

/** The session token in a Cookie header (the secure name wins), or null. */
export function sessionTokenFromCookies(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null
  let plain: string | null = null
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=')
    if (separator < 0) continue
    const name = part.slice(0, separator).trim()
    const value = part.slice(separator + 1).trim()
    if (!value) continue
    if (name === SECURE_COOKIE) return value
    if (name === PLAIN_COOKIE) plain = value
  }
  return plain
}

/** The bearer token of an Authorization header, or null. */
export function bearerToken(authorization: string | null | undefined): string | null {
  const match = authorization?.match(/^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i)
  return match?.[1] ?? null
}
