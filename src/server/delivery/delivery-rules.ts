import type { Cents } from '../kernel/money'
import { roundMeasure } from '../kernel/measures'

// Pure delivery pricing (design/domain.md, Odoo `delivery.carrier` semantics): the method's own
// price (fixed), the first price rule that holds (base_on_rule), then the margin percent, then
// free-over. Amounts stay unrounded (fractional cents) until the very end, where they are rounded
// to whole cents once.

export type RuleVariable = 'weight' | 'volume' | 'wv' | 'price' | 'quantity'
export type RuleOperator = '==' | '<=' | '<' | '>=' | '>'

export type PriceRule = {
  variable: RuleVariable
  operator: RuleOperator
  maxValue: number
  /** Cents. */
  listBasePriceAmount: Cents
  /** Cents per unit of `variableFactor`. */
  listPriceAmount: Cents
  variableFactor: RuleVariable
}

/** What the rules look at. Weight in pounds, volume in the catalog's unit (none yet: 0). */
export type OrderMeasures = {
  weight: number
  volume: number
  quantity: number
  /** The order amount (products) in cents; the rules' `price` variable is it in dollars. */
  orderAmount: Cents
}

export type PricingPolicy = {
  marginPercent: number
  freeOver: boolean
  /** Cents: free when the order amount reaches it. */
  freeOverAmount: Cents
}

export const NOT_AVAILABLE_FOR_ORDER = 'This delivery method is not available for this order.'

// Measures are compared at the precision of `maxValue` (3 decimals) so that sums such as
// 0.1 + 0.2 pounds compare equal to a rule's 0.3.

export function ruleValues(measures: OrderMeasures): Record<RuleVariable, number> {
  const weight = roundMeasure(measures.weight)
  const volume = roundMeasure(measures.volume)
  return {
    weight,
    volume,
    wv: roundMeasure(weight * volume),
    price: measures.orderAmount / 100,
    quantity: measures.quantity,
  }
}

function holds(value: number, operator: RuleOperator, limit: number): boolean {
  switch (operator) {
    case '==':
      return value === limit
    case '<=':
      return value <= limit
    case '<':
      return value < limit
    case '>=':
      return value >= limit
    case '>':
      return value > limit
  }
}

/**
 * The price (unrounded cents) the first rule that holds gives: listBasePrice + listPrice × the
 * value of its factor variable. Null when no rule holds: the method cannot deliver this order.
 * `rules` must already be in sequence order.
 */
export function ruleBasedPrice(rules: readonly PriceRule[], measures: OrderMeasures): number | null {
  const values = ruleValues(measures)
  for (const rule of rules) {
    if (holds(values[rule.variable], rule.operator, rule.maxValue)) {
      return rule.listBasePriceAmount + rule.listPriceAmount * values[rule.variableFactor]
    }
  }
  return null
}

/**
 * The final price of a method from its base price (unrounded cents): the margin is added, then it is
 * free when free-over is set and the order amount reaches the threshold. Rounded to cents once.
 */
export function finalPrice(basePrice: number, policy: PricingPolicy, orderAmount: Cents): { amount: Cents; free: boolean } {
  if (!Number.isFinite(basePrice) || basePrice < 0) throw new RangeError(`Not a delivery price: ${basePrice}`)
  if (policy.freeOver && orderAmount >= policy.freeOverAmount) return { amount: 0, free: true }
  const withMargin = basePrice * (1 + policy.marginPercent / 100)
  return { amount: Math.max(0, Math.round(withMargin)), free: false }
}
