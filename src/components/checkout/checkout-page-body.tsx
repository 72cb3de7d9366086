'use client'

import dynamic from 'next/dynamic'
import { useTranslations } from 'next-intl'
import { createContext, use, useEffect, useState } from 'react'
import { cartSync } from '@/client/cart-sync'
import { useCartStore } from '@/client/stores/cart-store'
import { useHydrated } from '@/client/use-hydrated'
import { type CartHint, cartHintOf } from '@/isomorphic/cart-hint'
import type { WebsiteCountry } from '@/isomorphic/catalog-types'
import { CartSkeleton } from '../cart/cart-skeleton'
import { EmptyCheckout } from './empty-checkout'

// The checkout's own code (its steps, forms and summary) loads only for a cart with lines, as the
// cart's does (src/components/cart/cart-page-body.tsx): an empty cart's checkout goes without it (P5).
// The server's hint, for the skeleton drawn while that code arrives (see the cart's).
const ServerHint = createContext<CartHint | null>(null)

const CheckoutView = dynamic(() => import('./checkout-view').then((module) => module.CheckoutView), { loading: () => <CheckoutLoading /> })

/**
 * /checkout's body: the empty checkout, or the checkout itself once there are lines (the server's
 * cart hint, or lines the tab's storage holds). Once shown it stays, through placing the order,
 * which empties the cart.
 */
export function CheckoutPageBody({ countries, hint }: { countries: WebsiteCountry[]; hint: CartHint | null }) {
  const hydrated = useHydrated()
  const hasLines = useCartStore((state) => state.orderLines.length > 0)
  const [opened, setOpened] = useState(hint !== null)
  if (!opened && hydrated && hasLines) setOpened(true)

  // A signed-in partner's changes to the cart are saved.
  useEffect(() => void cartSync(), [])

  return opened ? (
    <ServerHint value={hint}>
      <CheckoutView countries={countries} hint={hint} />
    </ServerHint>
  ) : (
    <EmptyCheckout />
  )
}

/** While the checkout's code arrives: the cart's skeleton, from the server's hint or the lines the tab holds. */
function CheckoutLoading() {
  const t = useTranslations('checkout')
  const serverHint = use(ServerHint)
  const lines = useCartStore((state) => state.orderLines)
  const hint = serverHint ?? cartHintOf(lines) ?? { lines: 1, pieces: 0 }
  return <CartSkeleton hint={hint} loading={t('loading')} summary={t('summary')} items={t('items')} />
}
