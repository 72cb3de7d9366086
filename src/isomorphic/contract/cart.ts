import { z } from './zod'
import { MAX_PIECES_PER_SIZE } from '../quantity'
import { AddressCheckSchema } from './address'
import { GiftCardNumberSchema } from './fields'

// What a client may say about its cart: ids and whole pieces per size, nothing else. There is no
// field for a price (security.md 4.1): the server prices every line from the database.

export const MAX_SIZES_PER_LINE = 60
export const MAX_CART_LINES = 50
const MAX_SIZE_NAME_LENGTH = 40

const positiveId = (what: string) =>
  z.number({ error: `${what} must be a number` }).int({ error: `${what} must be a whole number` }).positive({ error: `${what} must be positive` })

const pieces = z
  .number({ error: 'Quantity must be a number of pieces' })
  .int({ error: 'Quantity must be a whole number of pieces' })
  .min(1, { error: 'Quantity must be at least 1 piece' })
  .max(MAX_PIECES_PER_SIZE, { error: `Quantity must be at most ${MAX_PIECES_PER_SIZE.toLocaleString('en-US')} pieces per size` })

const sizeName = z
  .string()
  .trim()
  .min(1, { error: 'A size name is empty' })
  .max(MAX_SIZE_NAME_LENGTH, { error: `A size name is longer than ${MAX_SIZE_NAME_LENGTH} characters` })
  .refine((name) => !['__proto__', 'constructor', 'prototype'].includes(name), { error: 'Unknown size name' })

const quantity = z
  .record(sizeName, pieces, { error: 'Quantity must be an object of size → pieces' })
  .refine((value) => Object.keys(value).length >= 1, { error: 'Choose a quantity for at least one size' })
  .refine((value) => Object.keys(value).length <= MAX_SIZES_PER_LINE, {
    error: `A line can have at most ${MAX_SIZES_PER_LINE} sizes`,
  })

/** One cart line as a client sends it: product, colour, logo and pieces per size. */
export const CartItemInputSchema = z.strictObject(
  {
    productId: positiveId('productId'),
    colorId: positiveId('colorId').nullable(),
    logoId: positiveId('logoId').nullable(),
    /** A saved design decorating the line (issue 7): lines with different designs never merge. */
    designId: z.uuid({ error: 'designId must be the id of a saved design' }).nullish(),
    quantity,
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'A cart item must be an object with productId, colorId, logoId, designId? and quantity' : undefined) },
)

export type CartItemInput = z.infer<typeof CartItemInputSchema>

/** The cart's line key: product, colour and logo, then the design if any (the browser's cartLineKey; 0 stands for none). */
export function cartItemKey(item: Pick<CartItemInput, 'productId' | 'colorId' | 'logoId'> & { designId?: string | null }): string {
  const key = `${item.productId}:${item.colorId ?? 0}:${item.logoId ?? 0}`
  return item.designId ? `${key}:${item.designId}` : key
}

/**
 * Lines with the same product, colour, logo and design become one, their pieces added per size (as
 * adding the same thing twice in the browser does). Order of first appearance is kept.
 */
export function mergeCartItems(items: readonly CartItemInput[]): CartItemInput[] {
  const byKey = new Map<string, CartItemInput>()
  for (const item of items) {
    const key = cartItemKey(item)
    const existing = byKey.get(key)
    if (!existing) {
      byKey.set(key, { ...item, quantity: { ...item.quantity } })
      continue
    }
    for (const [size, count] of Object.entries(item.quantity)) existing.quantity[size] = (existing.quantity[size] ?? 0) + count
  }
  return [...byKey.values()]
}

/**
 * A whole cart: at most 50 lines; duplicate lines are merged, and the merged pieces must still be
 * within the per-size bound.
 */
export const CartItemsInputSchema = z
  .array(CartItemInputSchema, { error: 'items must be a list of cart items' })
  .max(MAX_CART_LINES, { error: `A cart can have at most ${MAX_CART_LINES} lines` })
  .transform((items, ctx) => {
    const merged = mergeCartItems(items)
    for (const item of merged) {
      for (const [size, count] of Object.entries(item.quantity)) {
        if (count > MAX_PIECES_PER_SIZE) {
          ctx.addIssue({
            code: 'custom',
            message: `Quantity must be at most ${MAX_PIECES_PER_SIZE.toLocaleString('en-US')} pieces per size (size ${size} of product ${item.productId})`,
          })
          return z.NEVER
        }
      }
      if (Object.keys(item.quantity).length > MAX_SIZES_PER_LINE) {
        ctx.addIssue({ code: 'custom', message: `A line can have at most ${MAX_SIZES_PER_LINE} sizes` })
        return z.NEVER
      }
    }
    return merged
  })

/** POST /api/cart/summary (decision 010): the cart, and the checkout's choices to price it with. */
export const CartSummaryRequestSchema = z.strictObject(
  {
    items: CartItemsInputSchema,
    address: AddressCheckSchema.nullish(),
    deliveryMethodId: z
      .number({ error: 'deliveryMethodId must be a number' })
      .int({ error: 'deliveryMethodId must be a whole number' })
      .positive({ error: 'deliveryMethodId must be positive' })
      .nullish(),
    exemptForResale: z.boolean({ error: 'exemptForResale must be true or false' }).optional(),
    // The checkout's choices (issue 5), priced as createOrder prices them.
    promoCode: z.string({ error: 'promoCode must be text' }).trim().max(64, 'promoCode must be at most 64 characters long').optional(),
    orderOptions: z.array(z.string({ error: 'orderOptions must be option names' }).min(1).max(100), { error: 'orderOptions must be a list of option names' }).max(20).optional(),
    useGiftCards: z.boolean({ error: 'useGiftCards must be true or false' }).optional(),
    giftCardNumber: GiftCardNumberSchema.optional(),
  },
  {
    error: (issue) =>
      issue.code === 'invalid_type' ? 'Send { items, address?, deliveryMethodId?, exemptForResale?, promoCode?, orderOptions?, useGiftCards?, giftCardNumber? }.' : undefined,
  },
)

export type CartSummaryRequest = z.infer<typeof CartSummaryRequestSchema>

/** POST /api/user/cart: { partnerId } reads the signed-in partner's cart, { partnerId, items, revision } saves it. */
export const CartRequestSchema = z.strictObject(
  {
    partnerId: z.number({ error: 'partnerId must be a number' }).int({ error: 'partnerId must be a whole number' }).positive({ error: 'partnerId must be positive' }),
    items: CartItemsInputSchema.optional(),
    revision: z
      .number({ error: 'revision must be a number' })
      .int({ error: 'revision must be a whole number' })
      .min(0, { error: 'revision cannot be negative' })
      .optional(),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'Send { partnerId } to read the cart, or { partnerId, items, revision } to save it.' : undefined) },
)

export type CartRequest = z.infer<typeof CartRequestSchema>
