import { and, eq, sql } from 'drizzle-orm'
import { resolveDestination } from '../../address/address-validation-service'
import type { Executor } from '../../db/client'
import { prepared } from '../../db/prepared'
import { countries, type OrderAddressSnapshot, partners, states } from '../../db/schema'
import { DomainError } from '../../kernel/errors'
import { inStepOrder } from '../../kernel/in-step-order'
import type { Cents } from '../../kernel/money'
import type { PostalAddress } from '../../kernel/pricing-types'
import type { PromotionCustomer } from '../../promotions/promotion-engine'
import type { OrderAddressInput } from '@/isomorphic/contract/orders'
import type { OrderCaller, OrderCommand } from './order-command'
import { ENTER_EMAIL, ENTER_NAME } from './order-messages'
import { isEmailAddress } from '@/isomorphic/contract/plain-rules'

// Step 3 of createOrder: who the order is for (name, email, the customer promotion limits count)
// and where it goes (billing and shipping places, and the addresses as the order keeps them).

export type OrderParties = {
  contact: { name: string; email: string }
  /** Per-customer promotion limits count a partner's uses, a guest's by the order's email (issue 13). */
  customer: PromotionCustomer
  /** The signed-in partner's budget left; null for a guest or a partner without a budget. */
  budgetLeft: Cents | null
  billing: { place: PostalAddress; snapshot: OrderAddressSnapshot }
  shipping: { place: PostalAddress; snapshot: OrderAddressSnapshot } | null
}


/** The address as the order keeps it: the shopper's words, trimmed, with country and state as both ids and codes. */
async function snapshotAddress(db: Executor, input: OrderAddressInput, place: PostalAddress, email: string | null): Promise<OrderAddressSnapshot> {
  let countryId = input.countryId ?? null
  let stateId = input.stateId ?? null
  if (countryId === null && place.countryCode) {
    const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, place.countryCode))
    countryId = country?.id ?? null
  }
  if (stateId === null && countryId !== null && place.stateCode) {
    const [state] = await db
      .select({ id: states.id })
      .from(states)
      .where(and(eq(states.countryId, countryId), eq(states.code, place.stateCode)))
    stateId = state?.id ?? null
  }
  const text = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim()
  return {
    name: text(input.name),
    email: text(input.email) || email,
    phone: text(input.phone) || null,
    street: place.street,
    street2: place.street2 || null,
    city: place.city,
    zip: place.zip,
    countryId,
    stateId,
    country: place.countryCode || null,
    state: place.stateCode,
  }
}

/** The shopper's name and email, else the signed-in partner's own; refused when either is missing. */
async function resolveContact(db: Executor, partnerId: number | null, command: OrderCommand) {
  const [partner] =
    partnerId === null
      ? []
      : await prepared(db, 'order_contact', () =>
          // store-scope: partnerId is the signed-in shopper's, bound to this store by the session
          db.select({ name: partners.name, email: partners.email, budget: partners.budgetAmount }).from(partners).where(eq(partners.id, sql.placeholder('partnerId'))),
        ).execute({ partnerId })
  const name = command.contactName || partner?.name || ''
  const email = command.contactEmail || partner?.email || ''
  if (!name) throw new DomainError('invalid', 'partnername missing', ENTER_NAME)
  if (!isEmailAddress(email)) throw new DomainError('invalid', 'partneremail not an email', ENTER_EMAIL)
  return { contact: { name, email }, partnerEmail: partner?.email ?? null, budgetLeft: partner?.budget ?? null }
}

export async function resolveParties(db: Executor, { websiteId, partnerId }: OrderCaller, command: OrderCommand): Promise<OrderParties> {
  // The contact and each address are read side by side (P4); a refusal names the first in this order.
  const [{ contact, partnerEmail, budgetLeft }, billingPlace, shippingPlace] = await inStepOrder([
    resolveContact(db, partnerId, command),
    resolveDestination(db, websiteId, command.billingAddress),
    command.shippingAddress ? resolveDestination(db, websiteId, command.shippingAddress) : null,
  ])
  const customer: PromotionCustomer = partnerId !== null ? { partnerId, email: partnerEmail } : { partnerId: null, email: contact.email }
  const [billingSnapshot, shippingSnapshot] = await inStepOrder([
    snapshotAddress(db, command.billingAddress, billingPlace, contact.email),
    command.shippingAddress && shippingPlace ? snapshotAddress(db, command.shippingAddress, shippingPlace, null) : null,
  ])
  const billing = { place: billingPlace, snapshot: billingSnapshot }
  const shipping = shippingPlace && shippingSnapshot ? { place: shippingPlace, snapshot: shippingSnapshot } : null
  return { contact, customer, budgetLeft, billing, shipping }
}
