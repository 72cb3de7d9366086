import { eq } from 'drizzle-orm'
import type { Transaction } from '../db/client'
import { orderExtraFields, orderOptions } from '../db/schema'
import { toCents } from '../kernel/money'
import { readExtraFields } from '../checkout/order-extra-fields'
import type { StoreFile } from './store-file-schema'
import { removeRows, sync, type Tally } from './sync-rows'

// The store file's `orderExtraFields` and `orderOptions`.

export async function writeOrderFields(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number) {
  const existingFields = await readExtraFields(tx, websiteId)
  const { leftover: oldFields } = await sync({
    tally,
    entity: 'orderExtraFields',
    existing: existingFields,
    desired: file.orderExtraFields.map((field) => ({
      name: field.name,
      label: field.label,
      fieldType: field.type,
      isRequired: field.required,
      options: field.options,
      placeholder: field.placeholder ?? null,
      sequence: field.sequence,
    })),
    keyOf: (row) => row.name,
    insert: (rows) =>
      tx
        .insert(orderExtraFields)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: orderExtraFields.id, key: orderExtraFields.name }),
    // store-scope: ids come from the rows this import read with its websiteId
    update: (id, values) => tx.update(orderExtraFields).set(values).where(eq(orderExtraFields.id, id)),
  })
  await removeRows(tx, tally, 'orderExtraFields', orderExtraFields, oldFields)

  const existingOptions = await tx
    .select({ id: orderOptions.id, name: orderOptions.name, label: orderOptions.label, priceAmount: orderOptions.priceAmount, sequence: orderOptions.sequence })
    .from(orderOptions)
    .where(eq(orderOptions.websiteId, websiteId))
  const { leftover: oldOptions } = await sync({
    tally,
    entity: 'orderOptions',
    existing: existingOptions,
    desired: file.orderOptions.map((option) => ({ name: option.name, label: option.label, priceAmount: toCents(option.price), sequence: option.sequence })),
    keyOf: (row) => row.name,
    insert: (rows) =>
      tx
        .insert(orderOptions)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: orderOptions.id, key: orderOptions.name }),
    // store-scope: ids come from the rows this import read with its websiteId
    update: (id, values) => tx.update(orderOptions).set(values).where(eq(orderOptions.id, id)),
  })
  await removeRows(tx, tally, 'orderOptions', orderOptions, oldOptions)
}
