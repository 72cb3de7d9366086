'use client'

import { useEffect, useState } from 'react'
import { checkoutApi } from '@/client/checkout/checkout-api'
import { useAppStore } from '@/client/stores/app-store'
import { useCartStore } from '@/client/stores/cart-store'

// What the store offers at checkout, loaded once the page opens: extra fields (getOrderExtraFields),
// order options (getOrderOptions), payment methods (getPaymentMethods) and delivery methods
// (getDeliveryMethods, for the checkout state's `delivery`). Kept in the app and cart state as
// spec 3 names them; a failed load is logged only (spec 8) and leaves what was known before.

export function useCheckoutData() {
  const [loaded, setLoaded] = useState(false)

  useEffect(() => {
    let current = true
    const logged = (what: string) => (error: unknown) => console.error(`Could not load the ${what}:`, error)
    void Promise.all([
      checkoutApi.getOrderExtraFields().then(({ orderextrafields }) => useAppStore.setState({ orderExtraFields: orderextrafields }), logged('order extra fields')),
      checkoutApi
        .getOrderOptions()
        .then(
          ({ orderOptions }) => useCartStore.setState({ orderOptions: orderOptions.map(({ id, name, label, price }) => ({ id, name, label, price })) }),
          logged('order options'),
        ),
      checkoutApi.getPaymentMethods().then(({ paymentAcquirers }) => useAppStore.setState({ paymentMethods: paymentAcquirers }), logged('payment methods')),
      checkoutApi
        .getDeliveryMethods()
        .then(({ shippingmethods }) => useAppStore.setState({ deliveryMethods: shippingmethods.shippingmethod }), logged('delivery methods')),
    ]).then(() => {
      if (current) setLoaded(true)
    })
    return () => {
      current = false
    }
  }, [])

  const extraFields = useAppStore((state) => state.orderExtraFields)
  const paymentMethods = useAppStore((state) => state.paymentMethods)
  const deliveryMethods = useAppStore((state) => state.deliveryMethods)
  const orderOptions = useCartStore((state) => state.orderOptions)
  return { loaded, extraFields, paymentMethods, deliveryMethods, orderOptions }
}
