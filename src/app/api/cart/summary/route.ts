// POST /api/cart/summary {items, address?, deliveryMethodId?, exemptForResale?} (decision 010):
// the cart priced by the server, the delivery methods for the address, the tax for the chosen
// method and the order summary, in dollars. Anyone may ask (anonymous carts are priced here).
import { CartSummaryRequestSchema } from '@/isomorphic/contract/cart'
import { summarizeCart } from '@/server/checkout/cart-summary-service'
import { dataResponse, defineRoute } from '@/web/define-route'

export const dynamic = 'force-dynamic'

export const POST = defineRoute({
  sameOrigin: true,
  input: CartSummaryRequestSchema,
  handler: async ({ ctx, input }) => dataResponse(await summarizeCart(ctx, input)),
})
