import { routing } from '@/i18n/routing'
import { resolveNavigation } from '@/isomorphic/url-safety'

// Where to go after signing in (security.md 4.10, ASVS 3.7.2): only a same-origin relative path,
// anything else falls back to '/'. The pages that sign in are not destinations either: coming
// back to them would only show the form again.

const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/
const SIGN_IN_PAGES = /^\/(?:login|signup|sso-login|password\/(?:reset|create))(?:[/?#]|$)/

// Paths here are written without the locale (the router adds it); a returnTo copied from the
// address bar with the prefix (/en/me) is taken back to /me rather than becoming /en/en/me.
const LOCALE_PREFIX = new RegExp(`^/(?:${routing.locales.join('|')})(?=[/?#]|$)`)

function withoutLocale(path: string): string {
  const stripped = path.replace(LOCALE_PREFIX, '')
  return stripped === '' || /^[?#]/.test(stripped) ? `/${stripped}` : stripped
}

function isRelativePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !UNSAFE_CHARACTERS.test(value)
}

/**
 * A returnTo value made safe: it must start with exactly one '/', have no backslash, scheme or
 * control character, and still be a same-origin path once resolved ('/.//evil.com' resolves to
 * '//evil.com', another host). A locale prefix is dropped. Anything else, and the sign-in pages
 * themselves, give '/'.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !isRelativePath(value)) return '/'
  const navigation = resolveNavigation(value)
  if (navigation.kind !== 'internal' || !isRelativePath(navigation.path)) return '/'
  const path = withoutLocale(navigation.path)
  if (!isRelativePath(path)) return '/'
  return SIGN_IN_PAGES.test(path) ? '/' : path
}

/** The sign-in page's address that comes back to path afterwards. */
export function loginPathFor(path: string): string {
  const target = safeReturnTo(path)
  return target === '/' ? '/login' : `/login?returnTo=${encodeURIComponent(target)}`
}
