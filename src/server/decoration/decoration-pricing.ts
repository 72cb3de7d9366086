import { quoteDecorations } from '@/isomorphic/decoration-quote'
import type { Decoration, DecorationMethod, DecorationQuote } from '@/isomorphic/decoration-types'
import type { Cents } from '../kernel/money'

// The decoration price of a design (issue 7), in integer cents. The quote itself is the shared
// function the editor shows live (src/isomorphic/decoration-quote.ts): per decorated location (a print
// area worked with one method) pricePerLocation per unit, and setupFee once per line. A cart line
// and an order carry it the same way, so every total adds up to the cent:
//   - the per-unit part is added to the unit price of every size of the line;
//   - the set-up fees stay one amount of the line (an order line of their own), never divided
//     into unit prices (which would need fractions of a cent).

export { quoteDecorations }

export type DecoratedLineAmounts = {
  /** Size → unit price with the decoration's per-unit part. */
  unitPrices: Record<string, Cents>
  /** Size → unit price × pieces. */
  sizeAmounts: Record<string, Cents>
  quote: DecorationQuote
  /** Everything the line costs: the sizes' amounts and the set-up fees. */
  amount: Cents
}

/**
 * A line's amounts with its design: `garmentPrices` are the variants' unit prices per size and
 * `quantity` the pieces per size. Throws for a method the store does not offer (as the quote does).
 */
export function priceDecoratedLine(
  garmentPrices: Readonly<Record<string, Cents>>,
  quantity: Readonly<Record<string, number>>,
  decorations: readonly Pick<Decoration, 'printAreaId' | 'method'>[],
  methods: readonly Pick<DecorationMethod, 'code' | 'setupFee' | 'pricePerLocation'>[],
): DecoratedLineAmounts {
  const pieces = Object.values(quantity).reduce((sum, count) => sum + count, 0)
  const quote = quoteDecorations(decorations, methods, pieces)
  const unitPrices: Record<string, Cents> = {}
  const sizeAmounts: Record<string, Cents> = {}
  let amount = quote.setup
  for (const [size, count] of Object.entries(quantity)) {
    const garment = garmentPrices[size]
    if (garment === undefined) throw new Error(`No price for size ${size}.`)
    unitPrices[size] = garment + quote.perUnit
    sizeAmounts[size] = unitPrices[size] * count
    amount += sizeAmounts[size]
  }
  return { unitPrices, sizeAmounts, quote, amount }
}
