// POST /api/user/signup/confirm {token} -> {data:{access_token}} + session cookie; 400 when the link is used or expired (decision 009).
import { confirmSignup } from '@/server/accounts/signup-service'
import { getDb } from '@/server/db/client'
import { defineRoute } from '@/web/define-route'
import { tokenResponse } from '@/web/session-http'

export const dynamic = 'force-dynamic'

export const POST = defineRoute({
  sameOrigin: true,
  input: 'json',
  async handler({ request, ctx, input }) {
    const issued = await confirmSignup(await getDb(), input, { websiteId: ctx.store.websiteId, ip: ctx.clientKey, userAgent: ctx.userAgent })
    return tokenResponse(request, issued)
  },
})
