// The single sign-on flow cookie: sso-service.ts seals the flow, the sign-in routes carry it in
// this HttpOnly cookie between the start and the provider's redirect back.
import { SSO_FLOW_TTL_SECONDS } from '@/server/accounts/sso-service'
import { httpOnlyCookie } from './session-cookie'

const FLOW_COOKIE = httpOnlyCookie('sso-flow')

/** Set-Cookie for the flow: HttpOnly, SameSite=Lax (the provider's redirect back is a top-level GET), 10 minutes. */
export function ssoFlowCookie(token: string, { secure }: { secure: boolean }): string {
  return FLOW_COOKIE.set(token, SSO_FLOW_TTL_SECONDS, { secure })
}

export const clearedSsoFlowCookies = (): string[] => FLOW_COOKIE.cleared()

export const ssoFlowTokenFromCookies = (cookieHeader: string | null | undefined): string | null => FLOW_COOKIE.read(cookieHeader)
