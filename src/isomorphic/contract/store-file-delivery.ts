import { amount, httpsUrl, optionalText, percent, positiveAmount, sequence, text } from './field-rules'
import { hasUsZip, PlaceAddressSchema, US_ZIP_MESSAGE } from './decoration-fields'
import { z } from './zod'
import { TransitDaysSchema } from './timing-fields'

// The store file's delivery methods (docs/store-file.md), shared with the console (issue 16): the
// console's delivery method form is validated by this same schema, so a method saved in the console
// always imports again and the other way round. Money in decimal dollars.

export const DELIVERY_VARIABLES = ['weight', 'volume', 'wv', 'price', 'quantity'] as const

export const PriceRuleSchema = z.strictObject({
  variable: z.enum(DELIVERY_VARIABLES),
  operator: z.enum(['==', '<=', '<', '>=', '>']),
  maxValue: z.number().min(0, 'must be 0 or more'),
  listBasePrice: amount,
  listPrice: amount.default(0),
  variableFactor: z.enum(DELIVERY_VARIABLES).default('weight'),
})

export const DeliveryMethodSchema = z
  .strictObject({
    name: text,
    description: z.string().default(''),
    deliveryType: z.enum(['fixed', 'base_on_rule', 'usps', 'ups_rubikx', 'fedex_rubikx']),
    price: amount.default(0),
    margin: percent.default(0),
    /** Free delivery when the order amount is at least this (the spec's freeOver with its amout). */
    freeOverAmount: positiveAmount.optional(),
    priceRules: z.array(PriceRuleSchema).default([]),
    url: httpsUrl.optional(),
    credentials: z
      .strictObject({
        uspsUsername: optionalText,
        fedexClientid: optionalText,
        fedexClientsecret: optionalText,
        fedexAccountNumber: optionalText,
        upsClientId: optionalText,
        upsClientSecret: optionalText,
        upsAccountNumber: optionalText,
      })
      .default({}),
    /** A pickup method: where the order is handed over, so where it is taxed (not the shopper's address). */
    pickupAddress: PlaceAddressSchema.optional(),
    /** Business days in transit once shipped (the arrival estimate), when the carrier does not answer with its own. */
    transitDays: TransitDaysSchema.optional(),
    sequence,
    active: z.boolean().default(true),
  })
  .superRefine((method, ctx) => {
    if (method.pickupAddress && method.deliveryType !== 'fixed') {
      ctx.addIssue({ code: 'custom', path: ['pickupAddress'], message: 'is only for fixed-price (pickup) methods' })
    }
    if (method.pickupAddress && !hasUsZip(method.pickupAddress)) {
      ctx.addIssue({ code: 'custom', path: ['pickupAddress', 'zip'], message: US_ZIP_MESSAGE })
    }
    if (method.deliveryType === 'base_on_rule' && method.priceRules.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['priceRules'], message: 'a base_on_rule method needs at least one price rule' })
    }
    if (method.deliveryType !== 'base_on_rule' && method.priceRules.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['priceRules'], message: 'price rules are only for base_on_rule methods' })
    }
    const needs: Record<string, (keyof typeof method.credentials)[]> = {
      usps: ['uspsUsername'],
      ups_rubikx: ['upsClientId', 'upsClientSecret'],
      fedex_rubikx: ['fedexClientid', 'fedexClientsecret'],
    }
    for (const field of needs[method.deliveryType] ?? []) {
      if (!method.credentials[field]) {
        ctx.addIssue({ code: 'custom', path: ['credentials', field], message: `is required for ${method.deliveryType}` })
      }
    }
    if (method.deliveryType in needs && !method.url) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: `is required for ${method.deliveryType} (the carrier's API address)` })
    }
  })


/** A delivery method as a store file and the console write it. */
export type DeliveryMethodInput = z.input<typeof DeliveryMethodSchema>
export type DeliveryMethodFields = z.output<typeof DeliveryMethodSchema>
