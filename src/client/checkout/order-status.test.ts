import { expect, test } from 'vitest'
import { orderStatus } from './order-status'

const order = { kind: 'order', state: 'draft', approvalState: 'not_required', paymentState: 'pending' } as const

test('an order over budget shows as awaiting approval, whatever else is true of it', () => {
  expect(orderStatus({ ...order, approvalState: 'awaiting_approval' })).toBe('statusAwaitingApproval')
  expect(orderStatus({ ...order, kind: 'quotation', approvalState: 'awaiting_approval' })).toBe('statusAwaitingApproval')
})

test('a quotation is a quotation; a cancelled order is cancelled', () => {
  expect(orderStatus({ ...order, kind: 'quotation', paymentState: 'not_paid' })).toBe('statusQuotation')
  expect(orderStatus({ ...order, state: 'cancel', approvalState: 'awaiting_approval' })).toBe('statusCancelled')
})

test('an order is awaiting payment until paid, and confirmed once nothing is due', () => {
  expect(orderStatus(order)).toBe('statusAwaitingPayment')
  expect(orderStatus({ ...order, state: 'sale', paymentState: 'not_paid' })).toBe('statusConfirmed')
  expect(orderStatus({ ...order, state: 'sale', paymentState: 'paid' })).toBe('statusPaid')
  expect(orderStatus({ ...order, paymentState: 'not_paid' })).toBe('statusPlaced')
})

test('an approved order shows as approved until it is paid; a rejected one as rejected, not just cancelled', () => {
  expect(orderStatus({ ...order, state: 'sale', approvalState: 'approved' })).toBe('statusApproved')
  expect(orderStatus({ ...order, state: 'sale', approvalState: 'approved', paymentState: 'paid' })).toBe('statusPaid')
  expect(orderStatus({ ...order, state: 'cancel', approvalState: 'rejected' })).toBe('statusRejected')
})

test('an order waiting for the shopper’s bank transfer says so until the store marks it paid (issue 27)', () => {
  const howToPay = { summary: 'Please transfer $29.00 …', rows: [], instructions: '', amount: '$29.00', reference: 'S00042' }
  expect(orderStatus({ ...order, state: 'sale', howToPay })).toBe('statusAwaitingYourPayment')
  expect(orderStatus({ ...order, state: 'sale', paymentState: 'paid', howToPay: null })).toBe('statusPaid')
})

test('a confirmed order reads where its goods are once they move: in production, partly shipped, shipped, delivered (issue 27)', () => {
  const paid = { ...order, state: 'sale', paymentState: 'paid' } as const
  expect(orderStatus({ ...paid, fulfilmentState: 'unfulfilled' })).toBe('statusPaid')
  expect(orderStatus({ ...paid, fulfilmentState: 'in_production' })).toBe('statusInProduction')
  expect(orderStatus({ ...paid, fulfilmentState: 'partially_shipped' })).toBe('statusPartlyShipped')
  expect(orderStatus({ ...paid, fulfilmentState: 'shipped' })).toBe('statusShipped')
  expect(orderStatus({ ...paid, fulfilmentState: 'delivered' })).toBe('statusDelivered')
  // A cancelled order is cancelled, wherever its goods were.
  expect(orderStatus({ ...paid, state: 'cancel', fulfilmentState: 'in_production' })).toBe('statusCancelled')
})

test('an order of the list that waits for the shopper’s bank transfer reads "Awaiting your payment", as its page does', () => {
  expect(orderStatus({ ...order, state: 'sale', preview: { awaitingTransfer: true } })).toBe('statusAwaitingYourPayment')
  expect(orderStatus({ ...order, state: 'sale', preview: { awaitingTransfer: false } })).toBe('statusConfirmed')
})
