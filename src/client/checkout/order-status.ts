import type { OrderData } from '@/shared/order-types'

// What an order's state means to its customer, in one word or two (message keys of 'orders').
// Waiting for approval comes first: until it is approved nothing else happens to the order.

export type OrderStatusKey = 'statusAwaitingApproval' | 'statusQuotation' | 'statusCancelled' | 'statusConfirmed' | 'statusPaid' | 'statusAwaitingPayment' | 'statusPlaced'

export function orderStatus(order: Pick<OrderData, 'kind' | 'state' | 'approvalState' | 'paymentState'>): OrderStatusKey {
  if (order.state === 'cancel') return 'statusCancelled'
  if (order.approvalState === 'awaiting_approval') return 'statusAwaitingApproval'
  if (order.kind === 'quotation') return 'statusQuotation'
  if (order.paymentState === 'paid') return 'statusPaid'
  if (order.state === 'sale') return 'statusConfirmed'
  if (order.paymentState === 'pending') return 'statusAwaitingPayment'
  return 'statusPlaced'
}
