// GA4 page views (spec 1: only when an analytics id is configured). Nothing personal leaves the
// page: query parameters that may carry tokens, e-mail addresses or codes are dropped from the
// addresses sent, and Google signals and ad personalisation are off.

type GtagWindow = Pick<Window, 'location'> & {
  dataLayer?: unknown[]
  gtag?: (...args: unknown[]) => void
}

const GA4_ID = /^G-[A-Z0-9]{4,20}$/
const SENSITIVE_PARAM = /token|auth|access|key|secret|pass|e-?mail|phone|session|sig|otp|code|uid/i

/** The measurement id when it is a GA4 id ('G-…'), else null: a typo must not load a script. */
export function measurementId(value: string | null | undefined): string | null {
  const id = value?.trim().toUpperCase() ?? ''
  return GA4_ID.test(id) ? id : null
}

export function gtagScriptUrl(gaId: string): string {
  return `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gaId)}`
}

/** The page's path and query as sent to analytics, without parameters that may identify someone. */
export function pageViewPath(pathname: string, search: string): string {
  const params = new URLSearchParams(search)
  const kept = new URLSearchParams()
  for (const [name, value] of params) {
    if (!SENSITIVE_PARAM.test(name) && !value.includes('@')) kept.append(name, value)
  }
  const query = kept.toString()
  return query ? `${pathname}?${query}` : pathname
}

const configured = new WeakMap<GtagWindow, Set<string>>()

function ensureGtag(win: GtagWindow, gaId: string): (...args: unknown[]) => void {
  // A typeof check, not a truthiness one: an element with id="gtag" would also be window.gtag.
  if (typeof win.gtag !== 'function') {
    const dataLayer = (win.dataLayer ??= [])
    win.gtag = function gtag() {
      // gtag.js reads Arguments objects from the data layer, not arrays.
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments)
    }
    win.gtag('js', new Date())
  }
  const ids = configured.get(win) ?? new Set<string>()
  if (!ids.has(gaId)) {
    win.gtag('config', gaId, {
      send_page_view: false,
      allow_google_signals: false,
      allow_ad_personalization_signals: false,
    })
    configured.set(win, ids.add(gaId))
  }
  return win.gtag
}

/**
 * Queues a page_view; gtag.js sends the queue once it has loaded. The cleaned address is also set
 * for the events gtag.js sends on its own (engagement, session start), which would otherwise report
 * the raw address bar.
 */
export function sendPageView(win: GtagWindow, gaId: string, path: string, title: string): void {
  const gtag = ensureGtag(win, gaId)
  const page = { page_location: `${win.location.origin}${path}`, page_title: title }
  gtag('set', page)
  gtag('event', 'page_view', { ...page, send_to: gaId })
}
