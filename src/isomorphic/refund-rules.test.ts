import { describe, expect, test } from 'vitest'
import { lineRefundAmount, lineShare, NO_TENDERS, type OrderMoney, reconcile, type RefundableLine, splitRefund } from './refund-rules'

// The refund arithmetic: which way money goes back, a line's share, and the reconciliation rule.

describe('splitRefund', () => {
  const left = { card: 3000, offline: 0, giftCard: 1000, budget: 5000 }

  test('gives back the card payment first, then gift cards, then the budget', () => {
    expect(splitRefund(2000, left)).toEqual({ card: 2000, offline: 0, giftCard: 0, budget: 0 })
    expect(splitRefund(3500, left)).toEqual({ card: 3000, offline: 0, giftCard: 500, budget: 0 })
    expect(splitRefund(9000, left)).toEqual({ card: 3000, offline: 0, giftCard: 1000, budget: 5000 })
  })

  test('an offline payment comes back before gift cards, like a card', () => {
    expect(splitRefund(1500, { card: 0, offline: 1000, giftCard: 1000, budget: 0 })).toEqual({ card: 0, offline: 1000, giftCard: 500, budget: 0 })
  })

  test('refuses more than is left, and amounts that are not whole cents', () => {
    expect(() => splitRefund(9001, left)).toThrow(RangeError)
    expect(() => splitRefund(10.5, left)).toThrow(RangeError)
    expect(() => splitRefund(-1, left)).toThrow(RangeError)
  })
})

describe('line shares', () => {
  // Two lines worth 60.00 and 20.00 before tax; the order's total is 86.27 (tax and delivery included).
  const lines: RefundableLine[] = [
    { id: 1, quantity: 3, subtotal: 6000, refundedQuantity: 0 },
    { id: 2, quantity: 1, subtotal: 2000, refundedQuantity: 0 },
  ]

  test("a piece's share carries its part of tax, delivery and discount", () => {
    // 86.27 × 20.00 / 80.00 = 21.5675 → 21.57
    expect(lineShare({ total: 8627, linesValue: 8000, line: lines[0]!, quantity: 1 })).toBe(2157)
    expect(lineShare({ total: 8627, linesValue: 8000, line: lines[1]!, quantity: 1 })).toBe(2157)
    expect(lineShare({ total: 8627, linesValue: 8000, line: { id: 3, quantity: 1, subtotal: 0, refundedQuantity: 0 }, quantity: 1 })).toBe(0)
  })

  test('refunding every piece in several requests gives back exactly the total, the last one taking the rounding', () => {
    let left = 8627
    let refunded = 0
    const state = lines.map((line) => ({ ...line }))
    for (const request of [[{ orderLineId: 1, quantity: 1 }], [{ orderLineId: 1, quantity: 1 }], [{ orderLineId: 2, quantity: 1 }], [{ orderLineId: 1, quantity: 1 }]]) {
      const plan = lineRefundAmount({ total: 8627, left, lines: state, request })
      if (!plan.ok) throw new Error(plan.reason)
      expect(plan.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(plan.amount)
      left -= plan.amount
      refunded += plan.amount
      for (const line of plan.lines) state.find((candidate) => candidate.id === line.orderLineId)!.refundedQuantity += line.quantity
    }
    expect(refunded).toBe(8627)
    expect(left).toBe(0)
  })

  test('never more than what is left on the order, and never more pieces than the line has left', () => {
    const plan = lineRefundAmount({ total: 8627, left: 1000, lines, request: [{ orderLineId: 1, quantity: 1 }] })
    expect(plan).toEqual({ ok: true, amount: 1000, lines: [{ orderLineId: 1, quantity: 1, amount: 1000 }] })
    expect(lineRefundAmount({ total: 8627, left: 8627, lines: [{ ...lines[0]!, refundedQuantity: 3 }, lines[1]!], request: [{ orderLineId: 1, quantity: 1 }] })).toEqual({
      ok: false,
      reason: 'too_many',
      orderLineId: 1,
      left: 0,
    })
    expect(lineRefundAmount({ total: 8627, left: 8627, lines, request: [{ orderLineId: 1, quantity: 2 }, { orderLineId: 1, quantity: 2 }] })).toMatchObject({ ok: false, reason: 'too_many' })
    expect(lineRefundAmount({ total: 8627, left: 8627, lines, request: [{ orderLineId: 99, quantity: 1 }] })).toEqual({ ok: false, reason: 'unknown_line', orderLineId: 99 })
  })

  test('large orders do not lose cents to floating point', () => {
    const big: RefundableLine = { id: 1, quantity: 10_000, subtotal: 99_999_999, refundedQuantity: 0 }
    expect(lineShare({ total: 123_456_789, linesValue: 99_999_999, line: big, quantity: 3333 })).toBe(Math.round((123_456_789 * 3333) / 10_000))
  })
})

describe('reconcile', () => {
  const paidByCard: OrderMoney = {
    total: 8627,
    giftCard: 1000,
    budget: 2000,
    due: 5627,
    taken: { card: 5627, offline: 0, giftCard: 1000, budget: 2000 },
    refunded: { ...NO_TENDERS },
    amountRefunded: 0,
  }

  test('an order paid by card, gift card and budget reconciles, before and after a refund', () => {
    expect(reconcile(paidByCard)).toEqual([])
    expect(reconcile({ ...paidByCard, refunded: { card: 5627, offline: 0, giftCard: 300, budget: 0 }, amountRefunded: 5927 })).toEqual([])
  })

  test('names every way the money does not add up', () => {
    expect(reconcile({ ...paidByCard, total: 8628 })).toEqual(['total 8628 ≠ gift cards 1000 + budget 2000 + due 5627'])
    expect(reconcile({ ...paidByCard, refunded: { ...NO_TENDERS, giftCard: 1001 }, amountRefunded: 1001 })).toEqual(['giftCard refunded 1001 > taken 1000'])
    expect(reconcile({ ...paidByCard, refunded: { ...NO_TENDERS, card: 100 }, amountRefunded: 99 })).toEqual(['refunds add up to 100 ≠ amountRefunded 99'])
    expect(reconcile({ ...paidByCard, taken: { ...paidByCard.taken, offline: 1 } })).toEqual(['card 5627 + offline 1 taken > due 5627', 'paid both by card and offline'])
  })
})
