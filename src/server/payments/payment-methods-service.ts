import { and, asc, eq } from 'drizzle-orm'
import type { PaymentAcquirer } from '@/isomorphic/contract/queries'
import { getDb } from '../db/client'
import { paymentMethods } from '../db/schema'
import { stripeEnabled } from './stripe-settings'

/** Card payments through Stripe Checkout (a redirect to Stripe's hosted page). */
export const STRIPE_PROVIDER = 'stripe'

/** False for a provider this deployment cannot take payments with (Stripe without its keys). */
export function paymentProviderUsable(provider: string): boolean {
  return provider !== STRIPE_PROVIDER || stripeEnabled()
}

/** What a guest hears when a method is for signed-in customers (createOrder, orderPayment). */
export function signedInOnlyMessage(methodName: string): string {
  return `${methodName} is for signed-in customers: it bills the company under your budget and approvals. Please sign in, or choose another payment method.`
}

/** The active payment acquirers this deployment can take payments with, in display order. */
export async function listPaymentMethods({ websiteId }: { websiteId: number }): Promise<PaymentAcquirer[]> {
  const db = await getDb()
  const methods = await db
    .select({
      id: paymentMethods.id,
      name: paymentMethods.name,
      provider: paymentMethods.provider,
      instructions: paymentMethods.instructions,
      forGuests: paymentMethods.forGuests,
    })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.websiteId, websiteId), eq(paymentMethods.isActive, true)))
    .orderBy(asc(paymentMethods.sequence), asc(paymentMethods.id))
  return methods.filter((method) => paymentProviderUsable(method.provider))
}
