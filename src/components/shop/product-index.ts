'use client'

import { startTransition, useEffect, useState } from 'react'
import type { ProductListItem } from '@/isomorphic/catalog-types'

// The whole catalog as one compact list (GET /api/query?key=getProductList, ETag-cached), fetched
// once per page load and then searched and filtered in memory. It is fetched when the shopper first
// does something on the shop (a scroll, a touch, a key, the mouse moving, a filter in the address):
// the first screen is the server's, and a visit that only looks at it never downloads and parses
// the catalog (≈ 1.7 MB of JSON for 999 products, one long task on a phone: P5).
const INDEX_URL = '/api/query?key=getProductList'

let loaded: ProductListItem[] | null = null
let loading: Promise<ProductListItem[]> | null = null

function productsOf(body: unknown): ProductListItem[] {
  const root = isRecord(body) && isRecord(body.data) ? body.data : body
  const products = isRecord(root) && isRecord(root.products) ? root.products.products : undefined
  if (!Array.isArray(products)) throw new Error('getProductList answered without products.products')
  return products as ProductListItem[]
}

function loadIndex(): Promise<ProductListItem[]> {
  loading ??= fetch(INDEX_URL, { headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`getProductList answered ${response.status}`)
      loaded = productsOf(await response.json())
      return loaded
    })
    .catch((error: unknown) => {
      loading = null
      throw error
    })
  return loading
}

export type ProductIndexState = { products: ProductListItem[] | null; failed: boolean }

/** The catalog index, fetched once `wanted`: null until it has arrived; `failed` when it could not be fetched. */
export function useProductIndex(wanted: boolean): ProductIndexState {
  const [state, setState] = useState<ProductIndexState>(() => ({ products: loaded, failed: false }))
  const missing = state.products === null
  useEffect(() => {
    if (!missing || !wanted) return
    let live = true
    loadIndex().then(
      (products) => {
        // A transition: the page renders the whole list in slices it can interrupt (P5).
        if (live) startTransition(() => setState({ products, failed: false }))
      },
      (error: unknown) => {
        console.error('Could not load the product index', error)
        if (live) setState({ products: null, failed: true })
      },
    )
    return () => {
      live = false
    }
  }, [missing, wanted])
  return state
}

/** What says a shopper is using the page, not only looking at it (a mouse moving over it counts; a page merely loading does none of these). */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel'] as const

/** True from the shopper's first action on the page on (at once when the catalog is already here). */
export function useShopperIntent(): boolean {
  const [engaged, setEngaged] = useState(() => loaded !== null)
  useEffect(() => {
    if (engaged) return
    const engage = () => setEngaged(true)
    // A shopper who went into a field (the search box) before the page came alive has acted already.
    if (document.activeElement instanceof HTMLInputElement || document.activeElement instanceof HTMLSelectElement) {
      engage()
      return
    }
    const options = { capture: true, passive: true, once: true } as const
    for (const type of INTENT_EVENTS) window.addEventListener(type, engage, options)
    return () => {
      for (const type of INTENT_EVENTS) window.removeEventListener(type, engage, options)
    }
  }, [engaged])
  return engaged
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
