import { eq } from 'drizzle-orm'
import type { Transaction } from '../db/client'
import { promotionPrograms } from '../db/schema'
import { toCents } from '../kernel/money'
import { PROGRAM_COLUMNS } from '../promotions/promotion-engine'
import type { StoreFile } from './store-file-schema'
import { deactivate, scale, sync, type Tally } from './sync-rows'

// The store file's `promotions` (by name; deactivated, never deleted).

export async function writePromotions(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number, productIds: Map<string, number>) {
  const existing = await tx
    .select(PROGRAM_COLUMNS)
    .from(promotionPrograms)
    .where(eq(promotionPrograms.websiteId, websiteId))
  const desired = file.promotions.map((promotion) => {
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
      discountPercentage: discount?.type === 'percentage' && discount.percentage !== undefined ? scale(discount.percentage, 2) : null,
      discountFixedAmount: discount?.type === 'fixed_amount' && discount.fixedAmount !== undefined ? toCents(discount.fixedAmount) : null,
      discountApplyOn: discount?.applyOn ?? null,
      rewardProductId: promotion.rewardType === 'product' && promotion.rewardProduct ? productIds.get(promotion.rewardProduct.slug)! : null,
      rewardProductQuantity: promotion.rewardProduct?.quantity ?? 1,
      isActive: promotion.active,
    }
  })
  // A code moves with its program: a program the file dropped gives its code up first (unique per website).
  const wantedCodes = new Set(desired.map((row) => row.promoCode).filter((code) => code !== null))
  const listedNames = new Set(desired.map((row) => row.name))
  for (const row of existing) {
    if (!listedNames.has(row.name) && row.promoCode && wantedCodes.has(row.promoCode)) {
      await tx.update(promotionPrograms).set({ promoCode: null, isActive: false, updatedAt: new Date() }).where(eq(promotionPrograms.id, row.id))
      row.promoCode = null
      row.isActive = false
      tally.add('promotions', 'removed')
    }
  }
  const { leftover } = await sync({
    tally,
    entity: 'promotions',
    existing,
    desired,
    keyOf: (row) => row.name,
    insert: (rows) =>
      tx
        .insert(promotionPrograms)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: promotionPrograms.id, key: promotionPrograms.name }),
    update: (id, values) => tx.update(promotionPrograms).set(values).where(eq(promotionPrograms.id, id)),
  })
  await deactivate(tx, tally, 'promotions', promotionPrograms, leftover)
}
