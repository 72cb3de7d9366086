import { describe, expect, test } from 'vitest'
import type { OrderData } from '@/isomorphic/order-types'
import type { CardPaymentState } from '@/isomorphic/card-payment-states'
import { orderPagePath, paymentPath, paymentStage, paymentSuccessPath, readPaymentParams, returnOutcome } from './payment-flow'

const params = (query: string) => new URLSearchParams(query)

describe('the payment pages’ addresses', () => {
  test('read the order, its token (token or access_token) and a Checkout Session id', () => {
    expect(readPaymentParams(params('order=31&token=tok_abc&session_id=cs_test_a1B2'))).toEqual({ orderId: 31, token: 'tok_abc', sessionId: 'cs_test_a1B2' })
    expect(readPaymentParams(params('order=31&access_token=tok_abc'))).toEqual({ orderId: 31, token: 'tok_abc', sessionId: null })
  })

  test('ignore what cannot be an order id, a token or a session id', () => {
    for (const order of ['', '0', '-1', 'abc', '1.5', '99999999999']) expect(readPaymentParams(params(`order=${order}`)).orderId, order).toBeNull()
    expect(readPaymentParams(params(`order=1&token=${'x'.repeat(201)}`)).token).toBeNull()
    expect(readPaymentParams(params('order=1&session_id={CHECKOUT_SESSION_ID}')).sessionId).toBeNull()
    expect(readPaymentParams(params('order=1&session_id=https://evil.example')).sessionId).toBeNull()
  })

  test('carry the order and its token', () => {
    expect(paymentPath(31, 'tok_a-b')).toBe('/payment?order=31&token=tok_a-b')
    expect(paymentSuccessPath(31, null)).toBe('/payment/success?order=31')
    expect(orderPagePath(31, 'tok', { signedIn: true })).toBe('/me/orders?order=31&access_token=tok')
    expect(orderPagePath(31, 'tok', { signedIn: false })).toBe('/checkout/confirmation?order=31&access_token=tok')
  })
})

const order = (overrides: Partial<OrderData> = {}) => ({
  kind: 'order' as const,
  state: 'draft' as const,
  approvalState: 'not_required' as const,
  paymentState: 'pending' as const,
  amounts: { subTotal: 72, discount: 0, options: 0, shipping: 9.95, taxes: 4.32, total: 86.27, giftCard: 0, budget: 0, due: 86.27 },
  ...overrides,
})

describe('what /payment offers', () => {
  test('payment for a draft order with an amount due', () => {
    expect(paymentStage(order())).toBe('pay')
    expect(paymentStage(order({ approvalState: 'approved' }))).toBe('pay')
  })

  test('no payment for a paid, confirmed, waiting, refused, cancelled order or a quotation', () => {
    expect(paymentStage(order({ paymentState: 'paid', state: 'sale' }))).toBe('paid')
    expect(paymentStage(order({ amounts: { ...order().amounts, budget: 86.27, due: 0 } }))).toBe('paid')
    expect(paymentStage(order({ state: 'sale' }))).toBe('confirmed')
    expect(paymentStage(order({ approvalState: 'awaiting_approval' }))).toBe('awaiting-approval')
    expect(paymentStage(order({ approvalState: 'rejected' }))).toBe('not-payable')
    expect(paymentStage(order({ state: 'cancel' }))).toBe('not-payable')
    expect(paymentStage(order({ kind: 'quotation' }))).toBe('not-payable')
  })
})

describe('the return from the card provider', () => {
  const answer = (status: CardPaymentState | 'none', paymentState: OrderData['paymentState'] = 'pending') => ({
    status,
    order: { id: 31, name: 'S00042', state: paymentState === 'paid' ? ('sale' as const) : ('draft' as const), paymentState },
  })

  test('goes on only when the server says the order is paid', () => {
    expect(returnOutcome(answer('paid', 'paid'))).toBe('paid')
    expect(returnOutcome(answer('pending'))).toBe('pending')
    expect(returnOutcome(answer('expired'))).toBe('expired')
    expect(returnOutcome(answer('failed'))).toBe('failed')
    expect(returnOutcome(answer('none'))).toBe('none')
    // A payment Stripe took that the order could not accept (cancelled meanwhile) is not a success.
    expect(returnOutcome(answer('paid', 'pending'))).toBe('failed')
  })
})
