// POST /api/user/signup/confirm {token} -> {data:{access_token}} + session cookie; 400 when the link is used or expired (decision 009).
import { confirmSignup } from '@/server/accounts/signup-service'
import { getDb } from '@/server/db/client'
import { defineRoute } from '@/web/define-route'
import { tokenResponse } from '@/web/session-http'

export const dynamic = 'force-dynamic'

export const POST = defineRoute({
  sameOrigin: true,
  input: 'json',
  async handler({ request, ctx: { websiteId, request: caller }, input }) {
    const issued = await confirmSignup(await getDb(), input, { websiteId, ip: caller.ip, userAgent: caller.userAgent })
    return tokenResponse(request, issued)
  },
})
