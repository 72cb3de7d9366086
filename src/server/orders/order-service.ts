import { createHash, randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { OrderSummaryData } from '@/isomorphic/cart-types'
import { type OrderData, PRICES_CHANGED, REFERENCE_USED } from '@/isomorphic/order-types'
import { compareSizes } from '@/isomorphic/size-order'
import { resolveDestination } from '../address/address-validation-service'
import { type CoreContext, currentShopper } from '../kernel/context'
import { rateLimiter } from '../cache/rate-limiter'
import { type Executor, getDb, type Transaction } from '../db/client'
import {
  budgetTransactions,
  countries,
  type OrderAddressSnapshot,
  orderLines,
  orders,
  partners,
  paymentMethods,
  states,
  websites,
} from '../db/schema'
import { availableGiftCardBalance, spendGiftCards } from '../gift-cards/gift-card-service'
import type { PostalAddress } from '../kernel/pricing-types'
import { paymentProviderUsable, signedInOnlyMessage } from '../payments/payment-methods-service'
import { type PromotionCustomer, recordPromotionUsage } from '../promotions/promotion-engine'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { type Cents, toCents } from '../kernel/money'
import { resaleExemptionFor } from '../tax/resale-certificate'
import { type CheckoutPricingOptions, type CheckoutQuote, checkoutSummary, priceCheckout, spreadDiscount } from '../checkout/checkout-pricing'
import { checkExtraFields } from '../checkout/order-extra-fields'
import type { CreateOrderInput, OrderAddressInput } from './order-input'
import { assertReservation } from './order-reference'
import { type OrderRow, toOrderData } from './order-views'

// createOrder (spec 3, 4, 5; security.md 4 and 6): the server prices the whole checkout itself,
// refuses a total the shopper did not see, and writes the order, its lines and every movement of
// money (promotion usage, gift cards, budget) in ONE transaction, after every outside call. One
// order per reference: the reference is unique per website, a retry with the same contents gets
// the same order back, a reuse with other contents is a 409. Quotations spend nothing.

export const ENTER_NAME = 'Please enter your name.'
export const ENTER_EMAIL = 'Please enter a valid email address.'
export const PAYMENT_METHOD_UNAVAILABLE = 'That payment method is not available. Please choose another one.'
export const CHOOSE_PAYMENT_METHOD = 'Please choose a payment method.'
export const SIGN_IN_TO_ORDER = 'This store takes orders from signed-in customers only. Please sign in to place your order.'
export const TOO_MANY_ORDERS = 'Too many orders in a short time. Please wait a few minutes and try again.'

/** Placing an order may call carriers and a tax service: a bound per caller keeps that sane. */
const ORDERS_PER_CALLER = { max: 30, windowMs: 10 * 60 * 1000 }

/** createOrder's 409 when the total the shopper saw is not the server's; carries the new summary. */
export class PricesChangedError extends DomainError {
  constructor(data: { orderSummary: OrderSummaryData }) {
    super('conflict', 'expected total differs from the server total', PRICES_CHANGED, data)
  }
}

export type CreateOrderOptions = CheckoutPricingOptions & {
  /** Called once, after commit, for an order this call created (not for a retry that found it). */
  afterCreate?: (order: OrderData) => void
}

const EmailSchema = z.email()

/** What the order was made from, as a stable hash: the same checkout retried gives the same hash. */
export function requestFingerprint(input: CreateOrderInput, partnerId: number | null): string {
  const { expectedTotal: _expected, transactiondetails: _details, approvalRequired: _hint, ...contents } = input
  const canonical = JSON.stringify({ partnerId, ...contents, orderOptions: [...contents.orderOptions].sort() }, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  )
  return createHash('sha256').update(canonical).digest('hex')
}

async function findOrder(db: Executor, websiteId: number, name: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.name, name)))
  return row ?? null
}

