// POST /api/user/login {login, password, recaptchaToken?} -> {data:{access_token}} + session cookie (spec 7).
import { z } from 'zod'
import { signInWithPassword } from '@/server/accounts/login-service'
import { getDb } from '@/server/db/client'
import { defineRoute } from '@/web/define-route'
import { tokenResponse } from '@/web/session-http'

export const dynamic = 'force-dynamic'

const LoginSchema = z.strictObject({
  login: z.string({ error: 'is required: your email address' }).trim().min(1, 'is required: your email address').max(254, 'is too long'),
  password: z.string({ error: 'is required' }).min(1, 'is required').max(1024, 'is too long'),
  recaptchaToken: z.string().max(4096).optional(),
})

export const POST = defineRoute({
  sameOrigin: true,
  input: LoginSchema,
  async handler({ request, ctx, input }) {
    const issued = await signInWithPassword(await getDb(), input, { websiteId: ctx.store.websiteId, ip: ctx.clientKey, userAgent: ctx.userAgent })
    return tokenResponse(request, issued)
  },
})
