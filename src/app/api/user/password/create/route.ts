// POST /api/user/password/create {token, password} -> {data:{success:true}}; every session of the account ends; 400 when the link is used or expired (decision 009).
import { createPasswordFromLink } from '@/server/accounts/password-reset-service'
import { getDb } from '@/server/db/client'
import { apiContext, assertSameOrigin, errorResponse, parseJson } from '@/web/http'

export const dynamic = 'force-dynamic'

export async function POST(request: Request) {
  try {
    assertSameOrigin(request)
    const body = await parseJson(request)
    const caller = apiContext(request)
    await createPasswordFromLink(await getDb(), body, { websiteId: caller.store.websiteId, ip: caller.clientKey, userAgent: caller.userAgent })
    return Response.json({ data: { success: true } }, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    return errorResponse(error)
  }
}
