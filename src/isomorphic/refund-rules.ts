import type { Cents } from './money'

// The arithmetic of refunds (issue 15), pure: which way the money goes back, what a line's share
// of the order is, and the rule that an order's totals, payments and refunds reconcile to the cent.
//
// The ways money comes in ("tenders"): the card (a Stripe payment of what was due), an offline
// payment (purchase order, invoice or wire, marked paid in the console), the customer's gift cards
// and their budget. A refund goes back the way the money came, in this order: first the payment
// from outside (card or offline: the money the customer paid out of pocket), then gift cards,
// then the budget — each never beyond what it took less what it already had back.

export type Tenders = { card: Cents; offline: Cents; giftCard: Cents; budget: Cents }

export const NO_TENDERS: Tenders = { card: 0, offline: 0, giftCard: 0, budget: 0 }

/** The refund order: out of pocket first, then the store's own credit. */
export const REFUND_ORDER: readonly (keyof Tenders)[] = ['card', 'offline', 'giftCard', 'budget']

export const sumTenders = (tenders: Tenders): Cents => tenders.card + tenders.offline + tenders.giftCard + tenders.budget

export function subtractTenders(a: Tenders, b: Tenders): Tenders {
  return { card: a.card - b.card, offline: a.offline - b.offline, giftCard: a.giftCard - b.giftCard, budget: a.budget - b.budget }
}

export function addTenders(a: Tenders, b: Tenders): Tenders {
  return { card: a.card + b.card, offline: a.offline + b.offline, giftCard: a.giftCard + b.giftCard, budget: a.budget + b.budget }
}

/**
 * Splits `amount` over what is left on each tender, in REFUND_ORDER. Throws when `amount` is more
 * than everything left (the caller refuses that first, with a sentence).
 */
export function splitRefund(amount: Cents, left: Tenders): Tenders {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`refund amount must be whole cents, got ${amount}`)
  const split: Tenders = { ...NO_TENDERS }
  let rest = amount
  for (const tender of REFUND_ORDER) {
    const take = Math.min(rest, Math.max(0, left[tender]))
    split[tender] = take
    rest -= take
  }
  if (rest > 0) throw new RangeError(`refund of ${amount} is more than the ${sumTenders(left)} left`)
  return split
}

export type RefundableLine = {
  id: number
  quantity: number
  /** The line's subtotal before tax (unit price × quantity − its discount), cents. */
  subtotal: Cents
  /** Pieces refunded already. */
  refundedQuantity: number
}

/**
 * What refunding `quantity` pieces of `line` gives back: the pieces' share of what the lines cost
 * (`total`: the order's total less delivery and options, so promotion and tax included), in
 * proportion to the lines' subtotals:
 *
 *   round(total × line.subtotal × quantity / line.quantity / Σ subtotals of all lines)
 *
 * Delivery and options are not in a line's share, as in the stores shoppers know: they come back
 * with the order's last pieces, when the last refund takes everything left (see lineRefundAmount),
 * or with a refund by amount. Free lines (subtotal ≤ 0) give nothing back.
 */
export function lineShare({ total, linesValue, line, quantity }: { total: Cents; linesValue: Cents; line: RefundableLine; quantity: number }): Cents {
  if (linesValue <= 0 || line.subtotal <= 0 || line.quantity <= 0) return 0
  // In BigInt: total × subtotal × quantity goes past 2^53 for large orders.
  const numerator = BigInt(total) * BigInt(line.subtotal) * BigInt(quantity) * 2n
  const denominator = BigInt(line.quantity) * BigInt(linesValue)
  return Number((numerator / denominator + 1n) / 2n)
}

export type LineRefundRequest = { orderLineId: number; quantity: number }

export type LineRefundPlan =
  | { ok: true; amount: Cents; lines: { orderLineId: number; quantity: number; amount: Cents }[] }
  | { ok: false; reason: 'unknown_line'; orderLineId: number }
  | { ok: false; reason: 'too_many'; orderLineId: number; left: number }

