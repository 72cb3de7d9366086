import { describe, expect, test } from 'vitest'
import { safeReturnPath } from './sso-service'

describe('where single sign-on returns to', () => {
  test('a same-origin path, with its query, is kept', () => {
    expect(safeReturnPath('/shop?color=Navy&size=M')).toBe('/shop?color=Navy&size=M')
    expect(safeReturnPath('/me/orders')).toBe('/me/orders')
  })

  test.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'https:evil.example',
    '%2F%2Fevil.example',
    'javascript:alert(1)',
    '/shop\nSet-Cookie: x=1',
    'shop',
    '',
    null,
    `/${'a'.repeat(1200)}`,
  ])('%j falls back to /', (value) => {
    expect(safeReturnPath(value)).toBe('/')
  })

  test('a path that resolves to two leading slashes stays on this site', () => {
    expect(safeReturnPath('/.//evil.example')).toMatch(/^\/(?!\/)/)
  })

  test('the sign-in pages themselves are not destinations', () => {
    for (const path of ['/login', '/login?returnTo=/shop', '/sso-login?code=x', '/signup', '/en/login', '/password/reset']) {
      expect(safeReturnPath(path)).toBe('/')
    }
  })
})
