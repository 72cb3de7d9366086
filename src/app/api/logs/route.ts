// POST /api/logs {message, level}: a browser's report, written to the server log (source 'client'); 204. Rate-limited.
import { ClientLogSchema } from '@/isomorphic/contract/logs'
import { recordClientLog } from '@/server/api/client-log-service'
import { assertSameOrigin, errorResponse, parseJson, requestInfo } from '@/web/http'

export const dynamic = 'force-dynamic'

export async function POST(request: Request) {
  try {
    assertSameOrigin(request)
    const log = ClientLogSchema.parse(await parseJson(request, { maxBytes: 16 * 1024 }))
    await recordClientLog(log, requestInfo(request))
    return new Response(null, { status: 204 })
  } catch (error) {
    return errorResponse(error)
  }
}
