import { eq, inArray } from 'drizzle-orm'
import type { Transaction } from '../db/client'
import { deliveryMethodValues, priceRuleValues } from '../delivery/delivery-method-rows'
import { PRICE_RULE_COLUMNS } from '../delivery/price-rule-columns'
import { deliveryMethods, deliveryPriceRules } from '../db/schema'
import type { StoreFile } from './store-file-schema'
import { deactivate, removeRows, sync, type Tally } from './sync-rows'

// The store file's `deliveryMethods` (by name; deactivated, never deleted) and their price rules.

export async function writeDelivery(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number) {
  const existing = await tx
    .select({
      id: deliveryMethods.id,
      name: deliveryMethods.name,
      description: deliveryMethods.description,
      deliveryType: deliveryMethods.deliveryType,
      priceAmount: deliveryMethods.priceAmount,
      marginPercent: deliveryMethods.marginPercent,
      freeOver: deliveryMethods.freeOver,
      freeOverAmount: deliveryMethods.freeOverAmount,
      url: deliveryMethods.url,
      credentials: deliveryMethods.credentials,
      pickupAddress: deliveryMethods.pickupAddress,
      transitDays: deliveryMethods.transitDays,
      sequence: deliveryMethods.sequence,
      isActive: deliveryMethods.isActive,
    })
    .from(deliveryMethods)
    .where(eq(deliveryMethods.websiteId, websiteId))
  const { ids, leftover } = await sync({
    tally,
    entity: 'deliveryMethods',
    existing,
    desired: file.deliveryMethods.map(deliveryMethodValues),
    keyOf: (row) => row.name,
    insert: (rows) =>
      tx
        .insert(deliveryMethods)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: deliveryMethods.id, key: deliveryMethods.name }),
    // store-scope: ids come from the rows this import read with its websiteId
    update: (id, values) => tx.update(deliveryMethods).set(values).where(eq(deliveryMethods.id, id)),
  })
  await deactivate(tx, tally, 'deliveryMethods', deliveryMethods, leftover)

  const methodIds = [...ids.values()]
  if (methodIds.length === 0) return
  const existingRules = await tx
    .select(PRICE_RULE_COLUMNS)
    .from(deliveryPriceRules)
    .where(inArray(deliveryPriceRules.deliveryMethodId, methodIds))
  const { leftover: oldRules } = await sync({
    tally,
    entity: 'priceRules',
    existing: existingRules,
    desired: file.deliveryMethods.flatMap((method) => priceRuleValues(method, ids.get(method.name)!)),
    keyOf: (row) => `${row.deliveryMethodId}/${row.sequence}`,
    insert: async (rows) =>
      (
        await tx
          .insert(deliveryPriceRules)
          .values(rows)
          .returning({ id: deliveryPriceRules.id, methodId: deliveryPriceRules.deliveryMethodId, sequence: deliveryPriceRules.sequence })
      ).map((row) => ({ id: row.id, key: `${row.methodId}/${row.sequence}` })),
    update: (id, values) => tx.update(deliveryPriceRules).set(values).where(eq(deliveryPriceRules.id, id)),
  })
  await removeRows(tx, tally, 'priceRules', deliveryPriceRules, oldRules)
}
