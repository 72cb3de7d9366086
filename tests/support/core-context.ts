import { actorFor } from '@/server/accounts/session-service'
import { getDb } from '@/server/db/client'
import { type CoreContext, coreContext } from '@/server/kernel/context'

/**
 * A caller's context as the edge builds it (apiContext in src/web/http.ts) for a request to
 * `websiteId`'s store carrying these credentials: the access token as a bearer header, the cookie's
 * session token, and the caller's address. Who acts is resolved like the edge resolves it, on first
 * ask (signature, claims, live session row), so a revoked session stops working as it does online.
 */
export function callerContext(
  websiteId: number,
  { accessToken = null, sessionCookie = null, ip = null, userAgent = 'vitest' }: { accessToken?: string | null; sessionCookie?: string | null; ip?: string | null; userAgent?: string | null } = {},
): CoreContext {
  return coreContext({
    websiteId,
    actor: async () => actorFor(await getDb(), { bearer: accessToken, cookie: sessionCookie }, websiteId),
    clientKey: ip,
    userAgent,
  })
}
