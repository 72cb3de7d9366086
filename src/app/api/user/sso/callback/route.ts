// POST /api/user/sso/callback {callbackUrl} -> {data:{access_token, returnTo}} + session cookie.
// callbackUrl is the full /sso-login?code=…&state=… URL the provider sent the browser back to.
// A console member's test sign-in (src/server/accounts/sso-test.ts) signs nobody in: the answer is
// {data:{test: true, returnTo}} (the console's result page) and the result's Path=/admin cookie.
import { SsoCallbackSchema } from '@/isomorphic/contract/accounts'
import { completeSsoCallback } from '@/server/sso-test/sso-test'
import { clearedSsoFlowCookies, ssoFlowTokenFromCookies, ssoTestResultCookie } from '@/web/sso-cookie'
import { getDb } from '@/server/db/client'
import { dataResponse, defineRoute } from '@/web/define-route'
import { isSecureRequest, requestOrigin } from '@/web/http'
import { tokenResponse } from '@/web/session-http'
import { ssoErrorResponse } from '../sso-errors'

export const dynamic = 'force-dynamic'

export const POST = defineRoute({
  sameOrigin: true,
  input: SsoCallbackSchema,
  async handler({ request, ctx, input: { callbackUrl } }) {
    const outcome = await completeSsoCallback(await getDb(), {
      websiteId: ctx.store.websiteId,
      origin: requestOrigin(request),
      callbackUrl,
      flowToken: ssoFlowTokenFromCookies(request.headers.get('cookie')),
      ip: ctx.clientKey,
      userAgent: ctx.userAgent,
    })
    let response: Response
    if (outcome.kind === 'test') {
      response = dataResponse({ test: true, returnTo: outcome.returnTo })
      response.headers.append('Set-Cookie', ssoTestResultCookie(outcome.resultToken, { secure: isSecureRequest(request) }))
    } else {
      response = tokenResponse(request, outcome.signIn.issued, { returnTo: outcome.signIn.returnTo })
    }
    for (const cookie of clearedSsoFlowCookies()) response.headers.append('Set-Cookie', cookie)
    return response
  },
  errors: ssoErrorResponse,
})
