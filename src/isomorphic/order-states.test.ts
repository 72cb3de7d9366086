import { describe, expect, it } from 'vitest'
import { ORDER_STEPS, type OrderFacts, orderMay, orderRefusal, type OrderStep, paymentStateAfterRefund, staffStepsOpen } from './order-states'
import type { OrderApprovalState, OrderFulfilmentState, OrderPaymentState, OrderState } from './order-types'

const placed: OrderFacts = { kind: 'order', state: 'draft', approvalState: 'not_required', paymentState: 'pending', fulfilmentState: 'unfulfilled', provider: null }
const confirmedByWire: OrderFacts = { ...placed, state: 'sale', provider: 'wire_transfer' }
const paidByCard: OrderFacts = { ...placed, state: 'sale', paymentState: 'paid', provider: 'stripe' }

describe('the order life cycle', () => {
  it('confirms a placed order with an offline method, not one waiting for approval or already confirmed', () => {
    expect(orderMay('confirm', placed)).toBe(true)
    expect(orderRefusal('confirm', { ...placed, approvalState: 'awaiting_approval' }, 'GR-1')).toBe('Order GR-1 is waiting for approval: it is confirmed when an approver approves it.')
    expect(orderRefusal('confirm', confirmedByWire, 'GR-1')).toBe('Order GR-1 is already confirmed.')
  })

  it("takes the card provider's word for a draft, or for an order confirmed meanwhile whose money is pending, never twice", () => {
    expect(orderMay('payByCard', placed)).toBe(true)
    expect(ORDER_STEPS.payByCard.to).toEqual({})
    expect(orderMay('cardPaymentArrives', placed)).toBe(true)
    expect(orderMay('cardPaymentArrives', confirmedByWire)).toBe(true)
    expect(ORDER_STEPS.cardPaymentArrives.to).toEqual({ state: 'sale', paymentState: 'paid' })
    expect(orderRefusal('cardPaymentArrives', paidByCard, 'GR-1')).toBe('Order GR-1 has no payment waiting.')
    expect(orderRefusal('cardPaymentArrives', { ...paidByCard, paymentState: 'refunded' }, 'GR-1')).toBe('Order GR-1 has no payment waiting.')
    expect(orderRefusal('cardPaymentArrives', { ...placed, state: 'cancel' }, 'GR-1')).toBe('Order GR-1 is cancelled: it takes no payment.')
    expect(orderRefusal('cardPaymentArrives', { ...placed, approvalState: 'awaiting_approval' }, 'GR-1')).toBe('Order GR-1 was not approved: it takes no payment.')
  })

  it('lets the store mark an offline order paid once, never a card order, a cancelled order or a quotation', () => {
    expect(orderMay('markPaid', confirmedByWire)).toBe(true)
    expect(orderMay('markPaid', { ...confirmedByWire, provider: 'purchase_order' })).toBe(true)
    expect(orderRefusal('markPaid', { ...confirmedByWire, paymentState: 'paid' }, 'GR-1')).toBe('Order GR-1 has no payment waiting (it is paid).')
    expect(orderRefusal('markPaid', { ...placed, state: 'sale', provider: 'stripe' }, 'GR-1')).toBe('Order GR-1 is paid by card: its payment is recorded when the card provider confirms it.')
    expect(orderRefusal('markPaid', { ...confirmedByWire, state: 'cancel' }, 'GR-1')).toBe('Order GR-1 is cancelled: it takes no payment.')
    expect(orderRefusal('markPaid', { ...confirmedByWire, kind: 'quotation' }, 'Q-1')).toBe('Q-1 is a quotation: there is nothing to pay.')
    expect(orderRefusal('markPaid', { ...placed, provider: 'wire_transfer' }, 'GR-1')).toBe('Order GR-1 is not confirmed with a purchase order, invoice or wire transfer yet.')
  })

  it('lets the store mark paid an approved order invoiced to the company, which has no method', () => {
    expect(orderMay('markPaid', { ...placed, state: 'sale', approvalState: 'approved' })).toBe(true)
    expect(orderMay('markPaid', { ...placed, state: 'sale' })).toBe(false)
  })

  it('refunds only what was paid, and never a cancelled order', () => {
    expect(orderMay('refund', paidByCard)).toBe(true)
    expect(orderMay('refund', { ...paidByCard, paymentState: 'partially_refunded' })).toBe(true)
    expect(orderRefusal('refund', confirmedByWire, 'GR-1')).toBe('Order GR-1 has not been paid yet: mark its payment received first, or cancel the order.')
    expect(orderRefusal('refund', { ...paidByCard, state: 'cancel' }, 'GR-1')).toBe('Order GR-1 is cancelled: what was paid has been given back with the cancellation.')
  })

  it('cancels an order until something of it has shipped', () => {
    expect(orderMay('cancel', placed)).toBe(true)
    expect(orderMay('cancel', { ...paidByCard, fulfilmentState: 'in_production' })).toBe(true)
    expect(orderRefusal('cancel', { ...paidByCard, fulfilmentState: 'partially_shipped' }, 'GR-1')).toBe(
      'Order GR-1 has already shipped (in part or in full), so it can no longer be cancelled. Refund it instead.',
    )
    expect(orderRefusal('cancel', { ...placed, kind: 'quotation' }, 'Q-1')).toBe('Q-1 is a quotation: there is nothing to cancel.')
  })

  it('approves or rejects only an order waiting for approval, and says what it is instead', () => {
    const waiting: OrderFacts = { ...placed, approvalState: 'awaiting_approval' }
    expect(orderMay('approve', waiting)).toBe(true)
    expect(orderMay('reject', waiting)).toBe(true)
    expect(orderRefusal('approve', { ...waiting, approvalState: 'rejected' }, 'GR-1')).toBe('Order GR-1 is not waiting for approval (it is rejected).')
    expect(ORDER_STEPS.reject.to).toEqual({ state: 'cancel', approvalState: 'rejected', paymentState: 'not_paid' })
  })

  it('offers the console the steps the order allows now', () => {
    expect(staffStepsOpen(confirmedByWire)).toEqual(['markPaid', 'cancel'])
    expect(staffStepsOpen(paidByCard)).toEqual(['refund', 'cancel'])
    expect(staffStepsOpen({ ...paidByCard, fulfilmentState: 'shipped' })).toEqual(['refund'])
    expect(staffStepsOpen({ ...paidByCard, state: 'cancel', paymentState: 'refunded' })).toEqual([])
  })

  // The racing steps (confirm, approve, pay by card) write with SQL that reads the table's `from`
  // lists: an order the checks allow must be inside them, or the write would silently not happen.
  it("declares for every step starting states that hold every order its checks allow", () => {
    const states: OrderState[] = ['draft', 'sale', 'cancel']
    const approvals: OrderApprovalState[] = ['not_required', 'awaiting_approval', 'approved', 'rejected']
    const payments: OrderPaymentState[] = ['not_paid', 'pending', 'paid', 'partially_refunded', 'refunded']
    const fulfilments: OrderFulfilmentState[] = ['unfulfilled', 'in_production', 'partially_shipped', 'shipped', 'delivered']
    const providers = [null, 'stripe', 'wire_transfer', 'purchase_order']
    let allowed = 0
    for (const step of Object.keys(ORDER_STEPS) as OrderStep[]) {
      const from: { state: readonly string[]; approvalState?: readonly string[]; paymentState?: readonly string[]; fulfilmentState?: readonly string[] } = ORDER_STEPS[step].from
      for (const state of states)
        for (const approvalState of approvals)
          for (const paymentState of payments)
            for (const fulfilmentState of fulfilments)
              for (const provider of providers) {
                const order: OrderFacts = { kind: 'order', state, approvalState, paymentState, fulfilmentState, provider }
                if (!orderMay(step, order)) continue
                allowed += 1
                expect(from.state, `${step} from ${state}`).toContain(state)
                if (from.approvalState) expect(from.approvalState, `${step} from ${approvalState}`).toContain(approvalState)
                if (from.paymentState) expect(from.paymentState, `${step} from ${paymentState}`).toContain(paymentState)
                if (from.fulfilmentState) expect(from.fulfilmentState, `${step} from ${fulfilmentState}`).toContain(fulfilmentState)
              }
    }
    expect(allowed).toBeGreaterThan(0)
  })

  it('leaves a refunded order partially refunded until everything taken is back, then refunded', () => {
    expect(paymentStateAfterRefund('refund', { taken: 10_000, refunded: 2_500 })).toBe('partially_refunded')
    expect(paymentStateAfterRefund('refund', { taken: 10_000, refunded: 9_999 })).toBe('partially_refunded')
    expect(paymentStateAfterRefund('refund', { taken: 10_000, refunded: 10_000 })).toBe('refunded')
  })

  it('leaves a cancelled order refunded when it had taken money, and not paid when it had taken none', () => {
    expect(paymentStateAfterRefund('cancel', { taken: 4_200, refunded: 4_200 })).toBe('refunded')
    expect(paymentStateAfterRefund('cancel', { taken: 0, refunded: 0 })).toBe('not_paid')
  })
})
