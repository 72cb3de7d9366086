import type { Promotion, PromotionInput } from '@/isomorphic/contract/field-rules'
import type { promotionPrograms } from '../db/schema'
import { fromCents, toCents } from '../kernel/money'

// One mapping between a promotion as the store file writes it (and the console saves it) and its
// promotion_programs row, used by the store import and the console, so a program saved in either
// place is the same row and the same engine applies it.

type ProgramRow = typeof promotionPrograms.$inferSelect

/** The row's editable columns for `promotion`; `productIds` maps the store's product slugs to ids (every slug must be known). */
export function programValues(promotion: Promotion, productIds: ReadonlyMap<string, number>) {
  const discount = promotion.rewardType === 'discount' ? promotion.discount : undefined
  return {
    name: promotion.name,
    rewardType: promotion.rewardType,
    promoApplicability: promotion.promoApplicability,
    promoCodeUsage: promotion.promoCode ? ('code_needed' as const) : ('no_code_needed' as const),
    promoCode: promotion.promoCode ?? null,
    ruleMinimumAmount: toCents(promotion.minimumAmount),
    ruleMinQuantity: promotion.minimumQuantity,
    ruleProductIds: promotion.products.map((slug) => productIds.get(slug)!),
    dateFrom: promotion.dateFrom ? new Date(promotion.dateFrom) : null,
    dateTo: promotion.dateTo ? new Date(promotion.dateTo) : null,
    maximumUseNumber: promotion.maximumUses,
    maximumUsesPerCustomer: promotion.maximumUsesPerCustomer,
    firstOrderOnly: promotion.firstOrderOnly,
    discountType: discount?.type ?? null,
    discountPercentage: discount?.type === 'percentage' && discount.percentage !== undefined ? Number(discount.percentage.toFixed(2)) : null,
    discountFixedAmount: discount?.type === 'fixed_amount' && discount.fixedAmount !== undefined ? toCents(discount.fixedAmount) : null,
    discountApplyOn: discount?.applyOn ?? null,
    rewardProductId: promotion.rewardType === 'product' && promotion.rewardProduct ? productIds.get(promotion.rewardProduct.slug)! : null,
    rewardProductQuantity: promotion.rewardProduct?.quantity ?? 1,
    isActive: promotion.active,
  }
}

/**
 * The promotion a row holds, in the store file's shape (what the console's form edits and what
 * imports again); `slugOf` maps product ids to slugs (a product that is gone is left out).
 */
export function promotionOfRow(row: ProgramRow, slugOf: ReadonlyMap<number, string>): PromotionInput {
  const slugs = row.ruleProductIds.flatMap((id) => (slugOf.has(id) ? [slugOf.get(id)!] : []))
  const rewardSlug = row.rewardProductId === null ? undefined : slugOf.get(row.rewardProductId)
  return {
    name: row.name,
    rewardType: row.rewardType,
    promoApplicability: row.promoApplicability,
    ...(row.promoCode ? { promoCode: row.promoCode } : {}),
    minimumAmount: fromCents(row.ruleMinimumAmount),
    minimumQuantity: row.ruleMinQuantity,
    products: slugs,
    ...(row.dateFrom ? { dateFrom: row.dateFrom.toISOString() } : {}),
    ...(row.dateTo ? { dateTo: row.dateTo.toISOString() } : {}),
    maximumUses: row.maximumUseNumber,
    maximumUsesPerCustomer: row.maximumUsesPerCustomer,
    firstOrderOnly: row.firstOrderOnly,
    ...(row.rewardType === 'discount' && row.discountType
      ? {
          discount: {
            type: row.discountType,
            ...(row.discountType === 'percentage' && row.discountPercentage !== null ? { percentage: Number(row.discountPercentage) } : {}),
            ...(row.discountType === 'fixed_amount' && row.discountFixedAmount !== null ? { fixedAmount: fromCents(row.discountFixedAmount) } : {}),
            applyOn: row.discountApplyOn ?? 'on_order',
          },
        }
      : {}),
    ...(row.rewardType === 'product' && rewardSlug ? { rewardProduct: { slug: rewardSlug, quantity: row.rewardProductQuantity } } : {}),
    active: row.isActive,
  }
}
