'use client'

import { useTranslations } from 'next-intl'
import { createContext, type ReactNode, use, useEffect, useState } from 'react'
import { cartSync } from '@/client/cart-sync'
import { useCartStore } from '@/client/stores/cart-store'
import { useHydrated } from '@/client/use-hydrated'
import { type CartHint, cartHintOf } from '@/isomorphic/cart-hint'
import { CartSkeleton } from './cart-skeleton'

// /cart and /checkout load their own code (lines, estimate, steps, forms, summary) only for a cart
// with lines: the server's HTML of a cart with a hint already names it; an empty cart's page is
// its empty state without that code (P5). The views are loaded with next/dynamic by the pages'
// bodies (cart-page-body.tsx, checkout-page-body.tsx), with CartCodeLoading as their placeholder.

// The server's hint, for the skeleton drawn while that code arrives: the server's HTML may show it
// before the view itself (the first request after a start streams the view in after it), and the
// two are the same picture.
const ServerHint = createContext<CartHint | null>(null)

/**
 * `empty` for an empty cart, `children` (the view) once there are lines: the server's cart hint,
 * or lines the tab's storage holds. Once shown the view stays: emptying the cart, or placing the
 * order, is the view's to draw.
 */
export function WhenCartHasLines({ hint, empty, children }: { hint: CartHint | null; empty: ReactNode; children: ReactNode }) {
  const hydrated = useHydrated()
  const hasLines = useCartStore((state) => state.orderLines.length > 0)
  const [opened, setOpened] = useState(hint !== null)
  if (!opened && hydrated && hasLines) setOpened(true)

  // A signed-in partner's changes to the cart are saved to their server cart.
  useEffect(() => void cartSync(), [])

  return opened ? <ServerHint value={hint}>{children}</ServerHint> : empty
}

/** While the view's code arrives: the cart's skeleton, from the server's hint or the lines the tab holds. */
export function CartCodeLoading({ namespace }: { namespace: 'cart' | 'checkout' }) {
  const t = useTranslations(namespace)
  const serverHint = use(ServerHint)
  const lines = useCartStore((state) => state.orderLines)
  const hint = serverHint ?? cartHintOf(lines) ?? { lines: 1, pieces: 0 }
  return <CartSkeleton hint={hint} loading={t('loading')} summary={t('summary')} items={t('items')} />
}
