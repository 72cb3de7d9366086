// Where a navigation may go (spec 8): an external URL needs the external flag, and script-like
// protocols are refused outright. Only same-origin relative paths count as internal, so `//evil.com`
// and `/\evil.com` (which browsers read as another host) are external.

export type Navigation =
  | { kind: 'internal'; path: string }
  | { kind: 'external'; url: string }
  | { kind: 'refused'; reason: string }

const REFUSED_PROTOCOLS = new Set(['data:', 'javascript:', 'blob:', 'vbscript:'])
const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:'])
const INTERNAL_BASE = 'http://internal.invalid'

// Browsers drop tabs and newlines inside URLs ("java\tscript:"), so any control character refuses.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/
const SCHEME = /^([a-z][a-z0-9+.-]*):/i

export type NavigationOptions = {
  /** The caller explicitly allows leaving the site. */
  external?: boolean
  /** The site's own origin: absolute URLs on it count as internal. */
  origin?: string
}

// A resolved path such as '/.//evil.com' normalises to '//evil.com', which a browser reads as
// another host: an internal path never starts with more than one slash.
function singleLeadingSlash(path: string): string {
  return path.replace(/^[/\\]+/, '/')
}

function tryUrl(target: string, base?: string): URL | null {
  try {
    return new URL(target, base)
  } catch {
    return null
  }
}

export function resolveNavigation(target: string, options: NavigationOptions = {}): Navigation {
  if (CONTROL_CHARACTERS.test(target)) return { kind: 'refused', reason: 'The address contains control characters.' }
  const trimmed = target.trim()
  if (trimmed === '') return { kind: 'refused', reason: 'The address is empty.' }

  const scheme = SCHEME.exec(trimmed)?.[1]?.toLowerCase()
  if (scheme !== undefined) {
    const protocol = `${scheme}:`
    if (REFUSED_PROTOCOLS.has(protocol)) return { kind: 'refused', reason: `The ${protocol} protocol is not allowed.` }
    const url = tryUrl(trimmed)
    if (!url) return { kind: 'refused', reason: 'The address is not a valid URL.' }
    if (options.origin && (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === tryUrl(options.origin)?.origin) {
      return { kind: 'internal', path: singleLeadingSlash(`${url.pathname}${url.search}${url.hash}`) }
    }
    if (!EXTERNAL_PROTOCOLS.has(url.protocol)) return { kind: 'refused', reason: `The ${url.protocol} protocol is not allowed.` }
    if (!options.external) return { kind: 'refused', reason: 'Navigating to an external URL needs the external flag.' }
    return { kind: 'external', url: url.href }
  }

  const resolved = tryUrl(trimmed, `${INTERNAL_BASE}/`)
  if (!resolved) return { kind: 'refused', reason: 'The address is not a valid URL.' }
  if (resolved.origin === INTERNAL_BASE) {
    return { kind: 'internal', path: singleLeadingSlash(`${resolved.pathname}${resolved.search}${resolved.hash}`) }
  }
  if (!options.external) return { kind: 'refused', reason: 'Navigating to an external URL needs the external flag.' }
  const external = tryUrl(trimmed, 'https://placeholder.invalid/')
  return external ? { kind: 'external', url: external.href } : { kind: 'refused', reason: 'The address is not a valid URL.' }
}

/** A same-origin path to go to, or the fallback (for `returnTo`-style parameters). */
export function safeInternalPath(target: string | null | undefined, fallback = '/'): string {
  if (!target) return fallback
  const navigation = resolveNavigation(target)
  return navigation.kind === 'internal' ? navigation.path : fallback
}
