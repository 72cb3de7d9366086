import { createHash } from 'node:crypto'
import { hashGiftCardCode } from '../../gift-cards/gift-card-codes'
import { type Cents, toCents } from '../../kernel/money'
import type { ExtraFieldValue } from '../../checkout/order-extra-fields'
import type { CreateOrderInput, OrderAddressInput } from '@/isomorphic/contract/orders'
import type { Guest, Shopper } from '../../kernel/context'

// The createOrder body in the words of the code. The spec's wire names (aquirerId, partnername,
// partneremail, billingaddress, orderSequence …) are read here, once; no step of createOrder sees them.

export type OrderCommand = {
  /** The reference getOrderId reserved ('S00042'): one order per reference and website. */
  reference: string
  kind: 'order' | 'quotation'
  items: CreateOrderInput['products']
  billingAddress: OrderAddressInput
  shippingAddress: OrderAddressInput | null
  paymentMethodId: number | null
  /** The name and email the shopper typed; a signed-in partner's own are used when blank. */
  contactName: string
  contactEmail: string
  deliveryMethodId: number
  promoCode: string | null
  optionNames: string[]
  extraFields: Record<string, ExtraFieldValue>
  forResale: boolean
  useGiftCards: boolean
  /** A gift card number to pay with (a guest's card, or any card on no account); null: none. */
  giftCardNumber: string | null
  /** The day the shopper needs the order ("YYYY-MM-DD"); null: none given. */
  inHandsDate: string | null
  /** The purchase order number the shopper gave (kept only with a "Purchase order" payment). */
  purchaseOrderNumber: string | null
  /** The total the shopper saw. */
  expectedTotal: Cents
  /**
   * What the order is made from, as it was sent (without the total, the payment details and the
   * approval hint): only hashed, into the order's fingerprint.
   */
  sentContents: Readonly<Record<string, unknown>>
}

export function toOrderCommand(input: CreateOrderInput): OrderCommand {
  const { expectedTotal, transactiondetails: _details, approvalRequired: _hint, ...contents } = input
  return {
    reference: input.orderSequence,
    kind: input.quotation ? 'quotation' : 'order',
    items: input.products,
    billingAddress: input.billingaddress,
    shippingAddress: input.shippingaddress,
    paymentMethodId: input.aquirerId ?? null,
    contactName: (input.partnername ?? '').trim(),
    contactEmail: (input.partneremail ?? '').trim(),
    deliveryMethodId: input.deliveryMethodId,
    promoCode: input.promoCode,
    optionNames: input.orderOptions,
    extraFields: input.orderExtraFields,
    forResale: input.orderForResale,
    useGiftCards: input.useGiftCards,
    giftCardNumber: input.giftCardNumber ?? null,
    inHandsDate: input.inHandsDate,
    purchaseOrderNumber: input.purchaseOrderNumber,
    expectedTotal: toCents(expectedTotal),
    // A gift card number is a bearer secret: even hashed into the fingerprint it is only its hash.
    sentContents: { ...contents, orderOptions: [...contents.orderOptions].sort(), giftCardNumber: input.giftCardNumber ? hashGiftCardCode(input.giftCardNumber) : undefined },
  }
}

/** What the order was made from, as a stable hash: the same checkout retried gives the same hash. */
export function orderFingerprint(command: OrderCommand, partnerId: number | null): string {
  const canonical = JSON.stringify({ partnerId, ...command.sentContents }, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  )
  return createHash('sha256').update(canonical).digest('hex')
}

/** Who places the order and in which store, read once from the context by createOrder. */
export type OrderCaller = {
  websiteId: number
  /** The signed-in partner; null for a guest. */
  partnerId: number | null
  /** The guest's address, for the rate limit. */
  clientIp: string | null
  /** Who places it, for the order's timeline. */
  actor: Shopper | Guest
}
