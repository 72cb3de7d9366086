// A card payment's life cycle (issue 26), declared once: one payment transaction per attempt at the
// card provider (a Stripe Checkout Session). It waits until the provider's word, then it is final; a
// new attempt is a new transaction. The server's SQL (the compare-and-set that moves it, the search for
// an attempt to resume, the count of finished attempts, the payment a refund goes back to) and the
// payment page read this table; none compares a transaction's state by hand.
//
//   pending ─the provider says paid (and the amount, currency and order match)─→ paid
//           ├─the provider says it failed, or paid with a mismatch──────────────→ failed
//           └─the session ran out────────────────────────────────────────────────→ expired

export type CardPaymentState = 'pending' | CardPaymentOutcome

/** What the provider's word (a verified webhook or the server's own GET) can make of an attempt. */
export type CardPaymentOutcome = 'paid' | 'failed' | 'expired'

export const CARD_PAYMENT_STEPS = {
  /** The provider's word moves only a waiting attempt, once: concurrent webhooks and returns race on this compare-and-set. */
  settle: { from: ['pending'], to: ['paid', 'failed', 'expired'] },
} as const satisfies Record<string, { from: readonly CardPaymentState[]; to: readonly CardPaymentOutcome[] }>

/** An attempt still waiting at the provider: resumed rather than doubled, and asked about when the shopper comes back. */
export const CARD_PAYMENT_WAITING: CardPaymentState = CARD_PAYMENT_STEPS.settle.from[0]

/** The attempts that are over: they count towards the next attempt's number (and so its Idempotency-Key). */
export const CARD_PAYMENT_FINISHED: readonly CardPaymentState[] = CARD_PAYMENT_STEPS.settle.to

/** The attempt whose money was taken: the one a refund gives back to. */
export const CARD_PAYMENT_TAKEN: CardPaymentState = 'paid'

/** Whether the provider may still change the attempt. */
export function cardPaymentWaiting(state: CardPaymentState): boolean {
  return (CARD_PAYMENT_STEPS.settle.from as readonly CardPaymentState[]).includes(state)
}
