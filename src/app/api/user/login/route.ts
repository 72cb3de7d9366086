// POST /api/user/login {login, password, recaptchaToken?} -> {data:{access_token}} + session cookie (spec 7).
import { z } from 'zod'
import { signInWithPassword } from '@/server/accounts/login-service'
import { getDb } from '@/server/db/client'
import { apiContext, assertSameOrigin, errorResponse, parseJson } from '@/web/http'
import { tokenResponse } from '@/web/session-http'

export const dynamic = 'force-dynamic'

const LoginSchema = z.strictObject({
  login: z.string({ error: 'is required: your email address' }).trim().min(1, 'is required: your email address').max(254, 'is too long'),
  password: z.string({ error: 'is required' }).min(1, 'is required').max(1024, 'is too long'),
  recaptchaToken: z.string().max(4096).optional(),
})

export async function POST(request: Request) {
  try {
    assertSameOrigin(request)
    const input = LoginSchema.parse(await parseJson(request))
    const caller = apiContext(request)
    const issued = await signInWithPassword(await getDb(), input, { websiteId: caller.store.websiteId, ip: caller.clientKey, userAgent: caller.userAgent })
    return tokenResponse(request, issued)
  } catch (error) {
    return errorResponse(error)
  }
}
