import type { DeliveryMethodFields } from '@/isomorphic/contract/store-file-delivery'
import { fromCents, toCents } from '@/isomorphic/money'
import type { DeliveryCredentials, deliveryMethods, deliveryPriceRules } from '../db/schema'

// A delivery method between its two shapes (issue 16): the store file's (and the console's form's,
// DeliveryMethodSchema: dollars, a pickup address without a name) and the database rows (cents,
// fixed scales). The store import and the console write through the same two functions, and the
// console reads back through the third, so the three can never disagree.

type MethodRow = typeof deliveryMethods.$inferSelect
type RuleRow = typeof deliveryPriceRules.$inferSelect

const fixed = (value: number, digits: number) => Number(value.toFixed(digits))

/** The delivery_methods columns for a method (without websiteId, version and timestamps). */
export function deliveryMethodValues(method: DeliveryMethodFields) {
  return {
    name: method.name,
    description: method.description,
    deliveryType: method.deliveryType,
    priceAmount: toCents(method.price),
    marginPercent: fixed(method.margin, 2),
    freeOver: method.freeOverAmount !== undefined,
    freeOverAmount: method.freeOverAmount === undefined ? 0 : toCents(method.freeOverAmount),
    url: method.url ?? null,
    credentials: Object.fromEntries(Object.entries(method.credentials).filter(([, value]) => value !== undefined && value !== '')) as DeliveryCredentials,
    pickupAddress: method.pickupAddress
      ? {
          name: method.name,
          street: method.pickupAddress.street,
          street2: method.pickupAddress.street2 ?? null,
          city: method.pickupAddress.city,
          state: method.pickupAddress.state,
          zip: method.pickupAddress.zip,
          country: method.pickupAddress.country,
        }
      : null,
    transitDays: method.transitDays ?? null,
    sequence: method.sequence,
    isActive: method.active,
  }
}

/** The delivery_price_rules rows of a method, in its order. */
export function priceRuleValues(method: DeliveryMethodFields, deliveryMethodId: number) {
  return method.priceRules.map((rule, sequence) => ({
    deliveryMethodId,
    sequence,
    variable: rule.variable,
    operator: rule.operator,
    maxValue: fixed(rule.maxValue, 3),
    listBasePriceAmount: toCents(rule.listBasePrice),
    listPriceAmount: toCents(rule.listPrice),
    variableFactor: rule.variableFactor,
  }))
}

/** A stored method back in the store file's shape, credentials included (callers decide what to show). */
export function deliveryMethodFields(row: MethodRow, rules: readonly RuleRow[]): DeliveryMethodFields {
  const address = row.pickupAddress
  return {
    name: row.name,
    description: row.description,
    deliveryType: row.deliveryType,
    price: fromCents(row.priceAmount),
    margin: row.marginPercent,
    ...(row.freeOver ? { freeOverAmount: fromCents(row.freeOverAmount) } : {}),
    priceRules: [...rules]
      .sort((a, b) => a.sequence - b.sequence)
      .map((rule) => ({
        variable: rule.variable,
        operator: rule.operator,
        maxValue: rule.maxValue,
        listBasePrice: fromCents(rule.listBasePriceAmount),
        listPrice: fromCents(rule.listPriceAmount),
        variableFactor: rule.variableFactor,
      })),
    ...(row.url ? { url: row.url } : {}),
    credentials: { ...row.credentials },
    ...(address
      ? { pickupAddress: { street: address.street, ...(address.street2 ? { street2: address.street2 } : {}), city: address.city, state: address.state, zip: address.zip, country: address.country } }
      : {}),
    ...(row.transitDays ? { transitDays: { ...row.transitDays } } : {}),
    sequence: row.sequence,
    active: row.isActive,
  }
}
