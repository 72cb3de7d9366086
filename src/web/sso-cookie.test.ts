import { describe, expect, test } from 'vitest'
import { ssoFlowCookie, ssoFlowTokenFromCookies } from './sso-cookie'

describe('the flow cookie', () => {
  test('is HttpOnly, SameSite=Lax, ten minutes, and __Host- prefixed and Secure over HTTPS', () => {
    expect(ssoFlowCookie('abc', { secure: false })).toBe('sso-flow=abc; Path=/; Max-Age=600; HttpOnly; SameSite=Lax')
    expect(ssoFlowCookie('abc', { secure: true })).toBe('__Host-sso-flow=abc; Path=/; Max-Age=600; HttpOnly; SameSite=Lax; Secure')
  })

  test('is read back from a Cookie header, the secure name first', () => {
    expect(ssoFlowTokenFromCookies('a=1; sso-flow=plain; b=2')).toBe('plain')
    expect(ssoFlowTokenFromCookies('sso-flow=plain; __Host-sso-flow=secure')).toBe('secure')
    expect(ssoFlowTokenFromCookies('session=x')).toBeNull()
    expect(ssoFlowTokenFromCookies(null)).toBeNull()
  })
})
