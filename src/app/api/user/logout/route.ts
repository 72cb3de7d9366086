// POST /api/user/logout (no body): ends the session server-side and clears its cookie (spec 4, 7).
import { currentShopper } from '@/server/kernel/context'
import { revokeSession } from '@/server/accounts/session-service'
import { getDb } from '@/server/db/client'
import { defineRoute } from '@/web/define-route'
import { withClearedSession } from '@/web/session-http'

export const dynamic = 'force-dynamic'

export const POST = defineRoute({
  sameOrigin: true,
  async handler({ ctx }) {
    const principal = await currentShopper(ctx)
    if (principal) await revokeSession(await getDb(), principal.sessionId, 'logout')
    return withClearedSession(Response.json({ data: { success: true } }))
  },
})
