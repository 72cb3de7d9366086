import { eq } from 'drizzle-orm'
import type { CartSummaryData, DeliveryOptionData, FreeItemData, OrderSummaryData } from '@/isomorphic/cart-types'
import { resolveDestination } from '../address/address-validation-service'
import { type CoreContext, currentShopper } from '../kernel/context'
import { catalogAccess } from '../accounts/site-lock'
import { rateLimiter, storeBucket } from '../cache/rate-limiter'
import { getDb } from '../db/client'
import { partners } from '../db/schema'
import { availableGiftCardBalance, giftCardByNumber } from '../gift-cards/gift-card-service'
import { type CheckoutPricingOptions, type CheckoutQuote, checkoutSummary, priceCheckout } from './checkout-pricing'
import { quoteDeliveryMethods } from '../delivery/delivery-quotes'
import { evaluatePromotions, type RewardLine } from '../promotions/promotion-engine'
import { resaleExemptionFor } from '../tax/resale-certificate'
import { TaxCalculationError } from '../tax/tax-errors'
import type { DeliveryQuote, PostalAddress } from '../kernel/pricing-types'
import { DomainError } from '../kernel/errors'
import { type Cents, fromCents } from '../kernel/money'
import type { CartSummaryRequest } from '@/isomorphic/contract/cart'
import { priceCartItemsLeniently } from '../cart/cart-pricing'
import { arrivalEstimate, leadTimeOfProducts } from '../catalog/lead-times'
import { type DaySpan, dayOf } from '@/isomorphic/business-days'

// POST /api/cart/summary (decision 010): the browser's cart priced by the server, the delivery
// methods for an address, the tax for the chosen method, and spec 3's order summary. Every amount
// comes from the database and the server's own carrier and tax calls; the request carries ids,
// pieces and an address only. Promotion, gift card and budget are the checkout's (kept at 0/null).

export const CHOOSE_ADDRESS_FIRST = 'Enter the delivery address first, then choose a delivery method.'
export const METHOD_NOT_OFFERED = 'That delivery method is not offered for this order. Please choose another one.'

export const TOO_MANY_ESTIMATES = 'Too many price estimates in a short time. Please wait a minute and try again.'

/** Each estimate may call carriers and a tax service: a bound per caller keeps those bills sane. */
const ESTIMATES_PER_MINUTE = { max: 60, windowMs: 60_000 }


function optionOf(quote: DeliveryQuote, today: string, leadTime: DaySpan | null): DeliveryOptionData {
  return {
    id: quote.methodId,
    name: quote.name,
    deliveryType: quote.deliveryType,
    price: quote.amount === null ? null : fromCents(quote.amount),
    free: quote.free,
    error: quote.error,
    description: quote.description,
    arrival: quote.error === null ? arrivalEstimate(today, leadTime, quote.transit) : null,
  }
}

function freeItemOf(line: RewardLine): FreeItemData {
  return { productId: line.productId, name: line.name, quantity: line.quantity }
}

function orderSummary({ subTotal, shipping, taxes, freeShipping }: { subTotal: Cents; shipping: Cents; taxes: Cents; freeShipping: boolean }): OrderSummaryData {
  const total = subTotal + shipping + taxes
  return {
    subTotal: fromCents(subTotal),
    taxes: fromCents(taxes),
    totalPrice: fromCents(total),
    shipping: fromCents(shipping),
    freeShipping,
    promotion: 0,
    giftCardAmount: 0,
    estimatedTotal: fromCents(total),
    budgetAmount: null,
  }
}

