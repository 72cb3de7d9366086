import type { OrderData } from '@/isomorphic/order-types'

// What an order's state means to its customer, in one word or two (message keys of 'orders').
// Approval comes first: until it is approved nothing else happens to the order, and a rejected
// order says so rather than just 'cancelled'. Then where the goods are (issue 27: a shipped order
// reads Shipped, not Paid), then what is owed.

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
  | 'statusInProduction'
  | 'statusPartlyShipped'
  | 'statusShipped'
  | 'statusDelivered'

const BY_FULFILMENT: Partial<Record<OrderData['fulfilmentState'], OrderStatusKey>> = {
  delivered: 'statusDelivered',
  shipped: 'statusShipped',
  partially_shipped: 'statusPartlyShipped',
  in_production: 'statusInProduction',
}

/** `howToPay`: the order's details say it awaits the shopper's bank transfer (issue 27), until the store marks it paid. */
export function orderStatus(
  order: Pick<OrderData, 'kind' | 'state' | 'approvalState' | 'paymentState'> & { fulfilmentState?: OrderData['fulfilmentState']; howToPay?: object | null; preview?: { awaitingTransfer: boolean } },
): OrderStatusKey {
  if (order.approvalState === 'rejected') return 'statusRejected'
  if (order.state === 'cancel') return 'statusCancelled'
  if (order.approvalState === 'awaiting_approval') return 'statusAwaitingApproval'
  const goods = order.fulfilmentState ? BY_FULFILMENT[order.fulfilmentState] : undefined
  if (goods) return goods
  if (order.howToPay || order.preview?.awaitingTransfer) return 'statusAwaitingYourPayment'
  if (order.kind === 'quotation') return 'statusQuotation'
  if (order.paymentState === 'paid') return 'statusPaid'
  if (order.approvalState === 'approved') return 'statusApproved'
  if (order.state === 'sale') return 'statusConfirmed'
  if (order.paymentState === 'pending') return 'statusAwaitingPayment'
  return 'statusPlaced'
}
