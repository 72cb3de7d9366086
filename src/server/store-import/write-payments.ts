import { eq } from 'drizzle-orm'
import type { Transaction } from '../db/client'
import { paymentMethods } from '../db/schema'
import type { StoreFile } from './store-file-schema'
import { deactivate, sync, type Tally } from './sync-rows'

// The store file's `paymentMethods` (by name; deactivated, never deleted).

export async function writePayments(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number) {
  const existing = await tx
    .select({
      id: paymentMethods.id,
      name: paymentMethods.name,
      provider: paymentMethods.provider,
      instructions: paymentMethods.instructions,
      bankDetails: paymentMethods.bankDetails,
      forGuests: paymentMethods.forGuests,
      sequence: paymentMethods.sequence,
      isActive: paymentMethods.isActive,
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.websiteId, websiteId))
  const { leftover } = await sync({
    tally,
    entity: 'paymentMethods',
    existing,
    desired: file.paymentMethods.map((method) => ({
      name: method.name,
      provider: method.provider,
      instructions: method.instructions,
      bankDetails: method.bankDetails ?? null,
      forGuests: method.guests,
      sequence: method.sequence,
      isActive: method.active,
    })),
    keyOf: (row) => row.name,
    insert: (rows) =>
      tx
        .insert(paymentMethods)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: paymentMethods.id, key: paymentMethods.name }),
    // store-scope: ids come from the rows this import read with its websiteId
    update: (id, values) => tx.update(paymentMethods).set(values).where(eq(paymentMethods.id, id)),
  })
  await deactivate(tx, tally, 'paymentMethods', paymentMethods, leftover)
}
