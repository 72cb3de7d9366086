import { inArray } from 'drizzle-orm'
import type { Transaction } from '../db/client'
import type {
  categories,
  contentPages,
  deliveryMethods,
  deliveryPriceRules,
  orderExtraFields,
  orderOptions,
  paymentMethods,
  productImages,
  productVariants,
  promotionPrograms,
  sizes,
  taxRates,
} from '../db/schema'

// How every part of a store file is written: rows matched by their natural keys, only changed
// fields updated, what the file no longer has removed (or deactivated), each change counted.

export type ChangeCounts = { created: number; updated: number; unchanged: number; removed: number }

type Counts = Record<string, ChangeCounts>

/** Which records an import creates, changes (and which fields) and removes, by natural key; the dry run shows them. */
export type ChangeDetails = {
  created: string[]
  updated: { key: string; fields: string[] }[]
  removed: string[]
}

/** Details kept per entity and kind: enough to read, bounded for a store of any size. */
export const DETAILS_PER_ENTITY = 100

export class Tally {
  readonly counts: Counts = {}
  readonly details: Record<string, ChangeDetails> = {}
  add(entity: string, kind: keyof ChangeCounts, amount = 1) {
    this.counts[entity] ??= { created: 0, updated: 0, unchanged: 0, removed: 0 }
    this.counts[entity][kind] += amount
  }
  /** Names the records behind a count (only the first DETAILS_PER_ENTITY of each kind are kept). */
  note(entity: string, kind: 'created' | 'removed', keys: string[]): void
  note(entity: string, kind: 'updated', keys: { key: string; fields: string[] }[]): void
  note(entity: string, kind: keyof ChangeDetails, keys: string[] | { key: string; fields: string[] }[]) {
    const details = (this.details[entity] ??= { created: [], updated: [], removed: [] })
    const list = details[kind] as unknown[]
    for (const key of keys) {
      if (list.length >= DETAILS_PER_ENTITY) break
      list.push(key)
    }
  }
}

/** A person's name for a row: its slug, name or code, else its id. */
export function rowLabel(row: { id: number }): string {
  const record = row as Record<string, unknown>
  for (const field of ['slug', 'name', 'code', 'sku']) if (typeof record[field] === 'string') return record[field] as string
  return `#${row.id}`
}

/** Equal as stored: numbers to the column's scale, dates by time, JSON whatever its key order. */
function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    const time = (value: unknown) => (value instanceof Date ? value.getTime() : value == null ? null : new Date(value as string).getTime())
    return time(a) === time(b)
  }
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 1e-9
  if (a === null || b === null || a === undefined || b === undefined) return (a ?? null) === (b ?? null)
  if (typeof a === 'object' && typeof b === 'object') return stableJson(a) === stableJson(b)
  return a === b
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${stableJson(entry)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** The fields of `desired` whose values differ from `existing` (empty: nothing to write). */
export function changes<T extends Record<string, unknown>>(existing: Record<string, unknown>, desired: T): Partial<T> {
  const changed: Partial<T> = {}
  for (const key of Object.keys(desired) as (keyof T & string)[]) {
    if (!same(existing[key], desired[key])) changed[key] = desired[key]
  }
  return changed
}

export const scale = (value: number, digits: number) => Number(value.toFixed(digits))

/**
 * Upserts `desired` rows against `existing` ones by key: inserts the new, updates only changed
 * fields, and hands back the ones the file no longer has. Returns key → id for every desired row.
 */
export async function sync<E extends { id: number }, D extends Record<string, unknown>>(options: {
  tally: Tally
  entity: string
  existing: E[]
  desired: D[]
  keyOf: (row: E | D) => string
  insert: (rows: D[]) => Promise<{ id: number; key: string }[]>
  update: (id: number, values: Partial<D>) => Promise<unknown>
}): Promise<{ ids: Map<string, number>; leftover: E[] }> {
  const { tally, entity } = options
  const byKey = new Map(options.existing.map((row) => [options.keyOf(row), row]))
  const ids = new Map<string, number>()
  const toInsert: D[] = []
  for (const row of options.desired) {
    const key = options.keyOf(row)
    const current = byKey.get(key)
    if (!current) {
      toInsert.push(row)
      continue
    }
    byKey.delete(key)
    ids.set(key, current.id)
    const changed = changes(current as Record<string, unknown>, row)
    if (Object.keys(changed).length === 0) {
      tally.add(entity, 'unchanged')
    } else {
      await options.update(current.id, { ...changed, updatedAt: new Date() } as Partial<D>)
      tally.add(entity, 'updated')
      tally.note(entity, 'updated', [{ key: rowLabel(current), fields: Object.keys(changed) }])
    }
  }
  for (const chunk of chunks(toInsert, 500)) {
    for (const inserted of await options.insert(chunk)) ids.set(inserted.key, inserted.id)
    tally.add(entity, 'created', chunk.length)
    tally.note(entity, 'created', chunk.map((row) => labelOfDesired(row, options.keyOf(row))))
  }
  return { ids, leftover: [...byKey.values()] }
}

/** Makes a link table hold exactly `desired` for the given owners. */
export async function syncLinks<L extends Record<string, number>>(options: {
  tally: Tally
  entity: string
  existing: L[]
  desired: L[]
  keyOf: (link: L) => string
  insert: (links: L[]) => Promise<unknown>
  remove: (links: L[]) => Promise<unknown>
}): Promise<void> {
  const existing = new Map(options.existing.map((link) => [options.keyOf(link), link]))
  const toInsert: L[] = []
  for (const link of options.desired) {
    const key = options.keyOf(link)
    if (existing.delete(key)) options.tally.add(options.entity, 'unchanged')
    else toInsert.push(link)
  }
  for (const chunk of chunks(toInsert, 1000)) await options.insert(chunk)
  options.tally.add(options.entity, 'created', toInsert.length)
  const toRemove = [...existing.values()]
  if (toRemove.length > 0) await options.remove(toRemove)
  options.tally.add(options.entity, 'removed', toRemove.length)
}

function labelOfDesired(row: Record<string, unknown>, key: string): string {
  for (const field of ['slug', 'name', 'code', 'sku']) if (typeof row[field] === 'string') return row[field] as string
  return key
}

export function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = []
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size))
  return result
}

type TableWithId = typeof categories | typeof sizes | typeof productVariants | typeof productImages | typeof contentPages
type TableWithIdAndActive = typeof deliveryMethods | typeof paymentMethods | typeof promotionPrograms

export async function removeRows(
  tx: Transaction,
  tally: Tally,
  entity: string,
  table: TableWithId | typeof deliveryPriceRules | typeof taxRates | typeof orderExtraFields | typeof orderOptions,
  rows: { id: number }[],
) {
  if (rows.length === 0) return
  for (const chunk of chunks(rows, 1000)) {
    await tx.delete(table).where(
      inArray(
        table.id,
        chunk.map((row) => row.id),
      ),
    )
  }
  tally.add(entity, 'removed', rows.length)
  tally.note(entity, 'removed', rows.map(rowLabel))
}

export async function deactivate(tx: Transaction, tally: Tally, entity: string, table: TableWithIdAndActive, rows: { id: number; isActive: boolean }[]) {
  const active = rows.filter((row) => row.isActive)
  if (active.length === 0) return
  await tx
    .update(table)
    .set({ isActive: false, updatedAt: new Date() })
    .where(
      inArray(
        table.id,
        active.map((row) => row.id),
      ),
    )
  tally.add(entity, 'removed', active.length)
  tally.note(entity, 'removed', active.map(rowLabel))
}
