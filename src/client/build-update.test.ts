import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

type Listener = (event: never) => void

/** A window with just what the watchers use: listeners, location, session storage, timers, visibility. */
function fakeWindow(href = 'https://shop.example/shop?q=polo') {
  const listeners = new Map<string, Set<Listener>>()
  const documentListeners = new Map<string, Set<Listener>>()
  const on = (map: Map<string, Set<Listener>>) => (type: string, listener: Listener) => {
    map.set(type, (map.get(type) ?? new Set()).add(listener))
  }
  const off = (map: Map<string, Set<Listener>>) => (type: string, listener: Listener) => void map.get(type)?.delete(listener)
  const items = new Map<string, string>()
  const win = {
    listeners,
    location: { href, origin: new URL(href).origin, assign: vi.fn(), reload: vi.fn() },
    sessionStorage: { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) },
    addEventListener: on(listeners),
    removeEventListener: off(listeners),
    setInterval: (callback: () => void, ms: number) => setInterval(callback, ms),
    clearInterval: (timer: ReturnType<typeof setInterval>) => clearInterval(timer),
    document: {
      visibilityState: 'visible' as DocumentVisibilityState,
      addEventListener: on(documentListeners),
      removeEventListener: off(documentListeners),
    },
    fire(type: string, event: object = {}) {
      for (const listener of listeners.get(type) ?? []) listener(event as never)
    },
    fireOnDocument(type: string) {
      for (const listener of documentListeners.get(type) ?? []) listener({} as never)
    },
  }
  return win
}

function asWindow(win: ReturnType<typeof fakeWindow>): Window {
  return win as unknown as Window
}

/** A click on an element inside a link with these attributes. */
function clickOn(attributes: Record<string, string>, overrides: Partial<MouseEvent> = {}) {
  const anchor = {
    getAttribute: (name: string) => attributes[name] ?? null,
    hasAttribute: (name: string) => name in attributes,
  }
  return {
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    target: { closest: (selector: string) => (selector === 'a[href]' && 'href' in attributes ? anchor : null) } as unknown as EventTarget | null,
    preventDefault: vi.fn(),
    stopImmediatePropagation: vi.fn(),
    ...overrides,
  }
}

async function freshModule() {
  vi.resetModules()
  return import('./build-update')
}

