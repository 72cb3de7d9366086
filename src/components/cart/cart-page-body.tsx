'use client'

import dynamic from 'next/dynamic'
import type { CartHint } from '@/isomorphic/cart-hint'
import type { WebsiteCountry } from '@/isomorphic/catalog-types'
import { EmptyCart } from './empty-cart'
import { CartCodeLoading, WhenCartHasLines } from './when-cart-has-lines'

const CartView = dynamic(() => import('./cart-view').then((module) => module.CartView), { loading: () => <CartCodeLoading namespace="cart" /> })

/** /cart's body: the empty cart, or the cart itself once there are lines (when-cart-has-lines.tsx). */
export function CartPageBody({ countries, hint }: { countries: WebsiteCountry[]; hint: CartHint | null }) {
  return (
    <WhenCartHasLines hint={hint} empty={<EmptyCart />}>
      <CartView countries={countries} hint={hint} />
    </WhenCartHasLines>
  )
}
