import type { OrderSummaryData } from '@/isomorphic/cart-types'
import type { WebsiteCountry } from '@/isomorphic/catalog-types'
import type { CheckoutAddress } from '@/client/stores/checkout-store'
import { checkCheckoutAddress } from './checkout-steps'
import type { SummaryDestination } from './use-checkout-summary'

// The checkout page's own state, as pure transitions: placing an order or a quotation (and how it
// ended), the summary a refused order was priced at, applying a promo code, and whether a saved
// quotation's PDF opens. The steps' fields live in the checkout stores; their rules in checkout-steps.

/** The summary a refused order was priced at (a 409 after a price change), for the choices (`key`) it was priced for. */
export type ConfirmedSummary = { key: string; summary: OrderSummaryData }

export type CheckoutPageState = {
  placing: 'order' | 'quotation' | null
  /** The order went through: the page waits for the navigation away. */
  finished: boolean
  confirmed: ConfirmedSummary | null
  pricesChanged: string | null
  openDocument: boolean
  promoProblem: string | null
  promoBusy: boolean
}

export type CheckoutPageEvent =
  | { type: 'placing'; quotation: boolean }
  | { type: 'placed' }
  | { type: 'refused' }
  | { type: 'prices-changed'; key: string; summary: OrderSummaryData; message: string }
  | { type: 'promo-applying' }
  | { type: 'promo-applied' }
  | { type: 'promo-refused'; message: string }
  | { type: 'promo-removed' }
  | { type: 'open-document'; open: boolean }

export const initialCheckoutPage: CheckoutPageState = {
  placing: null,
  finished: false,
  confirmed: null,
  pricesChanged: null,
  openDocument: true,
  promoProblem: null,
  promoBusy: false,
}

export function checkoutPageReducer(state: CheckoutPageState, event: CheckoutPageEvent): CheckoutPageState {
  switch (event.type) {
    case 'placing':
      return { ...state, placing: event.quotation ? 'quotation' : 'order', pricesChanged: null }
    case 'placed':
      return { ...state, finished: true }
    case 'refused':
      return { ...state, placing: null }
    case 'prices-changed':
      return { ...state, placing: null, confirmed: { key: event.key, summary: event.summary }, pricesChanged: event.message }
    case 'promo-applying':
      return { ...state, promoBusy: true, promoProblem: null }
    case 'promo-applied':
      return { ...state, promoBusy: false }
    case 'promo-refused':
      return { ...state, promoBusy: false, promoProblem: event.message }
    case 'promo-removed':
      return { ...state, promoProblem: null }
    case 'open-document':
      return { ...state, openDocument: event.open }
  }
}

/** The address the summary is priced for, once it passes the form's checks. */
export function destinationOf(address: CheckoutAddress, countries: WebsiteCountry[]): SummaryDestination | null {
  if (Object.keys(checkCheckoutAddress(address, countries)).length > 0) return null
  // The recipient's name and phone do not change a price: only the place is sent.
  const { street, street2, city, zip, countryId, stateId } = address
  return { street, street2, city, zip, countryId, stateId }
}

/** The live summary as far as the page is concerned. */
export type SummaryView = { key: string; summary: OrderSummaryData | null; deliveryMethodId: number | null; loading: boolean; error: string | null; taxError: string | null }

/** The summary to show: the one a refused order was priced at while the choices are the same, else the live one. */
export function shownSummary(confirmed: ConfirmedSummary | null, live: SummaryView): OrderSummaryData | null {
  return confirmedFor(confirmed, live) ?? live.summary
}

function confirmedFor(confirmed: ConfirmedSummary | null, live: SummaryView): OrderSummaryData | null {
  return confirmed?.key === live.key ? confirmed.summary : null
}

/** True when the summary prices the destination and the delivery method chosen now. */
export function isPriced(live: SummaryView, { hasDestination, deliveryMethodId }: { hasDestination: boolean; deliveryMethodId: number | null }): boolean {
  return hasDestination && deliveryMethodId !== null && live.deliveryMethodId === deliveryMethodId
}

/** What 'Place order' may promise the server: the summary for exactly these choices, up to date; null while there is none. */
export function readySummary(confirmed: ConfirmedSummary | null, live: SummaryView, priced: boolean): OrderSummaryData | null {
  if (!priced || live.taxError) return null
  return confirmedFor(confirmed, live) ?? (live.loading || live.error ? null : live.summary)
}
