import type { Cents } from './money'
import { formatCents } from './format'

// The rules of a product's prices (issue 16), shared by the console's save (the core refuses with
// these sentences) and its edit form (which shows them before sending): price breaks, and a
// percentage adjustment of a price. Cents throughout.

export type PriceBreakRow = { minQuantity: number; priceAmount: Cents }

/**
 * The first thing wrong with a product's price breaks, as a sentence naming the row, or null.
 * A break is from 2 pieces up, each quantity once, each price below the base price and below the
 * break before it (a larger quantity never costs more per piece).
 */
export function priceBreakProblem(basePrice: Cents, breaks: readonly PriceBreakRow[], currency = 'USD'): string | null {
  const seen = new Map<number, number>()
  for (const [index, row] of breaks.entries()) {
    const name = `Price break ${index + 1} (from ${row.minQuantity} pieces)`
    if (!Number.isInteger(row.minQuantity) || row.minQuantity < 2) return `Price break ${index + 1}: a break starts at 2 pieces or more.`
    const earlier = seen.get(row.minQuantity)
    if (earlier !== undefined) return `${name}: price break ${earlier + 1} already starts at ${row.minQuantity} pieces. Each quantity may have one price.`
    seen.set(row.minQuantity, index)
    if (row.priceAmount >= basePrice) {
      return `${name}: its price ${formatCents(row.priceAmount, currency)} must be below the base price ${formatCents(basePrice, currency)}.`
    }
  }
  const sorted = [...breaks].map((row, index) => ({ ...row, index })).sort((a, b) => a.minQuantity - b.minQuantity)
  for (let i = 1; i < sorted.length; i++) {
    const lower = sorted[i - 1]!
    const row = sorted[i]!
    if (row.priceAmount >= lower.priceAmount) {
      return `Price break ${row.index + 1} (from ${row.minQuantity} pieces): its price ${formatCents(row.priceAmount, currency)} must be below the ${formatCents(lower.priceAmount, currency)} from ${lower.minQuantity} pieces.`
    }
  }
  return null
}

/** A price moved by a percentage (+10, -5.5), rounded to the cent, never below one cent. */
export function adjustedPrice(price: Cents, percent: number): Cents {
  return Math.max(1, Math.round((price * (100 + percent)) / 100))
}
