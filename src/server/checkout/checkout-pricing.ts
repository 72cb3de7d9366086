import { and, eq, sql } from 'drizzle-orm'
import type { OrderSummaryData } from '@/isomorphic/cart-types'
import type { CartItemInput } from '@/isomorphic/contract/cart'
import { type DetailedLine, priceCartItemsLeniently } from '../cart/cart-pricing'
import type { Executor } from '../db/client'
import { prepared } from '../db/prepared'
import { deliveryMethods } from '../db/schema'
import type { CarrierOptions } from '../adapters/carrier-http'
import { METHOD_COLUMNS, pickupPlace, quoteMethodRow } from '../delivery/delivery-quotes'
import type { PostalAddress, PricedLine } from '../kernel/pricing-types'
import { DomainError } from '../kernel/errors'
import { startEarly } from '../kernel/in-step-order'
import { type Cents, fromCents } from '../kernel/money'
import { evaluatePromotions, type PromotionCustomer, type PromotionResult } from '../promotions/promotion-engine'
import type { ResaleExemption } from '../tax/resale-certificate'
import { computeTax, type TaxCallOptions } from '../tax/tax-service'
import { type ChosenOption, checkOrderOptions } from './order-extra-fields'

// The price of a checkout, computed by the server alone (security.md 4.1, 4.5): the cart priced
// from the database, the promotions that apply, the chosen delivery method quoted for the
// destination and the discounted merchandise, the chosen order options, then the tax on the
// discounted products, the options and the shipping (at the pickup place for a pickup method). Every call to the outside (carriers, tax service) happens here, before createOrder's
// transaction; any failure throws with the spec's message and nothing has been written.

export const DELIVERY_NOT_OFFERED = 'That delivery method is not offered for this order. Please choose another one.'

export type CheckoutPricingInput = {
  websiteId: number
  partnerId: number | null
  items: readonly CartItemInput[]
  destination: PostalAddress
  deliveryMethodId: number
  promoCode: string | null
  optionNames: readonly string[]
  /** A resale certificate the caller checked (resaleExemptionFor); null: taxed as usual. */
  resaleExemption: ResaleExemption | null
  customerCode: string | null
  /** The buyer, when known, for promotions limited per customer or to a first order. */
  customer?: PromotionCustomer | null
}

export type CheckoutQuote = {
  lines: DetailedLine[]
  subTotal: Cents
  discount: Cents
  /** The discount of each product line (same order as `lines`), as the promotions took it. */
  lineDiscounts: Cents[]
  promotion: PromotionResult
  deliveryMethod: { id: number; name: string }
  shipping: Cents
  freeShipping: boolean
  options: ChosenOption[]
  optionsAmount: Cents
  tax: Cents
  total: Cents
}

/** Knobs for tests: the outside calls' timeouts (carriers, tax) and the clock. */
export type CheckoutPricingOptions = { tax?: TaxCallOptions; carriers?: CarrierOptions; now?: Date }

/**
 * Spreads `discount` over amounts in proportion, in whole cents that add up exactly (the largest
 * remainders get the odd cents). Never more than an amount on any line.
 */
export function spreadDiscount(amounts: readonly Cents[], discount: Cents): Cents[] {
  const total = amounts.reduce((sum, amount) => sum + amount, 0)
  const capped = Math.max(0, Math.min(discount, total))
  if (capped === 0 || total === 0) return amounts.map(() => 0)
  const exact = amounts.map((amount) => (amount * capped) / total)
  const shares = exact.map(Math.floor)
  let left = capped - shares.reduce((sum, share) => sum + share, 0)
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  for (const { index } of byRemainder) {
    if (left === 0) break
    if (shares[index]! < amounts[index]!) {
      shares[index]! += 1
      left -= 1
    }
  }
  return shares
}

async function findDeliveryMethod(db: Executor, websiteId: number, methodId: number) {
  // Every column the price needs too: the method is read once per checkout (P4).
  const [method] = await prepared(db, 'active_delivery_method', () =>
    db
      .select({ ...METHOD_COLUMNS, pickupAddress: deliveryMethods.pickupAddress })
      .from(deliveryMethods)
      .where(and(eq(deliveryMethods.id, sql.placeholder('methodId')), eq(deliveryMethods.websiteId, sql.placeholder('websiteId')), eq(deliveryMethods.isActive, true))),
  ).execute({ methodId, websiteId })
  if (!method) throw new DomainError('invalid', `delivery method ${methodId} is not an active method of website ${websiteId}`, DELIVERY_NOT_OFFERED)
  return method
}

