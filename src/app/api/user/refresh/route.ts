// POST /api/user/refresh -> {data:{access_token}}: a new token for the caller's live session (spec 4).
import { currentShopper } from '@/server/kernel/context'
import { refreshSession } from '@/server/accounts/session-service'
import { getDb } from '@/server/db/client'
import { defineRoute } from '@/web/define-route'
import { jsonError } from '@/web/http'
import { tokenResponse, withClearedSession } from '@/web/session-http'
import { SESSION_ENDED } from '@/isomorphic/account-types'

export const dynamic = 'force-dynamic'

export const POST = defineRoute({
  sameOrigin: true,
  async handler({ request, ctx }) {
    const principal = await currentShopper(ctx)
    const issued = principal ? await refreshSession(await getDb(), principal) : null
    if (!issued) return withClearedSession(jsonError(401, 'unauthorized', SESSION_ENDED))
    return tokenResponse(request, issued)
  },
})
