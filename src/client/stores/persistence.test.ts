import { afterEach, describe, expect, test, vi } from 'vitest'
import { browserStorage, mergePersisted } from './persistence'

describe('mergePersisted', () => {
  const current = {
    lines: [] as string[],
    count: 0,
    open: false,
    title: '',
    user: null as { id: number } | null,
    summary: { subTotal: 0, taxes: 0 },
    inputs: {} as Record<string, string>,
    reset: () => undefined,
  }

  test('takes stored fields of the same kind as their initial values', () => {
    const merged = mergePersisted({ lines: ['a'], count: 3, open: true, title: 'x', inputs: { po: '12' } }, current)
    expect(merged).toMatchObject({ lines: ['a'], count: 3, open: true, title: 'x', inputs: { po: '12' } })
  })

  test('ignores stored fields of another kind and fields the store no longer has', () => {
    const merged = mergePersisted({ lines: 'a', count: '3', open: null, title: 7, legacy: true }, current)
    expect(merged).toEqual(current)
    expect(merged).not.toHaveProperty('legacy')
  })

  test('a field that starts null takes any stored value', () => {
    expect(mergePersisted({ user: { id: 4 } }, current).user).toEqual({ id: 4 })
  })

  test('objects with known fields merge field by field, and a stored null leaves them whole', () => {
    expect(mergePersisted({ summary: { subTotal: 12.5, legacy: 1 } }, current).summary).toEqual({ subTotal: 12.5, taxes: 0 })
    expect(mergePersisted({ summary: null }, current).summary).toEqual({ subTotal: 0, taxes: 0 })
  })

  test('keeps the store actions and ignores anything that is not an object', () => {
    expect(mergePersisted({ reset: 'boom' }, current).reset).toBe(current.reset)
    expect(mergePersisted('garbage', current)).toBe(current)
    expect(mergePersisted(null, current)).toBe(current)
    expect(mergePersisted(['a'], current)).toBe(current)
  })
})

describe('browserStorage', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  test('keeps nothing on the server', () => {
    const storage = browserStorage('session')
    storage.setItem('cart', 'x')
    expect(storage.getItem('cart')).toBeNull()
  })

  test('uses the chosen storage area of the browser', () => {
    const session = new Map<string, string>()
    const local = new Map<string, string>()
    const area = (map: Map<string, string>) => ({
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
      removeItem: (key: string) => void map.delete(key),
    })
    vi.stubGlobal('window', { sessionStorage: area(session), localStorage: area(local) })
    browserStorage('session').setItem('cart', '1')
    browserStorage('local').setItem('checkout', '2')
    expect([...session]).toEqual([['cart', '1']])
    expect([...local]).toEqual([['checkout', '2']])
    browserStorage('session').removeItem('cart')
    expect(session.size).toBe(0)
  })

  test('a browser that refuses storage costs persistence, not the page', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {
        throw new Error('SecurityError')
      },
    }
    vi.stubGlobal('window', { sessionStorage: refusing })
    const storage = browserStorage('session')
    expect(() => storage.setItem('cart', 'x')).not.toThrow()
    expect(storage.getItem('cart')).toBeNull()
    expect(() => storage.removeItem('cart')).not.toThrow()

    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('SecurityError')
      },
    })
    expect(browserStorage('local').getItem('checkout')).toBeNull()
  })
})
