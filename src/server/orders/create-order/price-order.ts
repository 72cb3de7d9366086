import type { Executor } from '../../db/client'
import { type CheckoutPricingOptions, type CheckoutQuote, priceCheckout } from '../../checkout/checkout-pricing'
import type { OrderChoices } from './check-choices'
import type { OrderCaller, OrderCommand } from './order-command'
import type { OrderParties } from './resolve-parties'

/** Step 5 of createOrder: the server's own price of the checkout. Every outside call (carrier, tax) happens here, before anything is written. */
export function priceOrder(
  db: Executor,
  { websiteId, partnerId }: OrderCaller,
  { command, parties, choices }: { command: OrderCommand; parties: OrderParties; choices: OrderChoices },
  options: CheckoutPricingOptions,
): Promise<CheckoutQuote> {
  return priceCheckout(
    db,
    {
      websiteId,
      partnerId,
      items: command.items,
      destination: (parties.shipping ?? parties.billing).place,
      deliveryMethodId: command.deliveryMethodId,
      promoCode: command.promoCode,
      optionNames: command.optionNames,
      resaleExemption: choices.resaleExemption,
      customerCode: partnerId === null ? null : String(partnerId),
      customer: parties.customer,
    },
    options,
  )
}
