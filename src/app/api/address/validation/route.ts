// POST /api/address/validation {raw: {address: {...}}} → {data: {valid, address, messages,
// suggestions, checkedBy}}. An address that fails the checks is a 200 with valid: false and
// messages to act on; a malformed body is a 400; UPS unreachable is a 503 to retry.
import { AddressValidationRequestSchema } from '@/isomorphic/contract/address'
import { validateAddress } from '@/server/address/address-validation-service'
import { getDb } from '@/server/db/client'
import { takeTaxCallBudget } from '@/server/checkout/tax-requests'
import { dataResponse, defineRoute } from '@/web/define-route'

export const dynamic = 'force-dynamic'

export const POST = defineRoute({
  sameOrigin: true,
  input: AddressValidationRequestSchema,
  maxBytes: 16 * 1024,
  async handler({ ctx, input: { raw } }) {
    await takeTaxCallBudget(ctx.store.websiteId, ctx.clientKey)
    return dataResponse(await validateAddress(await getDb(), { websiteId: ctx.store.websiteId, address: raw.address }))
  },
})
