// GET /api/user/sso/start?returnTo=/path -> 302 to the store's OpenID Connect provider (decision 009).
// The state, nonce and PKCE verifier travel in an encrypted HttpOnly cookie for ten minutes.
import { beginSsoSignIn } from '@/server/accounts/sso-service'
import { ssoFlowCookie } from '@/web/sso-cookie'
import { getDb } from '@/server/db/client'
import { defineRoute } from '@/web/define-route'
import { isSecureRequest, requestOrigin } from '@/web/http'
import { ssoErrorResponse } from '../sso-errors'

export const dynamic = 'force-dynamic'

export const GET = defineRoute({
  sameOrigin: false,
  async handler({ request, ctx: { store: { websiteId } } }) {
    const returnTo = new URL(request.url).searchParams.get('returnTo')
    const { location, flowToken } = await beginSsoSignIn(await getDb(), { websiteId, origin: requestOrigin(request), returnTo })
    const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' })
    headers.append('Set-Cookie', ssoFlowCookie(flowToken, { secure: isSecureRequest(request) }))
    return new Response(null, { status: 302, headers })
  },
  errors: ssoErrorResponse,
})
