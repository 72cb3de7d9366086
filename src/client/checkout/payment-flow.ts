import type { OrderData } from '@/isomorphic/order-types'
import { cardPaymentWaiting } from '@/isomorphic/card-payment-states'
import type { CardPaymentStatus } from '@/isomorphic/contract/payments'

// The payment pages (spec 2: /payment, /payment/status, /payment/success): their addresses and
// what each shows for an order. An order travels as ?order=<id>&token=<access token>; the token is
// what lets a guest (or a link in a mail) reach it, a signed-in owner needs none. The pages only
// show what the server says: whether an order is paid is never decided here.

/** Card providers pay on their own hosted page: the browser is sent there (and comes back to /payment/status). */
export const REDIRECT_PROVIDERS: readonly string[] = ['stripe']

export type PaymentParams = { orderId: number | null; token: string | null; sessionId: string | null }

/** A positive whole order id from the address, else null. */
function idOf(value: string | null): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null
  const id = Number(value)
  return id <= 2_147_483_647 ? id : null
}

/** The order, its token (also accepted as access_token, as order links carry it) and Stripe's session id. */
export function readPaymentParams(params: { get(name: string): string | null }): PaymentParams {
  const token = params.get('token') || params.get('access_token') || null
  const sessionId = params.get('session_id')
  return {
    orderId: idOf(params.get('order')),
    token: token && token.length <= 200 ? token : null,
    sessionId: sessionId && /^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId) ? sessionId : null,
  }
}

function withOrder(path: string, orderId: number, token: string | null | undefined): string {
  const query = new URLSearchParams({ order: String(orderId) })
  if (token) query.set('token', token)
  return `${path}?${query.toString()}`
}

export const paymentPath = (orderId: number, token?: string | null) => withOrder('/payment', orderId, token)
export const paymentSuccessPath = (orderId: number, token?: string | null) => withOrder('/payment/success', orderId, token)

/** The order's own page: me/orders for a signed-in customer, the guest confirmation page otherwise. */
export function orderPagePath(orderId: number, token: string | null | undefined, { signedIn }: { signedIn: boolean }): string {
  const query = new URLSearchParams({ order: String(orderId) })
  if (token) query.set('access_token', token)
  return `${signedIn ? '/me/orders' : '/checkout/confirmation'}?${query.toString()}`
}

/**
 * What /payment offers for an order: `pay` while it waits for its payment; otherwise why not
 * (paid, confirmed with an offline method and its money on the way, waiting for approval, or not
 * an order that can be paid at all).
 */
export type PaymentStage = 'pay' | 'paid' | 'confirmed' | 'awaiting-approval' | 'not-payable'

export function paymentStage(order: Pick<OrderData, 'kind' | 'state' | 'approvalState' | 'paymentState' | 'amounts'>): PaymentStage {
  if (order.kind !== 'order' || order.state === 'cancel' || order.approvalState === 'rejected') return 'not-payable'
  if (order.paymentState === 'paid' || order.amounts.due <= 0) return 'paid'
  if (order.approvalState === 'awaiting_approval') return 'awaiting-approval'
  if (order.state === 'sale') return 'confirmed'
  return 'pay'
}

/** checkPayment's answer (mutation): the card payment's state and the order as it now is. */
export type CheckPaymentAnswer = {
  checkPayment: {
    status: CardPaymentStatus
    order: { id: number; name: string; state: OrderData['state']; paymentState: OrderData['paymentState'] }
  }
}

/** What /payment/status shows after asking the server: go on to success, wait, or offer to pay again. */
export type ReturnOutcome = 'paid' | 'pending' | 'failed' | 'expired' | 'none'

export function returnOutcome({ status, order }: CheckPaymentAnswer['checkPayment']): ReturnOutcome {
  if (order.paymentState === 'paid') return 'paid'
  if (status === 'none') return 'none'
  if (cardPaymentWaiting(status)) return 'pending'
  // A transaction paid while the order is not (it could not take the money): offered to pay again, as a failure.
  return status === 'expired' ? 'expired' : 'failed'
}

/** How often /payment/status asks again while Stripe has not confirmed yet (the webhook may be on its way). */
export const STATUS_RECHECKS = 3
export const STATUS_RECHECK_DELAY_MS = 2000
