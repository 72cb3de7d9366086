import type { CartItemData } from '@/isomorphic/cart-types'
import { MAX_PIECES_PER_SIZE } from '@/isomorphic/quantity'

// How two copies of a cart become one (decision 010): after a 409 (another tab saved first) and at
// sign-in (the anonymous cart joins the saved one). Pure functions over lines keyed by product,
// colour and logo, so they are tested without a browser.

export type KeyedLine = { key: string; quantity: Record<string, number> }

export function sameQuantities(a: Record<string, number> | undefined, b: Record<string, number> | undefined): boolean {
  if (!a || !b) return a === b
  const sizes = Object.keys(a)
  return sizes.length === Object.keys(b).length && sizes.every((size) => a[size] === b[size])
}

/**
 * Three-way merge after a stale save. `base` is what this tab last knew the server to hold, `mine`
 * what it holds now, `theirs` what the server holds now. Every line of either side is kept; a line
 * this tab changed (added, re-quantified or removed since `base`) keeps this tab's version; any
 * other line takes the server's (including its removal by the other tab).
 */
export function mergeAfterConflict<L extends KeyedLine>(mine: readonly L[], base: readonly KeyedLine[], theirs: readonly L[]): L[] {
  const baseByKey = new Map(base.map((line) => [line.key, line]))
  const mineByKey = new Map(mine.map((line) => [line.key, line]))
  const changedByMe = (key: string) => !sameQuantities(mineByKey.get(key)?.quantity, baseByKey.get(key)?.quantity)

  const merged: L[] = []
  const seen = new Set<string>()
  for (const line of theirs) {
    seen.add(line.key)
    if (!changedByMe(line.key)) merged.push(line)
    else if (mineByKey.has(line.key)) merged.push(mineByKey.get(line.key)!)
    // else: this tab removed the line; the removal wins.
  }
  for (const line of mine) {
    if (seen.has(line.key)) continue
    // On the server no more: added here (keep), or removed there while untouched here (drop).
    if (changedByMe(line.key)) merged.push(line)
  }
  return merged
}

/**
 * At sign-in the anonymous cart joins the saved one, as if its lines were added to the cart again:
 * the same product, colour and logo adds its pieces per size (within the per-size bound); other
 * lines follow the saved ones.
 */
export function mergeAtSignIn<L extends KeyedLine>(saved: readonly L[], anonymous: readonly L[]): L[] {
  const merged = saved.map((line) => ({ ...line, quantity: { ...line.quantity } }))
  for (const line of anonymous) {
    const existing = merged.find((candidate) => candidate.key === line.key)
    if (!existing) {
      merged.push({ ...line, quantity: { ...line.quantity } })
      continue
    }
    for (const [size, pieces] of Object.entries(line.quantity)) {
      existing.quantity[size] = Math.min((existing.quantity[size] ?? 0) + pieces, MAX_PIECES_PER_SIZE)
    }
  }
  return merged.map((line) => ({ ...line, totalQuantity: Object.values(line.quantity).reduce((sum, pieces) => sum + pieces, 0) }))
}

/** What the server is told about lines: ids and pieces, never a price. */
export function cartItemsOf(
  lines: readonly {
    productId: number
    color: { id: number } | null
    logo: { id: number } | null
    designId?: string | null
    quantity: Record<string, number>
  }[],
): CartItemData[] {
  return lines.map((line) => ({
    productId: line.productId,
    colorId: line.color?.id ?? null,
    logoId: line.logo?.id ?? null,
    ...(line.designId ? { designId: line.designId } : {}),
    quantity: { ...line.quantity },
  }))
}
