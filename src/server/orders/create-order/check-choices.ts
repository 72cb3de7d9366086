import { and, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { paymentMethods } from '../../db/schema'
import { DomainError } from '../../kernel/errors'
import { paymentProviderUsable, signedInOnlyMessage } from '../../payments/payment-methods-service'
import { type ResaleExemption, resaleExemptionFor } from '../../tax/resale-certificate'
import { checkExtraFields, type ExtraFieldValue } from '../../checkout/order-extra-fields'
import type { OrderCaller, OrderCommand } from './order-command'
import { IN_HANDS_DATE_PASSED, PAYMENT_METHOD_UNAVAILABLE } from './order-messages'
import { dayOf } from '@/isomorphic/business-days'

// Step 4 of createOrder: the shopper's choices the store must allow: the payment method, the
// store's extra fields, and a tax-free order for resale.

export type OrderChoices = { extraFields: Record<string, ExtraFieldValue>; resaleExemption: ResaleExemption | null }

async function assertPaymentMethod(db: Executor, websiteId: number, paymentMethodId: number, partnerId: number | null): Promise<void> {
  const [method] = await db
    .select({ id: paymentMethods.id, name: paymentMethods.name, provider: paymentMethods.provider, forGuests: paymentMethods.forGuests })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, paymentMethodId), eq(paymentMethods.websiteId, websiteId), eq(paymentMethods.isActive, true)))
  // A card method without its keys (Stripe) is not offered, so it is not accepted either.
  if (!method || !paymentProviderUsable(method.provider)) throw new DomainError('invalid', `payment method ${paymentMethodId} is not active on website ${websiteId}`, PAYMENT_METHOD_UNAVAILABLE)
  // A method that bills the company is for partners, whose budget and approvals apply (issue 13).
  if (partnerId === null && !method.forGuests) throw new DomainError('forbidden', `guest asked for signed-in-only payment method ${paymentMethodId}`, signedInOnlyMessage(method.name))
}

export async function checkChoices(db: Executor, { websiteId, partnerId }: OrderCaller, command: OrderCommand, now: Date = new Date()): Promise<OrderChoices> {
  // An in-hands date may be earlier than the arrival estimate (the shopper is warned, the store may
  // rush it), but not a day that has passed.
  if (command.inHandsDate !== null && command.inHandsDate < dayOf(now)) {
    throw new DomainError('invalid', `in-hands date ${command.inHandsDate} has passed`, IN_HANDS_DATE_PASSED)
  }
  if (command.paymentMethodId !== null) await assertPaymentMethod(db, websiteId, command.paymentMethodId, partnerId)
  const extraFields = await checkExtraFields(db, websiteId, command.extraFields)
  const resaleExemption = await resaleExemptionFor(db, { websiteId, partnerId, requested: command.forResale })
  return { extraFields, resaleExemption }
}
