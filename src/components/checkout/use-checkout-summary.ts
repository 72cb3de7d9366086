'use client'

import { useEffect, useState } from 'react'
import { cartItemsOf } from '@/client/cart-sync-merge'
import type { CartLine } from '@/client/stores/cart-store'
import type { CartSummaryData } from '@/shared/cart-types'
import { requestCartSummary } from '../cart/use-cart-summary'

// The checkout's live order summary (spec 3: subTotal, taxes, totalPrice, shipping, freeShipping,
// promotion, giftCardAmount, estimatedTotal, budgetAmount), priced by the server on every change
// of the cart, the destination, the delivery method, the resale exemption, the promo code, the
// order options and the gift card switch. Requests are debounced; an answer to an older request is
// dropped. The promo code, options and gift card switch are sent only when set, so a plain
// checkout asks exactly what the cart page asks.

export type SummaryDestination = {
  street: string
  street2: string
  city: string
  zip: string
  countryId: number | null
  stateId: number | null
}

export type CheckoutSummaryChoice = {
  address: SummaryDestination | null
  deliveryMethodId: number | null
  exemptForResale: boolean
  promoCode: string
  orderOptions: string[]
  useGiftCards: boolean
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

const FALLBACK_ERROR = 'Something went wrong. Please try again!'

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
  return body
}

type Answered = { key: string | null; data: CartSummaryData | null; error: string | null }

export function useCheckoutSummary(lines: readonly CartLine[], choice: CheckoutSummaryChoice, { debounceMs = 300 } = {}): CheckoutSummaryState {
  const [attempt, setAttempt] = useState(0)
  const bodyKey = JSON.stringify(checkoutSummaryBody(lines, choice))
  const requestKey = `${bodyKey}|${attempt}`
  const empty = lines.length === 0
  const [answered, setAnswered] = useState<Answered>({ key: null, data: null, error: null })

  useEffect(() => {
    if (empty) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      requestCartSummary(JSON.parse(bodyKey) as Record<string, unknown>, controller.signal).then(
        (data) => {
          if (!controller.signal.aborted) setAnswered({ key: requestKey, data, error: null })
        },
        (error: unknown) => {
          if (controller.signal.aborted) return
          const message = error instanceof Error ? error.message : FALLBACK_ERROR
          setAnswered((previous) => ({ key: requestKey, data: previous.data, error: message }))
        },
      )
    }, debounceMs)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [empty, bodyKey, requestKey, debounceMs])

  return {
    data: empty ? null : answered.data,
    error: empty ? null : answered.error,
    loading: !empty && answered.key !== requestKey,
    key: bodyKey,
    retry: () => setAttempt((value) => value + 1),
  }
}
