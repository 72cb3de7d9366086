// Spec 4 "Build update" and spec 8/9: when the server runs a newer build than the one this page was
// built with (or a code chunk of this build can no longer be loaded), the next navigation is a full
// page load, so the visitor gets the new build instead of a broken client-side transition.

/** Spec 9 leaves the interval open; a minute keeps the check cheap (one tiny GET per open tab). */
export const BUILD_CHECK_INTERVAL_MS = 60_000
/** Spec 9's page reload guard: never two full loads for an update within this time. */
export const RELOAD_GUARD_MS = 10_000

const FULL_LOAD_AT_KEY = 'webstore:full-load-at'

let updatePending = false

export function markUpdatePending(): void {
  updatePending = true
}

export function isUpdatePending(): boolean {
  return updatePending
}

/** The build the server runs now, or null when it cannot say; throws when the request fails. */
export async function fetchLatestBuildId(fetcher: typeof fetch = fetch): Promise<string | null> {
  const response = await fetcher(`/api/build?t=${Date.now()}`, { cache: 'no-store' })
  if (!response.ok) return null
  const body = (await response.json()) as { id?: unknown } | null
  return typeof body?.id === 'string' && body.id !== '' ? body.id : null
}

/** Marks an update when the latest build differs from this page's; any failure is ignored (spec 4). */
export async function checkForBuildUpdate(currentBuildId: string, latestBuildId: () => Promise<string | null>): Promise<boolean> {
  try {
    const latest = await latestBuildId()
    if (latest === null || latest === currentBuildId) return false
    markUpdatePending()
    return true
  } catch {
    return false
  }
}

type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>

/**
 * The reload guard: allows a full load unless one was made less than RELOAD_GUARD_MS ago in this tab,
 * and records it. Should two servers behind one address disagree on the build, this keeps the
 * visitor from reloading on every click.
 */
export function claimFullLoad(storage: GuardStorage | null, now: number = Date.now()): boolean {
  try {
    const last = Number(storage?.getItem(FULL_LOAD_AT_KEY) ?? Number.NaN)
    if (Number.isFinite(last) && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false
    storage?.setItem(FULL_LOAD_AT_KEY, String(now))
  } catch {
    // Without storage there is no guard to keep; a fresh page starts with no update pending anyway.
  }
  return true
}

function sessionStorageOf(win: Window): GuardStorage | null {
  try {
    return win.sessionStorage
  } catch {
    return null
  }
}

/** Loads href as a full page when an update is pending and the guard allows; true when it did. */
export function fullLoadForUpdate(href: string, win: Window = window): boolean {
  if (!updatePending || !claimFullLoad(sessionStorageOf(win))) return false
  win.location.assign(href)
  return true
}

type ClickLike = Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented' | 'target'>

/**
 * The same-origin address a plain left click on a link would navigate to inside this tab, or null
 * for anything the browser or another handler deals with itself (new tabs, downloads, other sites,
 * in-page anchors).
 */
export function clickedNavigation(event: ClickLike, location: Pick<Location, 'href' | 'origin'>): string | null {
  if (event.defaultPrevented || event.button !== 0) return null
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  const target = event.target as Partial<Element> | null
  const anchor = typeof target?.closest === 'function' ? target.closest('a[href]') : null
  if (!anchor) return null
  const frame = anchor.getAttribute('target')
  if ((frame && frame !== '_self') || anchor.hasAttribute('download')) return null
  let url: URL
  try {
    url = new URL(anchor.getAttribute('href') ?? '', location.href)
  } catch {
    return null
  }
  if (url.origin !== location.origin) return null
  const here = new URL(location.href)
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return null
  return url.href
}

/**
 * Once an update is pending, turns the next link click or back/forward step into a full page load.
 * The click listener sits on window in the capture phase, so it runs before React's (and the
 * router's) own handlers on the document and can keep them from starting a client-side transition.
 */
export function loadFullyOnNextNavigation(win: Window = window): () => void {
  const onClick = (event: MouseEvent) => {
    if (!updatePending) return
    const href = clickedNavigation(event, win.location)
    if (href === null || !claimFullLoad(sessionStorageOf(win))) return
    event.preventDefault()
    event.stopImmediatePropagation()
    win.location.assign(href)
  }
  const onPopState = () => {
    if (updatePending && claimFullLoad(sessionStorageOf(win))) win.location.reload()
  }
  win.addEventListener('click', onClick, true)
  win.addEventListener('popstate', onPopState)
  return () => {
    win.removeEventListener('click', onClick, true)
    win.removeEventListener('popstate', onPopState)
  }
}

type PollOptions = {
  buildId: string
  win?: Window
  intervalMs?: number
  latestBuildId?: () => Promise<string | null>
}

/**
 * Checks the server's build every intervalMs while the tab is visible and whenever it becomes
 * visible again; stops once an update is found. Returns a function that stops it.
 */
export function pollBuildUpdates({
  buildId,
  win = window,
  intervalMs = BUILD_CHECK_INTERVAL_MS,
  latestBuildId = () => fetchLatestBuildId(),
}: PollOptions): () => void {
  let checking = false
  let stopped = false

  const stop = () => {
    stopped = true
    win.clearInterval(timer)
    win.document.removeEventListener('visibilitychange', onVisibilityChange)
  }
  const check = async () => {
    if (stopped || checking || updatePending || win.document.visibilityState !== 'visible') return
    checking = true
    try {
      if (await checkForBuildUpdate(buildId, latestBuildId)) stop()
    } finally {
      checking = false
    }
  }
  const onVisibilityChange = () => void check()
  const timer = win.setInterval(onVisibilityChange, intervalMs)
  win.document.addEventListener('visibilitychange', onVisibilityChange)
  return stop
}
