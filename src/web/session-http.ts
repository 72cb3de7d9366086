// HTTP glue of the session endpoints: the token answer with its cookie, and the cleared cookie.
import { clearedSessionCookies, sessionCookie, sessionHintCookie } from './session-cookie'
import type { IssuedToken } from '@/server/accounts/session-service'
import { isSecureRequest } from './http'

const NO_STORE = { 'Cache-Control': 'no-store' }

/**
 * `{data:{access_token}}` (spec 7) with the HttpOnly session cookie carrying the same token, and the
 * readable session hint (its expiry only) that lets another tab restore the session.
 */
export function tokenResponse(request: Request, issued: IssuedToken, extra: Record<string, unknown> = {}): Response {
  const headers = new Headers(NO_STORE)
  const secure = isSecureRequest(request)
  const now = Date.now()
  headers.append('Set-Cookie', sessionCookie(issued.accessToken, issued.expiresAt, { secure, now }))
  headers.append('Set-Cookie', sessionHintCookie(issued.expiresAt, { secure, now }))
  return Response.json({ data: { access_token: issued.accessToken, ...extra } }, { headers })
}

/** An answer that also removes the session cookie and its hint (logout, a refresh that found no session). */
export function withClearedSession(response: Response): Response {
  for (const cookie of clearedSessionCookies()) response.headers.append('Set-Cookie', cookie)
  response.headers.set('Cache-Control', 'no-store')
  return response
}
