import { eq, sql } from 'drizzle-orm'
import type { Transaction } from '../db/client'
import { promotionPrograms } from '../db/schema'
import { PROGRAM_COLUMNS } from '../promotions/promotion-engine'
import { programValues } from '../promotions/promotion-rows'
import type { StoreFile } from './store-file-schema'
import { deactivate, sync, type Tally } from './sync-rows'

// The store file's `promotions` (by name; deactivated, never deleted).

export async function writePromotions(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number, productIds: Map<string, number>) {
  const existing = await tx
    .select(PROGRAM_COLUMNS)
    .from(promotionPrograms)
    .where(eq(promotionPrograms.websiteId, websiteId))
  const desired = file.promotions.map((promotion) => programValues(promotion, productIds))
  // A code moves with its program: a program the file dropped gives its code up first (unique per website).
  const wantedCodes = new Set(desired.map((row) => row.promoCode).filter((code) => code !== null))
  const listedNames = new Set(desired.map((row) => row.name))
  for (const row of existing) {
    if (!listedNames.has(row.name) && row.promoCode && wantedCodes.has(row.promoCode)) {
      // store-scope: ids come from the rows this import read with its websiteId
      await tx
        .update(promotionPrograms)
        .set({ promoCode: null, isActive: false, updatedAt: new Date(), version: sql`${promotionPrograms.version} + 1` })
        .where(eq(promotionPrograms.id, row.id))
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
    // A console member who opened the program before this import must not save over it unawares.
    update: (id, values) =>
      // store-scope: ids come from the rows this import read with its websiteId
      tx
        .update(promotionPrograms)
        .set({ ...values, version: sql`${promotionPrograms.version} + 1` })
        .where(eq(promotionPrograms.id, id)),
  })
  await deactivate(tx, tally, 'promotions', promotionPrograms, leftover)
}
