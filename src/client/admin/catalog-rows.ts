import type { TaxonomyEntry } from '@/isomorphic/contract/admin-catalog'

// The catalog page's rows and its one edit panel (issue 26), as pure functions: what a row of each
// vocabulary shows, which entry's panel is open ("Add …" opens the same panel empty), the fields a
// panel starts with, and the order after an Up/Down.

export type TaxonomyKind = 'category' | 'brand' | 'color' | 'size'
export type TaxonomyRow = TaxonomyEntry & { slug?: string; css?: string | null }

export const TAXONOMY_NOUN: Record<TaxonomyKind, string> = { category: 'category', brand: 'brand', color: 'colour', size: 'size' }

/** The panel open on the page: one entry's (by id) or a new one's of a kind; at most one at a time. */
export type CatalogPanel = { kind: TaxonomyKind; id: number | 'new' } | null

/** Opening a panel that is already open closes it (the row's Edit button toggles). */
export function togglePanel(current: CatalogPanel, kind: TaxonomyKind, id: number | 'new'): CatalogPanel {
  return current !== null && current.kind === kind && current.id === id ? null : { kind, id }
}

export const isOpen = (panel: CatalogPanel, kind: TaxonomyKind, id: number | 'new') => panel !== null && panel.kind === kind && panel.id === id

/** "No products", "1 product", "12 products". */
export function productCountLabel(count: number): string {
  if (count === 0) return 'No products'
  return count === 1 ? '1 product' : `${count} products`
}

/** The small facts a row shows under its name: the slug of a category, the CSS of a colour. */
export function rowDetail(kind: TaxonomyKind, row: TaxonomyRow): string | null {
  if (kind === 'category') return row.slug ? `/${row.slug}` : null
  if (kind === 'color') return row.css ?? null
  return null
}

export type TaxonomyFields = { name: string; slug: string; css: string }

/** What a panel starts with: the entry as read, or empty for a new one (a new colour starts navy). */
export function taxonomyFieldsOf(row?: TaxonomyRow): TaxonomyFields {
  return { name: row?.name ?? '', slug: row?.slug ?? '', css: row?.css ?? (row ? '' : '#1f2a44') }
}

/** The ids in their new order after moving the one at `from` to `to`; null when it cannot move. */
export function movedIds(ids: readonly number[], from: number, to: number): number[] | null {
  if (from === to || from < 0 || to < 0 || from >= ids.length || to >= ids.length) return null
  const next = [...ids]
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved!)
  return next
}

/** The rows in the order last saved on this page while the server's list holds the same entries. */
export function rowsInOrder<T extends { id: number }>(rows: readonly T[], order: readonly number[] | null): readonly T[] {
  if (order === null || order.length !== rows.length) return rows
  const byId = new Map(rows.map((row) => [row.id, row]))
  if (!order.every((id) => byId.has(id))) return rows
  return order.map((id) => byId.get(id)!)
}
