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
  | 'statusAwaitingYourPayment'
  | 'statusPlaced'

/** `howToPay`: the order's details say it awaits the shopper's bank transfer (issue 27), until the store marks it paid. */
export function orderStatus(order: Pick<OrderData, 'kind' | 'state' | 'approvalState' | 'paymentState'> & { howToPay?: object | null }): OrderStatusKey {
  if (order.approvalState === 'rejected') return 'statusRejected'
  if (order.state === 'cancel') return 'statusCancelled'
  if (order.approvalState === 'awaiting_approval') return 'statusAwaitingApproval'
  if (order.howToPay) return 'statusAwaitingYourPayment'
  if (order.kind === 'quotation') return 'statusQuotation'
  if (order.paymentState === 'paid') return 'statusPaid'
  if (order.approvalState === 'approved') return 'statusApproved'
  if (order.state === 'sale') return 'statusConfirmed'
  if (order.paymentState === 'pending') return 'statusAwaitingPayment'
  return 'statusPlaced'
}
