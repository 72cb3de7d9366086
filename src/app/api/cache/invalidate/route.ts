// POST /api/cache/invalidate {cache}: drops one named cache of the request's store (and the rendered pages built from it). Anonymous callers: at most once per
// name per 30 s; callers with the x-internal-token header (INTERNAL_API_TOKEN): always.
import { CacheInvalidationSchema } from '@/isomorphic/contract/queries'
import { requestCacheInvalidation } from '@/server/cache/cache-invalidation-service'
import { env } from '@/server/env'
import { dataResponse, defineRoute } from '@/web/define-route'
import { refreshRenderedPages } from '@/web/rendered-pages'
import { storeOfHeaders } from '@/web/request-store'

export const dynamic = 'force-dynamic'

export const POST = defineRoute({
  sameOrigin: true,
  input: CacheInvalidationSchema,
  maxBytes: 1024,
  async handler({ request, input: { cache } }) {
    const websiteId = storeOfHeaders(request.headers)
    const result = await requestCacheInvalidation({
      cache,
      websiteId,
      token: request.headers.get('x-internal-token'),
      configuredToken: env().INTERNAL_API_TOKEN,
    })
    if (result.invalidated) refreshRenderedPages([cache], websiteId)
    return dataResponse(result)
  },
})
