import type { MutationInputs } from '@/isomorphic/contract/mutations'
import type { OrderAddressFields } from '@/isomorphic/contract/orders'
import type { OrderData, OrderDetailData } from '@/isomorphic/order-types'
import type { GiftCardData } from '@/isomorphic/contract/queries'

// The order calls as the checkout and the account pages use them (spec 3, 4 and 7; issue 5's
// contract for getOrderId, createOrder, getOrders, getOrderDetails, getGiftCards and
// redeemGiftCard). Amounts are decimal dollars, as the API speaks them.

/** An address as createOrder takes it: the checkout's fields, ids only where they are real. */
export type OrderAddressPayload = OrderAddressFields

/** The fields of spec 3's order creation, plus what the server needs to re-price and check: the contract's createOrder input. */
export type CreateOrderPayload = MutationInputs['createOrder']

/** An order as the API answers it (createOrder, getOrders); getOrderDetails adds lines, addresses and fields. */
export type PlacedOrder = OrderData
export type OrderDetails = OrderDetailData

export type GiftCard = GiftCardData

export type OrderOption = { id: number; name: string; label: string; price: number }

export type { CreateOrderAnswer } from '@/isomorphic/order-types'
export type { OrderPaymentAnswer, RedeemGiftCardAnswer } from '@/isomorphic/contract/payments'
