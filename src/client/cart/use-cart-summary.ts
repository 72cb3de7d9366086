'use client'

import { useEffect, useState } from 'react'
import { cartItemsOf } from '@/client/cart-sync-merge'
import type { CartLine } from '@/client/stores/cart-store'
import type { CartAddressData, CartSummaryData } from '@/isomorphic/cart-types'

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

/**
 * Asks /api/cart/summary for the JSON body `bodyKey` (null: nothing to price), debounced; an answer
 * to an older body is dropped, and a failure keeps the last good answer beside its message.
 */
export function useSummaryRequest(bodyKey: string | null, debounceMs: number): CartSummaryState {
  const [attempt, setAttempt] = useState(0)
  const requestKey = `${bodyKey}|${attempt}`
  const [answered, setAnswered] = useState<Answered>({ key: null, data: null, error: null })

  useEffect(() => {
    if (bodyKey === null) return
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
  }, [bodyKey, requestKey, debounceMs])

  const empty = bodyKey === null
  return {
    data: empty ? null : answered.data,
    error: empty ? null : answered.error,
    loading: !empty && answered.key !== requestKey,
    retry: () => setAttempt((value) => value + 1),
  }
}

export function useCartSummary(lines: readonly CartLine[], choice: EstimateChoice, { debounceMs = 250 } = {}): CartSummaryState {
  const { address, deliveryMethodId } = choice
  const body = { items: cartItemsOf(lines), ...(address ? { address, deliveryMethodId } : {}) }
  return useSummaryRequest(lines.length === 0 ? null : JSON.stringify(body), debounceMs)
}
