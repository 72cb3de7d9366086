import type { OrderAmounts, OrderState } from './order-types'

// The one breakdown of an order's money (issue 17): the order page, the approval page, the console
// and the order PDF all list these rows, in this order, with these amounts. Amounts are in whatever
// unit the caller holds (dollars on the pages, cents in the PDF); the rows never convert them.

/** A row's key: also its label's key in the `orders` messages. */
export type OrderTotalKey = 'subtotal' | 'discount' | 'options' | 'shipping' | 'taxes' | 'total' | 'giftCard' | 'budget' | 'due'

/** One row: deductions (promotion, gift cards, allowance) are negative. */
export type OrderTotalRow = { key: OrderTotalKey; amount: number; strong: boolean }

/**
 * The products' subtotal (before promotions) from an order row's stored amounts: the stored
 * untaxed amount already has the promotion taken off and the options and delivery added.
 */
export function itemsSubtotal(stored: { untaxed: number; discount: number; options: number; delivery: number }): number {
  return stored.untaxed + stored.discount - stored.options - stored.delivery
}

/**
 * Subtotal, promotion, order options, delivery, tax, total; then what gift cards and the allowance
 * paid and what is left to pay. Rows that are zero and optional are left out; `due: false` leaves
 * out the amount due (the approval page shows what goes over the allowance instead). A cancelled
 * order (`state: 'cancel'`) has nothing left to pay: no amount due, whatever its row still holds.
 */
export function orderTotalRows(amounts: OrderAmounts, { due = true, state }: { due?: boolean; state?: OrderState } = {}): OrderTotalRow[] {
  const rows: OrderTotalRow[] = [{ key: 'subtotal', amount: amounts.subTotal, strong: false }]
  if (amounts.discount !== 0) rows.push({ key: 'discount', amount: -Math.abs(amounts.discount), strong: false })
  if (amounts.options !== 0) rows.push({ key: 'options', amount: amounts.options, strong: false })
  rows.push({ key: 'shipping', amount: amounts.shipping, strong: false }, { key: 'taxes', amount: amounts.taxes, strong: false })
  rows.push({ key: 'total', amount: amounts.total, strong: true })
  if (amounts.giftCard !== 0) rows.push({ key: 'giftCard', amount: -Math.abs(amounts.giftCard), strong: false })
  if (amounts.budget !== 0) rows.push({ key: 'budget', amount: -Math.abs(amounts.budget), strong: false })
  if (due && state !== 'cancel' && (amounts.giftCard !== 0 || amounts.budget !== 0 || amounts.due !== amounts.total)) {
    rows.push({ key: 'due', amount: amounts.due, strong: true })
  }
  return rows
}

/** What the order still asks to be paid: nothing once it is cancelled. */
export function amountDue(amounts: Pick<OrderAmounts, 'due'>, state: OrderState): number {
  return state === 'cancel' ? 0 : amounts.due
}
