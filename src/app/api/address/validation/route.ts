// POST /api/address/validation {raw: {address: {...}}} → {data: {valid, address, messages,
// suggestions, checkedBy}}. An address that fails the checks is a 200 with valid: false and
// messages to act on; a malformed body is a 400; UPS unreachable is a 503 to retry.
import { z } from 'zod'
import { AddressCheckSchema } from '@/server/address/address-input'
import { validateAddress } from '@/server/address/address-validation-service'
import { getDb } from '@/server/db/client'
import { takeTaxCallBudget } from '@/server/checkout/tax-requests'
import { apiContext, assertSameOrigin, errorResponse, parseJson } from '@/web/http'

export const dynamic = 'force-dynamic'

const ValidationRequestSchema = z.object({
  raw: z.object({ address: AddressCheckSchema }, { error: 'must be an object with address' }),
})

export async function POST(request: Request) {
  try {
    assertSameOrigin(request)
    const { raw } = ValidationRequestSchema.parse(await parseJson(request, { maxBytes: 16 * 1024 }))
    const ctx = apiContext(request)
    await takeTaxCallBudget(ctx.clientKey)
    const data = await validateAddress(await getDb(), { websiteId: ctx.store.websiteId, address: raw.address })
    return Response.json({ data }, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    return errorResponse(error)
  }
}
