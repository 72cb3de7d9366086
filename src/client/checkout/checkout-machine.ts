import type { OrderSummaryData } from '@/isomorphic/cart-types'
import type { WebsiteCountry } from '@/isomorphic/catalog-types'
import type { CheckoutAddress } from '@/client/stores/checkout-store'
import { checkCheckoutAddress, type CheckoutStep } from './checkout-steps'
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
  /**
   * The checkout moves on to the first step that needs the shopper, from this step, once what the
   * defaults depend on is known (the delivery methods priced for the address); null when settled.
   * It starts at the first step: a returning or signed-in shopper lands where something is missing.
   */
  settleFrom: CheckoutStep | null
  /** The step whose checks failed last: its form shows the messages (the details screen has three). */
  errorStep: CheckoutStep | null
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
  | { type: 'settle'; from: CheckoutStep }
  | { type: 'settled' }
  | { type: 'invalid'; step: CheckoutStep }

export const initialCheckoutPage: CheckoutPageState = {
  placing: null,
  finished: false,
  confirmed: null,
  pricesChanged: null,
  // The quotation's PDF opens only when the shopper asks for it (never pre-ticked above 'Place order').
  openDocument: false,
  promoProblem: null,
  promoBusy: false,
  settleFrom: 'contact',
  errorStep: null,
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
    case 'settle':
      return { ...state, settleFrom: event.from, errorStep: null }
    case 'settled':
      return { ...state, settleFrom: null }
    case 'invalid':
      return { ...state, settleFrom: null, errorStep: event.step }
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

/**
 * What the shopper's allowance (budget) pays of the order and what is left to pay, as the server
 * priced it: gift cards first, then the allowance left, then the payment method. Null for a
 * shopper without an allowance, or before a delivery method is priced.
 */
export function allowanceSplit(summary: OrderSummaryData | null, priced: boolean): { covered: number; leftToPay: number; allowanceLeft: number } | null {
  if (!summary || !priced || summary.budgetAmount === null) return null
  const totalCents = Math.round(summary.totalPrice * 100)
  const giftCents = Math.round(summary.giftCardAmount * 100)
  const dueCents = Math.round(summary.estimatedTotal * 100)
  const covered = Math.max(0, totalCents - giftCents - dueCents)
  return { covered: covered / 100, leftToPay: dueCents / 100, allowanceLeft: Math.max(0, Math.round(summary.budgetAmount * 100) - covered) / 100 }
}

/**
 * Whether nothing is left to pay once the order is priced: the allowance and gift cards cover it
 * all. Then no payment method is asked for (nor a purchase order number): the server takes an
 * order with nothing due without one.
 */
export function nothingToPay(summary: OrderSummaryData | null, priced: boolean): boolean {
  return priced && summary !== null && Math.round(summary.estimatedTotal * 100) === 0 && Math.round(summary.totalPrice * 100) > 0
}
