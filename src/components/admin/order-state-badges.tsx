import type { OrderApprovalState, OrderFulfilmentState, OrderPaymentState, OrderState } from '@/isomorphic/order-types'

// An order's states as badges (issue 15): the order, its approval, payment and fulfilment, each in
// words and a tone — green done, amber waiting for someone, red stopped, grey nothing to do.

type Tone = 'done' | 'waiting' | 'stopped' | 'neutral' | 'info'

const TONE_CLASSES: Record<Tone, string> = {
  done: 'border-green-200 bg-green-50 text-green-800',
  waiting: 'border-amber-200 bg-amber-50 text-amber-900',
  stopped: 'border-danger/30 bg-red-50 text-danger',
  neutral: 'border-line bg-soft text-muted',
  info: 'border-blue-200 bg-blue-50 text-blue-800',
}

export const ORDER_STATE_NAMES: Record<OrderState, string> = { draft: 'Draft', sale: 'Confirmed', cancel: 'Cancelled' }
export const APPROVAL_STATE_NAMES: Record<OrderApprovalState, string> = {
  not_required: 'No approval needed',
  awaiting_approval: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
}
export const PAYMENT_STATE_NAMES: Record<OrderPaymentState, string> = {
  not_paid: 'Not paid',
  pending: 'Awaiting payment',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
}
export const FULFILMENT_STATE_NAMES: Record<OrderFulfilmentState, string> = {
  unfulfilled: 'Unfulfilled',
  in_production: 'In production',
  partially_shipped: 'Partially shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
}

const ORDER_TONES: Record<OrderState, Tone> = { draft: 'neutral', sale: 'info', cancel: 'stopped' }
const APPROVAL_TONES: Record<OrderApprovalState, Tone> = { not_required: 'neutral', awaiting_approval: 'waiting', approved: 'done', rejected: 'stopped' }
const PAYMENT_TONES: Record<OrderPaymentState, Tone> = { not_paid: 'neutral', pending: 'waiting', paid: 'done', partially_refunded: 'info', refunded: 'neutral' }
const FULFILMENT_TONES: Record<OrderFulfilmentState, Tone> = { unfulfilled: 'waiting', in_production: 'info', partially_shipped: 'info', shipped: 'done', delivered: 'done' }

export function Badge({ tone, children, title }: { tone: Tone; children: string; title?: string }) {
  return (
    <span title={title} className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE_CLASSES[tone]}`}>
      {children}
    </span>
  )
}

export const OrderStateBadge = ({ state }: { state: OrderState }) => (
  <Badge tone={ORDER_TONES[state]} title="Order">
    {ORDER_STATE_NAMES[state]}
  </Badge>
)
export const ApprovalStateBadge = ({ state }: { state: OrderApprovalState }) => (
  <Badge tone={APPROVAL_TONES[state]} title="Approval">
    {APPROVAL_STATE_NAMES[state]}
  </Badge>
)
export const PaymentStateBadge = ({ state }: { state: OrderPaymentState }) => (
  <Badge tone={PAYMENT_TONES[state]} title="Payment">
    {PAYMENT_STATE_NAMES[state]}
  </Badge>
)
export const FulfilmentStateBadge = ({ state }: { state: OrderFulfilmentState }) => (
  <Badge tone={FULFILMENT_TONES[state]} title="Fulfilment">
    {FULFILMENT_STATE_NAMES[state]}
  </Badge>
)

/** The badges that say something about an order: its approval only while it matters, fulfilment only once confirmed. */
export function OrderBadges({ order }: { order: { state: OrderState; approvalState: OrderApprovalState; paymentState: OrderPaymentState; fulfilmentState: OrderFulfilmentState } }) {
  return (
    <span className="flex flex-wrap gap-1">
      {/* An order waiting for its approver says so, not "Draft" (issue 26). */}
      {order.state === 'cancel' || (order.state === 'draft' && order.approvalState !== 'awaiting_approval') ? <OrderStateBadge state={order.state} /> : null}
      {order.approvalState === 'awaiting_approval' || order.approvalState === 'rejected' ? <ApprovalStateBadge state={order.approvalState} /> : null}
      {order.state !== 'cancel' || order.paymentState !== 'not_paid' ? <PaymentStateBadge state={order.paymentState} /> : null}
      {order.state === 'sale' ? <FulfilmentStateBadge state={order.fulfilmentState} /> : null}
    </span>
  )
}
