import { describe, expect, test } from 'vitest'
import { clearedSsoTestResultCookies, ssoFlowCookie, ssoFlowTokenFromCookies, ssoTestResultCookie, ssoTestResultFromCookies } from './sso-cookie'

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

describe('the test sign-in’s result cookie', () => {
  test('goes to the console’s pages only: Path=/admin, HttpOnly, SameSite=Strict, ten minutes, __Secure- and Secure over HTTPS', () => {
    expect(ssoTestResultCookie('r3s', { secure: false })).toBe('sso-test-result=r3s; Path=/admin; Max-Age=600; HttpOnly; SameSite=Strict')
    expect(ssoTestResultCookie('r3s', { secure: true })).toBe('__Secure-sso-test-result=r3s; Path=/admin; Max-Age=600; HttpOnly; SameSite=Strict; Secure')
    expect(clearedSsoTestResultCookies().every((line) => /Path=\/admin; Max-Age=0/.test(line))).toBe(true)
  })

  test('is read back from a Cookie header, the secure name first, or empty', () => {
    expect(ssoTestResultFromCookies('admin_session=t; sso-test-result=plain')).toBe('plain')
    expect(ssoTestResultFromCookies('sso-test-result=plain; __Secure-sso-test-result=secure')).toBe('secure')
    expect(ssoTestResultFromCookies('sso-flow=x')).toBe('')
    expect(ssoTestResultFromCookies(null)).toBe('')
  })
})
