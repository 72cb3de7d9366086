import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  BADGE_CSS,
  BADGE_STYLE_ID,
  createRecaptchaLoader,
  DIFFERENT_SITE_KEY,
  type Grecaptcha,
  RECAPTCHA_POLL_MS,
  type RecaptchaHost,
  recaptchaScriptUrl,
} from './recaptcha'

type Node = { tag: string; id?: string; src?: string; textContent?: string | null; async?: boolean; onerror?: unknown }

/** A page with a head: enough of document and window for the loader. */
function page(existingScripts: string[] = []) {
  const head: Node[] = existingScripts.map((src) => ({ tag: 'script', src }))
  const window: { grecaptcha?: Partial<Grecaptcha> } = {}
  const executed: { siteKey: string; action: string }[] = []
  const host: RecaptchaHost = {
    document: {
      querySelectorAll: () => head.filter((node) => node.tag === 'script') as never,
      getElementById: (id) => head.find((node) => node.id === id) ?? null,
      createElement: ((tag: string) => ({ tag, src: '', textContent: null, id: '' })) as never,
      head: { appendChild: (node: never) => head.push(node) },
    },
    window,
    setTimeout: (callback, ms) => setTimeout(callback, ms),
  }
  /** What the real script does once it has run. */
  const arrive = () => {
    window.grecaptcha = {
      ready: (callback) => callback(),
      execute: (siteKey, { action }) => {
        executed.push({ siteKey, action })
        return Promise.resolve(`token-for-${action}`)
      },
    }
  }
  return { head, host, arrive, executed }
}

describe('the reCAPTCHA loader', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test('loads the script from recaptcha.net in Indonesian with the site key', () => {
    expect(recaptchaScriptUrl('6Lc-site key')).toBe('https://www.recaptcha.net/recaptcha/api.js?render=6Lc-site%20key&hl=id')
  })

  test('adds the script and the badge-hiding style once, then polls every 25 ms until grecaptcha is ready', async () => {
    const { head, host, arrive, executed } = page()
    const loader = createRecaptchaLoader(host)
    const first = loader.token('site-key', 'login')
    const second = loader.token('site-key', 'signup')

    expect(head).toEqual([
      expect.objectContaining({ tag: 'style', id: BADGE_STYLE_ID, textContent: BADGE_CSS }),
      expect.objectContaining({ tag: 'script', src: recaptchaScriptUrl('site-key'), async: true }),
    ])
    expect(vi.getTimerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(RECAPTCHA_POLL_MS * 3)
    expect(executed).toEqual([])

    arrive()
    await vi.advanceTimersByTimeAsync(RECAPTCHA_POLL_MS)
    await expect(first).resolves.toBe('token-for-login')
    await expect(second).resolves.toBe('token-for-signup')
    expect(executed).toEqual([
      { siteKey: 'site-key', action: 'login' },
      { siteKey: 'site-key', action: 'signup' },
    ])

    await expect(loader.token('site-key', 'password/reset')).resolves.toBe('token-for-password/reset')
    expect(head.filter((node) => node.tag === 'script')).toHaveLength(1)
  })

  test('refuses when a script for another site key is already on the page', async () => {
    const { host } = page(['https://www.google.com/recaptcha/api.js?render=other-key'])
    await expect(createRecaptchaLoader(host).load('site-key')).rejects.toThrow(DIFFERENT_SITE_KEY)
    expect(DIFFERENT_SITE_KEY).toBe('reCAPTCHA already loaded with different site key!')
  })

  test('reuses a script for the same key that is already on the page', async () => {
    const { head, host, arrive } = page([recaptchaScriptUrl('site-key'), '/_next/static/chunks/main.js'])
    arrive()
    await expect(createRecaptchaLoader(host).token('site-key', 'login')).resolves.toBe('token-for-login')
    expect(head).toHaveLength(2)
  })

  test('a script that fails to load rejects, and a later attempt adds it again', async () => {
    const { head, host, arrive } = page()
    const loader = createRecaptchaLoader(host)
    const attempt = loader.load('site-key')
    const script = head.find((node) => node.tag === 'script')!
    ;(script.onerror as () => void)()
    const failed = expect(attempt).rejects.toThrow('could not be loaded')
    await vi.advanceTimersByTimeAsync(RECAPTCHA_POLL_MS)
    await failed

    head.splice(head.indexOf(script), 1)
    const retry = loader.token('site-key', 'login')
    arrive()
    await vi.advanceTimersByTimeAsync(RECAPTCHA_POLL_MS)
    await expect(retry).resolves.toBe('token-for-login')
  })

  test('gives up when grecaptcha never arrives', async () => {
    const { host } = page()
    const attempt = createRecaptchaLoader(host, { timeoutMs: 1_000 }).load('site-key')
    const failed = expect(attempt).rejects.toThrow('did not load in time')
    await vi.advanceTimersByTimeAsync(1_000 + RECAPTCHA_POLL_MS)
    await failed
  })
})
