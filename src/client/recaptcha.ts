// reCAPTCHA v3 for the sign-in, sign-up and password-reset forms (spec 7 and 9), only when the
// store has a site key (its public settings' recaptchaSiteKey: its own, set in the console, or the
// install's NEXT_PUBLIC_RECAPTCHA_SITE_KEY; the page hands it to the form): the script comes from the alternate domain
// (www.recaptcha.net) in Indonesian (hl=id), the badge is hidden (the forms show the notice
// instead, as Google requires), and the script's arrival is polled every 25 ms. Tokens last two
// minutes, so one is fetched when the form is sent, never ahead.

export const RECAPTCHA_SCRIPT = 'https://www.recaptcha.net/recaptcha/api.js'
export const RECAPTCHA_LANGUAGE = 'id'
export const RECAPTCHA_POLL_MS = 25
export const RECAPTCHA_TIMEOUT_MS = 15_000
export const DIFFERENT_SITE_KEY = 'reCAPTCHA already loaded with different site key!'
export const BADGE_STYLE_ID = 'recaptcha-badge-style'
export const BADGE_CSS = '.grecaptcha-badge{visibility:hidden}'

/** reCAPTCHA could not give a token; the message says why and may be shown. */
export class RecaptchaError extends Error {
  override readonly name = 'RecaptchaError'
}

/** Google's action names allow letters, digits and slashes. */
export type RecaptchaAction = 'login' | 'signup' | 'password/reset'

export type Grecaptcha = {
  ready: (callback: () => void) => void
  execute: (siteKey: string, options: { action: string }) => PromiseLike<string>
}

type ScriptLike = { src: string; async?: boolean; defer?: boolean; onerror?: unknown }
type StyleLike = { id: string; textContent: string | null }

/** The parts of document and window the loader touches (a fake in tests). */
export type RecaptchaHost = {
  document: {
    querySelectorAll: (selector: 'script') => ArrayLike<ScriptLike>
    getElementById: (id: string) => unknown
    createElement: ((tag: 'script') => ScriptLike) & ((tag: 'style') => StyleLike)
    head: { appendChild: (node: never) => unknown }
  }
  window: { grecaptcha?: Partial<Grecaptcha> }
  setTimeout: (callback: () => void, ms: number) => unknown
}

export function recaptchaScriptUrl(siteKey: string): string {
  return `${RECAPTCHA_SCRIPT}?render=${encodeURIComponent(siteKey)}&hl=${RECAPTCHA_LANGUAGE}`
}

/** The site key a reCAPTCHA script already on the page renders with, or null for other scripts. */
function renderedKey(src: string): string | null {
  try {
    const url = new URL(src, 'https://page.invalid/')
    if (!url.pathname.endsWith('/recaptcha/api.js') && !url.pathname.endsWith('/recaptcha/enterprise.js')) return null
    return url.searchParams.get('render') ?? ''
  } catch {
    return null
  }
}

function isReady(grecaptcha: Partial<Grecaptcha> | undefined): grecaptcha is Grecaptcha {
  return typeof grecaptcha?.ready === 'function' && typeof grecaptcha.execute === 'function'
}

export function createRecaptchaLoader(host: RecaptchaHost, { pollMs = RECAPTCHA_POLL_MS, timeoutMs = RECAPTCHA_TIMEOUT_MS } = {}) {
  let loading: { siteKey: string; promise: Promise<Grecaptcha> } | null = null

  function inject(siteKey: string): { failed: () => boolean } {
    const { document } = host
    if (!document.getElementById(BADGE_STYLE_ID)) {
      const style = document.createElement('style')
      style.id = BADGE_STYLE_ID
      style.textContent = BADGE_CSS
      document.head.appendChild(style as never)
    }
    let failed = false
    const script = document.createElement('script')
    script.src = recaptchaScriptUrl(siteKey)
    script.async = true
    script.defer = true
    script.onerror = () => {
      failed = true
    }
    document.head.appendChild(script as never)
    return { failed: () => failed }
  }

  function waitForScript(script: { failed: () => boolean } | null): Promise<Grecaptcha> {
    return new Promise<Grecaptcha>((resolve, reject) => {
      const deadline = Date.now() + timeoutMs
      const poll = () => {
        const grecaptcha = host.window.grecaptcha
        if (isReady(grecaptcha)) {
          grecaptcha.ready(() => resolve(grecaptcha))
        } else if (script?.failed()) {
          reject(new RecaptchaError('The reCAPTCHA script could not be loaded.'))
        } else if (Date.now() >= deadline) {
          reject(new RecaptchaError('The reCAPTCHA script did not load in time.'))
        } else {
          host.setTimeout(poll, pollMs)
        }
      }
      poll()
    })
  }

  /**
   * The page's reCAPTCHA for siteKey: adds the script (and the badge-hiding style) once, then
   * resolves when grecaptcha is ready. Rejects with 'reCAPTCHA already loaded with different site
   * key!' when a script for another key is on the page. A failed load may be tried again.
   */
  function load(siteKey: string): Promise<Grecaptcha> {
    if (loading?.siteKey === siteKey) return loading.promise
    const scripts = Array.from(host.document.querySelectorAll('script'))
    const keys = scripts.map((script) => renderedKey(script.src)).filter((key): key is string => key !== null)
    if (keys.some((key) => key !== siteKey)) return Promise.reject(new RecaptchaError(DIFFERENT_SITE_KEY))

    const promise = waitForScript(keys.length > 0 ? null : inject(siteKey))
    const attempt = { siteKey, promise }
    loading = attempt
    promise.catch(() => {
      if (loading === attempt) loading = null
    })
    return promise
  }

  return {
    load,
    /** A fresh token for action. */
    async token(siteKey: string, action: RecaptchaAction): Promise<string> {
      const grecaptcha = await load(siteKey)
      return grecaptcha.execute(siteKey, { action })
    },
  }
}

let browserLoader: ReturnType<typeof createRecaptchaLoader> | null = null

/**
 * A token for action with the store's site key, undefined when the store has none (reCAPTCHA off).
 * Rejects when the script cannot load or another site key is already on the page.
 */
export async function getRecaptchaToken(siteKey: string | null, action: RecaptchaAction): Promise<string | undefined> {
  if (!siteKey || typeof window === 'undefined') return undefined
  browserLoader ??= createRecaptchaLoader({
    document: document as unknown as RecaptchaHost['document'],
    window: window as unknown as RecaptchaHost['window'],
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  })
  return browserLoader.token(siteKey, action)
}
