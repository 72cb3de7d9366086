import type { CartItemData, CartSummaryData, DroppedCartLine, PricedCartLineData } from '@/isomorphic/cart-types'
import type { OrderLineData } from '@/isomorphic/order-types'
import { NO_SIZE } from '@/isomorphic/variant-resolution'
import { apiClient } from './api-client'
import { type NewCartLine, useCartStore } from './stores/cart-store'

// Reorder (issue 5, order history): an order's product lines go back into the cart at today's
// prices. The lines become cart items (ids and pieces per size only), the server prices them
// (POST /api/cart/summary without an address, decision 010) and names what it no longer sells;
// what it priced is added to the cart as the product page would add it, and the rest is reported
// by product name. Reward lines (a promotion's gift) and fee lines are not ordered again.

/** What reorder reads of an order line (a line from the editor may carry its design). */
export type ReorderLine = Pick<OrderLineData, 'lineType' | 'productId' | 'productVariantId' | 'colorId' | 'size' | 'logo' | 'quantity' | 'name'> & {
  designId?: string | null
}

export type ReorderPlan = {
  items: CartItemData[]
  /** Item key → the product's name on the order, to name what the server drops. */
  names: Record<string, string>
  /** Lines the store cannot sell any more whatever it answers (product or variant deleted). */
  unavailable: string[]
}

/** A variant without a size is ordered by plain quantity (the product page's 'Quantity'). */
/** The most lines /api/cart/summary prices at once (cart-input.ts). */
export const SUMMARY_MAX_LINES = 50

const itemKey = (item: Pick<CartItemData, 'productId' | 'colorId' | 'logoId' | 'designId'>) =>
  `${item.productId}:${item.colorId ?? 0}:${item.logoId ?? 0}${item.designId ? `:${item.designId}` : ''}`

const unique = (names: readonly string[]) => [...new Set(names)]

/**
 * The cart items an order's lines make: one per product, colour, logo (and design), with the
 * pieces of each size added up. A product line whose product or variant has been deleted since
 * cannot be priced from ids and is listed as unavailable.
 */
export function planReorder(lines: readonly ReorderLine[]): ReorderPlan {
  const byKey = new Map<string, CartItemData>()
  const names: Record<string, string> = {}
  const unavailable: string[] = []
  for (const line of lines) {
    if (line.lineType !== 'product' || line.quantity <= 0) continue
    if (line.productId === null || line.productVariantId === null) {
      unavailable.push(line.name)
      continue
    }
    const item: CartItemData = {
      productId: line.productId,
      colorId: line.colorId,
      logoId: line.logo?.id ?? null,
      ...(line.designId ? { designId: line.designId } : {}),
      quantity: {},
    }
    const key = itemKey(item)
    const existing = byKey.get(key) ?? item
    const size = line.size ?? NO_SIZE
    existing.quantity[size] = (existing.quantity[size] ?? 0) + line.quantity
    byKey.set(key, existing)
    names[key] ??= line.name
  }
  return { items: [...byKey.values()], names, unavailable: unique(unavailable) }
}

/** A line the server priced, in the shape the cart store adds. */
export function cartLineOf(priced: PricedCartLineData): NewCartLine {
  const { key: _key, totalQuantity: _total, ...line } = priced
  return line
}

/** What to add and what to report, from the plan and the server's answers. */
export function reorderOutcome(plan: ReorderPlan, answers: readonly { lines: PricedCartLineData[]; dropped: DroppedCartLine[] }[]): { add: NewCartLine[]; skipped: string[] } {
  const add = answers.flatMap((answer) => answer.lines.map(cartLineOf))
  const dropped = answers.flatMap((answer) => answer.dropped.map((line) => plan.names[line.key] ?? `#${line.productId}`))
  return { add, skipped: unique([...plan.unavailable, ...dropped]) }
}

type PriceItems = (items: CartItemData[]) => Promise<Pick<CartSummaryData, 'lines' | 'dropped'>>

const priceItems: PriceItems = async (items) => (await apiClient.request<{ data: CartSummaryData }>('/api/cart/summary', { method: 'POST', body: { items } })).data

/**
 * Puts the order's lines back in the cart at today's prices. Answers how many lines were added and
 * the names of the products skipped. Throws when the store cannot be asked (nothing is added then).
 */
export async function reorder(
  lines: readonly ReorderLine[],
  { price = priceItems, addLine = (line: NewCartLine) => useCartStore.getState().addLine(line) }: { price?: PriceItems; addLine?: (line: NewCartLine) => void } = {},
): Promise<{ added: number; skipped: string[] }> {
  const plan = planReorder(lines)
  const answers = []
  for (let start = 0; start < plan.items.length; start += SUMMARY_MAX_LINES) answers.push(await price(plan.items.slice(start, start + SUMMARY_MAX_LINES)))
  const { add, skipped } = reorderOutcome(plan, answers)
  for (const line of add) addLine(line)
  return { added: add.length, skipped }
}
