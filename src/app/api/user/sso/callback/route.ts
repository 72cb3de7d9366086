// POST /api/user/sso/callback {callbackUrl} -> {data:{access_token, returnTo}} + session cookie.
// callbackUrl is the full /sso-login?code=…&state=… URL the provider sent the browser back to.
import { SsoCallbackSchema } from '@/isomorphic/contract/accounts'
import { completeSsoSignIn } from '@/server/accounts/sso-service'
import { clearedSsoFlowCookies, ssoFlowTokenFromCookies } from '@/web/sso-cookie'
import { getDb } from '@/server/db/client'
import { defineRoute } from '@/web/define-route'
import { requestOrigin } from '@/web/http'
import { tokenResponse } from '@/web/session-http'
import { ssoErrorResponse } from '../sso-errors'

export const dynamic = 'force-dynamic'

export const POST = defineRoute({
  sameOrigin: true,
  input: SsoCallbackSchema,
  async handler({ request, ctx, input: { callbackUrl } }) {
    const signedIn = await completeSsoSignIn(await getDb(), {
      websiteId: ctx.store.websiteId,
      origin: requestOrigin(request),
      callbackUrl,
      flowToken: ssoFlowTokenFromCookies(request.headers.get('cookie')),
      ip: ctx.clientKey,
      userAgent: ctx.userAgent,
    })
    const response = tokenResponse(request, signedIn.issued, { returnTo: signedIn.returnTo })
    for (const cookie of clearedSsoFlowCookies()) response.headers.append('Set-Cookie', cookie)
    return response
  },
  errors: ssoErrorResponse,
})
