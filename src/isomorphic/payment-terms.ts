// When an order may go into production (issue 26, the prepaid-production rule): a payment method is
// either paid up front (a card, a bank transfer: the decoration partners start only once the money
// is in) or on account (a purchase order, an invoice: the company pays later, so the work starts at
// confirmation). One declaration, read by the handoff to the partners and by the dashboard.

export type PaymentTerms = 'prepaid' | 'on_account'

export const PAYMENT_TERMS: Readonly<Record<string, PaymentTerms>> = {
  stripe: 'prepaid',
  wire_transfer: 'prepaid',
  purchase_order: 'on_account',
  invoice: 'on_account',
}

/** The providers the store confirms without a card: the shopper pays outside the store and the store marks the money received. */
export const OFFLINE_PROVIDERS: readonly string[] = ['purchase_order', 'invoice', 'wire_transfer']

/** The providers whose orders wait for their money before production. */
export const PREPAID_PROVIDERS: readonly string[] = Object.keys(PAYMENT_TERMS).filter((provider) => PAYMENT_TERMS[provider] === 'prepaid')

/** A provider the table does not know is treated as paid up front: production never starts on an unpaid order by accident. */
export function termsOf(provider: string | null): PaymentTerms | null {
  if (provider === null) return null
  return PAYMENT_TERMS[provider] ?? 'prepaid'
}

export type ProductionFacts = {
  kind: 'order' | 'quotation'
  state: 'draft' | 'sale' | 'cancel'
  paymentState: 'not_paid' | 'pending' | 'paid' | 'partially_refunded' | 'refunded'
  /** The chosen method's provider; null when none was chosen (settled by gift card or allowance, or invoiced to the company after an approval). */
  provider: string | null
}

/**
 * Whether the decoration partners may start on the order: a confirmed order that is paid, or has
 * nothing left to pay, or is on account; never a prepaid order whose payment is still pending.
 */
export function productionMayStart(order: ProductionFacts): boolean {
  if (order.kind !== 'order' || order.state !== 'sale') return false
  if (order.paymentState !== 'pending') return true
  return termsOf(order.provider) !== 'prepaid' || order.provider === null
}
