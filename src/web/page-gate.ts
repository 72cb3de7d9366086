// The page gate (spec 6, decision 009): scripts/server.mjs asks it before serving or rendering any
// page, whatever its method; the rules are the core's (src/server/accounts/site-lock.ts). An
// unlocked store pays one cached read per page (the Website cache); the session is looked up only
// for an account page, or a non-public page of a locked store, and only when a cookie is sent.
import { classifyPath, decidePageAccess, type GateDecision, type LockState, needsSession, pagePath, type PathKind } from '@/server/accounts/site-lock'
import { authenticateToken } from '@/server/accounts/session-service'
import { getWebsiteCached, websiteHeld } from '@/server/website/website-service'
import { redirectForRequest, redirectTableHeld } from '@/server/redirects/redirect-service'
import { resolveRedirect } from '@/isomorphic/redirect-rules'
import { logger } from '@/server/kernel/logger'
import { getDb } from '@/server/db/client'
import { staffActorFor } from '@/server/staff/staff-sessions'
import { adminTokenFromCookies } from './admin-cookie'
import { sessionTokenFromCookies } from './session-cookie'
import { storeOfHeaders } from './request-store'

type Headers = Record<string, string | string[] | undefined>

function header(headers: Headers, name: string): string | null {
  const value = headers[name]
  return Array.isArray(value) ? value.join('; ') : (value ?? null)
}

/**
 * The gate scripts/server.mjs calls for every page request, whatever its method (registered by
 * instrumentation.ts). Throws (or rejects) when the store's lock state or the session cannot be
 * read: the server then refuses the page (fails closed). Decided at once, without a promise, while
 * the store's redirects and lock state are held in memory — nearly every request, and every replay
 * of a kept page (performance.md P1) — else once they are read.
 */
export function pageGate(_method: string, url: string, headers: Headers): GateDecision | Promise<GateDecision> {
  // The request target as sent (not resolved against a base: '//x' must not become host x).
  const query = url.indexOf('?')
  const pathname = query === -1 ? url : url.slice(0, query)
  const search = query === -1 ? '' : url.slice(query)
  const { admin, kind } = pathFacts(pathname)
  if (admin !== null) return consoleGate(admin, search, headers)
  if (kind === 'asset') return ANYONE
  const request: PageRequest = { kind, websiteId: storeOfHeaders({ get: (name) => header(headers, name) }), pathname, search, headers }
  const redirects = redirectTableHeld(request.websiteId)
  if (redirects === undefined) return readAndDecide(request)
  const redirect = resolveRedirect(redirects, pathname, search)
  if (redirect) return { redirect: redirect.location, status: redirect.status }
  if (kind === 'public') return ANYONE
  const website = websiteHeld(request.websiteId)
  return website === undefined ? getWebsiteCached({ websiteId: request.websiteId }).then((read) => lockDecision(request, read)) : lockDecision(request, website)
}

// What a path is (the console's, an asset, a public page …) depends on the path alone, and reading
// it (decoding, the locale prefix, the lists) costs more than the rest of a replayed page's gate
// (P1): remembered per path, bounded since paths are the client's (a flood only empties it).
const PATH_MEMO_ENTRIES = 2048
const pathMemo = new Map<string, { admin: string | null; kind: PathKind }>()

function pathFacts(pathname: string): { admin: string | null; kind: PathKind } {
  let facts = pathMemo.get(pathname)
  if (facts === undefined) {
    const admin = consolePath(pathname)
    facts = { admin, kind: admin === null ? classifyPath(pathname) : 'page' }
    if (pathMemo.size >= PATH_MEMO_ENTRIES) pathMemo.clear()
    pathMemo.set(pathname, facts)
  }
  return facts
}

/** Nothing to say: the page is served as it is (one object for every such answer; never changed). */
const ANYONE: GateDecision = Object.freeze({})

type PageRequest = { kind: PathKind; websiteId: number; pathname: string; search: string; headers: Headers }

/** pageGate once the store's redirects and lock state are read. */
async function readAndDecide(request: PageRequest): Promise<GateDecision> {
  // The store's redirects (issue 16) come before any page, the site lock's included: one cached
  // lookup per page request. A redirect is the same for everyone, but it may change: never stored.
  // Rules that cannot be read redirect nowhere (a redirect is a convenience, not a guard): the
  // public pages still open, and the lock below still fails closed.
  const redirect = await redirectForRequest(request.websiteId, request.pathname, request.search).catch((error: unknown) => {
    logger().warn({ err: error }, 'page gate: the redirects could not be read; none applied')
    return null
  })
  if (redirect) return { redirect: redirect.location, status: redirect.status }
  if (request.kind === 'public') return ANYONE
  return lockDecision(request, await getWebsiteCached({ websiteId: request.websiteId }))
}

/**
 * The site lock's and the account pages' decision on a page that is not public. The session is read
 * only when it matters and the visitor sent one; without one, the visitor is anonymous at once.
 */
function lockDecision({ kind, websiteId, pathname, search, headers }: PageRequest, website: LockState): GateDecision | Promise<GateDecision> {
  if (!needsSession(kind, website)) return ANYONE
  const token = sessionTokenFromCookies(header(headers, 'cookie'))
  if (token === null) return decidePageAccess({ pathname, search, website, signedIn: false })
  return getDb()
    .then((db) => authenticateToken(db, token, websiteId))
    .then((session) => decidePageAccess({ pathname, search, website, signedIn: session !== null }))
}

// The console (issue 15, decision 021): never behind the shopper's site lock, never kept by any
// cache, never indexed, and open only to a staff session — except its sign-in and invitation pages.
const CONSOLE_PUBLIC = /^\/admin\/(?:login|invite\/[^/]+)$/

/** The console path a request names (decoded, without trailing slashes), or null for any other page. */
export function consolePath(pathname: string): string | null {
  const path = pagePath(pathname)
  return path !== null && (path === '/admin' || path.startsWith('/admin/')) ? path : null
}

async function consoleGate(path: string, search: string, headers: Headers): Promise<GateDecision> {
  if (CONSOLE_PUBLIC.test(path)) return { private: true, noindex: true }
  const token = adminTokenFromCookies(header(headers, 'cookie'))
  const actor = token === null ? null : await staffActorFor(await getDb(), token)
  if (actor && actor.kind !== 'guest') return { private: true, noindex: true }
  return { redirect: `/admin/login?next=${encodeURIComponent(`${path}${search}`)}`, private: true, noindex: true }
}
