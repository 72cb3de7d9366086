import { describe, expect, test } from 'vitest'
import { PREPAID_PROVIDERS, productionMayStart, termsOf } from './payment-terms'

const confirmed = { kind: 'order', state: 'sale' } as const

describe('when an order may go into production', () => {
  test('a bank transfer or card order waits for its money, then starts', () => {
    for (const provider of ['wire_transfer', 'stripe']) {
      expect(productionMayStart({ ...confirmed, paymentState: 'pending', provider }), provider).toBe(false)
      expect(productionMayStart({ ...confirmed, paymentState: 'paid', provider }), provider).toBe(true)
    }
  })

  test('a purchase order or invoice starts at confirmation: the company pays later', () => {
    for (const provider of ['purchase_order', 'invoice']) expect(productionMayStart({ ...confirmed, paymentState: 'pending', provider }), provider).toBe(true)
  })

  test('an order with nothing to pay, or invoiced after an approval (no method), starts at confirmation', () => {
    expect(productionMayStart({ ...confirmed, paymentState: 'paid', provider: null })).toBe(true)
    expect(productionMayStart({ ...confirmed, paymentState: 'pending', provider: null })).toBe(true)
  })

  test('a draft, a cancelled order or a quotation never starts', () => {
    expect(productionMayStart({ kind: 'order', state: 'draft', paymentState: 'paid', provider: 'stripe' })).toBe(false)
    expect(productionMayStart({ kind: 'order', state: 'cancel', paymentState: 'paid', provider: 'invoice' })).toBe(false)
    expect(productionMayStart({ kind: 'quotation', state: 'sale', paymentState: 'paid', provider: 'invoice' })).toBe(false)
  })

  test('an unknown provider counts as paid up front, so an unpaid order never starts by accident', () => {
    expect(termsOf('new_wallet')).toBe('prepaid')
    expect(productionMayStart({ ...confirmed, paymentState: 'pending', provider: 'new_wallet' })).toBe(false)
    expect(PREPAID_PROVIDERS).toEqual(['stripe', 'wire_transfer'])
  })
})