export async function summarizeCart(ctx: CoreContext, request: CartSummaryRequest, options: CheckoutPricingOptions = {}): Promise<CartSummaryData> {
  const { websiteId } = ctx.store
  // Lines name products by id: a locked store prices them for signed-in partners only (spec 6).
  await catalogAccess(ctx)
  const db = await getDb()
  // A tax-free summary without a valid certificate is refused (403), whatever else was asked.
  const principal = request.exemptForResale ? await currentShopper(ctx) : null
  const resaleExemption = await resaleExemptionFor(db, { websiteId, partnerId: principal?.partnerId ?? null, requested: request.exemptForResale ?? false })
  // A partner's own designs price for that partner only (issue 7).
  const viewer = { partnerId: (await currentShopper(ctx))?.partnerId ?? null }
  const { priced, dropped } = await priceCartItemsLeniently(db, websiteId, request.items, viewer)
  const lines = priced.map((entry) => entry.line)
  const subTotal = lines.reduce((sum, line) => sum + line.amount, 0)
  const leadTime = await leadTimeOfProducts(db, websiteId, lines.map((line) => line.productId))
  const today = dayOf(options.now ?? new Date())
  const answer = (extra: Partial<CartSummaryData> & { shipping?: Cents; taxes?: Cents; freeShipping?: boolean } = {}): CartSummaryData => {
    const { shipping = 0, taxes = 0, freeShipping = false, ...rest } = extra
    return {
      lines: priced.map((entry) => entry.display),
      dropped,
      orderSummary: orderSummary({ subTotal, shipping, taxes, freeShipping }),
      deliveryMethods: [],
      deliveryMethodId: null,
      leadTime,
      ...rest,
    }
  }

  if (!request.address) {
    if (request.deliveryMethodId) throw new DomainError('invalid', CHOOSE_ADDRESS_FIRST)
    return answer()
  }
  if (lines.length === 0) return answer()

  const caller = ctx.clientKey ?? 'unknown'
  const decision = await rateLimiter().take(storeBucket(ctx.store.websiteId, `cart-summary:${caller}`), ESTIMATES_PER_MINUTE)
  if (!decision.allowed) throw new DomainError('rate_limited', `cart summary limit reached for ${caller}`, TOO_MANY_ESTIMATES)

  // A summary is an estimate (the cart's asks for the country and ZIP only); createOrder checks the whole address.
  const destination: PostalAddress = await resolveDestination(db, websiteId, request.address, { estimate: true })
  // Each method is quoted for the merchandise after the promotions' discounts, as createOrder
  // prices it (a free-over threshold is not met by a price the shopper does not pay). A refused
  // code discounts nothing here; priceCheckout below says why.
  const partnerId = (await currentShopper(ctx))?.partnerId ?? null
  const customer = partnerId === null ? null : { partnerId }
  const promotion = await evaluatePromotions(db, { websiteId, partnerId, lines, subtotal: subTotal, shipping: 0, promoCode: request.promoCode || null, customer })
  const quotes = await quoteDeliveryMethods(db, { websiteId, lines, destination, orderAmount: subTotal - promotion.discount }, options.carriers)
  const deliveryMethods = quotes.map((quote) => optionOf(quote, today, leadTime))
  const freeItems = promotion.rewardLines.map(freeItemOf)
  if (!request.deliveryMethodId) return answer({ deliveryMethods, freeItems })

  const chosen = quotes.find((quote) => quote.methodId === request.deliveryMethodId)
  if (!chosen) throw new DomainError('invalid', METHOD_NOT_OFFERED)
  // A method that cannot deliver has no price: it stays unchosen and shows its own error.
  if (chosen.amount === null) return answer({ deliveryMethods, freeItems })

  // With a method chosen, the summary is the order's own price (createOrder's priceCheckout):
  // automatic and code promotions, options, tax on the discounted lines, and what gift cards and
  // the budget would cover. Otherwise the total shown would not be the total createOrder expects.
  let quote: CheckoutQuote
  try {
    quote = await priceCheckout(
      db,
      {
        websiteId,
        partnerId,
        items: request.items,
        destination,
        deliveryMethodId: chosen.methodId,
        promoCode: request.promoCode || null,
        optionNames: request.orderOptions ?? [],
        resaleExemption,
        customerCode: partnerId === null ? null : String(partnerId),
        // A partner's own uses count already; a guest's email is known only when the order is placed.
        customer,
      },
      options,
    )
  } catch (error) {
    // A refused promo code or option is the shopper's to fix (a 400 with its message); a tax
    // failure is never a silent zero (security.md 4.12): the summary says the tax is unknown and why.
    if (!(error instanceof TaxCalculationError)) throw error
    return answer({ deliveryMethods, freeItems, deliveryMethodId: chosen.methodId, shipping: chosen.amount, freeShipping: chosen.free, taxError: error.userMessage })
  }
  // A card paid with by its number (checkGiftCard told the shopper its balance) and the account's cards.
  const cardByNumber = request.giftCardNumber ? await giftCardByNumber(db, { websiteId, ip: ctx.clientKey }, request.giftCardNumber) : null
  const accountCards = partnerId !== null && request.useGiftCards ? await availableGiftCardBalance(db, { partnerId }) : 0
  const giftCardAvailable = accountCards + (cardByNumber?.balance ?? 0)
  // store-scope: partnerId is the signed-in shopper's, bound to this store by the session
  const [partner] = partnerId === null ? [] : await db.select({ budget: partners.budgetAmount }).from(partners).where(eq(partners.id, partnerId))
  return answer({
    deliveryMethods,
    // The order's own promotions (a code can add a free product too).
    freeItems: quote.promotion.rewardLines.map(freeItemOf),
    deliveryMethodId: chosen.methodId,
    orderSummary: checkoutSummary(quote, { giftCardAvailable, budgetLeft: partner?.budget ?? null }),
  })
}
