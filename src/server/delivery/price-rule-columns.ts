import { deliveryPriceRules } from '../db/schema'

/** A delivery method's price rule as every reader takes it: the checkout's quote, the methods list and the store import. */
export const PRICE_RULE_COLUMNS = {
  id: deliveryPriceRules.id,
  deliveryMethodId: deliveryPriceRules.deliveryMethodId,
  sequence: deliveryPriceRules.sequence,
  variable: deliveryPriceRules.variable,
  operator: deliveryPriceRules.operator,
  maxValue: deliveryPriceRules.maxValue,
  listBasePriceAmount: deliveryPriceRules.listBasePriceAmount,
  listPriceAmount: deliveryPriceRules.listPriceAmount,
  variableFactor: deliveryPriceRules.variableFactor,
}
