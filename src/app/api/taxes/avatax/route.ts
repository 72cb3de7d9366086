// POST /api/taxes/avatax {raw: {items, address, shippingMethodId?, exemptForResale?}, token?, url?}
// → {data: {totalTax, shippingTax, shipping, subTotal, source}}: the tax the website's tax service
// computes for cart items priced on the server. Client `token`/`url` are ignored (tax-requests.ts).
import { currentShopper } from '@/server/kernel/context'
import { catalogAccess } from '@/server/accounts/site-lock'
import { getDb } from '@/server/db/client'
import { TaxEstimateRequestSchema } from '@/isomorphic/contract/taxes'
import { estimateTax, takeTaxCallBudget } from '@/server/checkout/tax-requests'
import { dataResponse, defineRoute } from '@/web/define-route'

export const dynamic = 'force-dynamic'

export const POST = defineRoute({
  sameOrigin: true,
  // The estimate prices the items: a locked store's catalog is for signed-in partners only.
  auth: catalogAccess,
  input: TaxEstimateRequestSchema,
  maxBytes: 64 * 1024,
  async handler({ ctx, input }) {
    await takeTaxCallBudget(ctx.store.websiteId, ctx.clientKey)
    const principal = await currentShopper(ctx)
    const data = await estimateTax(await getDb(), ctx.store.websiteId, input, { customerCode: principal ? `partner-${principal.partnerUid}` : null, partnerId: principal?.partnerId ?? null })
    return dataResponse(data)
  },
})
