import { describe, expect, test } from 'vitest'
import { loginPathFor, safeReturnTo } from './return-to'

describe('where signing in returns to', () => {
  test('a same-origin path is kept with its query and fragment', () => {
    expect(safeReturnTo('/me/addresses')).toBe('/me/addresses')
    expect(safeReturnTo('/shop?sizes=M&q=polo#results')).toBe('/shop?sizes=M&q=polo#results')
    expect(safeReturnTo('/%2F%2Fevil.com')).toBe('/%2F%2Fevil.com')
  })

  test('anything that could leave the site falls back to /', () => {
    for (const target of [
      'https://evil.com',
      '//evil.com',
      '/\\evil.com',
      '/\\/evil.com',
      'https:evil.com',
      'javascript:alert(1)',
      'https://shop.example.com.evil.com',
      '/shop\u0000',
      '/shop\n//evil.com',
      ' /shop',
      'shop',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnTo(target), String(target)).toBe('/')
    }
  })

  test('paths that normalise to a double slash stay on the site', () => {
    for (const target of ['/.//evil.com', '/a/..//evil.com']) {
      expect(new URL(safeReturnTo(target), 'https://shop.example').origin, target).toBe('https://shop.example')
    }
  })

  test('the sign-in pages themselves are not destinations', () => {
    expect(safeReturnTo('/login')).toBe('/')
    expect(safeReturnTo('/login?returnTo=/me')).toBe('/')
    expect(safeReturnTo('/signup')).toBe('/')
    expect(safeReturnTo('/sso-login?code=x')).toBe('/')
    expect(safeReturnTo('/password/reset')).toBe('/')
    expect(safeReturnTo('/password/create?token=x')).toBe('/')
    expect(safeReturnTo('/loginhelp')).toBe('/loginhelp')
  })

  test('a locale prefix is dropped: the router adds it again', () => {
    expect(safeReturnTo('/en/me/orders')).toBe('/me/orders')
    expect(safeReturnTo('/en')).toBe('/')
    expect(safeReturnTo('/en?x=1')).toBe('/?x=1')
    expect(safeReturnTo('/en//evil.com')).toBe('/')
    expect(safeReturnTo('/en/login')).toBe('/')
    expect(safeReturnTo('/enterprise')).toBe('/enterprise')
  })

  test('the sign-in address carries the way back, encoded', () => {
    expect(loginPathFor('/me/orders?page=2')).toBe('/login?returnTo=%2Fme%2Forders%3Fpage%3D2')
    expect(loginPathFor('/')).toBe('/login')
    expect(loginPathFor('//evil.com')).toBe('/login')
  })
})
