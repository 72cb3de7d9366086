import { describe, expect, test } from 'vitest'
import { adminSessionCookies, adminTokenFromCookies, clearedAdminSessionCookies } from './admin-cookie'
import { sessionTokenFromCookies } from './session-cookie'

describe('the admin cookie', () => {
  const now = new Date('2026-11-27T10:00:00Z')
  const end = new Date('2026-11-27T22:00:00Z')

  test('is HttpOnly and SameSite=Strict, sent only to the console and its API, and Secure with its prefix over HTTPS', () => {
    expect(adminSessionCookies('t0k3n', end, { secure: false, now })).toEqual([
      'admin_session=t0k3n; Path=/admin; Max-Age=43200; HttpOnly; SameSite=Strict',
      'admin_session=t0k3n; Path=/api/admin; Max-Age=43200; HttpOnly; SameSite=Strict',
    ])
    for (const cookie of adminSessionCookies('t0k3n', end, { secure: true, now })) expect(cookie).toMatch(/^__Secure-admin_session=t0k3n; Path=\/(api\/)?admin; .*HttpOnly; SameSite=Strict; Secure$/)
  })

  test('is cleared under both names on both paths', () => {
    expect(clearedAdminSessionCookies()).toHaveLength(4)
    for (const cookie of clearedAdminSessionCookies()) expect(cookie).toMatch(/Max-Age=0/)
  })

  test('and the shopper’s session cookie are never read for each other', () => {
    expect(adminTokenFromCookies('session=shopper-token')).toBeNull()
    expect(adminTokenFromCookies('__Host-session=shopper-token; x=1')).toBeNull()
    expect(sessionTokenFromCookies('admin_session=console-token')).toBeNull()
    expect(sessionTokenFromCookies('__Secure-admin_session=console-token')).toBeNull()
    expect(adminTokenFromCookies('session=a; admin_session=b')).toBe('b')
    expect(adminTokenFromCookies('admin_session=plain; __Secure-admin_session=secure')).toBe('secure')
  })
})
