import { and, asc, eq } from 'drizzle-orm'
import type { PaymentAcquirer } from '@/isomorphic/contract/queries'
import { type Executor, getDb } from '../db/client'
import { paymentMethods } from '../db/schema'
import { stripeEnabled, stripeSettingsOf } from './stripe-settings'

/** Card payments through Stripe Checkout (a redirect to Stripe's hosted page). */
export const STRIPE_PROVIDER = 'stripe'

/** False for a provider the store cannot take payments with (Stripe without its keys or the install's). */
export async function paymentProviderUsable(db: Executor, websiteId: number, provider: string): Promise<boolean> {
  return provider !== STRIPE_PROVIDER || stripeEnabled(await stripeSettingsOf(db, websiteId))
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
  const cards = methods.some((method) => method.provider === STRIPE_PROVIDER) && stripeEnabled(await stripeSettingsOf(db, websiteId))
  return methods.filter((method) => method.provider !== STRIPE_PROVIDER || cards)
}
