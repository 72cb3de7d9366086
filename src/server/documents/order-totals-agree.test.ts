import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { formatPrice } from '@/isomorphic/format'
import { orderTotalRows } from '@/isomorphic/order-totals'
import type { OrderData } from '@/isomorphic/order-types'
import messages from '../../../messages/en.json'
import { createCheckoutStore, createRedeemedGiftCard, orderBody, signedInCustomer, type CheckoutStore } from '../../../tests/factories/orders'
import { createPromotion } from '../../../tests/factories/store-settings'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { forgetSigningKey } from '../accounts/signing-key'
import { executeMutation } from '../api/mutation-registry'
import { runQuery } from '../api/query-registry'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { pdfTextRuns } from './document-test-support'
import { loadOrderDocument } from './order-document'
import { renderOrderPdf } from './order-pdf'

// Issue 17: the order PDF said "Subtotal $105.95" (delivery included) and listed delivery again,
// while the order page said $96. Both now list the rows of src/isomorphic/order-totals.ts.

/** The page's rows as a shopper reads them: label and amount (a minus sign written as '-'). */
function pageRows(amounts: OrderData['amounts']): [string, string][] {
  return orderTotalRows(amounts).map((row) => [messages.orders[row.key], formatPrice(row.amount).replace('−', '-')])
}

/** The PDF's totals block: the label / amount pairs from the last "Subtotal" (the lines table has one as a column title). */
function pdfRows(runs: string[], count: number): [string, string][] {
  const start = runs.lastIndexOf('Subtotal')
  const pairs: [string, string][] = []
  for (let index = start; pairs.length < count; index += 2) pairs.push([runs[index]!, runs[index + 1]!.replace('−', '-')])
  return pairs
}

describe.each(testDatabaseKinds())('the order page and the order PDF on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: CheckoutStore

  beforeAll(async () => {
    forgetSigningKey()
    store = await createCheckoutStore()
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  test('show the same totals for an order with delivery, tax, a promotion and a gift card', async () => {
    await createPromotion({ websiteId: store.websiteId, name: 'Agree ten', promoCodeUsage: 'code_needed', promoCode: 'AGREE10', discountPercentage: 10 })
    const { partner, ctx } = await signedInCustomer(store.websiteId)
    await createRedeemedGiftCard({ websiteId: store.websiteId, partnerId: partner.id, amount: 5000 })
    const { orderSequence } = await runQuery('getOrderId', undefined, ctx)
    const placed = (await executeMutation('createOrder', orderBody(store, orderSequence, { promoCode: 'AGREE10', useGiftCards: true, expectedTotal: 78.64 }), ctx)) as {
      createOrder: { order: OrderData }
    }
    const { order } = await runQuery('getOrderDetails', { id: placed.createOrder.order.id }, ctx)

    const page = pageRows(order.amounts)
    // $72.00 of polos, 10 % off, Ground $9.95, 6 % SC tax on the discounted goods, a $50 card.
    expect(page).toEqual([
      ['Subtotal', '$72.00'],
      ['Promotion', '-$7.20'],
      ['Shipping', '$9.95'],
      ['Tax', '$3.89'],
      ['Total', '$78.64'],
      ['Gift cards', '-$50.00'],
      ['Left to pay', '$28.64'],
    ])

    const document = await loadOrderDocument(db(), { orderId: order.id, websiteId: store.websiteId })
    const runs = pdfTextRuns(await renderOrderPdf(document!))
    expect(pdfRows(runs, page.length)).toEqual(page)
    // Delivery is never folded into the subtotal.
    expect(runs).not.toContain('$81.95')
  })
})
