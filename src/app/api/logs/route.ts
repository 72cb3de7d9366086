// POST /api/logs {message, level}: a browser's report, written to the server log (source 'client'); 204. Rate-limited.
import { ClientLogSchema, recordClientLog } from '@/server/api/client-log-service'
import { apiContext, assertSameOrigin, errorResponse, parseJson } from '@/web/http'

export const dynamic = 'force-dynamic'

export async function POST(request: Request) {
  try {
    assertSameOrigin(request)
    const log = ClientLogSchema.parse(await parseJson(request, { maxBytes: 16 * 1024 }))
    await recordClientLog(apiContext(request), log)
    return new Response(null, { status: 204 })
  } catch (error) {
    return errorResponse(error)
  }
}
