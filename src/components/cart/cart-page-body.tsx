'use client'

import dynamic from 'next/dynamic'
import { useTranslations } from 'next-intl'
import { createContext, use, useEffect, useState } from 'react'
import { cartSync } from '@/client/cart-sync'
import { useCartStore } from '@/client/stores/cart-store'
import { useHydrated } from '@/client/use-hydrated'
import { type CartHint, cartHintOf } from '@/isomorphic/cart-hint'
import type { WebsiteCountry } from '@/isomorphic/catalog-types'
import { CartSkeleton } from './cart-skeleton'
import { EmptyCart } from './empty-cart'

// The cart's own code (lines, estimate, summary) loads only for a cart with lines: the server's
// HTML of a cart with a hint already names it; an empty cart gets the empty state without it (P5).
// The server's hint, for the skeleton drawn while that code arrives: the server's HTML may show it
// before the view itself (the first request after a start streams the view in after it), and the
// two are the same picture.
const ServerHint = createContext<CartHint | null>(null)

const CartView = dynamic(() => import('./cart-view').then((module) => module.CartView), { loading: () => <CartLoading /> })

/**
 * /cart's body: the empty cart, or the cart itself once there are lines (the server's cart hint,
 * or lines the tab's storage holds). Once shown, the cart stays: emptying it is the cart's to draw.
 */
export function CartPageBody({ countries, hint }: { countries: WebsiteCountry[]; hint: CartHint | null }) {
  const hydrated = useHydrated()
  const hasLines = useCartStore((state) => state.orderLines.length > 0)
  const [opened, setOpened] = useState(hint !== null)
  if (!opened && hydrated && hasLines) setOpened(true)

  // A signed-in partner's changes here are saved to their server cart.
  useEffect(() => void cartSync(), [])

  return opened ? (
    <ServerHint value={hint}>
      <CartView countries={countries} hint={hint} />
    </ServerHint>
  ) : (
    <EmptyCart />
  )
}

/** While the cart's code arrives: its skeleton, from the server's hint or the lines the tab holds. */
function CartLoading() {
  const t = useTranslations('cart')
  const serverHint = use(ServerHint)
  const lines = useCartStore((state) => state.orderLines)
  const hint = serverHint ?? cartHintOf(lines) ?? { lines: 1, pieces: 0 }
  return <CartSkeleton hint={hint} loading={t('loading')} summary={t('summary')} items={t('items')} />
}
