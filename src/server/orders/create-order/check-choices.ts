import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { prepared } from '../../db/prepared'
import { partners, paymentMethods } from '../../db/schema'
import { DomainError } from '../../kernel/errors'
import { inStepOrder } from '../../kernel/in-step-order'
import { paymentProviderUsable, signedInOnlyMessage } from '../../payments/payment-methods-service'
import { type ResaleExemption, resaleExemptionFor } from '../../tax/resale-certificate'
import { checkExtraFields, type ExtraFieldValue } from '../../checkout/order-extra-fields'
import { type CardByNumber, giftCardByNumber } from '../../gift-cards/gift-card-service'
import type { OrderCaller, OrderCommand } from './order-command'
import { ENTER_PURCHASE_ORDER_NUMBER, IN_HANDS_DATE_PASSED, PAYMENT_METHOD_UNAVAILABLE } from './order-messages'
import { dayOf } from '@/isomorphic/business-days'
import type { OrderFieldAsker } from '@/isomorphic/order-field-audience'

// Step 4 of createOrder: the shopper's choices the store must allow: the payment method, the
// store's extra fields, and a tax-free order for resale.

export type OrderChoices = {
  extraFields: Record<string, ExtraFieldValue>
  resaleExemption: ResaleExemption | null
  /** The shopper's purchase order number, kept with a "Purchase order" payment only. */
  purchaseOrderNumber: string | null
  /** The card paid with by its number, as it stood when the order was checked (spent in step 7). */
  giftCard: CardByNumber | null
}

/** The method's provider, once the store is known to offer it to this shopper. */
async function assertPaymentMethod(db: Executor, websiteId: number, paymentMethodId: number, partnerId: number | null): Promise<string> {
  const [method] = await prepared(db, 'active_payment_method', () =>
    db
      .select({ id: paymentMethods.id, name: paymentMethods.name, provider: paymentMethods.provider, forGuests: paymentMethods.forGuests })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, sql.placeholder('paymentMethodId')), eq(paymentMethods.websiteId, sql.placeholder('websiteId')), eq(paymentMethods.isActive, true))),
  ).execute({ paymentMethodId, websiteId })
  // A card method without its keys (Stripe) is not offered, so it is not accepted either.
  if (!method || !(await paymentProviderUsable(db, websiteId, method.provider))) throw new DomainError('invalid', `payment method ${paymentMethodId} is not active on website ${websiteId}`, PAYMENT_METHOD_UNAVAILABLE)
  // A method that bills the company is for partners, whose budget and approvals apply (issue 13).
  if (partnerId === null && !method.forGuests) throw new DomainError('forbidden', `guest asked for signed-in-only payment method ${paymentMethodId}`, signedInOnlyMessage(method.name))
  return method.provider
}

/**
 * A "Purchase order" payment asks for the department's purchase order number (Finance matches it to
 * the invoice): an order without one is refused; a quotation may leave it for later. With any other
 * method a number sent along is not kept.
 */
export function purchaseOrderNumberFor(provider: string | null, command: Pick<OrderCommand, 'kind' | 'purchaseOrderNumber'>): string | null {
  if (provider !== 'purchase_order') return null
  if (command.purchaseOrderNumber === null && command.kind === 'order') throw new DomainError('invalid', 'purchase order payment without a purchase order number', ENTER_PURCHASE_ORDER_NUMBER)
  return command.purchaseOrderNumber
}

/** Who the store's order fields are asked of: a guest, or a customer and their group. */
async function askerOf(db: Executor, websiteId: number, partnerId: number | null): Promise<OrderFieldAsker> {
  if (partnerId === null) return { signedIn: false, groupId: null }
  const [partner] = await prepared(db, 'order_asker_group', () =>
    db.select({ groupId: partners.groupId }).from(partners).where(and(eq(partners.id, sql.placeholder('partnerId')), eq(partners.websiteId, sql.placeholder('websiteId')))),
  ).execute({ partnerId, websiteId })
  return { signedIn: true, groupId: partner?.groupId ?? null }
}

export async function checkChoices(db: Executor, { websiteId, partnerId }: OrderCaller, command: OrderCommand, now: Date = new Date()): Promise<Omit<OrderChoices, 'giftCard'>> {
  // An in-hands date may be earlier than the arrival estimate (the shopper is warned, the store may
  // rush it), but not a day that has passed.
  if (command.inHandsDate !== null && command.inHandsDate < dayOf(now)) {
    throw new DomainError('invalid', `in-hands date ${command.inHandsDate} has passed`, IN_HANDS_DATE_PASSED)
  }
  // Each choice is checked by its own reads, side by side; a refusal names the first in this order.
  const [purchaseOrderNumber, extraFields, resaleExemption] = await inStepOrder([
    (command.paymentMethodId === null ? Promise.resolve(null) : assertPaymentMethod(db, websiteId, command.paymentMethodId, partnerId)).then((provider) =>
      purchaseOrderNumberFor(provider, command),
    ),
    askerOf(db, websiteId, partnerId).then((asker) => checkExtraFields(db, websiteId, command.extraFields, asker)),
    resaleExemptionFor(db, { websiteId, partnerId, requested: command.forResale }),
  ])
  return { extraFields, resaleExemption, purchaseOrderNumber }
}

/**
 * The card paid with by its number, looked up once everything else about the order is accepted:
 * each lookup counts against the caller's gift card attempts, and a refused order spends none. A
 * quotation pays nothing: a number sent with one is not looked up.
 */
export async function giftCardToPay(db: Executor, { websiteId, clientIp }: OrderCaller, command: OrderCommand, now: Date = new Date()): Promise<CardByNumber | null> {
  return command.giftCardNumber !== null && command.kind === 'order' ? giftCardByNumber(db, { websiteId, ip: clientIp }, command.giftCardNumber, now) : null
}
