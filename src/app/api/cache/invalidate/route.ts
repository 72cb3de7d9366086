// POST /api/cache/invalidate {cache}: drops one named cache (and the rendered pages built from it). Anonymous callers: at most once per
// name per 30 s; callers with the x-internal-token header (INTERNAL_API_TOKEN): always.
import { z } from 'zod'
import { requestCacheInvalidation } from '@/server/cache/cache-invalidation-service'
import { CACHE_NAMES } from '@/server/cache/named-cache'
import { env } from '@/server/env'
import { dataResponse, defineRoute } from '@/web/define-route'
import { refreshRenderedPages } from '@/web/rendered-pages'

export const dynamic = 'force-dynamic'

const InvalidateSchema = z.object({
  cache: z.enum(CACHE_NAMES, { error: `must be one of ${CACHE_NAMES.join(', ')}` }),
})

export const POST = defineRoute({
  sameOrigin: true,
  input: InvalidateSchema,
  maxBytes: 1024,
  async handler({ request, input: { cache } }) {
    const result = await requestCacheInvalidation({
      cache,
      token: request.headers.get('x-internal-token'),
      configuredToken: env().INTERNAL_API_TOKEN,
    })
    if (result.invalidated) refreshRenderedPages([cache])
    return dataResponse(result)
  },
})
