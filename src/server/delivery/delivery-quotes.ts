import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DaySpan } from '@/isomorphic/business-days'
import { quoteFedexShipment } from '../adapters/fedex'
import { type CarrierRate, quoteUpsShipment } from '../adapters/ups'
import { quoteUspsShipment, USPS_DOMESTIC_ONLY } from '../adapters/usps'
import type { Executor } from '../db/client'
import { type DeliveryCredentials, deliveryMethods, deliveryPriceRules, type DeliveryType, type PickupAddress } from '../db/schema'
import type { DeliveryQuote, PostalAddress, PricedLine } from '../kernel/pricing-types'
import { DomainError, notFound } from '../kernel/errors'
import { logger } from '../kernel/logger'
import type { Cents } from '../kernel/money'
import {
  ADDRESS_NEEDED,
  CARRIER_UNAVAILABLE,
  CarrierError,
  type CarrierOptions,
  carrierContext,
} from '../adapters/carrier-http'
import { finalPrice, NOT_AVAILABLE_FOR_ORDER, type OrderMeasures, type PriceRule, ruleBasedPrice } from './delivery-rules'
import { PRICE_RULE_COLUMNS } from './price-rule-columns'

// Quotes the website's delivery methods for priced cart lines and a destination (decision 010):
// fixed and rule-based methods are priced offline; carrier methods ask the carrier once per origin
// ZIP (the decoration partner that ships the goods) and add the shipments up. The margin and
// free-over apply to every method. One method's failure stays on that method.

export type QuoteInput = {
  websiteId: number
  lines: PricedLine[]
  destination: PostalAddress | null
  /**
   * The order amount in cents: the rules' `price` and the free-over threshold. The merchandise the
   * shopper pays for — the products less their promotion discounts — wherever the discounts are known.
   */
  orderAmount: Cents
}

type MethodRow = {
  id: number
  name: string
  description: string
  deliveryType: DeliveryType
  priceAmount: number
  marginPercent: number
  freeOver: boolean
  freeOverAmount: number
  url: string | null
  credentials: DeliveryCredentials
  transitDays: DaySpan | null
}

/** A method's base price (unrounded cents) and, when a carrier said, its days in transit. */
type BaseQuote = { price: number; carrierTransit: number | null }

/** One shipment: the lines that ship from one origin ZIP, their weight summed. */
export type Shipment = { origin: PostalAddress; weight: number; lineKeys: string[] }

/**
 * Groups lines by their origin ZIP (spec 5: a line without one is skipped and logged). Lines whose
 * origin shares a ZIP ship together from the first such line's address.
 */
export function shipmentsByOrigin(lines: readonly PricedLine[]): Shipment[] {
  const byZip = new Map<string, Shipment>()
  for (const line of lines) {
    const zip = line.origin?.zip.trim() ?? ''
    if (!line.origin || zip === '') {
      logger().warn({ lineKey: line.key, productId: line.productId }, 'cart line has no origin ZIP: skipped for carrier pricing')
      continue
    }
    const shipment = byZip.get(zip) ?? { origin: { ...line.origin, zip }, weight: 0, lineKeys: [] }
    shipment.weight += line.weight
    shipment.lineKeys.push(line.key)
    byZip.set(zip, shipment)
  }
  return [...byZip.values()]
}

export function orderMeasures(lines: readonly PricedLine[], orderAmount: Cents): OrderMeasures {
  return {
    weight: lines.reduce((sum, line) => sum + line.weight, 0),
    // The catalog has no volume yet: rules on volume (and wv) see 0.
    volume: 0,
    quantity: lines.reduce((sum, line) => sum + line.totalQuantity, 0),
    orderAmount,
  }
}

async function carrierPrice(
  method: MethodRow,
  input: QuoteInput,
  rate: (shipment: Shipment, destination: PostalAddress) => Promise<CarrierRate>,
): Promise<BaseQuote> {
  const { destination } = input
  if (!destination) throw new CarrierError('address', ADDRESS_NEEDED)
  const shipments = shipmentsByOrigin(input.lines)
  if (shipments.length === 0) {
    logger().warn({ methodId: method.id, lines: input.lines.length }, 'no cart line has an origin ZIP: the carrier cannot price the order')
    throw new CarrierError('order', NOT_AVAILABLE_FOR_ORDER)
  }
  // One call per origin, in parallel (a cart rarely has more than a few decoration partners).
  const rates = await Promise.all(shipments.map((shipment) => rate(shipment, destination)))
  // The order arrives with its slowest box; a box whose transit the carrier did not give leaves it unknown.
  const transits = rates.map((answer) => answer.transitDays)
  return {
    price: rates.reduce((sum, answer) => sum + answer.amount, 0),
    carrierTransit: transits.every((days): days is number => days !== null) ? Math.max(...transits) : null,
  }
}

