import { fromCents, toCents } from '@/isomorphic/money'

/**
 * A shopper's allowance (the partner's budget) against what the cart costs (issue 17). The server
 * decides at order time (persist-order.ts: what gift cards leave of the total is taken from the
 * budget, and an order costing more than the budget left waits for approval); this is the cart's
 * early word on it, in cents so 0.1 + 0.2 never counts as over 0.3.
 */
export type AllowanceStanding = {
  /** The allowance left, in dollars (never below 0). */
  left: number
  /** How much the cart costs beyond it, in dollars; null when the allowance covers it. */
  over: number | null
}

/** Null for a shopper without an allowance (a guest, or a partner the store gives none). */
export function allowanceStanding(budgetAmount: number | null | undefined, cartTotal: number | null): AllowanceStanding | null {
  if (typeof budgetAmount !== 'number' || !Number.isFinite(budgetAmount)) return null
  const left = Math.max(toCents(budgetAmount), 0)
  const beyond = cartTotal === null ? 0 : toCents(cartTotal) - left
  return { left: fromCents(left), over: beyond > 0 ? fromCents(beyond) : null }
}
