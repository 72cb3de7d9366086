// POST /api/admin/sso-test {websiteId} -> {data:{location}}: the console's single sign-on test
// sign-in (src/server/accounts/sso-test.ts). The browser goes to `location` — the provider, with the
// sealed test flow in the sso-flow cookie, or straight to the result page when the provider cannot
// be reached (the result in its Path=/admin cookie). A former result is dropped either way.
import { SSO_TEST_START_INPUT } from '@/isomorphic/contract/admin-settings'
import { beginSsoTest } from '@/server/sso-test/sso-test'
import { adminContext } from '@/web/admin-context'
import { dataResponse, defineRoute } from '@/web/define-route'
import { isSecureRequest, requestOrigin } from '@/web/http'
import { clearedSsoTestResultCookies, ssoFlowCookie, ssoTestResultCookie } from '@/web/sso-cookie'

export const dynamic = 'force-dynamic'

export const POST = defineRoute({
  sameOrigin: true,
  context: adminContext,
  input: SSO_TEST_START_INPUT,
  async handler({ request, ctx, input }) {
    const started = await beginSsoTest(ctx, { websiteId: input.websiteId, origin: requestOrigin(request) })
    const secure = isSecureRequest(request)
    const response = dataResponse({ location: started.location })
    const cookies = started.resultToken ? [ssoTestResultCookie(started.resultToken, { secure })] : clearedSsoTestResultCookies()
    if (started.flowToken) cookies.push(ssoFlowCookie(started.flowToken, { secure }))
    for (const cookie of cookies) response.headers.append('Set-Cookie', cookie)
    return response
  },
})
