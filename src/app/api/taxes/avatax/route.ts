// POST /api/taxes/avatax {raw: {items, address, shippingMethodId?, exemptForResale?}, token?, url?}
// → {data: {totalTax, shippingTax, shipping, subTotal, source}}: the tax the website's tax service
// computes for cart items priced on the server. Client `token`/`url` are ignored (tax-requests.ts).
import { currentShopper } from '@/server/kernel/context'
import { catalogAccess } from '@/server/accounts/site-lock'
import { getDb } from '@/server/db/client'
import { estimateTax, takeTaxCallBudget, TaxEstimateRequestSchema } from '@/server/checkout/tax-requests'
import { apiContext, assertSameOrigin, errorResponse, parseJson } from '@/web/http'

export const dynamic = 'force-dynamic'

export async function POST(request: Request) {
  try {
    assertSameOrigin(request)
    const ctx = apiContext(request)
    // The estimate prices the items: a locked store's catalog is for signed-in partners only.
    await catalogAccess(ctx)
    const body = TaxEstimateRequestSchema.parse(await parseJson(request, { maxBytes: 64 * 1024 }))
    await takeTaxCallBudget(ctx.clientKey)
    const principal = await currentShopper(ctx)
    const data = await estimateTax(await getDb(), ctx.store.websiteId, body, { customerCode: principal ? `partner-${principal.partnerUid}` : null, partnerId: principal?.partnerId ?? null })
    return Response.json({ data }, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    return errorResponse(error)
  }
}
