import { InHandsDateSchema } from './timing-fields'
import { APPROVAL_NOTE_MAX_LENGTH } from './plain-rules'
import { z } from './zod'
import { AddressCheckSchema } from './address'
import { chosen, GiftCardNumberSchema, idSchema } from './fields'
import { CartItemsInputSchema } from './cart'

// What createOrder, getOrders and getOrderDetails accept (spec 3, 5, 7). createOrder's body is
// strict: a field the contract does not name (a price, a total, a state …) is a 400, and the cart
// items are the cart's own strict items (ids and whole pieces, never a price). Addresses are the
// browser's address objects and are cleaned as spec 5 says before they are read: blank or
// non-finite ids removed, uid and partnerUid stripped, an empty shipping address taken as none.

/** The fields an order keeps of an address; anything else the browser sends with it (id, uid, isDefault…) is dropped. */
const ADDRESS_FIELDS = ['name', 'email', 'phone', 'street', 'street2', 'city', 'zip', 'countryId', 'stateId', 'countryCode', 'stateCode'] as const
const ADDRESS_IDS = new Set<string>(['countryId', 'stateId'])

/** A usable id out of what a form may hold ('' , '12', 12, NaN, null …); null when there is none. */
function readId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value.trim())
    return Number.isFinite(number) ? number : null
  }
  return null
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
}

/**
 * Spec 5's cleaning of an address before an order is made of it. Non-objects are passed on for
 * the schema to refuse; known fields are copied (never `__proto__` and friends), blank or
 * non-finite ids dropped, uid and partnerUid (and every other field) left behind.
 */
export function cleanOrderAddress(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  const source = value as Record<string, unknown>
  const cleaned: Record<string, unknown> = {}
  for (const field of ADDRESS_FIELDS) {
    if (!Object.hasOwn(source, field)) continue
    const raw = source[field]
    if (ADDRESS_IDS.has(field)) {
      const id = readId(raw)
      if (id !== null) cleaned[field] = id
      continue
    }
    cleaned[field] = raw
  }
  return cleaned
}

/** True when an address has nothing in it (spec 5: an empty shipping address is sent as null). */
export function isEmptyAddress(value: unknown): boolean {
  if (value === null || value === undefined) return true
  if (typeof value !== 'object' || Array.isArray(value)) return false
  const cleaned = cleanOrderAddress(value) as Record<string, unknown>
  return Object.values(cleaned).every(isBlank)
}

export const OrderAddressSchema = z.object(
  {
    ...AddressCheckSchema.shape,
    email: z.string({ error: 'must be text' }).max(254, 'must be at most 254 characters long').nullish(),
  },
  { error: (issue) => (issue.input === undefined ? 'is required: an address' : 'must be an address object') },
)

export type OrderAddressInput = z.infer<typeof OrderAddressSchema>
/** An address as a client sends it to createOrder (cleaned as spec 5 says before it is read). */
export type OrderAddressFields = z.input<typeof OrderAddressSchema> & { id?: number }

const BillingAddressSchema = z.preprocess((value) => (isEmptyAddress(value) ? undefined : cleanOrderAddress(value)), OrderAddressSchema)

const ShippingAddressSchema = z.preprocess((value) => (isEmptyAddress(value) ? null : cleanOrderAddress(value)), OrderAddressSchema.nullable())

export const ORDER_SEQUENCE_PATTERN = /^S\d{5,12}$/

const FORBIDDEN_FIELD_NAMES = new Set(['__proto__', 'constructor', 'prototype'])

const ExtraFieldName = z
  .string()
  .min(1, 'has an empty field name')
  .max(100, 'has a field name longer than 100 characters')
  .refine((name) => !FORBIDDEN_FIELD_NAMES.has(name), { error: 'has an unknown field name' })

export const MAX_EXTRA_FIELD_TEXT = 2000

