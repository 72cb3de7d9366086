import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { OrderData } from '@/isomorphic/order-types'
import { createCheckoutStore, guestContext, orderBody, type CheckoutStore } from '../../../tests/factories/orders'
import { createPaymentMethod } from '../../../tests/factories/store-settings'
import { staffContext } from '../../../tests/support/staff'
import { executeAdminQuery } from '../api/admin-registry'
import type { AdminOrderDetail } from '@/isomorphic/contract/admin-orders'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { executeMutation } from '../api/mutation-registry'
import { runQuery } from '../api/query-registry'
import { forgetSigningKey } from '../accounts/signing-key'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { orders } from '../db/schema'
import { refusal } from '../../../tests/support/domain-refusal'
import { addBusinessDays, dayOf } from '@/isomorphic/business-days'

// Issue 17: the shopper's in-hands date is kept on the order as typed (the console and the
// decoration partner's work order show it); a day that has passed is refused with a sentence. The
// console's order page shows it with the purchase order number of a "Purchase order" payment.

describe.each(testDatabaseKinds())('the in-hands date of an order on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: CheckoutStore

  beforeAll(async () => {
    forgetSigningKey()
    store = await createCheckoutStore()
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  async function place(overrides: Record<string, unknown>) {
    const guest = guestContext(store.websiteId)
    const { orderSequence } = await runQuery('getOrderId', undefined, guest)
    const answer = executeMutation('createOrder', orderBody(store, orderSequence, overrides), guest) as Promise<{ createOrder: { order: OrderData } }>
    return { name: orderSequence, order: answer.then((value) => value.createOrder.order) }
  }

  test('createOrder stores the in-hands date the shopper gave', async () => {
    const inHands = addBusinessDays(dayOf(new Date()), 15)
    const placed = await (await place({ inHandsDate: inHands })).order
    const [row] = await db().select({ inHandsDate: orders.inHandsDate }).from(orders).where(eq(orders.id, placed.id))
    expect(row!.inHandsDate).toBe(inHands)
  })

  test('an order without one, or with an empty one, has none', async () => {
    const without = await (await place({})).order
    const empty = await (await place({ inHandsDate: '' })).order
    const rows = await db().select({ id: orders.id, inHandsDate: orders.inHandsDate }).from(orders).where(eq(orders.websiteId, store.websiteId))
    expect(rows.filter((row) => [without.id, empty.id].includes(row.id)).map((row) => row.inHandsDate)).toEqual([null, null])
  })

  test('a day that has passed is refused with a sentence, and no order is written', async () => {
    const { name, order } = await place({ inHandsDate: '2020-01-15' })
    const error = await refusal(order)
    expect(error).toMatchObject({ code: 'invalid', userMessage: 'The in-hands date has already passed. Please choose a day from today on, or leave it empty.' })
    expect(await db().select().from(orders).where(eq(orders.name, name))).toHaveLength(0)
  })

  test('a text that is not a date is a 400 naming the field', async () => {
    const { order } = await place({ inHandsDate: '18/12/2026' })
    const error = await refusal(order)
    expect(error.code).toBe('invalid')
    expect(error.userMessage).toMatch(/inHandsDate.*must be a date like "2026-12-18"/)
  })

  test("the console's order page shows the in-hands date and the purchase order number", async () => {
    const purchaseOrder = await createPaymentMethod({ websiteId: store.websiteId, name: 'Purchase order', provider: 'purchase_order', forGuests: true })
    const inHands = addBusinessDays(dayOf(new Date()), 20)
    const placed = await (await place({ inHandsDate: inHands, aquirerId: purchaseOrder.id, purchaseOrderNumber: 'PO-88213' })).order
    const owner = await staffContext(store.websiteId, { role: 'owner' })
    const detail = (await executeAdminQuery('orderDetail', { orderId: placed.id }, owner)) as AdminOrderDetail
    expect(detail).toMatchObject({ inHandsDate: inHands, purchaseOrderNumber: 'PO-88213', paymentMethod: { name: 'Purchase order' } })

    const invoiced = await (await place({})).order
    expect(((await executeAdminQuery('orderDetail', { orderId: invoiced.id }, owner)) as AdminOrderDetail).purchaseOrderNumber).toBeNull()
  })
})
