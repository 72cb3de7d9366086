import type { OrderData } from '@/isomorphic/order-types'

// What an order's state means to its customer, in one word or two (message keys of 'orders').
// Approval comes first: until it is approved nothing else happens to the order, and a rejected
// order says so rather than just 'cancelled'.

export type OrderStatusKey =
  | 'statusAwaitingApproval'
  | 'statusApproved'
  | 'statusRejected'
  | 'statusQuotation'
  | 'statusCancelled'
  | 'statusConfirmed'
  | 'statusPaid'
  | 'statusAwaitingPayment'
  | 'statusPlaced'

export function orderStatus(order: Pick<OrderData, 'kind' | 'state' | 'approvalState' | 'paymentState'>): OrderStatusKey {
  if (order.approvalState === 'rejected') return 'statusRejected'
  if (order.state === 'cancel') return 'statusCancelled'
  if (order.approvalState === 'awaiting_approval') return 'statusAwaitingApproval'
  if (order.kind === 'quotation') return 'statusQuotation'
  if (order.paymentState === 'paid') return 'statusPaid'
  if (order.approvalState === 'approved') return 'statusApproved'
  if (order.state === 'sale') return 'statusConfirmed'
  if (order.paymentState === 'pending') return 'statusAwaitingPayment'
  return 'statusPlaced'
}
