import { describe, expect, test } from 'vitest'
import { resolveNavigation, safeInternalPath } from './url-safety'

describe('resolving a navigation target', () => {
  test('keeps same-origin relative paths internal', () => {
    expect(resolveNavigation('/shop?q=polo#top')).toEqual({ kind: 'internal', path: '/shop?q=polo#top' })
    expect(resolveNavigation('cart')).toEqual({ kind: 'internal', path: '/cart' })
    expect(resolveNavigation('/%2F%2Fevil.com')).toEqual({ kind: 'internal', path: '/%2F%2Fevil.com' })
  })

  test.each(['https://evil.com', '//evil.com', '/\\evil.com', '\\\\evil.com', 'https:evil.com', 'http://shop.example.com.evil.com'])(
    'rejects %s without the external flag',
    (target) => {
      expect(resolveNavigation(target, { origin: 'https://shop.example.com' })).toMatchObject({ kind: 'refused' })
    },
  )

  test('allows an external URL with the external flag', () => {
    expect(resolveNavigation('https://carrier.example/track?id=1', { external: true })).toEqual({
      kind: 'external',
      url: 'https://carrier.example/track?id=1',
    })
    expect(resolveNavigation('//cdn.example/file.pdf', { external: true })).toEqual({ kind: 'external', url: 'https://cdn.example/file.pdf' })
    expect(resolveNavigation('mailto:orders@example.com', { external: true })).toMatchObject({ kind: 'external' })
  })

  test.each(['javascript:alert(1)', 'JavaScript:alert(1)', ' data:text/html,<script>', 'blob:https://x/1', 'vbscript:msgbox', 'java\tscript:alert(1)', '\u0001javascript:alert(1)'])(
    'refuses %j even with the external flag',
    (target) => {
      expect(resolveNavigation(target, { external: true })).toMatchObject({ kind: 'refused' })
    },
  )

  test('treats an absolute URL on the site origin as internal', () => {
    expect(resolveNavigation('https://shop.example.com/cart', { origin: 'https://shop.example.com' })).toEqual({ kind: 'internal', path: '/cart' })
  })

  test('refuses protocols other than web, mail and phone', () => {
    expect(resolveNavigation('ftp://files.example/x', { external: true })).toMatchObject({ kind: 'refused' })
    expect(resolveNavigation('')).toMatchObject({ kind: 'refused' })
  })

  test('falls back for anything but an internal path', () => {
    expect(safeInternalPath('/me/orders')).toBe('/me/orders')
    expect(safeInternalPath('//evil.com', '/shop')).toBe('/shop')
    expect(safeInternalPath('javascript:alert(1)')).toBe('/')
    expect(safeInternalPath(null)).toBe('/')
  })

  test('never returns a path a browser would read as another host', () => {
    for (const target of ['/.//evil.com', '/./\\evil.com', '/a/..//evil.com', '/%2e//evil.com']) {
      const path = safeInternalPath(target)
      expect(path, target).toMatch(/^\/(?![/\\])/)
      expect(new URL(path, 'https://shop.example').origin, target).toBe('https://shop.example')
    }
  })
})
