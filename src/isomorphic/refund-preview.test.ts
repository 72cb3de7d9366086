import { describe, expect, test } from 'vitest'
import type { AdminOrderDetail } from './contract/admin-orders'
import { previewRefund } from './refund-preview'

const NONE = { card: 0, offline: 0, giftCard: 0, budget: 0 }

/** Two polos at $30 and one cap at $20, $10 delivery, paid $50 by card after a $20 gift card and a $20 budget. */
function order(refunded = NONE): Pick<AdminOrderDetail, 'lines' | 'totals' | 'payments'> {
  const line = (id: number, quantity: number, subtotal: number) => ({ id, quantity, subtotal, refundedQuantity: 0 }) as AdminOrderDetail['lines'][number]
  return {
    lines: [line(1, 2, 60), line(2, 1, 20)],
    totals: { subTotal: 80, discount: 0, options: 0, shipping: 10, taxes: 0, total: 90, giftCard: 20, budget: 20, due: 50, paid: 90, refunded: 0, refundable: 90 },
    payments: { card: [], offline: null, taken: { card: 50, offline: 0, giftCard: 20, budget: 20 }, refunded },
  }
}

describe('the refund dialog’s preview', () => {
  test('a polo gives back its share of the lines, all of it to the card first', () => {
    expect(previewRefund(order(), { lines: [{ orderLineId: 1, quantity: 1 }] })).toEqual({ ok: true, amount: 30, split: { card: 30, offline: 0, giftCard: 0, budget: 0 } })
  })

  test('an amount beyond what the card took goes on to the gift cards, then the budget', () => {
    expect(previewRefund(order(), { amount: 75 })).toEqual({ ok: true, amount: 75, split: { card: 50, offline: 0, giftCard: 20, budget: 5 } })
  })

  test('what was given back before is not given back again', () => {
    expect(previewRefund(order({ card: 50, offline: 0, giftCard: 0, budget: 0 }), { amount: 25 })).toEqual({ ok: true, amount: 25, split: { card: 0, offline: 0, giftCard: 20, budget: 5 } })
  })

  test('the last pieces of every line take everything left, delivery included', () => {
    const preview = previewRefund(order(), { lines: [{ orderLineId: 1, quantity: 2 }, { orderLineId: 2, quantity: 1 }] })
    expect(preview).toMatchObject({ ok: true, amount: 90 })
  })

  test('more than is left, or more pieces than the line has, is refused with a sentence', () => {
    expect(previewRefund(order(), { amount: 90.01 })).toEqual({ ok: false, problem: 'At most 90.00 is left to refund.' })
    expect(previewRefund(order(), { lines: [{ orderLineId: 2, quantity: 2 }] })).toEqual({ ok: false, problem: 'Only 1 of that line can still be refunded.' })
  })
})
