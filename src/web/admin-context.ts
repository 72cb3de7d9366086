// The core's context for a console request (issue 15, decision 021): the configured store, the
// caller's address, and who acts — decided by the admin cookie ONLY. A shopper's bearer token or
// session cookie is never read here, and the shopper's apiContext never reads the admin cookie:
// a shopper's credentials never open an admin call, and a staff session never acts as a shopper.
import { type CoreContext, coreContext } from '@/server/kernel/context'
import { getDb } from '@/server/db/client'
import { env } from '@/server/env'
import { staffActorFor } from '@/server/staff/staff-sessions'
import { adminTokenFromCookies } from './admin-cookie'
import { clientIp } from './http'

/** The context from a request's headers (route handlers and pages both have them). */
export function adminContextFromHeaders(headers: { get(name: string): string | null }): CoreContext {
  const { WEBSITE_ID: websiteId } = env()
  const token = adminTokenFromCookies(headers.get('cookie'))
  return coreContext({
    websiteId,
    actor: async () => staffActorFor(await getDb(), token),
    clientKey: clientIp({ headers }),
    userAgent: headers.get('user-agent')?.slice(0, 300) ?? null,
  })
}

export function adminContext(request: Request): CoreContext {
  return adminContextFromHeaders(request.headers)
}
