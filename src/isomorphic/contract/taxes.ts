import { z } from './zod'
import { AddressCheckSchema } from './address'
import { CartItemsInputSchema } from './cart'

// What the spec's local tax endpoints accept (spec 7): /api/taxes/custom {raw: {address_list}} and
// /api/taxes/avatax {raw: {items, address, shippingMethodId?, exemptForResale?}}. The spec's
// client also sent a service `url` and `token`: both are taken and never used.

const ignored = z.unknown().optional()

const shortText = (max: number) => z.string({ error: 'must be text' }).trim().max(max, `must be at most ${max} characters long`).nullish()

export const CustomTaxAddressSchema = z.object(
  {
    zip: z.string({ error: 'is required: the ZIP code' }).trim().min(1, 'is required: the ZIP code').max(20, 'must be at most 20 characters long'),
    street: shortText(200),
    city: shortText(100),
    state: shortText(10),
    country: shortText(3),
  },
  { error: 'must be an address object with a zip' },
)

export const CustomTaxRequestSchema = z.object({
  raw: z.strictObject(
    {
      address_list: z
        .array(CustomTaxAddressSchema, { error: 'must be a list of addresses' })
        .min(1, 'must name at least one address')
        .max(20, 'can have at most 20 addresses'),
    },
    { error: 'must be an object with address_list' },
  ),
  /** The spec's client sent the tax service's URL; never used (the credential's URL is). */
  url: ignored,
  token: ignored,
})

export const TaxEstimateRequestSchema = z.object({
  raw: z.strictObject(
    {
      items: CartItemsInputSchema.refine((items) => items.length > 0, 'must have at least one cart item'),
      address: AddressCheckSchema,
      /** The chosen delivery method; without it, the tax on the products alone. */
      shippingMethodId: z.number({ error: 'must be a delivery method id (a number)' }).int('must be a whole number').positive('must be positive').max(2_147_483_647, 'is too large').nullish(),
      exemptForResale: z.boolean({ error: 'must be true or false' }).optional().default(false),
    },
    { error: 'must be an object with items, address and optionally shippingMethodId and exemptForResale' },
  ),
  /** The spec's client sent Avalara's token and URL; never used (the credential's are). */
  token: ignored,
  url: ignored,
})

export type CustomTaxRequest = z.infer<typeof CustomTaxRequestSchema>
export type TaxEstimateRequest = z.infer<typeof TaxEstimateRequestSchema>
