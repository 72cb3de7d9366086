import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { budgetTransactions, partners, promotionPrograms, promotionUsages } from '../db/schema'
import { refundGiftCardSpend } from '../gift-cards/gift-card-service'
import type { Cents } from '../kernel/money'

// Giving back what an order spent when it will not go ahead (a rejected approval): its budget,
// its gift cards and its promotion uses, inside the caller's transaction, so the order's new state
// and the money move together. Each part is computed from the ledgers (what the order took less
// what it already had back), so running it twice gives nothing more back and every balance stays
// equal to its starting amount plus its ledger.

export type GivenBack = { budget: Cents; giftCards: Cents; promotionIds: number[] }

/**
 * Credits each partner's budget with what the order took from it and has not had back, with a
 * positive budget_transactions row. The partner rows are held first, so two refunds of one order
 * cannot both see the spend as still owed. `upTo` bounds a partial refund.
 */
export async function refundBudgetSpend(tx: Executor, { orderId, now = new Date(), upTo = Number.MAX_SAFE_INTEGER }: { orderId: number; now?: Date; upTo?: Cents }): Promise<Cents> {
  if (upTo <= 0) return 0
  const owedPerPartner = () =>
    tx
      .select({ partnerId: budgetTransactions.partnerId, owed: sql<string>`-sum(${budgetTransactions.amount})` })
      .from(budgetTransactions)
      .where(eq(budgetTransactions.orderId, orderId))
      .groupBy(budgetTransactions.partnerId)
  const partnerIds = (await owedPerPartner()).map((row) => row.partnerId).sort((a, b) => a - b)
  if (partnerIds.length === 0) return 0
  // store-scope: partners and programs are those recorded on this order (its own store)
  await tx.select({ id: partners.id }).from(partners).where(inArray(partners.id, partnerIds)).orderBy(asc(partners.id)).for('no key update')
  let refunded = 0
  for (const { partnerId, owed } of await owedPerPartner()) {
    const amount = Math.min(Number(owed), upTo - refunded)
    if (!(amount > 0)) continue
    // A store that has since dropped the partner's budget (null) gets it back from zero.
    // store-scope: partners and programs are those recorded on this order (its own store)
    await tx
      .update(partners)
      .set({ budgetAmount: sql`coalesce(${partners.budgetAmount}, 0) + ${amount}`, updatedAt: now })
      .where(eq(partners.id, partnerId))
    await tx.insert(budgetTransactions).values({ partnerId, orderId, kind: 'refund', amount, createdAt: now })
    refunded += amount
  }
  return refunded
}

/**
 * Removes the order's promotion usage rows and counts each program's use down again (never below
 * zero), so a limited program can be used by someone else. Answers the programs released.
 */
export async function releasePromotionUsage(tx: Executor, { orderId }: { orderId: number }): Promise<number[]> {
  const released = await tx.delete(promotionUsages).where(eq(promotionUsages.orderId, orderId)).returning({ programId: promotionUsages.programId })
  const programIds = [...new Set(released.map((row) => row.programId))].sort((a, b) => a - b)
  for (const programId of programIds) {
    // store-scope: partners and programs are those recorded on this order (its own store)
    await tx
      .update(promotionPrograms)
      .set({ usedCount: sql`greatest(${promotionPrograms.usedCount} - 1, 0)` })
      .where(eq(promotionPrograms.id, programId))
  }
  return programIds
}

/** Everything the order spent, given back (see the functions above). */
export async function giveBackOrderSpending(tx: Executor, { orderId, now = new Date() }: { orderId: number; now?: Date }): Promise<GivenBack> {
  const promotionIds = await releasePromotionUsage(tx, { orderId })
  const giftCards = await refundGiftCardSpend(tx, { orderId, now })
  const budget = await refundBudgetSpend(tx, { orderId, now })
  return { budget, giftCards, promotionIds }
}
