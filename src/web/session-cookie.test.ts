import { describe, expect, test } from 'vitest'
import { bearerToken, clearedSessionCookies, sessionCookie, sessionTokenFromCookies } from './session-cookie'

describe('the session cookie', () => {
  test('lives exactly as long as its token', () => {
    const now = 1_700_000_000_000
    expect(sessionCookie('abc.def.ghi', now / 1000 + 3600, { secure: false, now })).toBe(
      'session=abc.def.ghi; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax',
    )
    expect(sessionCookie('abc.def.ghi', now / 1000 + 60, { secure: true, now })).toBe(
      '__Host-session=abc.def.ghi; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure',
    )
  })

  test('is removed under both of its names', () => {
    expect(clearedSessionCookies()).toEqual([
      '__Host-session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
      'session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    ])
  })

  test('is read from a Cookie header among others, the secure name first', () => {
    expect(sessionTokenFromCookies('i18n_redirected=en; session=a.b.c')).toBe('a.b.c')
    expect(sessionTokenFromCookies('session=plain; __Host-session=secure')).toBe('secure')
    expect(sessionTokenFromCookies('session=; other=1')).toBeNull()
    expect(sessionTokenFromCookies('xsession=a.b.c')).toBeNull()
    expect(sessionTokenFromCookies(null)).toBeNull()
  })
})

describe('bearer tokens', () => {
  test('are read from an Authorization header in any casing of the scheme', () => {
    expect(bearerToken('Bearer a.b.c')).toBe('a.b.c')
    expect(bearerToken('bearer a.b.c')).toBe('a.b.c')
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeNull()
    expect(bearerToken('Bearer a.b.c extra')).toBeNull()
    expect(bearerToken(null)).toBeNull()
  })
})
