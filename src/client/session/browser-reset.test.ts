import { describe, expect, test } from 'vitest'
import { clearLocalStorage, clearReadableCookies } from './browser-reset'

/** document.cookie as a browser treats it: reading lists the live cookies, writing sets or expires one. */
function cookieJar(initial: Record<string, string>) {
  const live = new Map(Object.entries(initial))
  const writes: string[] = []
  return {
    live,
    writes,
    get cookie() {
      return [...live].map(([name, value]) => `${name}=${value}`).join('; ')
    },
    set cookie(line: string) {
      writes.push(line)
      const [pair] = line.split(';')
      const [name, value] = (pair ?? '').split('=')
      if (/max-age=0/i.test(line)) live.delete(name!.trim())
      else live.set(name!.trim(), value ?? '')
    },
  }
}

describe('clearing the browser on logout', () => {
  test('every readable cookie is expired on path /', () => {
    const jar = cookieJar({ i18n_redirected: 'en', _ga: 'GA1.1.1', consent: 'a=b' })
    expect(clearReadableCookies(jar)).toEqual(['i18n_redirected', '_ga', 'consent'])
    expect(jar.live.size).toBe(0)
    for (const line of jar.writes) expect(line).toMatch(/=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=\/$/)
  })

  test('over HTTPS the expiring cookies are marked Secure, so __Secure- cookies go too', () => {
    const jar = cookieJar({ '__Secure-pref': '1' })
    clearReadableCookies(jar, { secure: true })
    expect(jar.writes).toEqual(['__Secure-pref=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/; Secure'])
  })

  test('no cookies: nothing is written', () => {
    const jar = cookieJar({})
    expect(clearReadableCookies(jar)).toEqual([])
    expect(jar.writes).toEqual([])
  })

  test('local storage is emptied, and a refused storage is no error', () => {
    let cleared = false
    clearLocalStorage({ localStorage: { clear: () => void (cleared = true) } })
    expect(cleared).toBe(true)
    expect(() =>
      clearLocalStorage({
        localStorage: {
          clear: () => {
            throw new Error('SecurityError')
          },
        },
      }),
    ).not.toThrow()
  })
})
