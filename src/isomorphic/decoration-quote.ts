import type { Decoration, DecorationMethod, DecorationQuote } from './decoration-types'

// The decoration price of a design (issue 7), in integer cents: the editor shows it live and the
// server prices cart lines and orders with the same function, so the two never disagree.
//
// A decorated location is a print area worked with one method: a logo and a name embroidered on the
// same area are one location; an embroidered logo and a printed name there are two (two setups).

export type QuotedDecoration = Pick<Decoration, 'printAreaId' | 'method'>

/** The distinct decorated locations of a design, in first-seen order. */
export function decoratedLocations(decorations: readonly QuotedDecoration[]): QuotedDecoration[] {
  const seen = new Map<string, QuotedDecoration>()
  for (const { printAreaId, method } of decorations) {
    const key = `${printAreaId}:${method}`
    if (!seen.has(key)) seen.set(key, { printAreaId, method })
  }
  return [...seen.values()]
}

/**
 * perUnit = Σ pricePerLocation over decorated locations; setup = Σ setupFee over them, once per line;
 * total = perUnit × quantity + setup. A method missing from `methods` is an error, not a free location.
 */
export function quoteDecorations(
  decorations: readonly QuotedDecoration[],
  methods: readonly Pick<DecorationMethod, 'code' | 'setupFee' | 'pricePerLocation'>[],
  quantity: number,
): DecorationQuote {
  if (!Number.isInteger(quantity) || quantity < 0) throw new Error(`A quantity must be whole pieces, not ${quantity}.`)
  let perUnit = 0
  let setup = 0
  for (const location of decoratedLocations(decorations)) {
    const method = methods.find((candidate) => candidate.code === location.method)
    if (!method) throw new Error(`Unknown decoration method '${location.method}'.`)
    perUnit += method.pricePerLocation
    setup += method.setupFee
  }
  return { perUnit, setup, total: perUnit * quantity + setup }
}
