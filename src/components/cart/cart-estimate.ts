import type { CartLine } from '@/client/stores/cart-store'

// Estimates shown before checkout; the server prices the order itself (client prices are a guide).

/** A line at each size's own unit price, in dollars, summed in whole cents. */
export function lineEstimate(line: Pick<CartLine, 'quantity' | 'unitPrices'>): number {
  let cents = 0
  for (const [size, pieces] of Object.entries(line.quantity)) {
    cents += pieces * Math.round((line.unitPrices[size] ?? 0) * 100)
  }
  return cents / 100
}

export function cartSubtotal(lines: Pick<CartLine, 'quantity' | 'unitPrices'>[]): number {
  return lines.reduce((cents, line) => cents + Math.round(lineEstimate(line) * 100), 0) / 100
}
