// POST /api/taxes/custom {raw: {address_list: [{zip, street?, city?, state?, country?}]}, url?}
// → {result: {success: true, data: [{zip, tax_percentage, ShippingTaxable}]}} from the website's
// custom tax service (or its built-in table). A client `url` is ignored: see src/server/checkout/tax-requests.ts.
import { getDb } from '@/server/db/client'
import { CustomTaxRequestSchema } from '@/isomorphic/contract/taxes'
import { lookupTaxRates, takeTaxCallBudget } from '@/server/checkout/tax-requests'
import { defineRoute } from '@/web/define-route'

export const dynamic = 'force-dynamic'

export const POST = defineRoute({
  sameOrigin: true,
  input: CustomTaxRequestSchema,
  maxBytes: 32 * 1024,
  async handler({ ctx, input }) {
    await takeTaxCallBudget(ctx.store.websiteId, ctx.clientKey)
    const result = await lookupTaxRates(await getDb(), ctx.store.websiteId, input)
    return Response.json({ result }, { headers: { 'Cache-Control': 'no-store' } })
  },
})
