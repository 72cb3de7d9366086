import type { Address } from './contract/address'
import type { OrderSummaryData } from './cart-types'
import type { OrderLineDesign } from './decoration-types'
import type { OrderEventData } from './order-events'
import type { HowToPay } from './bank-transfer'

// The JSON shapes of orders and quotations (issue 5): what getOrderId, createOrder, getOrders and
// getOrderDetails answer, shared by the server that produces them and the browser that reads them.
// Amounts are decimal dollars; the server computes every one of them.

export const ORDER_PLACED = 'Order has been placed successfully!'
export const QUOTATION_SAVED = 'Quotation saved successfully!'
export const ORDER_FAILED = 'There is some error in order processing. Please try again!'
export const QUOTATION_FAILED = 'Failed to create quotation. Please try again!'
/** createOrder's 409 when the total the shopper saw is not the server's (the body carries the new summary). */
export const PRICES_CHANGED = 'Prices have changed since you last looked. Please review your order.'
/** createOrder's 409 when the reference already made an order from other contents. */
export const REFERENCE_USED = 'This order reference was already used for another order.'

export type OrderKind = 'order' | 'quotation'
export type OrderState = 'draft' | 'sale' | 'cancel'
export type OrderApprovalState = 'not_required' | 'awaiting_approval' | 'approved' | 'rejected'
export type OrderPaymentState = 'not_paid' | 'pending' | 'paid' | 'partially_refunded' | 'refunded'
export type OrderFulfilmentState = 'unfulfilled' | 'in_production' | 'partially_shipped' | 'shipped' | 'delivered'

/** An address as the order keeps it (a snapshot: later edits of the address book do not change it). */
export type OrderAddressData = Address & {
  email: string | null
  /** Country and state codes. */
  country: string | null
  state: string | null
}

export type OrderAmounts = {
  /** The products before any discount. */
  subTotal: number
  /** Promotion discount (positive number, subtracted). */
  discount: number
  options: number
  shipping: number
  taxes: number
  /** What the order costs: subTotal − discount + options + shipping + taxes. */
  total: number
  giftCard: number
  budget: number
  /** What is left to pay after gift cards and budget. */
  due: number
}

/** What a list of orders shows of one beside its reference (issue 27): pictures of what was bought and the latest parcel. */
export type OrderPreview = {
  /** Up to ORDER_PREVIEW_PICTURES pictures, one per line: the design's mockup, else the product's picture in its colour. */
  pictures: { url: string; alt: string }[]
  /** Pieces of goods (set-up fees not counted). */
  pieces: number
  /** The latest shipment's tracking, when something shipped. */
  tracking: { carrier: string; trackingNumber: string; url: string | null } | null
  /** The order waits for the shopper's bank transfer (its page shows how to pay). */
  awaitingTransfer: boolean
}

export const ORDER_PREVIEW_PICTURES = 3

/** One order in a list (getOrders) and the head of createOrder's and getOrderDetails' answers. */
export type OrderData = {
  id: number
  /** The reference, e.g. 'S00042' (the orderSequence it was created with). */
  name: string
  kind: OrderKind
  state: OrderState
  approvalState: OrderApprovalState
  paymentState: OrderPaymentState
  /** Where its goods are: made, shipped (in part or in full), delivered. */
  fulfilmentState: OrderFulfilmentState
  /** True while the order waits for approval (over the partner's budget). */
  approvalRequired: boolean
  createdAt: string
  amounts: OrderAmounts
  /** Lets whoever holds it open the order and its PDF (guests, links in mails). */
  accessToken: string
  /** The PDF, shown inline. */
  orderUrl: string
  /** The PDF as a download. */
  downloadSaleorderUrl: string
  /** In getOrders' list only. */
  preview?: OrderPreview
}

export type OrderLineData = {
  id: number
  /** 'setup': the set-up fees of a designed line, once for the line (issue 7). */
  lineType: 'product' | 'reward' | 'setup'
  productId: number | null
  productVariantId: number | null
  name: string
  templateSkuCode: string
  color: string | null
  /** The colour's attribute value id (from the line's variant), for putting the line back in a cart; null when the variant is gone or has no colour. */
  colorId: number | null
  size: string | null
  logo: { id: number | null; name: string } | null
  quantity: number
  unitPrice: number
  discount: number
  subtotal: number
  /** The design the line was made with, as ordered (mockups and placements); null for undesigned lines. */
  design: OrderLineDesign | null
}

export type OrderDetailData = OrderData & {
  partnerName: string
  partnerEmail: string
  billingAddress: OrderAddressData
  shippingAddress: OrderAddressData | null
  deliveryMethod: { id: number | null; name: string } | null
  /** The day the shopper needs the order in hands ("YYYY-MM-DD"); null: none given. */
  inHandsDate: string | null
  paymentMethodId: number | null
  promoCode: string | null
  /** The shopper's purchase order number ("Purchase order" payments). */
  purchaseOrderNumber: string | null
  orderForResale: boolean
  extraFields: { name: string; label: string; value: string | boolean | null }[]
  orderOptions: { name: string; label: string; price: number }[]
  lines: OrderLineData[]
  /** When the order's approval was decided, and the approver's note (a reason for a rejection). */
  approvalDecidedAt: string | null
  approvalNote: string | null
  /** Given back so far (refunds and cancellations, every way together), dollars. */
  refunded: number
  /** The shopper's part of the order's timeline, oldest first (confirmed, paid, shipped with tracking, refunded, cancelled …). */
  timeline: OrderEventData[]
  /**
   * While the order awaits the shopper's bank transfer (issue 27): the store's bank details, the
   * amount and the reference to quote (src/isomorphic/bank-transfer.ts); null otherwise, and once
   * the store has marked it paid.
   */
  howToPay: HowToPay | null
}

/** One order waiting for an approver's decision (getOrdersAwaitingApproval); no access token, no PDF link. */
export type OrderAwaitingApprovalData = {
  id: number
  name: string
  createdAt: string
  customer: { name: string; email: string }
  amounts: OrderAmounts
  /** What the order costs beyond the customer's budget (and gift cards): what the approver allows or not. */
  overBudget: number
  billingAddress: OrderAddressData
  shippingAddress: OrderAddressData | null
  deliveryMethod: string | null
  extraFields: { name: string; label: string; value: string | boolean | null }[]
  orderOptions: { name: string; label: string; price: number }[]
  lines: OrderLineData[]
}

export type ApprovalDecision = 'approve' | 'reject'

/** One decided order in the approvers' history (getDecidedApprovals): what was decided, by whom and when. */
export type DecidedApprovalData = {
  id: number
  name: string
  createdAt: string
  customer: { name: string }
  total: number
  decision: 'approved' | 'rejected'
  decidedAt: string
  /** The approver who decided; null when their account has since been removed. */
  decidedBy: { name: string } | null
  note: string | null
}

/** mutation decideOrderApproval {orderId, decision, note?} → its answer. */
export type DecideOrderApprovalAnswer = {
  decideOrderApproval: {
    success: true
    message: string
    order: { id: number; name: string; state: OrderState; approvalState: OrderApprovalState; paymentState: OrderPaymentState }
  }
}

/** mutation createOrder → { createOrder: { order } } */
export type CreateOrderAnswer = { createOrder: { order: OrderData } }

/** The body of createOrder's 409 PRICES_CHANGED answer, beside the usual error fields. */
export type PricesChangedData = { orderSummary: OrderSummaryData }
