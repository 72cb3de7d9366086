import { and, eq } from 'drizzle-orm'
import type { CustomTaxRequest, TaxEstimateRequest } from '@/isomorphic/contract/taxes'
import { fetchCustomTaxRates, type CustomTaxRate } from '../adapters/custom-tax'
import { resolveDestination } from '../address/address-validation-service'
import { rateLimiter, storeBucket } from '../cache/rate-limiter'
import { priceCartItems } from '../cart/cart-pricing'
import type { Database } from '../db/client'
import type { PostalAddress } from '../kernel/pricing-types'
import { deliveryMethods, taxCredentials, taxRates } from '../db/schema'
import { pickupPlace, type QuoteInput, quoteDeliveryMethod } from '../delivery/delivery-quotes'
import { DomainError, notFound } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { type Cents, fromCents } from '../kernel/money'
import { pickTaxRate } from '../tax/builtin-tax'
import { resaleExemptionFor } from '../tax/resale-certificate'
import { cutZip, TaxServiceError } from '../adapters/tax-http'
import { taxDomainError } from '../tax/tax-errors'
import { computeTax, type TaxCallOptions } from '../tax/tax-service'

// The spec's local tax endpoints (spec 7), kept for its client but made safe:
// - /api/taxes/custom {raw: {address_list}, url}: the rate per ZIP. The spec's client sent the
//   service's `url`; we never call a URL from a request (SSRF) — the website's tax credential says
//   where to ask. A store on the built-in table answers from its table in the same shape.
// - /api/taxes/avatax {raw, token, url}: the spec's client sent Avalara's token and URL and its own
//   amounts. Here `raw` names what to price — cart items (ids and pieces), the address and the
//   delivery method — and the server prices lines and shipping from its own data (security.md
//   4.1), then computes the tax with the website's credential. A client `token`/`url` is ignored.
// Both ask outside services that may charge per call, so each caller has a budget.


export const TAX_CALL_LIMITS = {
  perCaller: { max: 60, windowMs: 60_000 },
  overall: { max: 1200, windowMs: 60_000 },
}

/** Throws `rate_limited` when the caller (or everyone together) asked for tax too often. */
export async function takeTaxCallBudget(websiteId: number, ip: string | null): Promise<void> {
  const limiter = rateLimiter()
  const caller = await limiter.take(storeBucket(websiteId, `tax:${ip ?? 'unknown'}`), TAX_CALL_LIMITS.perCaller)
  const overall = caller.allowed ? await limiter.take(storeBucket(websiteId, 'tax:*'), TAX_CALL_LIMITS.overall) : caller
  if (!caller.allowed || !overall.allowed) {
    throw new DomainError('rate_limited', 'tax call rate limit reached', 'Too many tax calculations. Please wait a minute and try again.')
  }
}

/** The tax rate for each address: from the custom tax service, or from the built-in table. */
export async function lookupTaxRates(
  db: Database,
  websiteId: number,
  request: CustomTaxRequest,
  options: TaxCallOptions = {},
): Promise<{ success: true; data: CustomTaxRate[] }> {
  const addresses = request.raw.address_list
  const [credential] = await db.select().from(taxCredentials).where(eq(taxCredentials.websiteId, websiteId))
  const taxname = credential?.taxname ?? 'builtin'

  if (taxname === 'custom') {
    try {
      const data = await fetchCustomTaxRates({ url: credential!.url, token: credential!.token, timeoutMs: options.timeoutMs }, addresses)
      return { success: true, data }
    } catch (error) {
      if (!(error instanceof TaxServiceError)) throw error
      logger()[error.kind === 'rejected' ? 'warn' : 'error']({ websiteId, kind: error.kind, status: error.status, reason: error.message }, 'custom tax rate lookup failed')
      throw taxDomainError(error)
    }
  }
  if (taxname === 'avatax') {
    throw new DomainError('invalid', 'per-ZIP rates asked of an Avalara store', 'This store calculates tax for the whole order; per-ZIP tax rates are not available.')
  }

  const rates = await db.select().from(taxRates).where(eq(taxRates.websiteId, websiteId))
  const data = addresses.map((address) => {
    const zip = cutZip(address.zip)
    if (!address.state) throw new DomainError('invalid', 'builtin rate lookup without a state', `Please give the state of ZIP ${zip}.`)
    // No rate for the region: the store does not collect tax there (see builtin-tax.ts).
    const rate = pickTaxRate(rates, { countryCode: address.country || 'US', stateCode: address.state, zip })
    return { zip, tax_percentage: rate?.ratePercent ?? 0, ShippingTaxable: rate?.shippingTaxable ?? false }
  })
  return { success: true, data }
}

export type TaxEstimate = {
  /** Decimal dollars, as the API speaks. */
  totalTax: number
  shippingTax: number
  /** The delivery price the tax was computed on (decimal dollars). */
  shipping: number
  subTotal: number
  source: 'builtin' | 'custom' | 'avatax' | 'exempt'
}

/** The method's price, and where a pickup method hands the order over (it is taxed there). */
async function shippingFor(db: Database, websiteId: number, methodId: number, quoteInput: QuoteInput): Promise<{ amount: Cents; pickup: PostalAddress | null }> {
  const [method] = await db
    .select({ deliveryType: deliveryMethods.deliveryType, pickupAddress: deliveryMethods.pickupAddress })
    .from(deliveryMethods)
    .where(and(eq(deliveryMethods.id, methodId), eq(deliveryMethods.websiteId, websiteId), eq(deliveryMethods.isActive, true)))
  if (!method) throw notFound('Delivery method', methodId)
  const { amount } = await quoteDeliveryMethod(db, { ...quoteInput, methodId, deliveryType: method.deliveryType })
  return { amount, pickup: pickupPlace(method.pickupAddress) }
}

/** The tax of cart items shipped to an address by a delivery method, every amount from the server. */
export async function estimateTax(
  db: Database,
  websiteId: number,
  request: TaxEstimateRequest,
  { customerCode = null, partnerId = null, ...options }: TaxCallOptions & { customerCode?: string | null; partnerId?: number | null } = {},
): Promise<TaxEstimate> {
  const { items, address, shippingMethodId, exemptForResale } = request.raw
  // Tax-free only for a signed-in partner with a valid resale certificate (a 403 otherwise).
  const resaleExemption = await resaleExemptionFor(db, { websiteId, partnerId, requested: exemptForResale })
  const destination = await resolveDestination(db, websiteId, address)
  const lines = await priceCartItems(db, websiteId, items, { partnerId })
  const subTotal = lines.reduce((sum, line) => sum + line.amount, 0)
  const delivery = shippingMethodId ? await shippingFor(db, websiteId, shippingMethodId, { websiteId, lines, destination, orderAmount: subTotal }) : null
  const shipping = delivery?.amount ?? 0
  const tax = await computeTax(db, { websiteId, lines, shipping, destination: delivery?.pickup ?? destination, resaleExemption, customerCode }, options)
  return {
    totalTax: fromCents(tax.amount),
    shippingTax: fromCents(tax.shippingAmount),
    shipping: fromCents(shipping),
    subTotal: fromCents(subTotal),
    source: tax.source,
  }
}
