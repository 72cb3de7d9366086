import { z } from './zod'
import type { OrderData } from '../order-types'
import type { CardPaymentState } from '../card-payment-states'

// What the payment and gift card mutations accept and answer (spec 7).

/**
 * orderPayment: `acquirerId` and `orderId` are checked by the service itself, so that a missing or
 * malformed id gets the same one message as every other refusal (spec 5), not a description of the field.
 */
export const OrderPaymentSchema = z.strictObject({
  acquirerId: z.unknown().optional(),
  orderId: z.unknown().optional(),
  /** The order's access token, for a guest (or anyone) who is not its signed-in owner. */
  accessToken: z.unknown().optional(),
})

/** What a client sends to orderPayment (the schema takes anything, the service decides). */
export type OrderPaymentInput = { acquirerId: number; orderId: number; accessToken?: string }

/** checkPayment: the return from a card provider's hosted page. */
export const CheckPaymentSchema = z.strictObject({
  orderId: z.unknown().optional(),
  accessToken: z.unknown().optional(),
  /** The Checkout Session id Stripe put in the return address ({CHECKOUT_SESSION_ID}). */
  sessionId: z.unknown().optional(),
})

export type CheckPaymentInput = { orderId: number; accessToken?: string; sessionId?: string }

type PaidOrder = { id: number; name: string; state: OrderData['state']; paymentState: OrderData['paymentState'] }

/** mutation orderPayment → { orderPayment: { success, message, order, redirectUrl? } } */
export type OrderPaymentAnswer = {
  orderPayment: {
    success: boolean
    message: string
    /** A card method: the provider's hosted page to send the browser to; the order is not confirmed yet. */
    redirectUrl?: string
    order: PaidOrder & { instructions: string }
  }
}

/** The card payment's state (card-payment-states.ts); 'none' when the order has no card payment. */
export type CardPaymentStatus = CardPaymentState | 'none'

/** mutation checkPayment → { checkPayment: { status, order } } */
export type CheckPaymentAnswer = { checkPayment: { status: CardPaymentStatus; order: PaidOrder } }

/** redeemGiftCard: `gcNumber` is the number printed on the card (digits may come as a JSON number). */
export const RedeemGiftCardSchema = z.strictObject({
  gcNumber: z.union([z.string().max(200, 'is too long to be a gift card number'), z.number().int().nonnegative().transform(String)], {
    error: 'is required: the gift card number',
  }),
})

/** checkGiftCard: a gift card's balance by its number, before paying with it at checkout (no account needed). */
export const CheckGiftCardSchema = RedeemGiftCardSchema

/** mutation checkGiftCard → the card's last four, balance and expiry; every unknown number is the one refusal. */
export type CheckGiftCardAnswer = { checkGiftCard: { last4: string; balance: number; expiresAt: string | null } }

/** mutation redeemGiftCard → the card added to the account (or already on it: `alreadyOnAccount`, nothing added). */
export type RedeemGiftCardAnswer = {
  redeemGiftCard: { success: boolean; alreadyOnAccount: boolean; message: string; giftCard: { id: number; last4: string; balance: number; expiresAt: string | null } }
}
