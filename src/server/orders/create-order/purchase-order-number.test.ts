import { describe, expect, test } from 'vitest'
import { DomainError } from '../../kernel/errors'
import { purchaseOrderNumberFor } from './check-choices'
import { ENTER_PURCHASE_ORDER_NUMBER } from './order-messages'

describe('the purchase order number of a "Purchase order" payment (issue 17)', () => {
  test('an order paid by purchase order keeps the number the shopper gave', () => {
    expect(purchaseOrderNumberFor('purchase_order', { kind: 'order', purchaseOrderNumber: 'PO-4471' })).toBe('PO-4471')
  })

  test('an order paid by purchase order without a number is refused with a sentence to act on', () => {
    expect(() => purchaseOrderNumberFor('purchase_order', { kind: 'order', purchaseOrderNumber: null })).toThrow(
      expect.objectContaining({ constructor: DomainError, userMessage: ENTER_PURCHASE_ORDER_NUMBER }),
    )
  })

  test('a quotation may leave the number for later', () => {
    expect(purchaseOrderNumberFor('purchase_order', { kind: 'quotation', purchaseOrderNumber: null })).toBeNull()
  })

  test('with another method a number sent along is not kept', () => {
    expect(purchaseOrderNumberFor('invoice', { kind: 'order', purchaseOrderNumber: 'PO-1' })).toBeNull()
    expect(purchaseOrderNumberFor(null, { kind: 'order', purchaseOrderNumber: 'PO-1' })).toBeNull()
  })
})
