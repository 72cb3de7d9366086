import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

function stubWindow() {
  const location = { origin: 'https://shop.example', href: 'https://shop.example/', assign: vi.fn(), reload: vi.fn() }
  const items = new Map<string, string>()
  vi.stubGlobal('window', {
    location,
    sessionStorage: { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) },
  })
  return location
}

async function load() {
  vi.resetModules()
  const navigation = await import('./navigation')
  const buildUpdate = await import('./build-update')
  const router = { push: vi.fn(), href: vi.fn((path: string) => `/en${path}`) }
  return { ...navigation, ...buildUpdate, router }
}

describe('navigateTo (spec 8)', () => {
  let location: ReturnType<typeof stubWindow>
  beforeEach(() => {
    location = stubWindow()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  test('a same-site path is a client-side transition through the router', async () => {
    const { navigateTo, registerRouter, router } = await load()
    registerRouter(router)
    expect(navigateTo('/me/orders?id=4')).toBe('internal')
    expect(navigateTo('https://shop.example/cart')).toBe('internal')
    expect(router.push.mock.calls).toEqual([['/me/orders?id=4'], ['/cart']])
    expect(location.assign).not.toHaveBeenCalled()
  })

  test('an external address is followed only with the external flag', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { navigateTo, registerRouter, router } = await load()
    registerRouter(router)
    expect(navigateTo('https://pay.example/checkout/1')).toBe('refused')
    expect(navigateTo('//evil.example/')).toBe('refused')
    expect(location.assign).not.toHaveBeenCalled()
    expect(warn).toHaveBeenCalledTimes(2)
    expect(navigateTo('https://pay.example/checkout/1', { external: true })).toBe('external')
    expect(location.assign).toHaveBeenCalledWith('https://pay.example/checkout/1')
    expect(router.push).not.toHaveBeenCalled()
  })

  test('data:, javascript:, blob: and vbscript: addresses are refused with a warning, even when external', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { navigateTo, registerRouter, router } = await load()
    registerRouter(router)
    for (const target of ['javascript:alert(1)', 'data:text/html,<p>hi</p>', 'blob:https://shop.example/1', 'VBScript:msgbox']) {
      expect(navigateTo(target, { external: true })).toBe('refused')
    }
    expect(warn).toHaveBeenCalledTimes(4)
    expect(router.push).not.toHaveBeenCalled()
    expect(location.assign).not.toHaveBeenCalled()
  })

  test('with an update pending, a same-site navigation is a full page load of the localised address', async () => {
    const { navigateTo, registerRouter, router, markUpdatePending } = await load()
    registerRouter(router)
    markUpdatePending()
    expect(navigateTo('/cart')).toBe('internal')
    expect(location.assign).toHaveBeenCalledWith('/en/cart')
    expect(router.push).not.toHaveBeenCalled()
    navigateTo('/shop')
    expect(router.push).toHaveBeenCalledWith('/shop')
  })

  test('before a router is registered, or after it leaves, a same-site path loads as a page', async () => {
    const { navigateTo, registerRouter, router } = await load()
    navigateTo('/login')
    expect(location.assign).toHaveBeenCalledWith('/login')
    const unregister = registerRouter(router)
    unregister()
    navigateTo('/signup')
    expect(location.assign).toHaveBeenLastCalledWith('/signup')
    expect(router.push).not.toHaveBeenCalled()
  })
})
