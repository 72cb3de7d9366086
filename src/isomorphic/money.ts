// Money is held as integer cents in the core, the database and every sum; the JSON API speaks
// decimal dollars. Every conversion between the two goes through here, so a sum of prices is
// made of cents and never drifts by a floating-point fraction.

export type Cents = number

/** Dollars as whole cents (12.345 → 1235). Throws on NaN or Infinity: an amount that is not one. */
export function toCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not a finite amount: ${dollars}`)
  return Math.round(dollars * 100)
}

/** Cents as dollars for the API and the formatter (1235 → 12.35). */
export function fromCents(cents: Cents): number {
  return Math.round(cents) / 100
}

/** The sum of amounts in cents (0 for none). */
export function sumCents(amounts: Iterable<Cents>): Cents {
  let total = 0
  for (const amount of amounts) total += amount
  return total
}
