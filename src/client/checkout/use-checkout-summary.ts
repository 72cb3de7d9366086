'use client'

import { cartItemsOf } from '@/client/cart-sync-merge'
import type { CartLine } from '@/client/stores/cart-store'
import type { CartSummaryData } from '@/isomorphic/cart-types'
import type { AddressDraft } from '@/isomorphic/contract/address'
import { useSummaryRequest } from '@/client/cart/use-cart-summary'

// The checkout's live order summary (spec 3: subTotal, taxes, totalPrice, shipping, freeShipping,
// promotion, giftCardAmount, estimatedTotal, budgetAmount), priced by the server on every change
// of the cart, the destination, the delivery method, the resale exemption, the promo code, the
// order options and the gift card switch. Requests are debounced; an answer to an older request is
// dropped. The promo code, options and gift card switch are sent only when set, so a plain
// checkout asks exactly what the cart page asks.

export type SummaryDestination = Pick<AddressDraft, 'street' | 'street2' | 'city' | 'zip' | 'countryId' | 'stateId'>

export type CheckoutSummaryChoice = {
  address: SummaryDestination | null
  deliveryMethodId: number | null
  exemptForResale: boolean
  promoCode: string
  orderOptions: string[]
  useGiftCards: boolean
  /** A gift card number to pay with (checkGiftCard told its balance); '' for none. */
  giftCardNumber?: string
}

export type CheckoutSummaryState = {
  data: CartSummaryData | null
  error: string | null
  /** True while the shown data answers an older request. */
  loading: boolean
  /** Identifies the choices the shown data was priced for. */
  key: string
  retry: () => void
}

/** The summary request for a cart and the checkout's choices. */
export function checkoutSummaryBody(lines: readonly CartLine[], choice: CheckoutSummaryChoice): Record<string, unknown> {
  const body: Record<string, unknown> = { items: cartItemsOf(lines) }
  if (!choice.address) return body
  body.address = choice.address
  if (choice.deliveryMethodId !== null) body.deliveryMethodId = choice.deliveryMethodId
  if (choice.exemptForResale) body.exemptForResale = true
  const promoCode = choice.promoCode.trim()
  if (promoCode) body.promoCode = promoCode
  if (choice.orderOptions.length > 0) body.orderOptions = choice.orderOptions
  if (choice.useGiftCards) body.useGiftCards = true
  if (choice.giftCardNumber) body.giftCardNumber = choice.giftCardNumber
  return body
}

export function useCheckoutSummary(lines: readonly CartLine[], choice: CheckoutSummaryChoice, { debounceMs = 300 } = {}): CheckoutSummaryState {
  const bodyKey = JSON.stringify(checkoutSummaryBody(lines, choice))
  return { ...useSummaryRequest(lines.length === 0 ? null : bodyKey, debounceMs), key: bodyKey }
}
