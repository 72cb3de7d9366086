// POST /api/cart/summary {items, address?, deliveryMethodId?, exemptForResale?} (decision 010):
// the cart priced by the server, the delivery methods for the address, the tax for the chosen
// method and the order summary, in dollars. Anyone may ask (anonymous carts are priced here).
import { CartSummaryRequestSchema, summarizeCart } from '@/server/checkout/cart-summary-service'
import { apiContext, assertSameOrigin, errorResponse, parseJson } from '@/web/http'

export const dynamic = 'force-dynamic'

export async function POST(request: Request) {
  try {
    assertSameOrigin(request)
    const input = CartSummaryRequestSchema.parse(await parseJson(request))
    const data = await summarizeCart(apiContext(request), input)
    return Response.json({ data }, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    return errorResponse(error)
  }
}
