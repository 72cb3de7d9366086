// POST /api/user/sso/callback {callbackUrl} -> {data:{access_token, returnTo}} + session cookie.
// callbackUrl is the full /sso-login?code=…&state=… URL the provider sent the browser back to.
import { z } from 'zod'
import { completeSsoSignIn } from '@/server/accounts/sso-service'
import { clearedSsoFlowCookies, ssoFlowTokenFromCookies } from '@/web/sso-cookie'
import { getDb } from '@/server/db/client'
import { apiContext, assertSameOrigin, parseJson, requestOrigin } from '@/web/http'
import { tokenResponse } from '@/web/session-http'
import { ssoErrorResponse } from '../sso-errors'

export const dynamic = 'force-dynamic'

const CallbackSchema = z.strictObject({
  callbackUrl: z
    .string({ error: 'is required: the address the single sign-on provider sent you back to' })
    .min(1, 'is required: the address the single sign-on provider sent you back to')
    .max(4096, 'is too long'),
})

export async function POST(request: Request) {
  try {
    assertSameOrigin(request)
    const { callbackUrl } = CallbackSchema.parse(await parseJson(request))
    const caller = apiContext(request)
    const signedIn = await completeSsoSignIn(await getDb(), {
      websiteId: caller.store.websiteId,
      origin: requestOrigin(request),
      callbackUrl,
      flowToken: ssoFlowTokenFromCookies(request.headers.get('cookie')),
      ip: caller.clientKey,
      userAgent: caller.userAgent,
    })
    const response = tokenResponse(request, signedIn.issued, { returnTo: signedIn.returnTo })
    for (const cookie of clearedSsoFlowCookies()) response.headers.append('Set-Cookie', cookie)
    return response
  } catch (error) {
    return ssoErrorResponse(error)
  }
}
