import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DeliveryMethod, DeliveryPriceRule } from '@/isomorphic/contract/queries'
import { getDb } from '../db/client'
import { deliveryMethods, deliveryPriceRules } from '../db/schema'
import { fromCents } from '../kernel/money'
import { PRICE_RULE_COLUMNS } from './price-rule-columns'

/**
 * The website's active delivery methods as the browser sees them: prices, margin, free-over
 * threshold and rules. Carrier credentials and endpoints are never selected.
 */
export async function listDeliveryMethods({ websiteId }: { websiteId: number }): Promise<DeliveryMethod[]> {
  const db = await getDb()
  const methods = await db
    .select({
      id: deliveryMethods.id,
      name: deliveryMethods.name,
      description: deliveryMethods.description,
      deliveryType: deliveryMethods.deliveryType,
      priceAmount: deliveryMethods.priceAmount,
      marginPercent: deliveryMethods.marginPercent,
      freeOver: deliveryMethods.freeOver,
      freeOverAmount: deliveryMethods.freeOverAmount,
      sequence: deliveryMethods.sequence,
    })
    .from(deliveryMethods)
    .where(and(eq(deliveryMethods.websiteId, websiteId), eq(deliveryMethods.isActive, true)))
    .orderBy(asc(deliveryMethods.sequence), asc(deliveryMethods.id))
  if (methods.length === 0) return []

  const rules = await db
    .select(PRICE_RULE_COLUMNS)
    .from(deliveryPriceRules)
    .where(
      inArray(
        deliveryPriceRules.deliveryMethodId,
        methods.map((method) => method.id),
      ),
    )
    .orderBy(asc(deliveryPriceRules.sequence), asc(deliveryPriceRules.id))

  const rulesByMethod = new Map<number, DeliveryPriceRule[]>()
  for (const { deliveryMethodId, listBasePriceAmount, listPriceAmount, ...rule } of rules) {
    const list = rulesByMethod.get(deliveryMethodId) ?? []
    list.push({ ...rule, listBasePrice: fromCents(listBasePriceAmount), listPrice: fromCents(listPriceAmount) })
    rulesByMethod.set(deliveryMethodId, list)
  }

  return methods.map((method) => ({
    id: method.id,
    name: method.name,
    description: method.description,
    deliveryType: method.deliveryType,
    price: fromCents(method.priceAmount),
    margin: method.marginPercent,
    freeOver: method.freeOver,
    amout: fromCents(method.freeOverAmount),
    priceRuleIds: rulesByMethod.get(method.id) ?? [],
    sequence: method.sequence,
  }))
}
