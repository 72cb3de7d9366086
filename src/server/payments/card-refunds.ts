import { CARD_PAYMENT_TAKEN } from '@/isomorphic/card-payment-states'
import { and, desc, eq } from 'drizzle-orm'
import { CARD_REFUND_FAILED, createRefund } from '../adapters/stripe'
import type { Executor } from '../db/client'
import { paymentTransactions } from '../db/schema'
import { DomainError } from '../kernel/errors'
import type { Cents } from '../kernel/money'
import { logger } from '../kernel/logger'
import { STRIPE_PROVIDER } from './payment-methods-service'
import { stripeConfig, stripeSettingsOf } from './stripe-settings'

// Giving card money back (issue 15): a Stripe refund of the order's paid Checkout payment. The
// caller holds the order's lock and records the refund in the same transaction, after this
// answers: when Stripe does not accept the refund this throws and nothing is recorded.

export type CardRefund = { paymentTransactionId: number; providerRefundId: string; state: 'succeeded' | 'pending' }

/** The order's paid card payments, newest first (one in practice: an order is paid once). */
export function paidCardPayments(db: Executor, orderId: number) {
  // store-scope: orderId is of an order the refunding use case already holds for its store
  return db
    .select({
      id: paymentTransactions.id,
      websiteId: paymentTransactions.websiteId,
      amount: paymentTransactions.amount,
      currency: paymentTransactions.currency,
      providerPaymentId: paymentTransactions.providerPaymentId,
    })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, orderId), eq(paymentTransactions.provider, STRIPE_PROVIDER), eq(paymentTransactions.state, CARD_PAYMENT_TAKEN)))
    .orderBy(desc(paymentTransactions.id))
}

/**
 * Refunds `amount` cents of order `orderId`'s card payment at Stripe. `idempotencyKey` is the same
 * for a retry of the same refund, so Stripe answers it with the refund it made the first time.
 */
export async function refundCardPayment(
  db: Executor,
  { orderId, amount, idempotencyKey, metadata }: { orderId: number; amount: Cents; idempotencyKey: string; metadata: Record<string, string> },
): Promise<CardRefund> {
  const [payment] = await paidCardPayments(db, orderId)
  if (!payment?.providerPaymentId) throw new DomainError('conflict', `order ${orderId} has no paid card payment with a PaymentIntent to refund`, 'This order has no card payment that can be refunded.')
  // Through the account the payment was made with: the store's own, or the install's.
  const config = stripeConfig(await stripeSettingsOf(db, payment.websiteId))
  if (!config) throw new DomainError('unavailable', 'stripe: not configured, cannot refund a card payment', CARD_REFUND_FAILED)
  const refund = await createRefund(config, { idempotencyKey, paymentIntentId: payment.providerPaymentId, amount, reason: 'requested_by_customer', metadata })
  logger().info({ provider: STRIPE_PROVIDER, orderId, transactionId: payment.id, refundId: refund.id, amount, state: refund.status }, 'card payment refunded')
  return { paymentTransactionId: payment.id, providerRefundId: refund.id, state: refund.status }
}
