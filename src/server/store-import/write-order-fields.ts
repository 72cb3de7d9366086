import { eq } from 'drizzle-orm'
import type { Transaction } from '../db/client'
import { customerGroups, orderExtraFields, orderOptions } from '../db/schema'
import { DomainError } from '../kernel/errors'
import { toCents } from '../kernel/money'
import { readExtraFields } from '../checkout/order-extra-fields'
import type { StoreFile } from './store-file-schema'
import { removeRows, sync, type Tally } from './sync-rows'

// The store file's `orderExtraFields` and `orderOptions`.

/** The store's group id for each field asked of a group, by the group's code (case-insensitive). */
async function groupIdsOf(tx: Transaction, file: Pick<StoreFile, 'orderExtraFields'>, websiteId: number): Promise<Map<string, number>> {
  const wanted = file.orderExtraFields.filter((field) => field.group !== undefined)
  if (wanted.length === 0) return new Map()
  const groups = await tx.select({ id: customerGroups.id, code: customerGroups.code }).from(customerGroups).where(eq(customerGroups.websiteId, websiteId))
  const byCode = new Map(groups.map((group) => [group.code.toLowerCase(), group.id]))
  for (const field of wanted) {
    if (!byCode.has(field.group!.toLowerCase())) throw new DomainError('invalid', `orderExtraFields: ${field.name} is asked of the customer group "${field.group}", which the store does not have. Add the group first, or ask another audience.`)
  }
  return byCode
}

/** After the customer groups are written (a field may be asked of one). */
export async function writeOrderFields(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number) {
  const groupIds = await groupIdsOf(tx, file, websiteId)
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
      audience: field.askedOf,
      groupId: field.group === undefined ? null : (groupIds.get(field.group.toLowerCase()) ?? null),
    })),
    keyOf: (row) => row.name,
    insert: (rows) =>
      tx
        .insert(orderExtraFields)
        .values(rows.map(({ groupId, ...row }) => ({ websiteId, ...row, customerGroupId: groupId })))
        .returning({ id: orderExtraFields.id, key: orderExtraFields.name }),
    // store-scope: ids come from the rows this import read with its websiteId
    update: (id, { groupId, ...values }) => tx.update(orderExtraFields).set({ ...values, ...(groupId === undefined ? {} : { customerGroupId: groupId }) }).where(eq(orderExtraFields.id, id)),
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
