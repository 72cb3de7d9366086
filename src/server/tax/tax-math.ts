import type { Cents } from '../kernel/money'

// Tax arithmetic in integer cents (spec 9: tax rounded to 2 decimals). Rates are percentages with
// up to 6 decimals; the product is computed exactly (BigInt) and rounded half up once.

const RATE_SCALE = 1_000_000n

/** `ratePercent` % of `cents`, rounded half up to whole cents. */
export function percentOfCents(cents: Cents, ratePercent: number): Cents {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`Not a whole non-negative amount of cents: ${cents}`)
  if (!Number.isFinite(ratePercent) || ratePercent < 0) throw new RangeError(`Not a tax rate: ${ratePercent}`)
  const scaledRate = BigInt(Math.round(ratePercent * Number(RATE_SCALE)))
  const divisor = 100n * RATE_SCALE
  const product = BigInt(cents) * scaledRate
  const whole = product / divisor
  const rest = product % divisor
  return Number(rest * 2n >= divisor ? whole + 1n : whole)
}

/**
 * The tax at one rate on the products and, when the region taxes shipping, on the shipping. The
 * total is rounded once (so it is never a cent off the rate × taxable amount); `shippingAmount` is
 * the shipping's share, rounded on its own.
 */
export function taxAtRate({
  productsAmount,
  shipping,
  ratePercent,
  shippingTaxable,
}: {
  productsAmount: Cents
  shipping: Cents
  ratePercent: number
  shippingTaxable: boolean
}): { amount: Cents; shippingAmount: Cents } {
  const taxableShipping = shippingTaxable ? shipping : 0
  const amount = percentOfCents(productsAmount + taxableShipping, ratePercent)
  const shippingAmount = Math.min(amount, percentOfCents(taxableShipping, ratePercent))
  return { amount, shippingAmount }
}
