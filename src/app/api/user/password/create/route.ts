// POST /api/user/password/create {token, password} -> {data:{success:true}}; every session of the account ends; 400 when the link is used or expired (decision 009).
import { createPasswordFromLink } from '@/server/accounts/password-reset-service'
import { getDb } from '@/server/db/client'
import { dataResponse, defineRoute } from '@/web/define-route'

export const dynamic = 'force-dynamic'

export const POST = defineRoute({
  sameOrigin: true,
  input: 'json',
  async handler({ ctx, input }) {
    await createPasswordFromLink(await getDb(), input, { websiteId: ctx.store.websiteId, ip: ctx.clientKey, userAgent: ctx.userAgent })
    return dataResponse({ success: true })
  },
})
