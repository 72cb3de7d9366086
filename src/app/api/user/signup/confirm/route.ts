// POST /api/user/signup/confirm {token} -> {data:{access_token}} + session cookie; 400 when the link is used or expired (decision 009).
import { confirmSignup } from '@/server/accounts/signup-service'
import { getDb } from '@/server/db/client'
import { apiContext, assertSameOrigin, errorResponse, parseJson } from '@/web/http'
import { tokenResponse } from '@/web/session-http'

export const dynamic = 'force-dynamic'

export async function POST(request: Request) {
  try {
    assertSameOrigin(request)
    const body = await parseJson(request)
    const caller = apiContext(request)
    const issued = await confirmSignup(await getDb(), body, { websiteId: caller.store.websiteId, ip: caller.clientKey, userAgent: caller.userAgent })
    return tokenResponse(request, issued)
  } catch (error) {
    return errorResponse(error)
  }
}
