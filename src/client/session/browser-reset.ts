// Spec 4, logout: every cookie the page can read and the whole of local storage go. HttpOnly
// cookies (the session) are out of reach here; the local logout endpoint clears those.

const EXPIRED = 'Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/'

/** Expires every cookie readable in doc (path /); returns the names it expired. */
export function clearReadableCookies(doc: { cookie: string }, { secure = false }: { secure?: boolean } = {}): string[] {
  const names = new Set<string>()
  for (const pair of doc.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim()
    if (name) names.add(name)
  }
  for (const name of names) doc.cookie = `${name}=; ${EXPIRED}${secure ? '; Secure' : ''}`
  return [...names]
}

/** Empties local storage; a browser that refuses storage has nothing to empty. */
export function clearLocalStorage(win: { localStorage: Pick<Storage, 'clear'> }): void {
  try {
    win.localStorage.clear()
  } catch {
    // Storage is blocked: nothing was kept there.
  }
}

/** Both of the above, in this browser. */
export function clearBrowserState(): void {
  if (typeof window === 'undefined') return
  clearReadableCookies(document, { secure: window.location.protocol === 'https:' })
  clearLocalStorage(window)
}
