import { describe, expect, test } from 'vitest'
import { classifyPath, decidePageAccess, type LockState, PUBLIC_PATHS, RENAMED_PUBLIC_PATHS } from './site-lock'

const LOCKED: LockState = { lockBrowsing: 'Enable', ssologin: null }
const LOCKED_WITH_SSO: LockState = { lockBrowsing: 'Enable', ssologin: 'Granite Ridge SSO' }
const OPEN: LockState = { lockBrowsing: 'Disable', ssologin: null }

const decide = (pathname: string, website: LockState, signedIn = false, search = '') => decidePageAccess({ pathname, search, website, signedIn })

describe('the public pages of a locked store (spec 6)', () => {
  test('are exactly the eighteen paths of the spec', () => {
    expect([...PUBLIC_PATHS].sort()).toEqual(
      [
        '/login', '/signup', '/reset-password', '/new-password', '/', '/contact', '/contactus', '/faq', '/faqs',
        '/reset-password-success', '/aboutus', '/about-us', '/privacy-policy', '/returns', '/sso-login', '/error',
        '/password/reset', '/password/create',
      ].sort(),
    )
  })

  test('the new name of the reset confirmation opens too, where the new password form lands', () => {
    expect(RENAMED_PUBLIC_PATHS).toEqual(['/password/success'])
    expect(decide('/password/success', { lockBrowsing: 'Enable', ssologin: null })).toEqual({})
    expect(decide('/shop', { lockBrowsing: 'Enable', ssologin: null })).toEqual({ redirect: '/login' })
  })

  test.each(PUBLIC_PATHS)('%s opens for an anonymous visitor, also under /en and with a trailing slash', (path) => {
    for (const variant of [path, `/en${path === '/' ? '' : path}`, `${path}/`.replace('//', '/'), `/en${path}`]) {
      expect(decide(variant, LOCKED), variant).toEqual({})
    }
  })

  test('every other page sends an anonymous visitor to /login', () => {
    for (const path of ['/shop', '/cart', '/checkout', '/product/heavyweight-hoodie', '/editor', '/payment', '/payment/success', '/en/shop', '/shop/', '/our-story']) {
      expect(decide(path, LOCKED, false, '?color=Navy'), path).toEqual({ redirect: '/login' })
    }
  })

  test('with single sign-on configured they go to / instead', () => {
    expect(decide('/shop', LOCKED_WITH_SSO)).toEqual({ redirect: '/' })
  })

  test('a signed-in partner opens every page, and the answer is marked private', () => {
    expect(decide('/shop', LOCKED, true)).toEqual({ private: true })
    expect(decide('/product/heavyweight-hoodie', LOCKED_WITH_SSO, true)).toEqual({ private: true })
  })

  test('near misses of public paths are not public', () => {
    for (const path of ['/faq/../shop', '//shop', '/login/../shop', '/loginx', '/password', '/password/other', '/FAQ', '/en/en/faq', '/%E0%A4%A']) {
      expect(decide(path, LOCKED), path).toEqual({ redirect: '/login' })
    }
  })
})

describe('the account pages', () => {
  test('send an anonymous visitor to /login with the page (and its query) to come back to, whatever the lock', () => {
    expect(decide('/me', OPEN)).toEqual({ redirect: '/login?returnTo=%2Fme' })
    expect(decide('/me/orders', OPEN, false, '?id=7&access=abc')).toEqual({ redirect: `/login?returnTo=${encodeURIComponent('/me/orders?id=7&access=abc')}` })
    expect(decide('/en/me/addresses/', LOCKED_WITH_SSO)).toEqual({ redirect: '/login?returnTo=%2Fme%2Faddresses' })
    expect(decide('/%6De/orders', OPEN)).toEqual({ redirect: '/login?returnTo=%2Fme%2Forders' })
  })

  test('open for a signed-in partner', () => {
    expect(decide('/me/orders', OPEN, true)).toEqual({ private: true })
  })

  test('are only /me and below', () => {
    expect(classifyPath('/media')).toBe('page')
    expect(classifyPath('/me')).toBe('private')
    expect(classifyPath('/me/')).toBe('private')
  })
})

describe('an unlocked store', () => {
  test('opens every page to everyone without asking who they are', () => {
    for (const path of ['/shop', '/cart', '/product/heavyweight-hoodie', '/checkout']) expect(decide(path, OPEN), path).toEqual({})
  })
})

describe('assets', () => {
  test('are never gated', () => {
    const assets = [
      '/_next/static/chunks/app.js',
      '/_next/image',
      '/api/query',
      '/api/images/site/original/favicon.1a2b.png',
      '/images/logo.svg',
      '/favicon.ico',
      '/robots.txt',
      '/sitemap.xml',
      '/manifest.webmanifest',
      '/apple-touch-icon.png',
    ]
    for (const path of assets) {
      expect(classifyPath(path), path).toBe('asset')
      expect(decide(path, LOCKED), path).toEqual({})
    }
  })

  test('do not include pages under the locale prefix, whatever their name looks like', () => {
    expect(classifyPath('/en/product/foo.bar')).toBe('page')
  })
})