/** The order already made from this reference: the same one for the same contents, else a 409. */
function sameOrConflict(existing: OrderRow, fingerprint: string): OrderData {
  if (existing.requestFingerprint !== fingerprint) {
    throw new DomainError('conflict', `order reference ${existing.name} already used with other contents`, REFERENCE_USED)
  }
  return toOrderData(existing)
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

/** A store that takes orders from signed-in partners only refuses a guest's order or quotation. */
async function assertGuestCheckout(db: Executor, websiteId: number): Promise<void> {
  const [website] = await db.select({ guestCheckout: websites.guestCheckout }).from(websites).where(eq(websites.id, websiteId))
  if (!website?.guestCheckout) throw new DomainError('forbidden', `guest checkout is closed on website ${websiteId}`, SIGN_IN_TO_ORDER)
}

/** One order line per size of each cart line, in size order, with the line's discount spread over them. */
function orderLineRows(orderId: number, quote: CheckoutQuote): (typeof orderLines.$inferInsert)[] {
  const rows: (typeof orderLines.$inferInsert)[] = []
  quote.lines.forEach(({ line, display, design }, lineIndex) => {
    const sizes = Object.keys(line.quantity).sort(compareSizes)
    const amounts = sizes.map((size) => toCents(display.unitPrices[size]!) * line.quantity[size]!)
    // A designed line's set-up fees are one more amount of the line (decision 013), discounted alike.
    const setup = design?.setup ?? 0
    const discounts = spreadDiscount(setup > 0 ? [...amounts, setup] : amounts, quote.lineDiscounts[lineIndex]!)
    const designColumns = design ? { designId: design.id, design: design.snapshot } : {}
    sizes.forEach((size, sizeIndex) => {
      const pieces = line.quantity[size]!
      rows.push({
        orderId,
        sequence: rows.length + 1,
        lineType: 'product',
        productId: line.productId,
        productVariantId: display.variantIds[size] ?? null,
        name: line.name,
        templateSkuCode: line.templateSkuCode,
        colorName: display.color?.name ?? null,
        size,
        logoId: display.logo?.id ?? null,
        logoName: display.logo?.name ?? null,
        quantity: pieces,
        unitPriceAmount: toCents(display.unitPrices[size]!),
        discountAmount: discounts[sizeIndex]!,
        subtotalAmount: amounts[sizeIndex]! - discounts[sizeIndex]!,
        taxCode: line.taxCode,
        weight: line.totalQuantity === 0 ? 0 : Math.round((line.weight * 1000 * pieces) / line.totalQuantity) / 1000,
        ...designColumns,
      })
    })
    if (setup > 0) {
      const discount = discounts[sizes.length]!
      rows.push({
        orderId,
        sequence: rows.length + 1,
        lineType: 'setup',
        productId: line.productId,
        name: `Decoration set-up: ${line.name}`,
        templateSkuCode: line.templateSkuCode,
        colorName: display.color?.name ?? null,
        quantity: 1,
        unitPriceAmount: setup,
        discountAmount: discount,
        subtotalAmount: setup - discount,
        taxCode: line.taxCode,
        ...designColumns,
      })
    }
  })
  // Free products of a promotion: shown at their list price, fully discounted, so they change no
  // amount of the order.
  for (const reward of quote.promotion.rewardLines) {
    rows.push({
      orderId,
      sequence: rows.length + 1,
      lineType: 'reward',
      productId: reward.productId,
      name: reward.name,
      quantity: reward.quantity,
      unitPriceAmount: reward.listPrice,
      discountAmount: reward.listPrice * reward.quantity,
      subtotalAmount: 0,
    })
  }
  return rows
}

/**
 * Spends the partner's budget on `due`: the budget row is locked, min(budget, due) taken by a
 * conditional UPDATE that can never go below zero, and the movement recorded.
 */
async function spendBudget(tx: Transaction, { partnerId, orderId, due }: { partnerId: number; orderId: number; due: Cents }): Promise<{ spent: Cents; left: Cents } | null> {
  // FOR NO KEY UPDATE, not FOR UPDATE: this transaction (and every concurrent one) already holds a
  // KEY SHARE lock on the partner from inserting the order (its foreign key); FOR UPDATE would
  // conflict with those and deadlock two orders of one partner.
  const [partner] = await tx.select({ budget: partners.budgetAmount }).from(partners).where(eq(partners.id, partnerId)).for('no key update')
  if (!partner || partner.budget === null) return null
  const spend = Math.max(0, Math.min(partner.budget, due))
  if (spend === 0) return { spent: 0, left: partner.budget }
  const [updated] = await tx
    .update(partners)
    .set({ budgetAmount: sql`${partners.budgetAmount} - ${spend}` })
    .where(and(eq(partners.id, partnerId), sql`${partners.budgetAmount} >= ${spend}`))
    .returning({ budget: partners.budgetAmount })
  if (!updated) throw new DomainError('conflict', `budget of partner ${partnerId} changed during the order`, 'Your budget changed while the order was placed. Please review your order.')
  await tx.insert(budgetTransactions).values({ partnerId, orderId, amount: -spend })
  return { spent: spend, left: updated.budget ?? 0 }
}

/** Places an order or saves a quotation; answers the order (the same one for a retry of the same checkout). */
export async function createOrder(ctx: CoreContext, input: CreateOrderInput, options: CreateOrderOptions = {}): Promise<OrderData> {
  const { websiteId } = ctx.store
  const db = await getDb()
  const principal = await currentShopper(ctx)
  const partnerId = principal?.partnerId ?? null
  const kind = input.quotation ? 'quotation' : 'order'

  if (partnerId === null) await assertGuestCheckout(db, websiteId)
  await assertReservation(db, { name: input.orderSequence, websiteId, partnerId })
  const fingerprint = requestFingerprint(input, partnerId)
  // A retry of a checkout that already made its order gets that order, whatever prices did since.
  const earlier = await findOrder(db, websiteId, input.orderSequence)
  if (earlier) return sameOrConflict(earlier, fingerprint)

  const caller = partnerId !== null ? `partner:${partnerId}` : `ip:${ctx.clientKey ?? 'unknown'}`
  const decision = await rateLimiter().take(`create-order:${caller}`, ORDERS_PER_CALLER)
  if (!decision.allowed) throw new DomainError('rate_limited', `order limit reached for ${caller}`, TOO_MANY_ORDERS)

  const [partner] =
    partnerId === null
      ? []
      : await db.select({ name: partners.name, email: partners.email, budget: partners.budgetAmount }).from(partners).where(eq(partners.id, partnerId))
  const partnerName = (input.partnername ?? '').trim() || partner?.name || ''
  const partnerEmail = (input.partneremail ?? '').trim() || partner?.email || ''
  if (!partnerName) throw new DomainError('invalid', 'partnername missing', ENTER_NAME)
  if (!EmailSchema.safeParse(partnerEmail).success) throw new DomainError('invalid', 'partneremail not an email', ENTER_EMAIL)

  // Per-customer promotion limits count a partner's uses, a guest's by the order's email (issue 13).
  const customer: PromotionCustomer = partnerId !== null ? { partnerId, email: partner?.email ?? null } : { partnerId: null, email: partnerEmail }
  const billingPlace = await resolveDestination(db, websiteId, input.billingaddress)
  const shippingPlace = input.shippingaddress ? await resolveDestination(db, websiteId, input.shippingaddress) : null
  const billingAddress = await snapshotAddress(db, input.billingaddress, billingPlace, partnerEmail)
  const shippingAddress = input.shippingaddress && shippingPlace ? await snapshotAddress(db, input.shippingaddress, shippingPlace, null) : null
  if (input.aquirerId != null) await assertPaymentMethod(db, websiteId, input.aquirerId, partnerId)
  const extraFields = await checkExtraFields(db, websiteId, input.orderExtraFields)
  const resaleExemption = await resaleExemptionFor(db, { websiteId, partnerId, requested: input.orderForResale })

  // Every outside call (carrier, tax) happens here, before anything is written.
  const quote = await priceCheckout(
    db,
    {
      websiteId,
      partnerId,
      items: input.products,
      destination: shippingPlace ?? billingPlace,
      deliveryMethodId: input.deliveryMethodId,
      promoCode: input.promoCode,
      optionNames: input.orderOptions,
      resaleExemption,
      customerCode: partnerId === null ? null : String(partnerId),
      customer,
    },
    options,
  )
  if (toCents(input.expectedTotal) !== quote.total) {
    const giftCardAvailable = partnerId !== null && input.useGiftCards && kind === 'order' ? await availableGiftCardBalance(db, { partnerId }) : 0
    throw new PricesChangedError({ orderSummary: checkoutSummary(quote, { giftCardAvailable, budgetLeft: kind === 'order' ? (partner?.budget ?? null) : null }) })
  }

  let createdNow = false
  const result = await db.transaction(async (tx) => {
    const amountUntaxed = quote.subTotal - quote.discount + quote.optionsAmount + quote.shipping
    const [created] = await tx
      .insert(orders)
      .values({
        websiteId,
        name: input.orderSequence,
        partnerId,
        accessToken: randomBytes(32).toString('base64url'),
        kind,
        state: 'draft',
        paymentState: kind === 'order' ? 'pending' : 'not_paid',
        partnerName,
        partnerEmail,
        billingAddress,
        shippingAddress,
        deliveryMethodId: quote.deliveryMethod.id,
        deliveryMethodName: quote.deliveryMethod.name,
        paymentMethodId: input.aquirerId ?? null,
        promotionProgramId: quote.promotion.programIds[0] ?? null,
        promoCode: input.promoCode,
        orderForResale: input.orderForResale,
        extraFields,
        // Option prices in cents, as every amount of the order.
        orderOptions: quote.options.map((option) => ({ name: option.name, label: option.label, price: option.price })),
        amountUntaxed,
        amountDelivery: quote.shipping,
        amountDiscount: quote.discount,
        amountOptions: quote.optionsAmount,
        amountTax: quote.tax,
        amountTotal: quote.total,
        amountDue: quote.total,
        requestFingerprint: fingerprint,
      })
      .onConflictDoNothing({ target: [orders.websiteId, orders.name] })
      .returning()
    if (!created) {
      // Another request with this reference won the race (and has committed): same checkout, same order.
      const existing = await findOrder(tx, websiteId, input.orderSequence)
      if (!existing) throw new DomainError('conflict', `order ${input.orderSequence} vanished during the race`, REFERENCE_USED)
      return sameOrConflict(existing, fingerprint)
    }

    createdNow = true
    await tx.insert(orderLines).values(orderLineRows(created.id, quote))
    if (kind === 'quotation') return toOrderData(created)

    if (quote.promotion.programIds.length > 0) await recordPromotionUsage(tx, { programIds: quote.promotion.programIds, orderId: created.id, websiteId, customer })
    let due = quote.total
    let giftCard = 0
    if (input.useGiftCards && partnerId !== null && due > 0) {
      giftCard = await spendGiftCards(tx, { partnerId, amount: due, orderId: created.id })
      if (!Number.isInteger(giftCard) || giftCard < 0 || giftCard > due) throw new Error(`spendGiftCards took ${giftCard} of ${due}`)
      due -= giftCard
    }
    let budget = 0
    let overBudget = false
    if (partnerId !== null && due > 0) {
      const spent = await spendBudget(tx, { partnerId, orderId: created.id, due })
      if (spent) {
        budget = spent.spent
        due -= budget
        // A company-store order beyond the budget left waits for approval; it is never silently allowed.
        overBudget = due > 0
      }
    }
    if (due > 0 && !overBudget && input.aquirerId == null) throw new DomainError('invalid', 'order with an amount due but no payment method', CHOOSE_PAYMENT_METHOD)

    const settled = due === 0
    const [order] = await tx
      .update(orders)
      .set({
        amountGiftCard: giftCard,
        amountBudget: budget,
        amountDue: due,
        approvalState: overBudget ? 'awaiting_approval' : 'not_required',
        state: settled ? 'sale' : 'draft',
        paymentState: settled ? 'paid' : 'pending',
        confirmedAt: settled ? new Date() : null,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, created.id))
      .returning()
    return toOrderData(order!)
  })
  if (createdNow && resaleExemption) {
    // The order keeps only orderForResale; which certificate made it tax-free is in the log.
    logger().info({ websiteId, orderId: result.id, partnerId, certificateLast4: resaleExemption.certificateNumber.slice(-4) }, 'order placed tax-free for resale')
  }
  if (createdNow) options.afterCreate?.(result)
  return result
}
