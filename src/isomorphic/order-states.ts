import type { OrderApprovalState, OrderFulfilmentState, OrderPaymentState, OrderState } from './order-types'
import { OFFLINE_PROVIDERS } from './payment-terms'

// An order's life cycle (issues 15, 26), declared once. An order moves along four axes: its state
// (draft → sale, or cancel), its approval, its payment and its fulfilment. Each step says who takes
// it, which facts it needs — checked in order, the first that fails gives the member's sentence (a
// 409's message) — and the states it leads to. The core's steps (confirm, pay by card, approve,
// reject, mark paid, refund, cancel), the SQL compare-and-set of the racing ones and the console's
// buttons all read this table; none compares states by hand.
//
//   draft ─confirm (offline method)────────────→ sale ─markPaid→ paid ─refund→ (partially) refunded
//     │  └─payByCard (the shopper goes to pay)…cardPaymentArrives (the provider's word)→ sale, paid
//     ├─approve (awaiting approval)→ sale (the rest invoiced to the company)
//     └─reject (awaiting approval)→ cancel
//   draft or sale, nothing shipped ─cancel→ cancel

export type OrderStep = 'confirm' | 'payByCard' | 'cardPaymentArrives' | 'approve' | 'reject' | 'markPaid' | 'refund' | 'cancel'

/** Who takes a step: the shopper at the checkout, an approver of the store, the store's staff, or the card provider's word. */
export type OrderStepBy = 'shopper' | 'approver' | 'staff' | 'card_provider'

/** What the table reads of an order. */
export type OrderFacts = {
  kind: 'order' | 'quotation'
  state: OrderState
  approvalState: OrderApprovalState
  paymentState: OrderPaymentState
  fulfilmentState: OrderFulfilmentState
  /** The chosen payment method's provider; null when none was chosen. */
  provider: string | null
}

type Check = { holds: (order: OrderFacts) => boolean; refusal: (reference: string, order: OrderFacts) => string }

type StepRule = {
  label: string
  by: OrderStepBy
  /** The states each axis may be in for the step; an axis not named may be in any. The racing steps' SQL reads these lists. */
  from: { state: readonly OrderState[]; approvalState?: readonly OrderApprovalState[]; paymentState?: readonly OrderPaymentState[]; fulfilmentState?: readonly OrderFulfilmentState[] }
  /** The checks, in order: the first that fails is the member's sentence. */
  checks: readonly Check[]
  /** Where it leads on the axes it moves (a refund's payment state depends on what is left: the step decides). */
  to: { state?: OrderState; approvalState?: OrderApprovalState; paymentState?: OrderPaymentState }
}

/** The payment states of an order whose money was received (some of it may have been given back since). */
export const PAID: readonly OrderPaymentState[] = ['paid', 'partially_refunded', 'refunded']
/** Before anything shipped: the work orders may be in production, no parcel has left. */
export const CANCELLABLE_FULFILMENT: readonly OrderFulfilmentState[] = ['unfulfilled', 'in_production']
/** The approval states in which an order may be paid: none was needed, or it was given. */
export const PAYABLE_APPROVAL_STATES: readonly OrderApprovalState[] = ['not_required', 'approved']

const payable = (order: OrderFacts) => PAYABLE_APPROVAL_STATES.includes(order.approvalState)
const notApproved = (reference: string) => `Order ${reference} was not approved: it takes no payment.`
const isOrder: Check = { holds: (order) => order.kind === 'order', refusal: (reference) => `${reference} is a quotation: there is nothing to pay.` }

