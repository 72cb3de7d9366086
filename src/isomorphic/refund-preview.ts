import type { AdminOrderDetail, AdminTenders } from './contract/admin-orders'
import { fromCents, toCents } from './money'
import { type LineRefundRequest, lineRefundAmount, splitRefund, type Tenders } from './refund-rules'

// What a refund will give back, before it is made (issue 26): the console's refund dialog shows the
// amount and each way's part (card or offline payment, gift cards, budget) with the same arithmetic
// refundOrder runs on the server (refund-rules.ts: lineRefundAmount, then splitRefund), from the
// order as orderDetail answers it. Dollars in and out, cents in between.

export type RefundRequest = { lines: LineRefundRequest[] } | { amount: number }

export type RefundPreview = { ok: true; amount: number; split: AdminTenders } | { ok: false; problem: string }

type RefundBasis = Pick<AdminOrderDetail, 'lines' | 'totals' | 'payments'>

const cents = (tenders: AdminTenders): Tenders => ({ card: toCents(tenders.card), offline: toCents(tenders.offline), giftCard: toCents(tenders.giftCard), budget: toCents(tenders.budget) })

/** What each way may still give back: what it took less what it has had back. */
export function tendersLeft(order: Pick<AdminOrderDetail, 'payments'>): Tenders {
  const taken = cents(order.payments.taken)
  const back = cents(order.payments.refunded)
  return {
    card: Math.max(0, taken.card - back.card),
    offline: Math.max(0, taken.offline - back.offline),
    giftCard: Math.max(0, taken.giftCard - back.giftCard),
    budget: Math.max(0, taken.budget - back.budget),
  }
}

export function previewRefund(order: RefundBasis, request: RefundRequest): RefundPreview {
  const left = tendersLeft(order)
  const leftTotal = left.card + left.offline + left.giftCard + left.budget
  if (leftTotal === 0) return { ok: false, problem: 'Nothing is left to refund on this order.' }
  let amount: number
  if ('amount' in request) {
    if (!Number.isFinite(request.amount) || request.amount <= 0) return { ok: false, problem: 'Enter the amount to refund.' }
    amount = toCents(request.amount)
    if (amount > leftTotal) return { ok: false, problem: `At most ${fromCents(leftTotal).toFixed(2)} is left to refund.` }
  } else {
    const asked = request.lines.filter((line) => line.quantity > 0)
    if (asked.length === 0) return { ok: false, problem: 'Choose the pieces to refund.' }
    const { totals } = order
    const plan = lineRefundAmount({
      // The lines share the order's total less delivery and options, as refundOrder counts it.
      total: toCents(totals.total) - toCents(totals.shipping) - toCents(totals.options),
      left: leftTotal,
      lines: order.lines.map((line) => ({ id: line.id, quantity: line.quantity, subtotal: toCents(line.subtotal), refundedQuantity: line.refundedQuantity })),
      request: asked,
    })
    if (!plan.ok) return { ok: false, problem: plan.reason === 'too_many' ? `Only ${plan.left} of that line can still be refunded.` : 'That line is not on this order.' }
    if (plan.amount === 0) return { ok: false, problem: 'These lines were free: there is nothing to refund for them.' }
    amount = plan.amount
  }
  const split = splitRefund(amount, left)
  return { ok: true, amount: fromCents(amount), split: { card: fromCents(split.card), offline: fromCents(split.offline), giftCard: fromCents(split.giftCard), budget: fromCents(split.budget) } }
}
