import type { CartItemData } from '@/isomorphic/cart-types'
import type { OrderData, OrderDetailData } from '@/isomorphic/order-types'
import type { GiftCardData } from '@/isomorphic/query-types'

// The order calls as the checkout and the account pages use them (spec 3, 4 and 7; issue 5's
// contract for getOrderId, createOrder, getOrders, getOrderDetails, getGiftCards and
// redeemGiftCard). Amounts are decimal dollars, as the API speaks them.

/** An address as createOrder takes it: the checkout's fields, ids only where they are real. */
export type OrderAddressPayload = {
  id?: number
  name: string
  phone: string
  street: string
  street2: string
  city: string
  countryId: number | null
  stateId: number | null
  zip: string
}

/** The fields of spec 3's order creation, plus what the server needs to re-price and check. */
export type CreateOrderPayload = {
  billingaddress: OrderAddressPayload
  products: CartItemData[]
  shippingaddress: OrderAddressPayload | null
  aquirerId?: number
  partnername: string
  partneremail: string
  orderSequence: string
  orderForResale: boolean
  /** A hint only: the server decides whether the order waits for approval. */
  approvalRequired: boolean
  orderExtraFields: Record<string, string | boolean>
  /** Names of the chosen order options. */
  orderOptions: string[]
  quotation: boolean
  deliveryMethodId: number | null
  promoCode?: string
  useGiftCards: boolean
  /** The total the shopper was shown; the server refuses the order when its own differs. */
  expectedTotal: number
}

/** An order as the API answers it (createOrder, getOrders); getOrderDetails adds lines, addresses and fields. */
export type PlacedOrder = OrderData
export type OrderDetails = OrderDetailData

export type GiftCard = GiftCardData

export type OrderOption = { id: number; name: string; label: string; price: number }

export type { CreateOrderAnswer } from '@/isomorphic/order-types'
export type RedeemGiftCardAnswer = { redeemGiftCard: { success: boolean; message: string; giftCard?: GiftCard } }

/** mutation orderPayment → { orderPayment: { success, message, order, redirectUrl? } } */
export type OrderPaymentAnswer = {
  orderPayment: {
    success: boolean
    message: string
    /** A card method: the provider's hosted page to send the browser to; the order is not confirmed yet. */
    redirectUrl?: string
    order: { id: number; name: string; state: PlacedOrder['state']; paymentState: PlacedOrder['paymentState']; instructions: string }
  }
}
