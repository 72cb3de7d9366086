import { SIGN_IN_REQUIRED } from '@/isomorphic/account-types'
import type { ApiContext } from '../api/api-inputs'
import { getDb } from '../db/client'
import { DomainError } from '../kernel/errors'
import { bearerToken } from './session-cookie'
import { authenticate, type Principal } from './session-service'

// Who is signed in behind an API request: read once per request (the context object) and shared by
// every use case that asks.

const resolved = new WeakMap<ApiContext, Promise<Principal | null>>()

export function currentPrincipal(ctx: ApiContext): Promise<Principal | null> {
  let principal = resolved.get(ctx)
  if (!principal) {
    const credentials = { bearer: bearerToken(ctx.request.authorization), cookie: ctx.request.sessionCookie }
    principal = getDb().then((db) => authenticate(db, credentials, ctx.websiteId))
    resolved.set(ctx, principal)
  }
  return principal
}

/** The signed-in partner, or a 401 with `message` (a sentence the client may show). */
export async function requirePrincipal(ctx: ApiContext, message: string = SIGN_IN_REQUIRED): Promise<Principal> {
  const principal = await currentPrincipal(ctx)
  if (!principal) throw new DomainError('unauthorized', 'no live session behind the request', message)
  return principal
}