export const CreateOrderSchema = z.strictObject(
  {
    billingaddress: BillingAddressSchema,
    shippingaddress: ShippingAddressSchema.optional().transform((value) => value ?? null),
    products: CartItemsInputSchema.refine((items) => items.length > 0, { error: 'is empty: add something to the cart first' }),
    /** The browser's payment details: kept out of every amount (payment is confirmed server-side only). */
    transactiondetails: z.unknown().optional(),
    aquirerId: idSchema('payment method').nullish(),
    partnername: z.string({ error: 'must be text' }).max(100, 'must be at most 100 characters long').nullish(),
    partneremail: z.string({ error: 'must be text' }).max(254, 'must be at most 254 characters long').nullish(),
    orderSequence: z
      .string({ error: "is required: the reference getOrderId gave, like 'S00042'" })
      .regex(ORDER_SEQUENCE_PATTERN, "must be the reference getOrderId gave, like 'S00042'"),
    orderForResale: z.boolean({ error: 'must be true or false' }).optional().default(false),
    /** The browser's guess; the server decides from the partner's budget. */
    approvalRequired: z.boolean({ error: 'must be true or false' }).optional(),
    orderExtraFields: z
      .record(ExtraFieldName, z.union([z.string().max(MAX_EXTRA_FIELD_TEXT, `must be at most ${MAX_EXTRA_FIELD_TEXT} characters long`), z.boolean(), z.null()], { error: 'must be text, true/false or null' }), {
        error: 'must be an object of field name → value',
      })
      .optional()
      .default({}),
    orderOptions: z
      .array(z.string({ error: 'must be option names' }).min(1).max(100), { error: 'must be a list of option names' })
      .max(20, 'may name at most 20 options')
      .optional()
      .default([])
      .transform((names) => [...new Set(names)]),
    quotation: z.boolean({ error: 'must be true or false' }).optional().default(false),
    deliveryMethodId: chosen(idSchema('delivery method'), 'must be a delivery method id (a number)'),
    promoCode: z
      .string({ error: 'must be text' })
      .trim()
      .max(64, 'must be at most 64 characters long')
      .nullish()
      .transform((code) => (code ? code : null)),
    useGiftCards: z.boolean({ error: 'must be true or false' }).optional().default(false),
    /** A gift card paid with by its number (a guest's; checkGiftCard told its balance): spent before the payment method. */
    giftCardNumber: GiftCardNumberSchema.optional(),
    /** The day the shopper needs the order in hands ("YYYY-MM-DD"), or none (issue 17). */
    inHandsDate: InHandsDateSchema.optional().transform((day) => day ?? null),
    /** The shopper's purchase order number, for a "Purchase order" payment (required with one, ignored otherwise). */
    purchaseOrderNumber: z
      .string({ error: 'must be text' })
      .trim()
      .max(64, 'must be at most 64 characters long')
      .nullish()
      .transform((number) => (number ? number : null)),
    /** The order total the shopper saw (the summary's totalPrice), in dollars. */
    expectedTotal: z
      .number({ error: 'is required: the total shown to the shopper, in dollars' })
      .min(0, 'must not be negative')
      .max(10_000_000, 'is too large'),
  },
  { error: (issue) => (issue.code === 'invalid_type' && issue.path?.length === 0 ? 'Send the order as an object with the order creation fields.' : undefined) },
)

export type CreateOrderInput = z.output<typeof CreateOrderSchema>

export const OrdersQuerySchema = z.strictObject({
  filter: z.strictObject({ uid: z.string({ error: "is required: the signed-in partner's uid" }).uuid('must be a partner uid') }),
})

export const OrderDetailsQuerySchema = z.strictObject({
  id: idSchema('order'),
  accessToken: z.string({ error: 'must be text' }).max(200, 'is too long').nullish(),
})

/** mutation decideOrderApproval: an approver approves or rejects an order waiting for approval. */
export const DecideOrderApprovalSchema = z.strictObject({
  orderId: z.number({ error: 'must be an order id (a number)' }).int('must be a whole number').positive('must be positive').max(2_147_483_647, 'is too large'),
  decision: z.enum(['approve', 'reject'], { error: "must be 'approve' or 'reject'" }),
  note: z
    .string({ error: 'must be text' })
    .trim()
    .max(APPROVAL_NOTE_MAX_LENGTH, `must be at most ${APPROVAL_NOTE_MAX_LENGTH} characters long`)
    .nullish()
    .transform((note) => (note ? note : null)),
})

export type DecideOrderApprovalInput = z.output<typeof DecideOrderApprovalSchema>
