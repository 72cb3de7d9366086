import type { OrderSummaryData } from '@/isomorphic/cart-types'
import { PRICES_CHANGED } from '@/isomorphic/order-types'
import type { Executor } from '../../db/client'
import { availableGiftCardBalance } from '../../gift-cards/gift-card-service'
import { DomainError } from '../../kernel/errors'
import { type CheckoutQuote, checkoutSummary } from '../../checkout/checkout-pricing'
import type { OrderChoices } from './check-choices'
import type { OrderCaller, OrderCommand } from './order-command'
import type { OrderParties } from './resolve-parties'

/** createOrder's 409 when the total the shopper saw is not the server's; carries the new summary. */
export class PricesChangedError extends DomainError {
  constructor(data: { orderSummary: OrderSummaryData }) {
    super('conflict', 'expected total differs from the server total', PRICES_CHANGED, data)
  }
}

/** Step 6 of createOrder: refuses a total the shopper did not see, with the summary they should see. */
export async function verifyExpectedTotal(db: Executor, { partnerId }: OrderCaller, command: OrderCommand, parties: OrderParties, choices: OrderChoices, quote: CheckoutQuote): Promise<void> {
  if (command.expectedTotal === quote.total) return
  const isOrder = command.kind === 'order'
  const accountCards = partnerId !== null && command.useGiftCards && isOrder ? await availableGiftCardBalance(db, { partnerId }) : 0
  const giftCardAvailable = accountCards + (choices.giftCard?.balance ?? 0)
  throw new PricesChangedError({ orderSummary: checkoutSummary(quote, { giftCardAvailable, budgetLeft: isOrder ? parties.budgetLeft : null }) })
}
