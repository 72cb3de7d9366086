import { and, eq, inArray } from 'drizzle-orm'
import type { Transaction } from '../db/client'
import { attributes, attributeValues, brands, categories, sizes } from '../db/schema'
import type { StoreFile } from './store-file-schema'
import { removeRows, sync, type Tally } from './sync-rows'

// The catalog's vocabulary: the website's sizes (and the Size values), colours, brands and categories.

async function attributeId(tx: Transaction, name: 'Color' | 'Size'): Promise<number> {
  const [found] = await tx.select({ id: attributes.id }).from(attributes).where(eq(attributes.name, name))
  if (found) return found.id
  const [created] = await tx.insert(attributes).values({ name }).returning({ id: attributes.id })
  return created!.id
}

export async function writeSizes(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number) {
  const order = file.website.sizeOrder
  const existing = await tx.select({ id: sizes.id, name: sizes.name, sequence: sizes.sequence }).from(sizes).where(eq(sizes.websiteId, websiteId))
  const { leftover } = await sync({
    tally,
    entity: 'sizes',
    existing,
    desired: order.map((name, sequence) => ({ name, sequence })),
    keyOf: (row) => row.name,
    insert: (rows) =>
      tx
        .insert(sizes)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: sizes.id, key: sizes.name }),
    // store-scope: ids come from the rows this import read with its websiteId
    update: (id, values) => tx.update(sizes).set(values).where(eq(sizes.id, id)),
  })
  await removeRows(tx, tally, 'sizes', sizes, leftover)

  const sizeAttribute = await attributeId(tx, 'Size')
  const existingValues = await tx
    .select({ id: attributeValues.id, name: attributeValues.name, sequence: attributeValues.sequence })
    .from(attributeValues)
    .where(and(eq(attributeValues.attributeId, sizeAttribute), inArray(attributeValues.name, order)))
  const { ids } = await sync({
    tally,
    entity: 'sizeValues',
    existing: existingValues,
    desired: order.map((name, sequence) => ({ name, sequence })),
    keyOf: (row) => row.name,
    insert: (rows) =>
      tx
        .insert(attributeValues)
        .values(rows.map((row) => ({ attributeId: sizeAttribute, ...row })))
        .returning({ id: attributeValues.id, key: attributeValues.name }),
    update: (id, values) => tx.update(attributeValues).set(values).where(eq(attributeValues.id, id)),
  })
  return ids
}

export async function writeColors(tx: Transaction, tally: Tally, file: StoreFile) {
  const colorAttribute = await attributeId(tx, 'Color')
  const names = file.colors.map((color) => color.name)
  const existing =
    names.length === 0
      ? []
      : await tx
          .select({ id: attributeValues.id, name: attributeValues.name, htmlColor: attributeValues.htmlColor, sequence: attributeValues.sequence })
          .from(attributeValues)
          .where(and(eq(attributeValues.attributeId, colorAttribute), inArray(attributeValues.name, names)))
  const { ids } = await sync({
    tally,
    entity: 'colors',
    existing,
    desired: colorSequences(file.colors, existing).map(({ color, sequence }) => ({ name: color.name, htmlColor: color.css.toLowerCase(), sequence })),
    keyOf: (row) => row.name,
    insert: (rows) =>
      tx
        .insert(attributeValues)
        .values(rows.map((row) => ({ attributeId: colorAttribute, ...row })))
        .returning({ id: attributeValues.id, key: attributeValues.name }),
    update: (id, values) => tx.update(attributeValues).set(values).where(eq(attributeValues.id, id)),
  })
  return ids
}

/**
 * Each colour's place in the shared colour list. The list is every store's, and a store's file (an
 * export names only the colours its products use) lists a part of it: when the file's colours already
 * stand in its order, they keep their places (so an unchanged export imports without a change) and
 * new ones go after them; a file that reorders them numbers them by their position in it.
 */
export function colorSequences<C extends { name: string }>(colors: readonly C[], existing: readonly { name: string; sequence: number }[]): { color: C; sequence: number }[] {
  const current = new Map(existing.map((row) => [row.name, row.sequence]))
  const known = colors.map((color) => current.get(color.name)).filter((sequence): sequence is number => sequence !== undefined)
  const inOrder = known.every((sequence, index) => index === 0 || sequence > known[index - 1]!)
  if (!inOrder) return colors.map((color, sequence) => ({ color, sequence }))
  let next = known.length === 0 ? 0 : Math.max(...known) + 1
  return colors.map((color) => ({ color, sequence: current.get(color.name) ?? next++ }))
}

export async function writeBrands(tx: Transaction, tally: Tally, file: StoreFile) {
  const names = file.brands.map((brand) => brand.name)
  const existing = names.length === 0 ? [] : await tx.select({ id: brands.id, name: brands.name }).from(brands).where(inArray(brands.name, names))
  const { ids } = await sync({
    tally,
    entity: 'brands',
    existing,
    desired: file.brands.map((brand) => ({ name: brand.name })),
    keyOf: (row) => row.name,
    insert: (rows) => tx.insert(brands).values(rows).returning({ id: brands.id, key: brands.name }),
    update: (id, values) => tx.update(brands).set(values).where(eq(brands.id, id)),
  })
  return ids
}

export async function writeCategories(tx: Transaction, tally: Tally, file: StoreFile, websiteId: number) {
  const existing = await tx
    .select({ id: categories.id, slug: categories.slug, name: categories.name, sequence: categories.sequence })
    .from(categories)
    .where(eq(categories.websiteId, websiteId))
  const { ids, leftover } = await sync({
    tally,
    entity: 'categories',
    existing,
    desired: file.categories.map((category) => ({ slug: category.slug, name: category.name, sequence: category.sequence })),
    keyOf: (row) => row.slug,
    insert: (rows) =>
      tx
        .insert(categories)
        .values(rows.map((row) => ({ websiteId, ...row })))
        .returning({ id: categories.id, key: categories.slug }),
    // store-scope: ids come from the rows this import read with its websiteId
    update: (id, values) => tx.update(categories).set(values).where(eq(categories.id, id)),
  })
  await removeRows(tx, tally, 'categories', categories, leftover)
  return ids
}
