// GET /api/homePage: { data: { home, featuredProducts } } for the configured website (cached, ETag).
import { homePagePayload } from '@/server/api/cached-payloads'
import { apiContext, errorResponse, payloadResponse, PUBLIC_REVALIDATE } from '@/web/http'

export const dynamic = 'force-dynamic'

export async function GET(request: Request) {
  try {
    const payload = await homePagePayload(apiContext(request).store)
    return await payloadResponse(request, payload, { cacheControl: PUBLIC_REVALIDATE })
  } catch (error) {
    return errorResponse(error)
  }
}
