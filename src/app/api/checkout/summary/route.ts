// POST /api/checkout/summary: the checkout's order summary priced exactly as createOrder will price it
// (promotions, options, gift cards, budget); writes nothing. Its totalPrice is the expectedTotal
// createOrder accepts.
import { CheckoutSummaryRequestSchema, summarizeCheckout } from '@/server/orders/checkout-summary-service'
import { apiContext, assertSameOrigin, errorResponse, parseJson } from '@/web/http'

export const dynamic = 'force-dynamic'

export async function POST(request: Request) {
  try {
    assertSameOrigin(request)
    const input = CheckoutSummaryRequestSchema.parse(await parseJson(request))
    const data = await summarizeCheckout(apiContext(request), input)
    return Response.json({ data }, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    return errorResponse(error)
  }
}
