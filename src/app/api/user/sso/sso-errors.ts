// The SSO routes' error answers: a provider that cannot be reached is a 502 (bad gateway), everything
// else is the API's usual mapping. Both routes also drop the flow cookie when they fail.
import { SsoProviderUnavailable } from '@/server/accounts/sso-service'
import { clearedSsoFlowCookies } from '@/web/sso-cookie'
import { errorResponse, jsonError } from '@/web/http'

export function ssoErrorResponse(error: unknown): Response {
  const response = error instanceof SsoProviderUnavailable ? jsonError(502, 'bad_gateway', error.userMessage) : errorResponse(error)
  for (const cookie of clearedSsoFlowCookies()) response.headers.append('Set-Cookie', cookie)
  return response
}
