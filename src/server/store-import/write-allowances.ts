import { eq, sql } from 'drizzle-orm'
import type { Transaction } from '../db/client'
import { allowancePrograms, customerGroups } from '../db/schema'
import { toCents } from '../kernel/money'
import type { StoreFile } from './store-file-schema'
import { sync, type Tally } from './sync-rows'

// The store file's `customerGroups` (by code, kept lower-case) and `allowancePrograms` (by group).
// Neither is ever removed by an import: rosters and the console make groups and programs too, and a
// store file written before them would otherwise end every member's allowance. Returns code → id.

export async function writeAllowances(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number): Promise<Map<string, number>> {
  const existingGroups = await tx.select({ id: customerGroups.id, code: customerGroups.code, name: customerGroups.name }).from(customerGroups).where(eq(customerGroups.websiteId, websiteId))
  const { ids } = await sync({
    tally,
    entity: 'customerGroups',
    existing: existingGroups,
    desired: file.customerGroups.map((group) => ({ code: group.code.toLowerCase(), name: group.name })),
    keyOf: (row) => row.code,
    insert: (rows) =>
      tx
        .insert(customerGroups)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: customerGroups.id, key: customerGroups.code }),
    update: (id, values) =>
      // store-scope: ids come from the rows this import read with its websiteId
      tx
        .update(customerGroups)
        .set({ ...values, version: sql`${customerGroups.version} + 1` })
        .where(eq(customerGroups.id, id)),
  })
  const groupIds = new Map(existingGroups.map((group) => [group.code, group.id]))
  for (const [code, id] of ids) groupIds.set(code, id)

  const existingPrograms = await tx
    .select({
      id: allowancePrograms.id,
      groupId: allowancePrograms.groupId,
      amount: allowancePrograms.amount,
      period: allowancePrograms.period,
      startsOn: allowancePrograms.startsOn,
      prorate: allowancePrograms.prorate,
      rollover: allowancePrograms.rollover,
      rolloverCap: allowancePrograms.rolloverCap,
      isActive: allowancePrograms.isActive,
    })
    .from(allowancePrograms)
    .where(eq(allowancePrograms.websiteId, websiteId))
  await sync({
    tally,
    entity: 'allowancePrograms',
    existing: existingPrograms,
    desired: file.allowancePrograms.map((program) => ({
      groupId: groupIds.get(program.group.toLowerCase())!,
      amount: toCents(program.amount),
      period: program.period,
      startsOn: program.startsOn,
      prorate: program.prorate,
      rollover: program.rollover,
      rolloverCap: program.rollover === 'capped' && program.rolloverCap !== undefined ? toCents(program.rolloverCap) : null,
      isActive: program.active,
    })),
    keyOf: (row) => String(row.groupId),
    insert: async (rows) =>
      (
        await tx
          .insert(allowancePrograms)
          .values(rows.map((row) => ({ websiteId, ...row })))
          .returning({ id: allowancePrograms.id, groupId: allowancePrograms.groupId })
      ).map((row) => ({ id: row.id, key: String(row.groupId) })),
    update: (id, values) =>
      // store-scope: ids come from the rows this import read with its websiteId
      tx
        .update(allowancePrograms)
        .set({ ...values, version: sql`${allowancePrograms.version} + 1` })
        .where(eq(allowancePrograms.id, id)),
  })
  return groupIds
}
