/** Money is held as integer cents in the core and the database; the JSON API speaks decimals. */
export type Cents = number

export function toCents(decimal: number): Cents {
  if (!Number.isFinite(decimal)) throw new RangeError(`Not a finite amount: ${decimal}`)
  return Math.round(decimal * 100)
}

export function fromCents(cents: Cents): number {
  return Math.round(cents) / 100
}