/** Prices a checkout; throws DomainError (invalid / unavailable) with a message the shopper can act on. */
export async function priceCheckout(db: Executor, input: CheckoutPricingInput, options: CheckoutPricingOptions = {}): Promise<CheckoutQuote> {
  const { websiteId } = input
  // The method and the options are read while the cart is priced (P4); each still answers at its step.
  const methodRead = startEarly(findDeliveryMethod(db, websiteId, input.deliveryMethodId))
  const optionsRead = startEarly(checkOrderOptions(db, websiteId, input.optionNames))
  const { priced, dropped } = await priceCartItemsLeniently(db, websiteId, input.items, { partnerId: input.partnerId })
  if (dropped.length > 0) throw new DomainError('invalid', `cart line ${dropped[0]!.key} cannot be priced`, dropped[0]!.message)
  const pricedLines: PricedLine[] = priced.map((entry) => entry.line)
  const subTotal = pricedLines.reduce((sum, line) => sum + line.amount, 0)

  const method = await methodRead

  // Promotions first: the delivery's free-over threshold and price rules see the merchandise the
  // shopper pays for, after the discounts (issue 13). Free shipping is a flag; its amount is the quote's.
  const promotion = await evaluatePromotions(db, {
    websiteId,
    partnerId: input.partnerId,
    lines: pricedLines,
    subtotal: subTotal,
    shipping: 0,
    promoCode: input.promoCode,
    customer: input.customer ?? null,
    ...(options.now ? { now: options.now } : {}),
  })
  if (input.promoCode && promotion.codeError) throw new DomainError('invalid', `promo code refused: ${promotion.codeError}`, promotion.codeError)
  // Each line's discount, never more than the line (the engine guarantees it; kept as a bound).
  const lineDiscounts = pricedLines.map((line) => Math.max(0, Math.min(promotion.lineDiscounts[line.key] ?? 0, line.amount)))
  const discount = lineDiscounts.reduce((sum, share) => sum + share, 0)

  const quote = await quoteMethodRow(db, method, { websiteId, lines: pricedLines, destination: input.destination, orderAmount: subTotal - discount }, options.carriers)
  const freeShipping = quote.free || promotion.freeShipping
  const shipping = freeShipping ? 0 : quote.amount

  const chosenOptions = await optionsRead
  const optionsAmount = chosenOptions.reduce((sum, option) => sum + option.price, 0)

  // Tax is on what is charged: each product line less its discount, and the options.
  const taxLines: PricedLine[] = [
    ...pricedLines.map((line, index) => ({ ...line, amount: line.amount - lineDiscounts[index]! })),
    ...chosenOptions
      .filter((option) => option.price > 0)
      .map((option) => ({
        key: `option:${option.name}`,
        productId: 0,
        name: option.label,
        templateSkuCode: option.name,
        taxCode: 'PC040100',
        quantity: { [option.name]: 1 },
        totalQuantity: 1,
        amount: option.price,
        weight: 0,
        origin: null,
      })),
  ]
  // A pickup is taxed where the order is handed over, not at the address typed (issue 13).
  const taxDestination = pickupPlace(method.pickupAddress) ?? input.destination
  const tax = await computeTax(
    db,
    { websiteId, lines: taxLines, shipping, destination: taxDestination, resaleExemption: input.resaleExemption, customerCode: input.customerCode },
    options.tax,
  )

  const total = subTotal - discount + optionsAmount + shipping + tax.amount
  return {
    lines: priced,
    subTotal,
    discount,
    lineDiscounts,
    promotion,
    deliveryMethod: { id: method.id, name: method.name },
    shipping,
    freeShipping,
    options: chosenOptions,
    optionsAmount,
    tax: tax.amount,
    total,
  }
}

/** Spec 3's order summary for a priced checkout, with what gift cards and budget would cover. */
export function checkoutSummary(quote: CheckoutQuote, { giftCardAvailable, budgetLeft }: { giftCardAvailable: Cents; budgetLeft: Cents | null }): OrderSummaryData {
  const giftCard = Math.min(giftCardAvailable, quote.total)
  const budget = budgetLeft === null ? 0 : Math.min(Math.max(budgetLeft, 0), quote.total - giftCard)
  return {
    subTotal: fromCents(quote.subTotal),
    taxes: fromCents(quote.tax),
    totalPrice: fromCents(quote.total),
    shipping: fromCents(quote.shipping),
    freeShipping: quote.freeShipping,
    promotion: fromCents(quote.discount),
    giftCardAmount: fromCents(giftCard),
    estimatedTotal: fromCents(quote.total - giftCard - budget),
    budgetAmount: budgetLeft === null ? null : fromCents(budgetLeft),
  }
}