/** The base price (unrounded cents) of one method, before margin and free-over. Throws CarrierError. */
async function basePrice(method: MethodRow, rules: PriceRule[], input: QuoteInput, options: CarrierOptions): Promise<BaseQuote> {
  const { credentials } = method
  switch (method.deliveryType) {
    case 'fixed':
      return { price: method.priceAmount, carrierTransit: null }
    case 'base_on_rule': {
      const price = ruleBasedPrice(rules, orderMeasures(input.lines, input.orderAmount))
      if (price === null) throw new CarrierError('order', NOT_AVAILABLE_FOR_ORDER)
      return { price, carrierTransit: null }
    }
    case 'usps': {
      // Spec 5: USPS pricing needs a destination ZIP, else the price is 0 (no call is made).
      if (!input.destination || input.destination.zip.trim() === '') return { price: 0, carrierTransit: null }
      if (input.destination.countryCode !== 'US') throw new CarrierError('order', USPS_DOMESTIC_ONLY)
      const shipDate = new Date(carrierContext(options).now())
      return carrierPrice(method, input, (shipment, destination) =>
        quoteUspsShipment(
          { url: method.url, username: credentials.uspsUsername },
          { originZip: shipment.origin.zip, destinationZip: destination.zip, weight: shipment.weight, shipDate },
          options,
        ),
      )
    }
    case 'ups_rubikx':
      return carrierPrice(method, input, (shipment, destination) =>
        quoteUpsShipment(
          { url: method.url, clientId: credentials.upsClientId, clientSecret: credentials.upsClientSecret, accountNumber: credentials.upsAccountNumber },
          { origin: shipment.origin, destination, weight: shipment.weight },
          options,
        ),
      )
    case 'fedex_rubikx':
      return carrierPrice(method, input, (shipment, destination) =>
        quoteFedexShipment(
          {
            url: method.url,
            clientId: credentials.fedexClientid,
            clientSecret: credentials.fedexClientsecret,
            accountNumber: credentials.fedexAccountNumber,
          },
          { origin: shipment.origin, destination, weight: shipment.weight },
          options,
        ),
      )
  }
}

async function priceMethod(method: MethodRow, rules: PriceRule[], input: QuoteInput, options: CarrierOptions) {
  const base = await basePrice(method, rules, input, options)
  const price = finalPrice(base.price, { marginPercent: method.marginPercent, freeOver: method.freeOver, freeOverAmount: method.freeOverAmount }, input.orderAmount)
  return { ...price, transit: transitOf(method, base.carrierTransit) }
}

/** The carrier's days in transit when it gave them, else the method's own setting, else unknown. */
function transitOf(method: MethodRow, carrierTransit: number | null): DaySpan | null {
  if (carrierTransit !== null) return { minDays: carrierTransit, maxDays: carrierTransit }
  return method.transitDays ? { minDays: method.transitDays.minDays, maxDays: method.transitDays.maxDays } : null
}

/** The columns a method is priced from (quoteMethodRow). */
export const METHOD_COLUMNS = {
  id: deliveryMethods.id,
  name: deliveryMethods.name,
  description: deliveryMethods.description,
  deliveryType: deliveryMethods.deliveryType,
  priceAmount: deliveryMethods.priceAmount,
  marginPercent: deliveryMethods.marginPercent,
  freeOver: deliveryMethods.freeOver,
  freeOverAmount: deliveryMethods.freeOverAmount,
  url: deliveryMethods.url,
  credentials: deliveryMethods.credentials,
  transitDays: deliveryMethods.transitDays,
}

