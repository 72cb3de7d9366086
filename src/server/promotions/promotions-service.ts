import { and, asc, eq, gt, gte, isNull, lte, or, sql } from 'drizzle-orm'
import type { PromotionProgram } from '@/isomorphic/contract/queries'
import { getDb } from '../db/client'
import { promotionPrograms } from '../db/schema'
import { fromCents } from '../kernel/money'

/**
 * Programs a shopper can benefit from now: active, within their dates and not used up. Promo
 * codes are never returned: a code_needed program only tells the browser that a code exists.
 */
export async function listActivePromotions({ websiteId, now = new Date() }: { websiteId: number; now?: Date }): Promise<PromotionProgram[]> {
  const db = await getDb()
  const rows = await db
    .select({
      id: promotionPrograms.id,
      name: promotionPrograms.name,
      rewardType: promotionPrograms.rewardType,
      promoApplicability: promotionPrograms.promoApplicability,
      promoCodeUsage: promotionPrograms.promoCodeUsage,
      ruleMinimumAmount: promotionPrograms.ruleMinimumAmount,
      ruleMinQuantity: promotionPrograms.ruleMinQuantity,
      ruleProductIds: promotionPrograms.ruleProductIds,
      dateFrom: promotionPrograms.dateFrom,
      dateTo: promotionPrograms.dateTo,
      discountType: promotionPrograms.discountType,
      discountPercentage: promotionPrograms.discountPercentage,
      discountFixedAmount: promotionPrograms.discountFixedAmount,
      discountApplyOn: promotionPrograms.discountApplyOn,
      rewardProductId: promotionPrograms.rewardProductId,
      rewardProductQuantity: promotionPrograms.rewardProductQuantity,
    })
    .from(promotionPrograms)
    .where(
      and(
        eq(promotionPrograms.websiteId, websiteId),
        eq(promotionPrograms.isActive, true),
        or(isNull(promotionPrograms.dateFrom), lte(promotionPrograms.dateFrom, now)),
        or(isNull(promotionPrograms.dateTo), gte(promotionPrograms.dateTo, now)),
        or(eq(promotionPrograms.maximumUseNumber, 0), gt(promotionPrograms.maximumUseNumber, sql`${promotionPrograms.usedCount}`)),
      ),
    )
    .orderBy(asc(promotionPrograms.id))

  return rows.map((row) => ({
    ...row,
    ruleMinimumAmount: fromCents(row.ruleMinimumAmount),
    dateFrom: row.dateFrom?.toISOString() ?? null,
    dateTo: row.dateTo?.toISOString() ?? null,
    discountFixedAmount: row.discountFixedAmount === null ? null : fromCents(row.discountFixedAmount),
  }))
}
