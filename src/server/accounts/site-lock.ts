import { type CoreContext, requireShopper } from '../kernel/context'
import { getWebsiteCached } from '../website/website-service'

// The lock of spec 6 (decision 009). The page gate (src/web/page-gate.ts, asked by scripts/server.mjs
// before serving or rendering any page) decides with decidePageAccess: when the website's
// lockBrowsing is 'Enable', an anonymous visitor may open only the public paths of spec 6, and any other page sends them to /login (or to / when single sign-on is
// configured, since its button is on the home page's way in). The account pages (/me…) send an
// anonymous visitor to /login?returnTo=… whatever the lock says. Assets are never gated. Every
// method is gated, not only GET and HEAD: Next renders a page for a POST or a PUT too.
//
// The API keeps the lock with catalogAccess: the catalog (listing products, reading them by id,
// designing, pricing a cart, ordering) is for signed-in partners only while browsing is locked.

/** Spec 6, verbatim: what an anonymous visitor may open while browsing is locked. */
export const PUBLIC_PATHS: readonly string[] = [
  '/login',
  '/signup',
  '/reset-password',
  '/new-password',
  '/',
  '/contact',
  '/contactus',
  '/faq',
  '/faqs',
  '/reset-password-success',
  '/aboutus',
  '/about-us',
  '/privacy-policy',
  '/returns',
  '/sso-login',
  '/error',
  '/password/reset',
  '/password/create',
]

/**
 * The spec lists each reset page under its old name and its new one (/reset-password and
 * /password/reset, /new-password and /password/create) but the confirmation only under its old
 * name; /password/success is that page's new name, where /password/create lands.
 */
export const RENAMED_PUBLIC_PATHS: readonly string[] = ['/password/success']
const PUBLIC = new Set([...PUBLIC_PATHS, ...RENAMED_PUBLIC_PATHS])

export const LOCK_ENABLED = 'Enable'
const LOCALE_PREFIX = /^\/en(?=\/|$)/
const ASSET_PREFIXES = ['/_next/', '/api/', '/images/']
const ASSET_FILES = /^\/(?:favicon[^/]*|robots\.txt|sitemap[^/]*|manifest[^/]*)$/

/**
 * - `asset`: Next's files, the API, images, favicon, robots.txt, sitemaps, manifests, files with an extension;
 * - `public`: a page of spec 6's list;
 * - `private`: the account pages, /me and below;
 * - `page`: any other page.
 */
export type PathKind = 'asset' | 'public' | 'private' | 'page'

/** The page path a request names: percent-decoded, without the locale prefix and trailing slashes. Null when undecodable. */
export function pagePath(pathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  const path = decoded.replace(LOCALE_PREFIX, '').replace(/\/+$/, '')
  return path === '' ? '/' : path
}

export function classifyPath(pathname: string): PathKind {
  if (ASSET_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || ASSET_FILES.test(pathname)) return 'asset'
  // A file name with an extension outside the locale's pages (/en/… always names a page).
  if (!LOCALE_PREFIX.test(pathname) && /\.[A-Za-z0-9]+$/.test(pathname.slice(pathname.lastIndexOf('/')))) return 'asset'
  const path = pagePath(pathname)
  if (path === null) return 'page'
  if (path === '/me' || path.startsWith('/me/')) return 'private'
  return PUBLIC.has(path) ? 'public' : 'page'
}

export type LockState = { lockBrowsing: string | null; ssologin: string | null }

export function isLocked(website: LockState): boolean {
  return website.lockBrowsing === LOCK_ENABLED
}

/** Whether deciding about this path needs to know if the visitor is signed in. */
export function needsSession(kind: PathKind, website: LockState): boolean {
  return kind === 'private' || (kind === 'page' && isLocked(website))
}

export type GateDecision = {
  /** Where to send the visitor instead (a same-origin path, or a store redirect's absolute http(s) URL). */
  redirect?: string
  /** The redirect's status: 307 when left out; a store redirect's own 301, 302, 307 or 308. */
  status?: 301 | 302 | 307 | 308
  /** The page depends on who asks: it must not be kept by shared caches. */
  private?: boolean
  /** Not for search engines (X-Robots-Tag: noindex): the console. */
  noindex?: boolean
}

/** The decision for one page request; pure. `signedIn` matters only where needsSession says so. */
export function decidePageAccess(input: { pathname: string; search: string; website: LockState; signedIn: boolean }): GateDecision {
  const kind = classifyPath(input.pathname)
  if (!needsSession(kind, input.website)) return {}
  if (input.signedIn) return { private: true }
  if (kind === 'private') {
    const target = `${pagePath(input.pathname) ?? '/me'}${input.search}`
    return { redirect: `/login?returnTo=${encodeURIComponent(target)}` }
  }
  return { redirect: input.website.ssologin ? '/' : '/login' }
}

/**
 * The API's side of the lock: while browsing is locked, an anonymous caller gets a 401 ('Please
 * sign in to continue.') instead of catalog data. 'signed-in' when the answer must then go to the
 * signed-in caller only (never to shared caches), 'public' when the store is not locked.
 */
export async function catalogAccess(ctx: CoreContext): Promise<'public' | 'signed-in'> {
  const website = await getWebsiteCached({ websiteId: ctx.store.websiteId })
  if (!isLocked(website)) return 'public'
  await requireShopper(ctx)
  return 'signed-in'
}
