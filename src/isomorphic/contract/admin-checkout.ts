import { OrderExtraFieldSchema, OrderOptionSchema, type OrderExtraFieldInput, type OrderOptionInput, PaymentMethodSchema, type PaymentMethodInput, TaxSchema, type TaxInput } from './store-file-checkout'
import { z } from './zod'

// The checkout's settings in the console (issue 16): payment methods, the tax service with its
// rates, and the order's extra fields and options. Each is a section of the store file, edited
// whole in its shape and saved through the import's own writer. A secret (the tax service's key and
// token) reads as KEPT_SECRET, and a save that leaves it so keeps the stored one. A save names the
// fingerprint of the section it opened; another save since then is a 409 showing what changed.

/** What a store file and the console write for a secret they leave on the server. */
export const KEPT_SECRET = '(kept on the server)'

export const CHECKOUT_SECTIONS = ['payments', 'tax', 'orderFields'] as const
export type CheckoutSectionName = (typeof CHECKOUT_SECTIONS)[number]

export type CheckoutSectionValues = {
  payments: { paymentMethods: PaymentMethodInput[] }
  tax: { tax: TaxInput | null }
  orderFields: { orderExtraFields: OrderExtraFieldInput[]; orderOptions: OrderOptionInput[] }
}

export type CheckoutSections = { [K in CheckoutSectionName]: { value: CheckoutSectionValues[K]; fingerprint: string } }

const ID = z.number().int().positive()
const FINGERPRINT = z.string().regex(/^[0-9a-f]{64}$/, 'must be the fingerprint of the section you opened')

export const CHECKOUT_ADMIN_QUERY_INPUTS = {
  'checkout.sections': z.strictObject({ websiteId: ID }),
}

export const CHECKOUT_ADMIN_MUTATION_INPUTS = {
  'checkout.saveSection': z.strictObject({
    websiteId: ID,
    fingerprint: FINGERPRINT,
    section: z.discriminatedUnion('name', [
      z.strictObject({ name: z.literal('payments'), value: z.strictObject({ paymentMethods: z.array(PaymentMethodSchema).max(50, 'must list at most 50 methods') }) }),
      z.strictObject({ name: z.literal('tax'), value: z.strictObject({ tax: TaxSchema.nullable() }) }),
      z.strictObject({
        name: z.literal('orderFields'),
        value: z.strictObject({ orderExtraFields: z.array(OrderExtraFieldSchema).max(50, 'must list at most 50 fields'), orderOptions: z.array(OrderOptionSchema).max(50, 'must list at most 50 options') }),
      }),
    ]),
  }),
}

export type CheckoutAdminQueryResponses = { 'checkout.sections': CheckoutSections }
export type CheckoutAdminMutationResponses = { 'checkout.saveSection': CheckoutSections }