export const ORDER_STEPS = {
  confirm: {
    label: 'Confirm with an offline payment method',
    by: 'shopper',
    from: { state: ['draft'], approvalState: PAYABLE_APPROVAL_STATES, paymentState: ['pending'] },
    checks: [
      isOrder,
      { holds: (order) => order.state !== 'cancel', refusal: (reference) => `Order ${reference} is cancelled: it takes no payment.` },
      { holds: (order) => order.state === 'draft', refusal: (reference) => `Order ${reference} is already confirmed.` },
      { holds: payable, refusal: (reference, order) => (order.approvalState === 'awaiting_approval' ? `Order ${reference} is waiting for approval: it is confirmed when an approver approves it.` : notApproved(reference)) },
      { holds: (order) => order.paymentState === 'pending', refusal: (reference) => `Order ${reference} has no payment waiting.` },
    ],
    to: { state: 'sale' },
  },
  payByCard: {
    // The shopper starts paying at the card provider's page; the order stays a draft until the provider's word (cardPaymentArrives).
    label: 'Pay by card',
    by: 'shopper',
    from: { state: ['draft'], approvalState: PAYABLE_APPROVAL_STATES, paymentState: ['pending'] },
    checks: [
      isOrder,
      { holds: (order) => order.state !== 'cancel', refusal: (reference) => `Order ${reference} is cancelled: it takes no payment.` },
      { holds: payable, refusal: (reference, order) => (order.approvalState === 'awaiting_approval' ? `Order ${reference} is waiting for approval: it can be paid once approved.` : notApproved(reference)) },
      { holds: (order) => order.state === 'draft' && order.paymentState === 'pending', refusal: (reference) => `Order ${reference} has no payment waiting.` },
    ],
    to: {},
  },
  cardPaymentArrives: {
    // The provider's verified word that the money was taken. Besides a draft, it pays an order confirmed
    // meanwhile with an offline method whose money is still pending (the shopper paid by card after all).
    label: 'Card payment received',
    by: 'card_provider',
    from: { state: ['draft', 'sale'], approvalState: PAYABLE_APPROVAL_STATES, paymentState: ['pending'] },
    checks: [
      isOrder,
      { holds: (order) => order.state !== 'cancel', refusal: (reference) => `Order ${reference} is cancelled: it takes no payment.` },
      { holds: payable, refusal: (reference) => notApproved(reference) },
      { holds: (order) => order.paymentState === 'pending', refusal: (reference) => `Order ${reference} has no payment waiting.` },
    ],
    to: { state: 'sale', paymentState: 'paid' },
  },
  approve: {
    label: 'Approve',
    by: 'approver',
    from: { state: ['draft'], approvalState: ['awaiting_approval'] },
    checks: [
      isOrder,
      { holds: (order) => order.approvalState === 'awaiting_approval' && order.state === 'draft', refusal: (reference, order) => `Order ${reference} is not waiting for approval (it is ${words(order.approvalState)}).` },
    ],
    to: { state: 'sale', approvalState: 'approved' },
  },
  reject: {
    label: 'Reject',
    by: 'approver',
    from: { state: ['draft'], approvalState: ['awaiting_approval'] },
    checks: [
      isOrder,
      { holds: (order) => order.approvalState === 'awaiting_approval' && order.state === 'draft', refusal: (reference, order) => `Order ${reference} is not waiting for approval (it is ${words(order.approvalState)}).` },
    ],
    to: { state: 'cancel', approvalState: 'rejected', paymentState: 'not_paid' },
  },
  markPaid: {
    label: 'Mark paid',
    by: 'staff',
    from: { state: ['sale'], paymentState: ['pending'] },
    checks: [
      isOrder,
      { holds: (order) => order.state !== 'cancel', refusal: (reference) => `Order ${reference} is cancelled: it takes no payment.` },
      { holds: (order) => order.provider === null || OFFLINE_PROVIDERS.includes(order.provider), refusal: (reference) => `Order ${reference} is paid by card: its payment is recorded when the card provider confirms it.` },
      { holds: (order) => order.paymentState === 'pending', refusal: (reference, order) => `Order ${reference} has no payment waiting (it is ${words(order.paymentState)}).` },
      {
        // An offline method chosen at the checkout, or no method at all after an approval (the rest is invoiced to the company).
        holds: (order) => order.state === 'sale' && (order.provider !== null || order.approvalState === 'approved'),
        refusal: (reference) => `Order ${reference} is not confirmed with a purchase order, invoice or wire transfer yet.`,
      },
    ],
    to: { paymentState: 'paid' },
  },
  refund: {
    // Its payment state is what is left to give back (paymentStateAfterRefund).
    label: 'Refund',
    by: 'staff',
    // Not cancelled (an order is paid only once confirmed, so in practice a sale).
    from: { state: ['draft', 'sale'], paymentState: PAID },
    checks: [
      { holds: (order) => order.kind === 'order', refusal: (reference) => `${reference} is a quotation: nothing was paid.` },
      { holds: (order) => order.state !== 'cancel', refusal: (reference) => `Order ${reference} is cancelled: what was paid has been given back with the cancellation.` },
      { holds: (order) => PAID.includes(order.paymentState), refusal: (reference) => `Order ${reference} has not been paid yet: mark its payment received first, or cancel the order.` },
    ],
    to: {},
  },
  cancel: {
    label: 'Cancel',
    by: 'staff',
    from: { state: ['draft', 'sale'], fulfilmentState: CANCELLABLE_FULFILMENT },
    checks: [
      { holds: (order) => order.kind === 'order', refusal: (reference) => `${reference} is a quotation: there is nothing to cancel.` },
      { holds: (order) => order.state !== 'cancel', refusal: (reference) => `Order ${reference} is already cancelled.` },
      {
        holds: (order) => CANCELLABLE_FULFILMENT.includes(order.fulfilmentState),
        refusal: (reference) => `Order ${reference} has already shipped (in part or in full), so it can no longer be cancelled. Refund it instead.`,
      },
    ],
    to: { state: 'cancel' },
  },
} as const satisfies Record<OrderStep, StepRule>

const words = (state: string) => state.replaceAll('_', ' ')

/**
 * The payment state money given back leads to, the one place it is decided: a refund leaves the
 * order refunded once everything taken is back, else partially refunded; a cancellation gives back
 * everything taken (refunded), and an order that took nothing is not paid. Amounts in cents.
 */
export function paymentStateAfterRefund(step: 'refund' | 'cancel', money: { taken: number; refunded: number }): OrderPaymentState {
  if (step === 'cancel') return money.taken === 0 ? 'not_paid' : 'refunded'
  return money.refunded >= money.taken ? 'refunded' : 'partially_refunded'
}

/** Null when the step may be taken on the order, else the sentence why not (a 409's message). */
export function orderRefusal(step: OrderStep, order: OrderFacts, reference: string): string | null {
  const failed = ORDER_STEPS[step].checks.find((check) => !check.holds(order))
  return failed ? failed.refusal(reference, order) : null
}

/** Whether the step may be taken on the order now. */
export function orderMay(step: OrderStep, order: OrderFacts): boolean {
  return orderRefusal(step, order, '') === null
}

/** The console's steps a member of the store's staff may take on the order now, in the order the page offers them. */
export function staffStepsOpen(order: OrderFacts): ('markPaid' | 'refund' | 'cancel')[] {
  return (['markPaid', 'refund', 'cancel'] as const).filter((step) => orderMay(step, order))
}
