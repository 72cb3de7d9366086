import { describe, expect, test } from 'vitest'
import { readSessionHint } from '@/isomorphic/session-hint'
import { bearerToken, clearedSessionCookies, sessionCookie, sessionHintCookie, sessionTokenFromCookies } from './session-cookie'

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

  test('is removed under both of its names, with its hint', () => {
    expect(clearedSessionCookies()).toEqual([
      '__Host-session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
      'session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
      '__Host-session_hint=; Path=/; Max-Age=0; SameSite=Lax; Secure',
      'session_hint=; Path=/; Max-Age=0; SameSite=Lax',
    ])
  })

  test('has a hint the page can read: only the expiry, living as long, never the token', () => {
    const now = 1_700_000_000_000
    const expiresAt = now / 1000 + 3600
    const plain = sessionHintCookie(expiresAt, { secure: false, now })
    expect(plain).toBe(`session_hint=${expiresAt}; Path=/; Max-Age=3600; SameSite=Lax`)
    expect(sessionHintCookie(expiresAt, { secure: true, now })).toBe(`__Host-session_hint=${expiresAt}; Path=/; Max-Age=3600; SameSite=Lax; Secure`)
    expect(readSessionHint(plain.split(';')[0], now)).toBe(expiresAt)
    // The hint is not a session: the session cookie reader never takes it.
    expect(sessionTokenFromCookies(plain.split(';')[0])).toBeNull()
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
