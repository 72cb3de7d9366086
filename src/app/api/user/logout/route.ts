// POST /api/user/logout (no body): ends the session server-side and clears its cookie (spec 4, 7).
import { currentShopper } from '@/server/kernel/context'
import { revokeSession } from '@/server/accounts/session-service'
import { getDb } from '@/server/db/client'
import { apiContext, assertSameOrigin, errorResponse } from '@/web/http'
import { withClearedSession } from '@/web/session-http'

export const dynamic = 'force-dynamic'

export async function POST(request: Request) {
  try {
    assertSameOrigin(request)
    const principal = await currentShopper(apiContext(request))
    if (principal) await revokeSession(await getDb(), principal.sessionId, 'logout')
    return withClearedSession(Response.json({ data: { success: true } }))
  } catch (error) {
    return errorResponse(error)
  }
}
