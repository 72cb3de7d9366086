import type { OrderEventData } from '../order-events'
import type { OrderAddressData, OrderAmounts, OrderApprovalState, OrderFulfilmentState, OrderKind, OrderLineData, OrderPaymentState, OrderState } from '../order-types'
import { idSchema } from './fields'
import { z } from './zod'

// The console's order page and the order's money (issue 15): the order as the store sees it,
// marking an offline payment received, cancelling, refunding. Amounts are decimal dollars on the
// wire, as everywhere in the API; timeline data amounts are cents (as the database keeps them).

export const PAYMENT_REFERENCE_MAX_LENGTH = 200
export const MONEY_REASON_MAX_LENGTH = 1000
/** A refund or cancellation request's key (the console makes one per dialog): a retry with it is the same request. */
export const REQUEST_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/

const orderId = idSchema('order')
const text = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} must be at most ${max} characters long`)
const requestKey = z.string({ error: 'must be text' }).regex(REQUEST_KEY_PATTERN, 'must be 8 to 100 letters, digits, dashes or underscores')

export const RefundOrderSchema = z
  .strictObject({
    orderId,
    requestKey,
    lines: z
      .array(z.strictObject({ orderLineId: idSchema('order line'), quantity: z.number({ error: 'must be a number of pieces' }).int('must be a whole number').positive('must be positive').max(10_000, 'is too large') }))
      .min(1, 'must name at least one line')
      .max(500, 'has too many lines')
      .optional(),
    /** Dollars, at most two decimals. */
    amount: z
      .number({ error: 'must be an amount in dollars' })
      .positive('must be more than zero')
      .max(10_000_000, 'is too large')
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'must be whole cents')
      .optional(),
    reason: text('The reason', MONEY_REASON_MAX_LENGTH),
  })
  .refine((value) => (value.lines === undefined) !== (value.amount === undefined), { message: 'Refund either lines (with quantities) or an amount, not both.', path: ['amount'] })

export const ORDER_ADMIN_QUERY_INPUTS = {
  orderDetail: z.strictObject({ orderId }),
} satisfies Record<string, z.ZodType>

export const ORDER_ADMIN_MUTATION_INPUTS = {
  markOrderPaid: z.strictObject({ orderId, reference: text('The payment reference', PAYMENT_REFERENCE_MAX_LENGTH) }),
  cancelOrder: z.strictObject({ orderId, requestKey, reason: text('The reason', MONEY_REASON_MAX_LENGTH) }),
  refundOrder: RefundOrderSchema,
} satisfies Record<string, z.ZodType>

/** Money per way it came in (dollars). */
export type AdminTenders = { card: number; offline: number; giftCard: number; budget: number }

export type AdminRefund = {
  id: number
  kind: 'refund' | 'cancellation'
  amount: number
  split: AdminTenders
  /** Stripe's state of the card part ('pending' settles later); 'succeeded' without one. */
  state: 'succeeded' | 'pending'
  providerRefundId: string | null
  reason: string
  staff: { id: number | null; name: string | null }
  createdAt: string
  lines: { orderLineId: number; name: string; quantity: number; amount: number }[]
}

/** The shopper's amounts (OrderAmounts), and what the console adds: what was taken and given back. */
export type AdminOrderTotals = OrderAmounts & {
  /** Taken so far, all ways together (card or offline once paid, gift cards, budget). */
  paid: number
  refunded: number
  /** What a refund may still give back. */
  refundable: number
}

export type AdminOrderDetail = {
  id: number
  reference: string
  kind: OrderKind
  store: { id: number; name: string; currency: string }
  createdAt: string
  confirmedAt: string | null
  paidAt: string | null
  cancelledAt: string | null
  cancelReason: string | null
  deliveredAt: string | null
  state: OrderState
  approvalState: OrderApprovalState
  paymentState: OrderPaymentState
  fulfilmentState: OrderFulfilmentState
  customer: { partnerId: number | null; name: string; email: string; guest: boolean }
  billingAddress: OrderAddressData
  shippingAddress: OrderAddressData | null
  deliveryMethod: string | null
  /** The day the shopper needs the order in hands ("YYYY-MM-DD"); null: none given. */
  inHandsDate: string | null
  paymentMethod: { id: number | null; name: string; provider: string; offline: boolean } | null
  /** The department's purchase order number given with a "Purchase order" payment; null: none. */
  purchaseOrderNumber: string | null
  promoCode: string | null
  orderForResale: boolean
  extraFields: { name: string; label: string; value: string | boolean | null }[]
  orderOptions: { name: string; label: string; price: number }[]
  /** Each line with its design snapshot (mockups, placements) and the pieces refunded so far. */
  lines: (OrderLineData & { refundedQuantity: number })[]
  totals: AdminOrderTotals
  payments: {
    card: { id: number; state: string; amount: number; currency: string; providerReference: string; providerPaymentId: string | null; createdAt: string }[]
    /** An offline payment marked received. */
    offline: { reference: string | null; paidAt: string } | null
    /** What each way took and gave back (dollars). */
    taken: AdminTenders
    refunded: AdminTenders
  }
  approval: { state: OrderApprovalState; decidedAt: string | null; decidedBy: { id: number; name: string } | null; note: string | null }
  refunds: AdminRefund[]
  timeline: OrderEventData[]
  /** What the member may do to the order now (their role and the order's state). */
  actions: { markPaid: boolean; cancel: boolean; refund: boolean }
}

export type AdminOrderMoneyState = { id: number; reference: string; state: OrderState; paymentState: OrderPaymentState; amountRefunded: number }

export type MarkOrderPaidAnswer = { message: string; order: AdminOrderMoneyState & { paidAt: string; paymentReference: string } }

export type CancelOrderAnswer = {
  message: string
  /** False for a repeat: the order was cancelled already, nothing moved again. */
  cancelledNow: boolean
  order: AdminOrderMoneyState & { cancelledAt: string; cancelReason: string | null }
  /** The money the cancellation gave back (null when none). */
  refund: AdminRefund | null
}

export type RefundOrderAnswer = {
  message: string
  /** False for a retry with the same request key: the first refund, answered again. */
  refundedNow: boolean
  order: AdminOrderMoneyState
  refund: AdminRefund
}

export type OrderAdminQueryResponses = { orderDetail: AdminOrderDetail }
export type OrderAdminMutationResponses = { markOrderPaid: MarkOrderPaidAnswer; cancelOrder: CancelOrderAnswer; refundOrder: RefundOrderAnswer }
