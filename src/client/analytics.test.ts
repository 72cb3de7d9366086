import { describe, expect, test } from 'vitest'
import { gtagScriptUrl, measurementId, pageViewPath, sendPageView } from './analytics'

describe('analytics page views', () => {
  test('only a GA4 measurement id turns analytics on', () => {
    expect(measurementId('G-AB12CD34EF')).toBe('G-AB12CD34EF')
    expect(measurementId(' g-ab12cd34ef ')).toBe('G-AB12CD34EF')
    expect(measurementId(undefined)).toBeNull()
    expect(measurementId('')).toBeNull()
    expect(measurementId('UA-1234-1')).toBeNull()
    expect(measurementId('G-1"><script>')).toBeNull()
  })

  test('gtag.js is loaded from Google for the id', () => {
    expect(gtagScriptUrl('G-AB12CD34EF')).toBe('https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF')
  })

  test('the address sent keeps the path and the harmless query parameters', () => {
    expect(pageViewPath('/shop', '')).toBe('/shop')
    expect(pageViewPath('/shop', 'q=polo&size=M&size=L')).toBe('/shop?q=polo&size=M&size=L')
  })

  test('parameters that may carry tokens, codes or contact details are never sent (no PII)', () => {
    expect(pageViewPath('/me/orders', 'id=42&access_token=abc&accessToken=def')).toBe('/me/orders?id=42')
    expect(pageViewPath('/password/create', 'token=abc&email=ann%40example.com')).toBe('/password/create')
    expect(pageViewPath('/sso-login', 'code=xyz&state=1&session_state=2')).toBe('/sso-login?state=1')
    expect(pageViewPath('/shop', 'q=ann@example.com&color=Navy')).toBe('/shop?color=Navy')
    expect(pageViewPath('/signup', 'phone=555&password=x&key=y')).toBe('/signup')
  })

  test('the first page view sets gtag up without a page view of its own, then queues the view', () => {
    const win = { location: { origin: 'https://shop.example' } } as Window & { dataLayer?: IArguments[] }
    sendPageView(win, 'G-AB12CD34EF', '/shop?q=polo', 'Shop | Acme')
    sendPageView(win, 'G-AB12CD34EF', '/cart', 'Cart | Acme')
    const commands = (win.dataLayer ?? []).map((entry) => Array.from(entry))
    expect(commands[0]?.[0]).toBe('js')
    expect(commands[1]).toEqual([
      'config',
      'G-AB12CD34EF',
      { send_page_view: false, allow_google_signals: false, allow_ad_personalization_signals: false },
    ])
    const page = { page_location: 'https://shop.example/shop?q=polo', page_title: 'Shop | Acme' }
    expect(commands.slice(2, 4)).toEqual([
      ['set', page],
      ['event', 'page_view', { ...page, send_to: 'G-AB12CD34EF' }],
    ])
    expect(commands.filter(([command]) => command === 'config')).toHaveLength(1)
    expect(commands.at(-1)).toEqual([
      'event',
      'page_view',
      { page_location: 'https://shop.example/cart', page_title: 'Cart | Acme', send_to: 'G-AB12CD34EF' },
    ])
  })

  test('data layer entries are Arguments objects, as gtag.js expects', () => {
    const win = { location: { origin: 'https://shop.example' } } as Window & { dataLayer?: unknown[] }
    sendPageView(win, 'G-AB12CD34EF', '/', 'Home')
    expect(Object.prototype.toString.call(win.dataLayer?.[0])).toBe('[object Arguments]')
  })

  test('an element with the id gtag (window.gtag) does not stand in for the gtag function', () => {
    const win = { location: { origin: 'https://shop.example' }, gtag: {} } as unknown as Window & { dataLayer?: IArguments[] }
    sendPageView(win, 'G-AB12CD34EF', '/', 'Home')
    expect((win.dataLayer ?? []).map((entry) => entry[0])).toEqual(['js', 'config', 'set', 'event'])
  })
})
