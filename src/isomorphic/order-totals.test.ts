import { describe, expect, test } from 'vitest'
import { amountDue, orderTotalRows } from './order-totals'

const bankTransfer = { subTotal: 80, discount: 0, options: 0, shipping: 10, taxes: 7.2, total: 97.2, giftCard: 20, budget: 0, due: 77.2 }

describe('the order’s money rows', () => {
  test('an open order lists what gift cards took and what is left to pay', () => {
    expect(orderTotalRows(bankTransfer, { state: 'sale' }).map((row) => [row.key, row.amount])).toEqual([
      ['subtotal', 80],
      ['shipping', 10],
      ['taxes', 7.2],
      ['total', 97.2],
      ['giftCard', -20],
      ['due', 77.2],
    ])
  })

  test('a cancelled order shows nothing due, though its row still holds the amount it asked for', () => {
    const keys = orderTotalRows(bankTransfer, { state: 'cancel' }).map((row) => row.key)
    expect(keys).not.toContain('due')
    expect(keys).toContain('total')
    expect(amountDue(bankTransfer, 'cancel')).toBe(0)
    expect(amountDue(bankTransfer, 'sale')).toBe(77.2)
  })
})
