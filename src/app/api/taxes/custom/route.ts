// POST /api/taxes/custom {raw: {address_list: [{zip, street?, city?, state?, country?}]}, url?}
// → {result: {success: true, data: [{zip, tax_percentage, ShippingTaxable}]}} from the website's
// custom tax service (or its built-in table). A client `url` is ignored: see src/server/checkout/tax-requests.ts.
import { getDb } from '@/server/db/client'
import { CustomTaxRequestSchema, lookupTaxRates, takeTaxCallBudget } from '@/server/checkout/tax-requests'
import { apiContext, assertSameOrigin, errorResponse, parseJson } from '@/web/http'

export const dynamic = 'force-dynamic'

export async function POST(request: Request) {
  try {
    assertSameOrigin(request)
    const body = CustomTaxRequestSchema.parse(await parseJson(request, { maxBytes: 32 * 1024 }))
    const ctx = apiContext(request)
    await takeTaxCallBudget(ctx.clientKey)
    const result = await lookupTaxRates(await getDb(), ctx.store.websiteId, body)
    return Response.json({ result }, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    return errorResponse(error)
  }
}
