import type { OrderSummaryData } from '@/shared/cart-types'
import { ORDER_FAILED, ORDER_PLACED, QUOTATION_FAILED, QUOTATION_SAVED, REFERENCE_USED } from '@/shared/order-types'
import { CheckoutApiError, type CheckoutApi, summaryOfRefusal } from './checkout-api'
import type { PlacedOrder } from './order-contract'
import { buildCreateOrderPayload, type OrderDraft } from './order-payload'

// Placing an order or saving a quotation (spec 4). The order reference comes first (getOrderId)
// and is kept as failedOrderData before createOrder is called: until the call succeeds, every
// retry — a double click, a lost answer, a price check — sends the SAME reference, and the server
// answers a repeated reference with the order it already made. So one checkout makes one order.

export type PlaceOrderOutcome =
  | { ok: true; order: PlacedOrder; destination: string }
  | { ok: false; reason: 'prices-changed'; message: string; orderSummary: OrderSummaryData }
  | { ok: false; reason: 'failed'; message: string }

export type PlaceOrderDeps = {
  api: Pick<CheckoutApi, 'getOrderId' | 'createOrder'>
  /** The checkout state's failedOrderData. */
  getFailedOrderData: () => string | null
  setFailedOrderData: (sequence: string | null) => void
  /** Keeps the new order in the user state (order and orders). */
  storeOrder: (order: PlacedOrder) => void
  /** The summary the server priced, after a 409 price change. */
  showSummary: (summary: OrderSummaryData) => void
  invalidatePromotions: () => Promise<unknown>
  /** Loads the signed-in partner again (their budget and gift cards changed); nothing for a guest. */
  reloadPartner: () => Promise<unknown>
  /** Spec 4's cart clear, then the (empty) cart saved for a signed-in partner. */
  clearCart: () => void | Promise<unknown>
  notifySuccess: (message: string) => void
  notifyError: (message: string) => void
  /** Opens the quotation's PDF in a new window (spec 7: invoice download opens a new window). */
  openDocument: (url: string) => void
  navigate: (path: string) => void
  signedIn: () => boolean
  logError?: (message: string, error: unknown) => void
}

/** Where the shopper goes afterwards: their orders when signed in, the confirmation page for a guest. */
export function destinationFor(order: PlacedOrder, { signedIn }: { signedIn: boolean }): string {
  const query = new URLSearchParams({ order: String(order.id) })
  if (order.accessToken) query.set('access_token', order.accessToken)
  return `${signedIn ? '/me/orders' : '/checkout/confirmation'}?${query.toString()}`
}

export function createPlaceOrder(deps: PlaceOrderDeps) {
  const log = deps.logError ?? ((message: string, error: unknown) => console.error(message, error))
  let busy = false

  /** Runs a side effect of success; its failure is logged, never undoes the order. */
  const quietly = async (what: string, effect: () => unknown) => {
    try {
      await effect()
    } catch (error) {
      log(`After the order was placed, ${what} failed:`, error)
    }
  }

  return async function placeOrder(
    draft: Omit<OrderDraft, 'orderSequence' | 'quotation'>,
    { quotation, openDocument = false }: { quotation: boolean; openDocument?: boolean },
  ): Promise<PlaceOrderOutcome> {
    const fallback = quotation ? QUOTATION_FAILED : ORDER_FAILED
    // A second click while the first is under way does nothing (the buttons are disabled too).
    if (busy) return { ok: false, reason: 'failed', message: '' }
    busy = true
    let sequence = deps.getFailedOrderData()
    try {
      if (!sequence) sequence = (await deps.api.getOrderId()).orderSequence
      deps.setFailedOrderData(sequence)
      const answer = await deps.api.createOrder(buildCreateOrderPayload({ ...draft, orderSequence: sequence, quotation }))
      const order = answer.createOrder.order
      // Spec 4: a quotation counts as saved only with its document.
      if (quotation && !order.orderUrl) throw new CheckoutApiError('the quotation came back without an orderUrl', 200, null, null, answer)
      deps.setFailedOrderData(null)
      deps.storeOrder(order)
      const signedIn = deps.signedIn()
      await quietly('invalidating the promotions', deps.invalidatePromotions)
      await quietly('clearing the cart', deps.clearCart)
      if (signedIn) await quietly('reloading the partner', deps.reloadPartner)
      deps.notifySuccess(quotation ? QUOTATION_SAVED : ORDER_PLACED)
      if (quotation && openDocument && order.orderUrl) deps.openDocument(order.orderUrl)
      const destination = destinationFor(order, { signedIn })
      deps.navigate(destination)
      return { ok: true, order, destination }
    } catch (error) {
      const refusal = error instanceof CheckoutApiError ? error : null
      // Kept for the retry: the same reference again (nothing to keep when none was handed out).
      if (sequence) deps.setFailedOrderData(sequence)
      if (refusal?.status === 409 && refusal.serverMessage === REFERENCE_USED) {
        // That reference made an order from other contents (an earlier attempt whose answer was
        // lost): the next attempt asks for a new one.
        deps.setFailedOrderData(null)
      }
      const summary = refusal?.status === 409 ? summaryOfRefusal(refusal) : null
      const message = (refusal?.status !== 200 && refusal?.serverMessage) || fallback
      if (!refusal) log('Creating the order failed:', error)
      deps.notifyError(message)
      if (summary) {
        deps.showSummary(summary)
        return { ok: false, reason: 'prices-changed', message, orderSummary: summary }
      }
      return { ok: false, reason: 'failed', message }
    } finally {
      busy = false
    }
  }
}

export type PlaceOrder = ReturnType<typeof createPlaceOrder>
