import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import type { Address, AddressLines, AddressType } from '@/isomorphic/contract/address'
import { persistIn } from './persistence'

export type { AddressType }

/** A saved address of the signed-in partner (Billing or Shipping), as the account API returns it. */
export type PartnerAddress = Address & {
  id: number
  email?: string | null
  addressType?: AddressType
  isDefaultBilling?: boolean
  isDefaultShipping?: boolean
}

/** The outcome of /api/address/validation for the address being entered. */
export type ValidatedAddress = Omit<AddressLines, 'street2'> & {
  valid: boolean
  street2?: string | null
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
  /** Replaces the Billing or Shipping book. */
  setAddresses: (type: AddressType, addresses: PartnerAddress[]) => void
  /** Drops a deleted address from both books, and unselects it where it was selected. */
  forgetAddress: (id: number) => void
  /** Spec 4, logout: empties both books and both selected addresses. */
  forgetPartnerAddresses: () => void
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
      setAddresses: (type, addresses) =>
        set(type === 'Billing' ? { billingAddresses: addresses } : { shippingAddresses: addresses }),
      forgetAddress: (id) =>
        set((state) => ({
          billingAddresses: state.billingAddresses.filter((address) => address.id !== id),
          shippingAddresses: state.shippingAddresses.filter((address) => address.id !== id),
          selectedBillingAddress: state.selectedBillingAddress?.id === id ? null : state.selectedBillingAddress,
          selectedShippingAddress: state.selectedShippingAddress?.id === id ? null : state.selectedShippingAddress,
        })),
      forgetPartnerAddresses: () =>
        set({ billingAddresses: [], shippingAddresses: [], selectedBillingAddress: null, selectedShippingAddress: null }),
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
