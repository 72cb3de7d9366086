'use client'

import { startTransition, useEffect, useState } from 'react'
import type { ProductListItem } from '@/isomorphic/catalog-types'

// The whole catalog as one compact list (GET /api/query?key=getProductList, ETag-cached), fetched
// once per page load and then searched and filtered in memory.
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

/** The catalog index: null until it has arrived; `failed` when it could not be fetched. */
export function useProductIndex(): ProductIndexState {
  const [state, setState] = useState<ProductIndexState>(() => ({ products: loaded, failed: false }))
  const missing = state.products === null
  useEffect(() => {
    if (!missing) return
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
  }, [missing])
  return state
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
