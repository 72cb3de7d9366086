import { describe, expect, it } from 'vitest'
import { CARD_PAYMENT_FINISHED, CARD_PAYMENT_STEPS, CARD_PAYMENT_TAKEN, CARD_PAYMENT_WAITING, cardPaymentWaiting } from './card-payment-states'

describe("a card payment's life cycle", () => {
  it("waits until the provider's word, which leads to paid, failed or expired", () => {
    expect(CARD_PAYMENT_WAITING).toBe('pending')
    expect(cardPaymentWaiting('pending')).toBe(true)
    expect(CARD_PAYMENT_STEPS.settle.to).toEqual(['paid', 'failed', 'expired'])
  })

  it('is final once the provider has spoken: a new attempt is a new transaction', () => {
    for (const state of CARD_PAYMENT_FINISHED) expect(cardPaymentWaiting(state), state).toBe(false)
    expect(CARD_PAYMENT_FINISHED).not.toContain(CARD_PAYMENT_WAITING)
  })

  it('gives a refund back to the attempt whose money was taken, a finished one', () => {
    expect(CARD_PAYMENT_TAKEN).toBe('paid')
    expect(CARD_PAYMENT_FINISHED).toContain(CARD_PAYMENT_TAKEN)
  })
})
