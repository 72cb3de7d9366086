'use client'

import dynamic from 'next/dynamic'
import type { CartHint } from '@/isomorphic/cart-hint'
import type { WebsiteCountry } from '@/isomorphic/catalog-types'
import { CartCodeLoading, WhenCartHasLines } from '../cart/when-cart-has-lines'
import { EmptyCheckout } from './empty-checkout'

const CheckoutView = dynamic(() => import('./checkout-view').then((module) => module.CheckoutView), { loading: () => <CartCodeLoading namespace="checkout" /> })

/** /checkout's body: the empty checkout, or the checkout itself once there are lines (when-cart-has-lines.tsx). */
export function CheckoutPageBody({ countries, hint }: { countries: WebsiteCountry[]; hint: CartHint | null }) {
  return (
    <WhenCartHasLines hint={hint} empty={<EmptyCheckout />}>
      <CheckoutView countries={countries} hint={hint} />
    </WhenCartHasLines>
  )
}
