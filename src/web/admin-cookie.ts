// The console's session cookie (issue 15, decision 021): HttpOnly, SameSite=Strict, and sent only
// to the console's pages (Path=/admin) and its API (Path=/api/admin) — two cookies of one name and
// value, one per path, so the store's pages and the shopper's API never receive it. Over HTTPS the
// name carries the __Secure- prefix and Secure (a __Host- prefix would pin it to Path=/). The
// shopper's cookie is `session`: neither side reads the other's.

export const ADMIN_COOKIE = 'admin_session'
export const ADMIN_COOKIE_PATHS = ['/admin', '/api/admin'] as const

const secureName = `__Secure-${ADMIN_COOKIE}`
const nameFor = (secure: boolean) => (secure ? secureName : ADMIN_COOKIE)

/** The Set-Cookie values that store `token` until `expiresAt`. */
export function adminSessionCookies(token: string, expiresAt: Date, { secure, now = new Date() }: { secure: boolean; now?: Date }): string[] {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000))
  return ADMIN_COOKIE_PATHS.map((path) => [`${nameFor(secure)}=${token}`, `Path=${path}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; '))
}

/** Set-Cookie values that remove it, under both names and on both paths. */
export function clearedAdminSessionCookies(): string[] {
  return ADMIN_COOKIE_PATHS.flatMap((path) => [
    `${secureName}=; Path=${path}; Max-Age=0; HttpOnly; SameSite=Strict; Secure`,
    `${ADMIN_COOKIE}=; Path=${path}; Max-Age=0; HttpOnly; SameSite=Strict`,
  ])
}

/** The value of cookie `name` in a Cookie header (its __Secure- form wins), or null. */
function cookieValue(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null
  let plain: string | null = null
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=')
    if (separator < 0) continue
    const key = part.slice(0, separator).trim()
    const value = part.slice(separator + 1).trim()
    if (!value) continue
    if (key === `__Secure-${name}`) return value
    if (key === name) plain = value
  }
  return plain
}

/** The admin token in a Cookie header (the secure name wins), or null. */
export function adminTokenFromCookies(cookieHeader: string | null | undefined): string | null {
  return cookieValue(cookieHeader, ADMIN_COOKIE)
}

// The device cookie (issue 24, src/server/staff/staff-devices.ts): set once a sign-in is finished,
// kept 90 days and through sign-outs, sent only to the sign-in calls. It proves nothing on its own:
// a known device still needs the password (and the code); it only signs in under limits of its own.
export const ADMIN_DEVICE_COOKIE = 'admin_device'
const DEVICE_COOKIE_PATH = '/api/admin'

export function adminDeviceCookie(token: string, expiresAt: Date, { secure, now = new Date() }: { secure: boolean; now?: Date }): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000))
  const name = secure ? `__Secure-${ADMIN_DEVICE_COOKIE}` : ADMIN_DEVICE_COOKIE
  return [`${name}=${token}`, `Path=${DEVICE_COOKIE_PATH}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ')
}

export function adminDeviceTokenFromCookies(cookieHeader: string | null | undefined): string | null {
  return cookieValue(cookieHeader, ADMIN_DEVICE_COOKIE)
}
