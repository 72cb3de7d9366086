import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { persistIn } from '@/client/stores/persistence'

// Choices the checkout needs beyond spec 3's checkout state (whose fields are fixed by the spec):
// whether the goods ship to the billing address, which delivery method was picked (its id, as the
// server quoted it), whether the signed-in customer's gift card balance pays part of the order, the
// purchase order number a "Purchase order" payment needs, and whether a signed-in customer's newly
// typed addresses are saved to the address book once the order is placed.
// Kept in local storage beside the checkout state, and reset with it after an order.

export type CheckoutChoicesData = {
  sameAsBilling: boolean
  deliveryMethodId: number | null
  useGiftCards: boolean
  /** The day the shopper needs the order ("YYYY-MM-DD"); empty: none. */
  inHandsDate: string
  purchaseOrderNumber: string
  saveAddresses: boolean
}

export type CheckoutChoicesState = CheckoutChoicesData & {
  reset: () => void
}

export const initialCheckoutChoices: CheckoutChoicesData = {
  sameAsBilling: true,
  deliveryMethodId: null,
  useGiftCards: false,
  inHandsDate: '',
  purchaseOrderNumber: '',
  saveAddresses: true,
}

export const useCheckoutChoicesStore = create<CheckoutChoicesState>()(
  persist(
    (set) => ({
      ...initialCheckoutChoices,
      reset: () => set(initialCheckoutChoices),
    }),
    persistIn<CheckoutChoicesState, CheckoutChoicesData>('local', 'checkoutChoices', ({ reset: _r, ...data }) => data),
  ),
)
