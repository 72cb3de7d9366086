// POST /api/user/cart (spec 3, 7; decision 010): {partnerId} reads the signed-in partner's cart,
// {partnerId, items, revision} saves it. Anonymous: 401; another partner's id: 404. A save based on
// an old revision is a 409 whose body carries the current cart ({data:{cart}}) for the browser to merge.
// Served by src/app/api/user/cart/route.ts and, in production, straight by scripts/server.mjs (api-dispatch.ts).
import { CartRequestSchema } from '@/isomorphic/contract/cart'
import { CART_CHANGED, handleCartRequest } from '@/server/cart/saved-cart-service'
import { dataResponse, defineRoute } from '@/web/define-route'
import { jsonError } from '@/web/http'

export const POST = defineRoute({
  sameOrigin: true,
  input: CartRequestSchema,
  async handler({ ctx, input }) {
    const answer = await handleCartRequest(ctx, input)
    if (answer.status === 'conflict') {
      const refused = jsonError(409, 'conflict', CART_CHANGED)
      const body = (await refused.json()) as Record<string, unknown>
      return Response.json({ ...body, data: { cart: answer.cart } }, { status: 409, statusText: refused.statusText, headers: refused.headers })
    }
    return dataResponse({ cart: answer.cart })
  },
})
