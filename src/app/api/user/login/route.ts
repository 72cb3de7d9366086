// POST /api/user/login {login, password, recaptchaToken?} -> {data:{access_token}} + session cookie (spec 7).
import { LoginSchema } from '@/isomorphic/contract/accounts'
import { signInWithPassword } from '@/server/accounts/login-service'
import { getDb } from '@/server/db/client'
import { defineRoute } from '@/web/define-route'
import { tokenResponse } from '@/web/session-http'

export const dynamic = 'force-dynamic'

export const POST = defineRoute({
  sameOrigin: true,
  input: LoginSchema,
  async handler({ request, ctx, input }) {
    const issued = await signInWithPassword(await getDb(), input, { websiteId: ctx.store.websiteId, ip: ctx.clientKey, userAgent: ctx.userAgent })
    return tokenResponse(request, issued)
  },
})