/**
 * The amount of a refund by lines: the sum of their shares (lineShare), never more than `left`
 * (what is left to refund on the order). When the request refunds the last pieces of every line,
 * it gives back everything left, so the rounding of earlier shares never leaves a cent behind.
 */
export function lineRefundAmount({ total, left, lines, request }: { total: Cents; left: Cents; lines: readonly RefundableLine[]; request: readonly LineRefundRequest[] }): LineRefundPlan {
  const byId = new Map(lines.map((line) => [line.id, line]))
  const asked = new Map<number, number>()
  for (const { orderLineId, quantity } of request) asked.set(orderLineId, (asked.get(orderLineId) ?? 0) + quantity)
  const linesValue = lines.reduce((sum, line) => sum + Math.max(0, line.subtotal), 0)
  const planned: { orderLineId: number; quantity: number; amount: Cents }[] = []
  for (const [orderLineId, quantity] of asked) {
    const line = byId.get(orderLineId)
    if (!line) return { ok: false, reason: 'unknown_line', orderLineId }
    const piecesLeft = line.quantity - line.refundedQuantity
    if (quantity > piecesLeft) return { ok: false, reason: 'too_many', orderLineId, left: piecesLeft }
    planned.push({ orderLineId, quantity, amount: lineShare({ total, linesValue, line, quantity }) })
  }
  const everythingNow = lines.every((line) => line.quantity - line.refundedQuantity === (asked.get(line.id) ?? 0))
  const shares = planned.reduce((sum, line) => sum + line.amount, 0)
  const amount = Math.max(0, everythingNow ? left : Math.min(shares, left))
  // The lines' amounts say what each gave back; they add up to the refund (the last line takes the difference).
  if (planned.length > 0) {
    let rest = amount
    for (const line of planned) {
      line.amount = Math.min(line.amount, rest)
      rest -= line.amount
    }
    planned[planned.length - 1]!.amount += rest
  }
  return { ok: true, amount, lines: planned }
}

export type OrderMoney = {
  total: Cents
  giftCard: Cents
  budget: Cents
  due: Cents
  /** What each tender took (card and offline: of `due`, once paid). */
  taken: Tenders
  /** What each tender has had back (the refunds' rows). */
  refunded: Tenders
  /** The order's amountRefunded. */
  amountRefunded: Cents
}

/**
 * The order's money as it must always hold; answers what does not (empty: it reconciles):
 *   total = gift cards + budget + due;  card + offline ≤ due, and neither unless the other is 0;
 *   gift cards and budget taken are the order's amounts; per tender, refunded ≤ taken;
 *   amountRefunded = Σ refunds ≤ Σ taken.
 */
export function reconcile(money: OrderMoney): string[] {
  const problems: string[] = []
  const { total, giftCard, budget, due, taken, refunded, amountRefunded } = money
  if (total !== giftCard + budget + due) problems.push(`total ${total} ≠ gift cards ${giftCard} + budget ${budget} + due ${due}`)
  if (taken.card + taken.offline > due) problems.push(`card ${taken.card} + offline ${taken.offline} taken > due ${due}`)
  if (taken.card > 0 && taken.offline > 0) problems.push('paid both by card and offline')
  if (taken.giftCard !== giftCard) problems.push(`gift cards taken ${taken.giftCard} ≠ the order's ${giftCard}`)
  if (taken.budget !== budget) problems.push(`budget taken ${taken.budget} ≠ the order's ${budget}`)
  for (const tender of REFUND_ORDER) {
    if (refunded[tender] < 0) problems.push(`${tender} refunded ${refunded[tender]} < 0`)
    if (refunded[tender] > taken[tender]) problems.push(`${tender} refunded ${refunded[tender]} > taken ${taken[tender]}`)
  }
  const refundedSum = sumTenders(refunded)
  if (refundedSum !== amountRefunded) problems.push(`refunds add up to ${refundedSum} ≠ amountRefunded ${amountRefunded}`)
  if (amountRefunded > sumTenders(taken)) problems.push(`refunded ${amountRefunded} > paid ${sumTenders(taken)}`)
  return problems
}
