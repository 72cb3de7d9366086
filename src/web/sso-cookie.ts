// The single sign-on cookies: sso-service.ts seals the flow, the sign-in routes carry it in an
// HttpOnly cookie between the start and the provider's redirect back; a console member's test
// sign-in (sso-test.ts) leaves its sealed result in a second one, sent only to the console's pages.
import { SSO_FLOW_TTL_SECONDS } from '@/server/accounts/sso-service'
import { SSO_TEST_RESULT_TTL_SECONDS } from '@/server/sso-test/sso-test'
import { httpOnlyCookie } from './session-cookie'

const FLOW_COOKIE = httpOnlyCookie('sso-flow')

/** Set-Cookie for the flow: HttpOnly, SameSite=Lax (the provider's redirect back is a top-level GET), 10 minutes. */
export function ssoFlowCookie(token: string, { secure }: { secure: boolean }): string {
  return FLOW_COOKIE.set(token, SSO_FLOW_TTL_SECONDS, { secure })
}

export const clearedSsoFlowCookies = (): string[] => FLOW_COOKIE.cleared()

export const ssoFlowTokenFromCookies = (cookieHeader: string | null | undefined): string | null => FLOW_COOKIE.read(cookieHeader)

// The test's result: Path=/admin (the console's pages only), HttpOnly, SameSite=Strict, 10 minutes;
// over HTTPS `__Secure-` with Secure (a `__Host-` name would pin it to Path=/).
const TEST_RESULT = 'sso-test-result'
const SECURE_TEST_RESULT = `__Secure-${TEST_RESULT}`

export function ssoTestResultCookie(token: string, { secure }: { secure: boolean }): string {
  const parts = [`${secure ? SECURE_TEST_RESULT : TEST_RESULT}=${token}`, 'Path=/admin', `Max-Age=${SSO_TEST_RESULT_TTL_SECONDS}`, 'HttpOnly', 'SameSite=Strict']
  if (secure) parts.push('Secure')
  return parts.join('; ')
}

/** Set-Cookie values that remove a result (a new test starts), under both names. */
export const clearedSsoTestResultCookies = (): string[] => [
  `${SECURE_TEST_RESULT}=; Path=/admin; Max-Age=0; HttpOnly; SameSite=Strict; Secure`,
  `${TEST_RESULT}=; Path=/admin; Max-Age=0; HttpOnly; SameSite=Strict`,
]

/** The sealed result in a Cookie header (the secure name wins), or ''. */
export function ssoTestResultFromCookies(cookieHeader: string | null | undefined): string {
  let plain = ''
  for (const part of (cookieHeader ?? '').split(';')) {
    const separator = part.indexOf('=')
    if (separator < 0) continue
    const name = part.slice(0, separator).trim()
    const value = part.slice(separator + 1).trim()
    if (name === SECURE_TEST_RESULT && value) return value
    if (name === TEST_RESULT && value) plain = value
  }
  return plain
}
