// POST /api/user/signup {name, email, password, recaptchaToken?} -> always {data:{status:'check_email', message}} (decision 009).
import { requestSignup } from '@/server/accounts/signup-service'
import { getDb } from '@/server/db/client'
import { apiContext, assertSameOrigin, errorResponse, parseJson } from '@/web/http'

export const dynamic = 'force-dynamic'

export async function POST(request: Request) {
  try {
    assertSameOrigin(request)
    const body = await parseJson(request)
    const caller = apiContext(request)
    const data = await requestSignup(await getDb(), body, { websiteId: caller.store.websiteId, ip: caller.clientKey, userAgent: caller.userAgent })
    return Response.json({ data }, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    return errorResponse(error)
  }
}
