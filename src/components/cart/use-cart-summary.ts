'use client'

import { useEffect, useState } from 'react'
import { cartItemsOf } from '@/client/cart-sync-merge'
import type { CartLine } from '@/client/stores/cart-store'
import type { CartAddressData, CartSummaryData } from '@/shared/cart-types'

// The cart page's prices come from POST /api/cart/summary (decision 010): the browser sends ids,
// pieces and the estimate's address and method, and shows what the server answers. Requests are
// debounced while someone types, and an answer to an older request is dropped.

export type EstimateChoice = { address: CartAddressData | null; deliveryMethodId: number | null }

export type CartSummaryState = {
  data: CartSummaryData | null
  error: string | null
  /** True while the shown data answers an older request (the cart or the choice changed since). */
  loading: boolean
  retry: () => void
}

const FALLBACK_ERROR = 'Something went wrong. Please try again!'

export async function requestCartSummary(body: Record<string, unknown>, signal?: AbortSignal): Promise<CartSummaryData> {
  const response = await fetch('/api/cart/summary', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
    signal,
  })
  const payload = (await response.json().catch(() => null)) as { data?: CartSummaryData; error?: { message?: string } } | null
  if (!response.ok || !payload?.data) throw new Error(payload?.error?.message || FALLBACK_ERROR)
  return payload.data
}

type Answered = { key: string | null; data: CartSummaryData | null; error: string | null }

export function useCartSummary(lines: readonly CartLine[], choice: EstimateChoice, { debounceMs = 250 } = {}): CartSummaryState {
  const [attempt, setAttempt] = useState(0)
  const itemsKey = JSON.stringify(cartItemsOf(lines))
  const choiceKey = JSON.stringify(choice)
  const requestKey = `${itemsKey}|${choiceKey}|${attempt}`
  const empty = lines.length === 0
  const [answered, setAnswered] = useState<Answered>({ key: null, data: null, error: null })

  useEffect(() => {
    if (empty) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      const { address, deliveryMethodId } = JSON.parse(choiceKey) as EstimateChoice
      const body = { items: JSON.parse(itemsKey) as unknown, ...(address ? { address, deliveryMethodId } : {}) }
      requestCartSummary(body, controller.signal).then(
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
  }, [empty, itemsKey, choiceKey, requestKey, debounceMs])

  return {
    data: empty ? null : answered.data,
    error: empty ? null : answered.error,
    loading: !empty && answered.key !== requestKey,
    retry: () => setAttempt((value) => value + 1),
  }
}
