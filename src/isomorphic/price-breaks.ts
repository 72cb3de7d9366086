// Quantity price breaks (issue 16): one rule for the product page, the cart, the checkout and
// createOrder. A product's breaks say "from N pieces, the base price is P". The quantity is every
// piece of that product in the cart or order (all colours, sizes and designs together). A variant
// keeps its upcharge over the product's base price (a 2XL at +$2 stays +$2 at every break), and a
// break never raises a price.

/** Cents. `minQuantity` ≥ 2 and unique per product; the tier below the first break is the base price. */
export type PriceBreak = { minQuantity: number; priceAmount: number }

/** The break that applies at `quantity`, or null below the first. */
export function breakAt(breaks: readonly PriceBreak[], quantity: number): PriceBreak | null {
  let best: PriceBreak | null = null
  for (const tier of breaks) {
    if (tier.minQuantity <= quantity && (best === null || tier.minQuantity > best.minQuantity)) best = tier
  }
  return best
}

/** A variant's unit price in cents at `quantity` pieces of its product. */
export function unitPriceAt({
  basePrice,
  variantPrice,
  breaks,
  quantity,
}: {
  /** The product's base price (products.priceAmount), cents. */
  basePrice: number
  /** The variant's own price (base + its upcharge), cents. */
  variantPrice: number
  breaks: readonly PriceBreak[]
  quantity: number
}): number {
  const tier = breakAt(breaks, quantity)
  if (tier === null || tier.priceAmount >= basePrice) return variantPrice
  return Math.max(0, variantPrice - (basePrice - tier.priceAmount))
}

/** The tiers as a shopper reads them: "1–11", "12–47", "48+", each with its base price. */
export function priceTiers(basePrice: number, breaks: readonly PriceBreak[]): { from: number; to: number | null; priceAmount: number }[] {
  const sorted = [...breaks].filter((tier) => tier.minQuantity >= 2).sort((a, b) => a.minQuantity - b.minQuantity)
  const starts = [{ minQuantity: 1, priceAmount: basePrice }, ...sorted]
  return starts.map((tier, index) => ({
    from: tier.minQuantity,
    to: index + 1 < starts.length ? starts[index + 1]!.minQuantity - 1 : null,
    priceAmount: Math.min(tier.priceAmount, basePrice),
  }))
}

/**
 * The quantity the breaks are read at: every piece of each product across the given lines (all its
 * colours, sizes and designs together). Product id → pieces.
 */
export function piecesByProduct(lines: readonly { productId: number; quantity: Readonly<Record<string, number>> }[]): Map<number, number> {
  const pieces = new Map<number, number>()
  for (const line of lines) {
    let sum = 0
    for (const count of Object.values(line.quantity)) sum += count
    pieces.set(line.productId, (pieces.get(line.productId) ?? 0) + sum)
  }
  return pieces
}

/**
 * The next break within reach at `pieces` (issue 27: the cart nudges towards it): how many more
 * pieces reach it and how much less each piece then costs, or null when there is none or it is
 * further away than the pieces already chosen (no "add 47 more" under a single shirt).
 */
export function nextBreakAfter(basePrice: number, breaks: readonly PriceBreak[], pieces: number): { morePieces: number; savingPerPiece: number } | null {
  if (pieces < 1) return null
  const current = breakAt(breaks, pieces)
  const currentBase = current === null ? basePrice : Math.min(current.priceAmount, basePrice)
  const next = breaks.filter((tier) => tier.minQuantity > pieces && tier.priceAmount < currentBase).sort((a, b) => a.minQuantity - b.minQuantity)[0]
  if (!next || next.minQuantity - pieces > pieces) return null
  return { morePieces: next.minQuantity - pieces, savingPerPiece: currentBase - next.priceAmount }
}
