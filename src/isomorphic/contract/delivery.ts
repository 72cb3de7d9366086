import { z } from './zod'
import { AddressCheckSchema } from './address'
import { CartItemsInputSchema } from './cart'

// What the local carrier endpoints accept (spec 7): /api/delivery/{ups,fedex}/getToken {methodId}
// and /api/delivery/{ups,fedex}/getCharges {methodId, items, address}. The carrier's address and
// credentials are the store's: a client-supplied `url` or `token` is refused (SSRF, security.md 13.2.5).

const methodId = z.number({ error: 'must be a delivery method id (a number)' }).int('must be a whole number').positive('must be positive').max(2_147_483_647, 'is too large')

const refuseOutsideTargets = (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const key of ['url', 'token', 'access_token', 'credentials']) {
    if (key in value) ctx.addIssue({ code: 'custom', path: [key], message: 'cannot be chosen by the client: the store uses its own carrier settings' })
  }
}

export const CarrierTokenRequestSchema = z.looseObject({ methodId }).superRefine(refuseOutsideTargets)

export const CarrierChargesRequestSchema = z
  .looseObject({
    methodId,
    items: CartItemsInputSchema.refine((items) => items.length > 0, { error: 'must name at least one cart item' }),
    address: AddressCheckSchema,
  })
  .superRefine(refuseOutsideTargets)