async function rulesFor(db: Executor, methodIds: number[]): Promise<Map<number, PriceRule[]>> {
  const byMethod = new Map<number, PriceRule[]>()
  if (methodIds.length === 0) return byMethod
  const rows = await db
    .select(PRICE_RULE_COLUMNS)
    .from(deliveryPriceRules)
    .where(inArray(deliveryPriceRules.deliveryMethodId, methodIds))
    .orderBy(asc(deliveryPriceRules.sequence), asc(deliveryPriceRules.id))
  for (const { deliveryMethodId, id: _id, sequence: _sequence, ...rule } of rows) {
    const list = byMethod.get(deliveryMethodId) ?? []
    list.push(rule)
    byMethod.set(deliveryMethodId, list)
  }
  return byMethod
}

function failureText(method: MethodRow, error: unknown): string {
  if (error instanceof CarrierError) return error.message
  logger().error({ err: error, methodId: method.id, deliveryType: method.deliveryType }, 'delivery quote failed unexpectedly')
  return CARRIER_UNAVAILABLE
}

/**
 * Every active delivery method of the website, in sequence order, with its price for these lines
 * and destination — or the reason it cannot deliver them. Carriers are asked in parallel.
 */
export async function quoteDeliveryMethods(db: Executor, input: QuoteInput, options: CarrierOptions = {}): Promise<DeliveryQuote[]> {
  const methods = await db
    .select(METHOD_COLUMNS)
    .from(deliveryMethods)
    .where(and(eq(deliveryMethods.websiteId, input.websiteId), eq(deliveryMethods.isActive, true)))
    .orderBy(asc(deliveryMethods.sequence), asc(deliveryMethods.id))
  const rules = await rulesFor(
    db,
    methods.filter((method) => method.deliveryType === 'base_on_rule').map((method) => method.id),
  )
  return Promise.all(
    methods.map(async (method): Promise<DeliveryQuote> => {
      const quote = { methodId: method.id, name: method.name, deliveryType: method.deliveryType, description: method.description }
      try {
        const { amount, free, transit } = await priceMethod(method, rules.get(method.id) ?? [], input, options)
        return { ...quote, amount, free, error: null, transit }
      } catch (error) {
        return { ...quote, amount: null, free: false, error: failureText(method, error), transit: null }
      }
    }),
  )
}

/**
 * The price of one active method of the website, for the local carrier endpoints. Throws
 * DomainError: not_found (no such active method of that type), invalid (the carrier refused the
 * address, or the method cannot deliver the order), unavailable (the carrier is down or its token
 * failed).
 */
export async function quoteDeliveryMethod(
  db: Executor,
  input: QuoteInput & { methodId: number; deliveryType: DeliveryType },
  options: CarrierOptions = {},
): Promise<{ amount: Cents; free: boolean }> {
  return quoteMethodRow(db, await findActiveMethod(db, input), input, options)
}

/** The price of a method already read (with METHOD_COLUMNS), so a caller that read it does not read it again. */
export async function quoteMethodRow(db: Executor, method: MethodRow, input: QuoteInput, options: CarrierOptions = {}): Promise<{ amount: Cents; free: boolean }> {
  const rules = method.deliveryType === 'base_on_rule' ? ((await rulesFor(db, [method.id])).get(method.id) ?? []) : []
  try {
    const { amount, free } = await priceMethod(method, rules, input, options)
    return { amount, free }
  } catch (error) {
    if (error instanceof CarrierError) {
      const code = error.kind === 'address' || error.kind === 'order' ? 'invalid' : 'unavailable'
      throw new DomainError(code, `delivery method ${method.id}: ${error.message}`, error.message)
    }
    throw error
  }
}

/** The active method `methodId` of the website when it has the given type; otherwise not_found. */
export async function findActiveMethod(db: Executor, { websiteId, methodId, deliveryType }: { websiteId: number; methodId: number; deliveryType: DeliveryType }): Promise<MethodRow> {
  const [method] = await db
    .select(METHOD_COLUMNS)
    .from(deliveryMethods)
    .where(and(eq(deliveryMethods.id, methodId), eq(deliveryMethods.websiteId, websiteId), eq(deliveryMethods.isActive, true), eq(deliveryMethods.deliveryType, deliveryType)))
  if (!method) throw notFound('Delivery method', methodId)
  return method
}

/**
 * Where a pickup method hands the order over, as a postal address: a pickup is taxed there, not at
 * the address the shopper typed (issue 13). Null for a method that delivers.
 */
export function pickupPlace(address: PickupAddress | null | undefined): PostalAddress | null {
  if (!address) return null
  return { name: address.name, street: address.street, street2: address.street2, city: address.city, stateCode: address.state, countryCode: address.country, zip: address.zip }
}
