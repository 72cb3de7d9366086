// POST /api/logs {message, level}: a browser's report, written to the server log (source 'client'); 204. Rate-limited.
import { ClientLogSchema } from '@/isomorphic/contract/logs'
import { recordClientLog } from '@/server/api/client-log-service'
import { defineRoute } from '@/web/define-route'

export const dynamic = 'force-dynamic'

export const POST = defineRoute({
  sameOrigin: true,
  input: ClientLogSchema,
  maxBytes: 16 * 1024,
  async handler({ ctx, input }) {
    await recordClientLog(ctx, input)
    return new Response(null, { status: 204 })
  },
})
