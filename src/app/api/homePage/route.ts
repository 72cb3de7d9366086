// GET /api/homePage: { data: { home, featuredProducts } } for the configured website (cached, ETag).
import { homePagePayload } from '@/server/api/cached-payloads'
import { defineRoute } from '@/web/define-route'
import { payloadResponse, PUBLIC_REVALIDATE } from '@/web/http'

export const dynamic = 'force-dynamic'

export const GET = defineRoute({
  sameOrigin: false,
  handler: async ({ request, ctx }) => payloadResponse(request, await homePagePayload(ctx.store), { cacheControl: PUBLIC_REVALIDATE }),
})
