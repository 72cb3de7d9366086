import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { persistIn } from './persistence'

export type AddressType = 'Billing' | 'Shipping'

/** A saved address of the signed-in partner (Billing or Shipping), as the account API returns it. */
export type PartnerAddress = {
  id: number
  name: string
  email?: string | null
  phone: string | null
  street: string
  street2: string | null
  city: string
  zip: string
  countryId: number | null
  stateId: number | null
  addressType?: AddressType
  isDefaultBilling?: boolean
  isDefaultShipping?: boolean
}

/** The outcome of /api/address/validation for the address being entered. */
export type ValidatedAddress = {
  valid: boolean
  street: string
  street2?: string | null
  city: string
  zip: string
  stateCode?: string | null
  countryCode?: string | null
  messages?: string[]
}

export type AddressData = {
  selectedBillingAddress: PartnerAddress | null
  selectedShippingAddress: PartnerAddress | null
  billingAddresses: PartnerAddress[]
  shippingAddresses: PartnerAddress[]
  validatedAddress: ValidatedAddress | null
  /** Shipping destinations offered at checkout (one per address a cart line ships to). */
  shippingList: PartnerAddress[]
}

export type AddressState = AddressData & {
  reset: () => void
}

export const initialAddressState: AddressData = {
  selectedBillingAddress: null,
  selectedShippingAddress: null,
  billingAddresses: [],
  shippingAddresses: [],
  validatedAddress: null,
  shippingList: [],
}

// Spec 3: address state lives in local storage.
export const useAddressStore = create<AddressState>()(
  persist(
    (set) => ({
      ...initialAddressState,
      reset: () => set(initialAddressState),
    }),
    persistIn<AddressState, AddressData>('local', 'address', (state) => ({
      selectedBillingAddress: state.selectedBillingAddress,
      selectedShippingAddress: state.selectedShippingAddress,
      billingAddresses: state.billingAddresses,
      shippingAddresses: state.shippingAddresses,
      validatedAddress: state.validatedAddress,
      shippingList: state.shippingList,
    })),
  ),
)
