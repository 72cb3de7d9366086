import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { OrderSummaryData } from '@/shared/cart-types'
import { resolveDestination } from '../address/address-validation-service'
import type { ApiContext } from '../api/api-inputs'
import { currentPrincipal } from '../accounts/principal'
import { rateLimiter } from '../cache/rate-limiter'
import { getDb } from '../db/client'
import { partners } from '../db/schema'
import { availableGiftCardBalance } from '../gift-cards/gift-card-service'
import { DomainError } from '../shared/errors'
import { checkoutSummary, priceCheckout } from './checkout-pricing'
import { CreateOrderSchema } from './order-input'

// The checkout's order summary (spec 3: subTotal, taxes, totalPrice, shipping, freeShipping,
// promotion, giftCardAmount, estimatedTotal, budgetAmount) priced exactly as createOrder prices
// the order — promotions and order options included — so the totalPrice shown is the
// expectedTotal createOrder accepts. Nothing is written and nothing is spent.

export const TOO_MANY_CHECKOUT_ESTIMATES = 'Too many price estimates in a short time. Please wait a minute and try again.'

const ESTIMATES_PER_MINUTE = { max: 60, windowMs: 60_000 }

const fields = CreateOrderSchema.shape

export const CheckoutSummaryRequestSchema = z.strictObject({
  products: fields.products,
  billingaddress: fields.billingaddress,
  shippingaddress: fields.shippingaddress,
  deliveryMethodId: fields.deliveryMethodId,
  promoCode: fields.promoCode,
  orderOptions: fields.orderOptions,
  orderForResale: fields.orderForResale,
  useGiftCards: fields.useGiftCards,
  quotation: fields.quotation,
})

export type CheckoutSummaryRequest = z.output<typeof CheckoutSummaryRequestSchema>

export async function summarizeCheckout(ctx: ApiContext, input: CheckoutSummaryRequest): Promise<{ orderSummary: OrderSummaryData }> {
  const { websiteId } = ctx
  const caller = ctx.request.ip ?? 'unknown'
  const decision = await rateLimiter().take(`checkout-summary:${caller}`, ESTIMATES_PER_MINUTE)
  if (!decision.allowed) throw new DomainError('rate_limited', `checkout summary limit reached for ${caller}`, TOO_MANY_CHECKOUT_ESTIMATES)

  const db = await getDb()
  const principal = await currentPrincipal(ctx)
  const partnerId = principal?.partnerId ?? null
  const destination = await resolveDestination(db, websiteId, input.shippingaddress ?? input.billingaddress)
  const quote = await priceCheckout(db, {
    websiteId,
    partnerId,
    items: input.products,
    destination,
    deliveryMethodId: input.deliveryMethodId,
    promoCode: input.promoCode,
    optionNames: input.orderOptions,
    exemptForResale: input.orderForResale,
    customerCode: partnerId === null ? null : String(partnerId),
  })
  // A quotation spends nothing: no gift card or budget is shown against it.
  const spends = partnerId !== null && !input.quotation
  const [partner] = spends ? await db.select({ budget: partners.budgetAmount }).from(partners).where(eq(partners.id, partnerId)) : []
  const giftCardAvailable = spends && input.useGiftCards ? await availableGiftCardBalance(db, { partnerId }) : 0
  return { orderSummary: checkoutSummary(quote, { giftCardAvailable, budgetLeft: partner?.budget ?? null }) }
}
