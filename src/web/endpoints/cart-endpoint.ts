// POST /api/user/cart (spec 3, 7; decision 010): {partnerId} reads the signed-in partner's cart,
// {partnerId, items, revision} saves it. Anonymous: 401; another partner's id: 404. A save based on
// an old revision is a 409 whose body carries the current cart ({data:{cart}}) for the browser to merge.
// Served by src/app/api/user/cart/route.ts and, in production, straight by scripts/server.mjs (api-dispatch.ts).
import { CartRequestSchema } from '@/isomorphic/contract/cart'
import { CART_CHANGED, handleCartRequest } from '@/server/cart/saved-cart-service'
import { apiContext, assertSameOrigin, errorResponse, jsonError, parseJson } from '@/web/http'

export async function POST(request: Request) {
  try {
    assertSameOrigin(request)
    const input = CartRequestSchema.parse(await parseJson(request))
    const answer = await handleCartRequest(apiContext(request), input)
    if (answer.status === 'conflict') {
      const refused = jsonError(409, 'conflict', CART_CHANGED)
      const body = (await refused.json()) as Record<string, unknown>
      return Response.json({ ...body, data: { cart: answer.cart } }, { status: 409, statusText: refused.statusText, headers: refused.headers })
    }
    return Response.json({ data: { cart: answer.cart } }, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    return errorResponse(error)
  }
}
