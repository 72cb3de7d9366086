// The session hint cookie (issue 17, decision 009): readable by the page, it carries only the
// session's expiry in seconds. The server sets and clears it with the HttpOnly session cookie; a
// tab reads it to restore a session its session storage does not know yet.

/** Its name over plain HTTP; over HTTPS it is `__Host-session_hint` (Secure). */
export const SESSION_HINT = 'session_hint'

/**
 * The session's expiry (seconds since the epoch) from a Cookie header or `document.cookie`, or
 * null when there is no hint, it is malformed or the session has already ended.
 */
export function readSessionHint(cookies: string | null | undefined, nowMs: number = Date.now()): number | null {
  if (!cookies) return null
  let found: number | null = null
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=')
    if (separator < 0) continue
    const name = part.slice(0, separator).trim()
    if (name !== SESSION_HINT && name !== `__Host-${SESSION_HINT}`) continue
    const value = part.slice(separator + 1).trim()
    if (!/^\d{1,12}$/.test(value)) continue
    const expiresAt = Number(value)
    if (expiresAt * 1000 > nowMs && (found === null || expiresAt > found)) found = expiresAt
  }
  return found
}

/**
 * The same test as a script the page runs before it paints (the root layout): marks the document
 * `data-session` when a session hint is live or this tab's user state says signed in, so the header
 * keeps its sign-in link hidden instead of flashing it until the account is known.
 */
export const SESSION_MARK_SCRIPT = `try{var m=document.cookie.match(/(?:^|;\\s*)(?:__Host-)?${SESSION_HINT}=(\\d{1,12})(?:;|$)/);if((m&&m[1]*1000>Date.now())||/"isAuthenticated":true/.test(sessionStorage.getItem('user')||''))document.documentElement.setAttribute('data-session','')}catch(e){}`
