// POST /api/user/password/reset {email, recaptchaToken?} -> always {data:{status:'check_email', message}} (decision 009).
import { requestPasswordReset } from '@/server/accounts/password-reset-service'
import { getDb } from '@/server/db/client'
import { dataResponse, defineRoute } from '@/web/define-route'

export const dynamic = 'force-dynamic'

export const POST = defineRoute({
  sameOrigin: true,
  input: 'json',
  handler: async ({ ctx, input }) =>
    dataResponse(await requestPasswordReset(await getDb(), input, { websiteId: ctx.store.websiteId, ip: ctx.clientKey, userAgent: ctx.userAgent })),
})
