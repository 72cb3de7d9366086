import type { PartnerAddress } from '@/client/stores/address-store'
import type { CheckoutAddress } from '@/client/stores/checkout-store'

/** An address-book entry as the checkout holds it (its id kept: the server knows the address). */
export function checkoutAddressOf(address: PartnerAddress): CheckoutAddress {
  return {
    id: address.id,
    name: address.name,
    phone: address.phone ?? '',
    street: address.street,
    street2: address.street2 ?? '',
    city: address.city,
    countryId: address.countryId,
    stateId: address.stateId,
    zip: address.zip,
  }
}
