// POST /api/cache/invalidate {cache}: drops one named cache (and the rendered pages built from it). Anonymous callers: at most once per
// name per 30 s; callers with the x-internal-token header (INTERNAL_API_TOKEN): always.
import { z } from 'zod'
import { requestCacheInvalidation } from '@/server/cache/cache-invalidation-service'
import { CACHE_NAMES } from '@/server/cache/named-cache'
import { env } from '@/server/env'
import { assertSameOrigin, errorResponse, parseJson } from '@/web/http'
import { refreshRenderedPages } from '@/web/rendered-pages'

export const dynamic = 'force-dynamic'

const InvalidateSchema = z.object({
  cache: z.enum(CACHE_NAMES, { error: `must be one of ${CACHE_NAMES.join(', ')}` }),
})

export async function POST(request: Request) {
  try {
    assertSameOrigin(request)
    const { cache } = InvalidateSchema.parse(await parseJson(request, { maxBytes: 1024 }))
    const result = await requestCacheInvalidation({
      cache,
      token: request.headers.get('x-internal-token'),
      configuredToken: env().INTERNAL_API_TOKEN,
    })
    if (result.invalidated) refreshRenderedPages([cache])
    return Response.json({ data: result }, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    return errorResponse(error)
  }
}
