import { getDb } from '@/server/db/client'
import {
  deliveryMethods,
  deliveryPriceRules,
  orderExtraFields,
  paymentMethods,
  promotionPrograms,
  taxCredentials,
} from '@/server/db/schema'
import { nextSequence } from './sequence'

type NewDeliveryMethod = typeof deliveryMethods.$inferInsert
type NewPriceRule = Omit<typeof deliveryPriceRules.$inferInsert, 'deliveryMethodId'>

export function buildDeliveryMethod(overrides: Partial<NewDeliveryMethod> & { websiteId: number }): NewDeliveryMethod {
  return {
    name: `Ground ${nextSequence()}`,
    deliveryType: 'fixed',
    priceAmount: 995,
    marginPercent: 0,
    ...overrides,
  }
}

/** A delivery method, with price rules for base_on_rule methods. */
export async function createDeliveryMethod(
  overrides: Partial<NewDeliveryMethod> & { websiteId: number; rules?: NewPriceRule[] },
) {
  const { rules = [], ...fields } = overrides
  const db = await getDb()
  const [method] = await db.insert(deliveryMethods).values(buildDeliveryMethod(fields)).returning()
  if (rules.length > 0) {
    await db.insert(deliveryPriceRules).values(rules.map((rule) => ({ ...rule, deliveryMethodId: method!.id })))
  }
  return method!
}

export async function createPaymentMethod(overrides: Partial<typeof paymentMethods.$inferInsert> & { websiteId: number }) {
  const db = await getDb()
  const [method] = await db
    .insert(paymentMethods)
    .values({ name: `Invoice ${nextSequence()}`, provider: 'manual', instructions: 'Pay within 30 days.', ...overrides })
    .returning()
  return method!
}

export async function createTaxCredential(overrides: Partial<typeof taxCredentials.$inferInsert> & { websiteId: number }) {
  const db = await getDb()
  const [credential] = await db.insert(taxCredentials).values({ taxname: 'builtin', ...overrides }).returning()
  return credential!
}

export async function createPromotion(overrides: Partial<typeof promotionPrograms.$inferInsert> & { websiteId: number }) {
  const db = await getDb()
  const [program] = await db
    .insert(promotionPrograms)
    .values({
      name: `Promotion ${nextSequence()}`,
      rewardType: 'discount',
      promoApplicability: 'on_current_order',
      promoCodeUsage: 'no_code_needed',
      discountType: 'percentage',
      discountPercentage: 10,
      discountApplyOn: 'on_order',
      ...overrides,
    })
    .returning()
  return program!
}

export async function createOrderExtraField(overrides: Partial<typeof orderExtraFields.$inferInsert> & { websiteId: number }) {
  const n = nextSequence()
  const db = await getDb()
  const [field] = await db
    .insert(orderExtraFields)
    .values({ name: `po_number_${n}`, label: 'PO number', fieldType: 'text', ...overrides })
    .returning()
  return field!
}
