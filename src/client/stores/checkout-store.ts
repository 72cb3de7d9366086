import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import type { DeliveryMethod, PaymentAcquirer } from '@/isomorphic/contract/queries'
import type { CustomerOrder } from './user-store'
import type { AddressDraft } from '@/isomorphic/contract/address'
import type { OrderSummaryData } from '@/isomorphic/cart-types'
import { persistIn } from './persistence'

/** The billing or shipping address typed in at checkout. */
export type CheckoutAddress = AddressDraft & { id: number | null }

/** The API's order summary (decimal dollars), kept with a budget amount of 0 where it has none. */
export type OrderSummary = Omit<OrderSummaryData, 'budgetAmount'> & { budgetAmount: number }

export type CheckoutData = {
  isLoading: boolean
  name: string
  email: string
  billing: CheckoutAddress
  shipping: CheckoutAddress
  delivery: DeliveryMethod | null
  payment: PaymentAcquirer | null
  order: CustomerOrder | null
  orderSummary: OrderSummary
  /** Field name → message, for the accordion step being edited. */
  errors: Record<string, string>
  activeAccordian: string
  nextAccordian: string
  exemptForResale: boolean
  shippingTax: boolean
  freeShippingPromotion: boolean
  promotion: { value: number; name: string }
  taxesResponse: unknown
  orderExtraFieldsInputs: Record<string, string>
  extraFieldsInputPayload: { name: string; value: string }[]
  newAddedBillingAddress: CheckoutAddress | null
  newAddedShippingAddress: CheckoutAddress | null
  /** The order sequence of an order being created, kept until creation succeeds (spec 4). */
  failedOrderData: string | null
  codePromotion: string
}

export type CheckoutState = CheckoutData & {
  reset: () => void
}

export const emptyCheckoutAddress: CheckoutAddress = {
  id: null,
  name: '',
  phone: '',
  street: '',
  street2: '',
  city: '',
  countryId: null,
  stateId: null,
  zip: '',
}

export const emptyOrderSummary: OrderSummary = {
  subTotal: 0,
  taxes: 0,
  totalPrice: 0,
  shipping: 0,
  freeShipping: false,
  promotion: 0,
  giftCardAmount: 0,
  estimatedTotal: 0,
  budgetAmount: 0,
}

export const initialCheckoutState: CheckoutData = {
  isLoading: false,
  name: '',
  email: '',
  billing: emptyCheckoutAddress,
  shipping: emptyCheckoutAddress,
  delivery: null,
  payment: null,
  order: null,
  orderSummary: emptyOrderSummary,
  errors: {},
  activeAccordian: 'contact',
  nextAccordian: 'contact',
  exemptForResale: false,
  shippingTax: false,
  freeShippingPromotion: false,
  promotion: { value: 0, name: '' },
  taxesResponse: null,
  orderExtraFieldsInputs: {},
  extraFieldsInputPayload: [],
  newAddedBillingAddress: null,
  newAddedShippingAddress: null,
  failedOrderData: null,
  codePromotion: '',
}

type PersistedCheckoutData = Omit<CheckoutData, 'isLoading' | 'errors'>

// Spec 3: checkout state lives in local storage, so an interrupted checkout survives closing the tab.
// Loading and validation errors are transient.
export const useCheckoutStore = create<CheckoutState>()(
  persist(
    (set) => ({
      ...initialCheckoutState,
      reset: () => set(initialCheckoutState),
    }),
    persistIn<CheckoutState, PersistedCheckoutData>('local', 'checkout', ({ isLoading: _l, errors: _e, reset: _r, ...data }) => data),
  ),
)