describe('build update check (spec 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test('asks for the latest build id with a timestamp and without any cache', async () => {
    const { fetchLatestBuildId } = await freshModule()
    const fetcher = vi.fn(async () => Response.json({ id: 'b2' }))
    vi.setSystemTime(1_700_000_000_000)
    await expect(fetchLatestBuildId(fetcher)).resolves.toBe('b2')
    expect(fetcher).toHaveBeenCalledWith('/api/build?t=1700000000000', { cache: 'no-store' })
  })

  test('a server that cannot say which build it runs reports no build', async () => {
    const { fetchLatestBuildId } = await freshModule()
    await expect(fetchLatestBuildId(async () => Response.json({ id: null }, { status: 503 }))).resolves.toBeNull()
    await expect(fetchLatestBuildId(async () => Response.json({ id: 42 }))).resolves.toBeNull()
  })

  test('a different build marks an update; the same build, no build or a failure does not', async () => {
    const { checkForBuildUpdate, isUpdatePending } = await freshModule()
    await expect(checkForBuildUpdate('b1', async () => 'b1')).resolves.toBe(false)
    await expect(checkForBuildUpdate('b1', async () => null)).resolves.toBe(false)
    await expect(checkForBuildUpdate('b1', () => Promise.reject(new TypeError('Failed to fetch')))).resolves.toBe(false)
    expect(isUpdatePending()).toBe(false)
    await expect(checkForBuildUpdate('b1', async () => 'b2')).resolves.toBe(true)
    expect(isUpdatePending()).toBe(true)
  })

  test('checks every minute while the tab is visible, and at once when it becomes visible', async () => {
    const { pollBuildUpdates } = await freshModule()
    const win = fakeWindow()
    const latest = vi.fn(async () => 'b1')
    const stop = pollBuildUpdates({ buildId: 'b1', win: asWindow(win), latestBuildId: latest })

    await vi.advanceTimersByTimeAsync(60_000)
    expect(latest).toHaveBeenCalledTimes(1)
    win.document.visibilityState = 'hidden'
    await vi.advanceTimersByTimeAsync(180_000)
    expect(latest).toHaveBeenCalledTimes(1)
    win.document.visibilityState = 'visible'
    win.fireOnDocument('visibilitychange')
    await vi.advanceTimersByTimeAsync(0)
    expect(latest).toHaveBeenCalledTimes(2)

    stop()
    await vi.advanceTimersByTimeAsync(600_000)
    win.fireOnDocument('visibilitychange')
    expect(latest).toHaveBeenCalledTimes(2)
  })

  test('stops checking once an update is found', async () => {
    const { pollBuildUpdates, isUpdatePending } = await freshModule()
    const latest = vi.fn(async () => 'b2')
    pollBuildUpdates({ buildId: 'b1', win: asWindow(fakeWindow()), latestBuildId: latest })
    await vi.advanceTimersByTimeAsync(300_000)
    expect(latest).toHaveBeenCalledTimes(1)
    expect(isUpdatePending()).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('the navigation after an update', () => {
  test('a plain click on a same-site link becomes a full page load', async () => {
    const { loadFullyOnNextNavigation, markUpdatePending } = await freshModule()
    const win = fakeWindow()
    loadFullyOnNextNavigation(asWindow(win))
    const before = clickOn({ href: '/cart' })
    win.fire('click', before)
    expect(win.location.assign).not.toHaveBeenCalled()
    expect(before.preventDefault).not.toHaveBeenCalled()

    markUpdatePending()
    const after = clickOn({ href: '/cart' })
    win.fire('click', after)
    expect(win.location.assign).toHaveBeenCalledWith('https://shop.example/cart')
    expect(after.preventDefault).toHaveBeenCalled()
    expect(after.stopImmediatePropagation).toHaveBeenCalled()
  })

  test('never reloads twice within 10 seconds (the page reload guard)', async () => {
    const { loadFullyOnNextNavigation, markUpdatePending, RELOAD_GUARD_MS } = await freshModule()
    vi.useFakeTimers()
    const win = fakeWindow()
    loadFullyOnNextNavigation(asWindow(win))
    markUpdatePending()
    win.fire('click', clickOn({ href: '/cart' }))
    vi.advanceTimersByTime(RELOAD_GUARD_MS - 1)
    const tooSoon = clickOn({ href: '/shop' })
    win.fire('click', tooSoon)
    win.fire('popstate')
    expect(win.location.assign).toHaveBeenCalledTimes(1)
    expect(win.location.reload).not.toHaveBeenCalled()
    expect(tooSoon.preventDefault).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    win.fire('popstate')
    expect(win.location.reload).toHaveBeenCalledTimes(1)
    vi.useRealTimers()
  })

  test('back and forward reload the page once an update is pending', async () => {
    const { loadFullyOnNextNavigation, markUpdatePending } = await freshModule()
    const win = fakeWindow()
    const stop = loadFullyOnNextNavigation(asWindow(win))
    win.fire('popstate')
    expect(win.location.reload).not.toHaveBeenCalled()
    markUpdatePending()
    win.fire('popstate')
    expect(win.location.reload).toHaveBeenCalledTimes(1)
    stop()
    expect(win.listeners.get('click')?.size).toBe(0)
    expect(win.listeners.get('popstate')?.size).toBe(0)
  })

  test('a programmatic navigation becomes a full load only when an update is pending and the guard allows', async () => {
    const { fullLoadForUpdate, markUpdatePending } = await freshModule()
    const win = fakeWindow()
    expect(fullLoadForUpdate('/cart', asWindow(win))).toBe(false)
    markUpdatePending()
    expect(fullLoadForUpdate('/cart', asWindow(win))).toBe(true)
    expect(fullLoadForUpdate('/shop', asWindow(win))).toBe(false)
    expect(win.location.assign).toHaveBeenCalledExactlyOnceWith('/cart')
  })
})

describe('which clicks are navigations inside the tab', () => {
  const here = { href: 'https://shop.example/shop?q=polo', origin: 'https://shop.example' }

  test('same-site links, relative or absolute', async () => {
    const { clickedNavigation } = await freshModule()
    expect(clickedNavigation(clickOn({ href: '/product/core-polo' }), here)).toBe('https://shop.example/product/core-polo')
    expect(clickedNavigation(clickOn({ href: 'https://shop.example/cart' }), here)).toBe('https://shop.example/cart')
    expect(clickedNavigation(clickOn({ href: '?q=tee' }), here)).toBe('https://shop.example/shop?q=tee')
  })

  test('not clicks meant for another tab, a download, another site or an anchor on this page', async () => {
    const { clickedNavigation } = await freshModule()
    expect(clickedNavigation(clickOn({ href: '/cart' }, { metaKey: true }), here)).toBeNull()
    expect(clickedNavigation(clickOn({ href: '/cart' }, { ctrlKey: true }), here)).toBeNull()
    expect(clickedNavigation(clickOn({ href: '/cart' }, { shiftKey: true }), here)).toBeNull()
    expect(clickedNavigation(clickOn({ href: '/cart' }, { button: 1 }), here)).toBeNull()
    expect(clickedNavigation(clickOn({ href: '/cart' }, { defaultPrevented: true }), here)).toBeNull()
    expect(clickedNavigation(clickOn({ href: '/cart', target: '_blank' }), here)).toBeNull()
    expect(clickedNavigation(clickOn({ href: '/invoice.pdf', download: '' }), here)).toBeNull()
    expect(clickedNavigation(clickOn({ href: 'https://elsewhere.example/' }), here)).toBeNull()
    expect(clickedNavigation(clickOn({ href: 'mailto:shop@example.com' }), here)).toBeNull()
    expect(clickedNavigation(clickOn({ href: '#reviews' }), here)).toBeNull()
    expect(clickedNavigation(clickOn({}), here)).toBeNull()
    expect(clickedNavigation({ ...clickOn({ href: '/cart' }), target: null }, here)).toBeNull()
  })

  test('a link to this page with a target of _self still counts', async () => {
    const { clickedNavigation } = await freshModule()
    expect(clickedNavigation(clickOn({ href: '/cart', target: '_self' }), here)).toBe('https://shop.example/cart')
  })
})

describe('claimFullLoad', () => {
  test('allows a full load without storage', async () => {
    const { claimFullLoad } = await freshModule()
    expect(claimFullLoad(null, 1_000)).toBe(true)
    expect(claimFullLoad(null, 1_001)).toBe(true)
  })

  test('allows one when the stored time is garbage or in the future', async () => {
    const { claimFullLoad } = await freshModule()
    const items = new Map([['webstore:full-load-at', 'soon']])
    const storage = { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) }
    expect(claimFullLoad(storage, 50_000)).toBe(true)
    items.set('webstore:full-load-at', '90000')
    expect(claimFullLoad(storage, 50_000)).toBe(true)
    expect(claimFullLoad(storage, 55_000)).toBe(false)
  })
})
