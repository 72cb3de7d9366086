import type { OrderSummaryData } from '@/isomorphic/cart-types'
import { ORDER_FAILED, ORDER_PLACED, QUOTATION_FAILED, QUOTATION_SAVED, REFERENCE_USED } from '@/isomorphic/order-types'
import { CheckoutApiError, type CheckoutApi, summaryOfRefusal } from './checkout-api'
import type { PlacedOrder } from './order-contract'
import { buildCreateOrderPayload, type OrderDraft } from './order-payload'
import { paymentPath, REDIRECT_PROVIDERS } from './payment-flow'

// Placing an order or saving a quotation (spec 4). The order reference comes first (getOrderId)
// and is kept as failedOrderData before createOrder is called: until the call succeeds, every
// retry — a double click, a lost answer, a price check — sends the SAME reference, and the server
// answers a repeated reference with the order it already made. So one checkout makes one order.
// An order left with an amount due is then paid with the chosen method (orderPayment): an offline
// method confirms it; a card method answers its provider's page, where the browser goes next (the
// order is confirmed by the server once the provider says it is paid). A refused payment is shown,
// and the shopper still goes to the order (it exists, unpaid) — or, for a card, to /payment to try
// again.

/** The orderPayment answers the checkout shows (spec 8). */
export const ORDER_CONFIRMED = 'Order has been confirmed successfully!'
export const ORDER_PAYMENT_FAILED = 'There is some error please contact your administrator!'

export type PlaceOrderOutcome =
  | { ok: true; order: PlacedOrder; destination: string }
  | { ok: false; reason: 'prices-changed'; message: string; orderSummary: OrderSummaryData }
  | { ok: false; reason: 'failed'; message: string }

export type PlaceOrderDeps = {
  api: Pick<CheckoutApi, 'getOrderId' | 'createOrder' | 'orderPayment'>
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
  /** Leaves the store for a card provider's hosted payment page (a full page load). */
  redirect: (url: string) => void
  signedIn: () => boolean
  /** A signed-in customer's newly typed addresses, saved to the address book after the order. */
  saveAddresses?: () => Promise<unknown>
  logError?: (message: string, error: unknown) => void
}

/** Where the shopper goes afterwards: their orders when signed in, the confirmation page for a guest. */
export function destinationFor(order: PlacedOrder, { signedIn }: { signedIn: boolean }): string {
  const query = new URLSearchParams({ order: String(order.id) })
  if (order.accessToken) query.set('access_token', order.accessToken)
  return `${signedIn ? '/me/orders' : '/checkout/confirmation'}?${query.toString()}`
}

/** An order (not a quotation) placed with an amount due and a payment method, not waiting for approval. */
export function needsPayment(order: PlacedOrder, paymentId: number | null): paymentId is number {
  return order.kind === 'order' && order.state === 'draft' && !order.approvalRequired && order.amounts.due > 0 && paymentId !== null
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

  /**
   * Pays the placed order with the chosen method: the order as it now is, or the card provider's
   * page to go to. A refusal is shown and the order stays as it was (placed, unpaid). The order's
   * 'placed' toast has been shown already (spec 4: every successful createOrder says so); a payment
   * that went through adds 'confirmed' after it (spec 8's orderPayment success).
   */
  const payOrder = async (
    order: PlacedOrder,
    acquirerId: number,
  ): Promise<{ order: PlacedOrder; redirectUrl?: string; refused?: true }> => {
    try {
      const answer = await deps.api.orderPayment({ acquirerId, orderId: order.id, ...(order.accessToken ? { accessToken: order.accessToken } : {}) })
      const paid = answer?.orderPayment
      if (paid?.success !== true) throw new CheckoutApiError('orderPayment answered without success', 200, null, null, answer)
      if (paid.redirectUrl) return { order, redirectUrl: paid.redirectUrl }
      const confirmed: PlacedOrder = { ...order, state: paid.order?.state ?? order.state, paymentState: paid.order?.paymentState ?? order.paymentState }
      deps.storeOrder(confirmed)
      deps.notifySuccess(ORDER_CONFIRMED)
      return { order: confirmed }
    } catch (error) {
      const refusal = error instanceof CheckoutApiError ? error : null
      if (!refusal) log('Paying the order failed:', error)
      deps.notifyError((refusal?.status !== 200 && refusal?.serverMessage) || ORDER_PAYMENT_FAILED)
      return { order, refused: true }
    }
  }

  return async function placeOrder(
    draft: Omit<OrderDraft, 'orderSequence' | 'quotation'> & { paymentProvider?: string | null },
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
      let order = answer.createOrder.order
      // Spec 4: a quotation counts as saved only with its document.
      if (quotation && !order.orderUrl) throw new CheckoutApiError('the quotation came back without an orderUrl', 200, null, null, answer)
      deps.setFailedOrderData(null)
      deps.storeOrder(order)
      deps.notifySuccess(quotation ? QUOTATION_SAVED : ORDER_PLACED)
      const signedIn = deps.signedIn()
      // Before the cart clear, which forgets the addresses typed.
      if (signedIn && deps.saveAddresses) await quietly('saving the addresses to the address book', deps.saveAddresses)
      await quietly('invalidating the promotions', deps.invalidatePromotions)
      await quietly('clearing the cart', deps.clearCart)
      if (signedIn) await quietly('reloading the partner', deps.reloadPartner)
      let destination: string | null = null
      if (!quotation && needsPayment(order, draft.paymentId)) {
        const payment = await payOrder(order, draft.paymentId)
        order = payment.order
        if (payment.redirectUrl) {
          deps.redirect(payment.redirectUrl)
          return { ok: true, order, destination: payment.redirectUrl }
        }
        // A card payment that could not start: the payment page offers it again (or another method).
        if (payment.refused && REDIRECT_PROVIDERS.includes(draft.paymentProvider ?? '')) destination = paymentPath(order.id, order.accessToken)
      }
      destination ??= destinationFor(order, { signedIn })
      if (quotation && openDocument && order.orderUrl) deps.openDocument(order.orderUrl)
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
