import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { OrderData } from '@/isomorphic/order-types'
import { createCheckoutStore, guestContext, orderBody, signedInCustomer, type CheckoutStore } from '../../../tests/factories/orders'
import { createPaymentMethod } from '../../../tests/factories/store-settings'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import type { CoreContext } from '../kernel/context'
import { executeMutation } from '../api/mutation-registry'
import { runQuery } from '../api/query-registry'
import { forgetSigningKey } from '../accounts/signing-key'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { orders } from '../db/schema'
import { DomainError } from '../kernel/errors'
import { ORDER_CONFIRMED, ORDER_PAYMENT_REFUSED, payOrder } from './order-payment-service'
import { useStripeSettings } from './stripe-settings'

type PaymentMethod = Awaited<ReturnType<typeof createPaymentMethod>>

describe.each(testDatabaseKinds())('paying an order with an offline method on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: CheckoutStore
  let purchaseOrder: PaymentMethod
  let wireTransfer: PaymentMethod
  let retired: PaymentMethod
  let stripe: PaymentMethod

  beforeAll(async () => {
    forgetSigningKey()
    store = await createCheckoutStore()
    const { websiteId } = store
    purchaseOrder = await createPaymentMethod({ websiteId, name: 'Purchase order', provider: 'purchase_order', instructions: 'Email your PO to ap@example.com.' })
    wireTransfer = await createPaymentMethod({ websiteId, name: 'Wire transfer', provider: 'wire_transfer', instructions: 'IBAN US00 0000.' })
    retired = await createPaymentMethod({ websiteId, name: 'Old invoice', provider: 'invoice', isActive: false })
    stripe = await createPaymentMethod({ websiteId, name: 'Card', provider: 'stripe' })
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  /** An order placed through createOrder with the purchase order method: draft, payment pending. */
  async function placeOrder(ctx: CoreContext, overrides: Record<string, unknown> = {}): Promise<OrderData> {
    const { orderSequence } = await runQuery('getOrderId', undefined, ctx)
    const answer = (await executeMutation('createOrder', orderBody(store, orderSequence, { aquirerId: purchaseOrder.id, purchaseOrderNumber: 'PO-4471', ...overrides }), ctx)) as {
      createOrder: { order: OrderData }
    }
    return answer.createOrder.order
  }

  const pay = (ctx: CoreContext, body: Record<string, unknown>) => executeMutation('orderPayment', body, ctx)

  const rowOf = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!

  async function expectRefused(promise: Promise<unknown>): Promise<void> {
    const error = await promise.then(
      () => null,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(DomainError)
    expect(error).toMatchObject({ code: 'invalid', userMessage: ORDER_PAYMENT_REFUSED })
  }

  /** Refused, and the order row is exactly as it was. */
  async function expectRefusedUnchanged(orderId: number, attempt: () => Promise<unknown>): Promise<void> {
    const before = await rowOf(orderId)
    await expectRefused(attempt())
    expect(await rowOf(orderId)).toEqual(before)
  }

  test('the signed-in owner confirms their order: sale, payment still pending, the method and its instructions', async () => {
    const { ctx } = await signedInCustomer(store.websiteId)
    const placed = await placeOrder(ctx)
    expect(placed).toMatchObject({ state: 'draft', paymentState: 'pending' })

    const answer = await pay(ctx, { acquirerId: purchaseOrder.id, orderId: placed.id })

    expect(answer).toEqual({
      orderPayment: {
        success: true,
        message: ORDER_CONFIRMED,
        order: { id: placed.id, name: placed.name, state: 'sale', paymentState: 'pending', instructions: 'Email your PO to ap@example.com.' },
      },
    })
    const row = await rowOf(placed.id)
    expect(row).toMatchObject({ state: 'sale', paymentState: 'pending', paymentMethodId: purchaseOrder.id, amountDue: 8627 })
    expect(row.confirmedAt).toBeInstanceOf(Date)
  })

  test('a guest holding the access token confirms, and may choose another offline method while the order is a draft', async () => {
    const guest = guestContext(store.websiteId)
    const placed = await placeOrder(guest)
    // Another request of the same browser: only the token ties it to the order.
    const answer = await pay(guestContext(store.websiteId), { acquirerId: wireTransfer.id, orderId: placed.id, accessToken: placed.accessToken })
    expect(answer).toMatchObject({ orderPayment: { success: true, order: { state: 'sale', paymentState: 'pending', instructions: 'IBAN US00 0000.' } } })
    expect(await rowOf(placed.id)).toMatchObject({ state: 'sale', paymentMethodId: wireTransfer.id })
  })

  test('ids may come as digit strings', async () => {
    const guest = guestContext(store.websiteId)
    const placed = await placeOrder(guest)
    await expect(pay(guest, { acquirerId: String(purchaseOrder.id), orderId: String(placed.id), accessToken: placed.accessToken })).resolves.toMatchObject({
      orderPayment: { success: true },
    })
  })

  test('confirming again with the same method answers success and changes nothing; another method is refused', async () => {
    const { ctx } = await signedInCustomer(store.websiteId)
    const placed = await placeOrder(ctx)
    const first = await payOrder(ctx, { acquirerId: purchaseOrder.id, orderId: placed.id })
    const confirmed = await rowOf(placed.id)

    const again = await payOrder(ctx, { acquirerId: purchaseOrder.id, orderId: placed.id })
    expect(first.confirmedNow).toBe(true)
    expect(again).toEqual({ order: first.order, confirmedNow: false })
    expect(await rowOf(placed.id)).toEqual(confirmed)

    await expectRefusedUnchanged(placed.id, () => pay(ctx, { acquirerId: wireTransfer.id, orderId: placed.id }))
  })

  test('10 concurrent confirmations update the order once, and all of them succeed', async () => {
    const guest = guestContext(store.websiteId)
    const placed = await placeOrder(guest)
    const results = await Promise.all(
      Array.from({ length: 10 }, () => payOrder(guestContext(store.websiteId), { acquirerId: purchaseOrder.id, orderId: placed.id, accessToken: placed.accessToken })),
    )
    expect(results.filter((result) => result.confirmedNow)).toHaveLength(1)
    expect(new Set(results.map((result) => JSON.stringify(result.order))).size).toBe(1)
    expect(results[0]!.order).toMatchObject({ id: placed.id, state: 'sale', paymentState: 'pending' })
    expect(await rowOf(placed.id)).toMatchObject({ state: 'sale', paymentState: 'pending', paymentMethodId: purchaseOrder.id })
  })

  describe('every refusal is the one message, and the order stays as it was', () => {
    let placed: OrderData
    let owner: CoreContext

    beforeAll(async () => {
      owner = (await signedInCustomer(store.websiteId)).ctx
      placed = await placeOrder(owner)
    })

    test('a wrong access token, or none, from a guest', async () => {
      const guest = guestContext(store.websiteId)
      await expectRefusedUnchanged(placed.id, () => pay(guest, { acquirerId: purchaseOrder.id, orderId: placed.id, accessToken: `${placed.accessToken.slice(0, -1)}x` }))
      await expectRefusedUnchanged(placed.id, () => pay(guest, { acquirerId: purchaseOrder.id, orderId: placed.id }))
      await expectRefusedUnchanged(placed.id, () => pay(guest, { acquirerId: purchaseOrder.id, orderId: placed.id, accessToken: 42 }))
    })

    test("another signed-in partner's call", async () => {
      const { ctx: other } = await signedInCustomer(store.websiteId)
      await expectRefusedUnchanged(placed.id, () => pay(other, { acquirerId: purchaseOrder.id, orderId: placed.id }))
    })

    test('the same order asked for from another website, even with its token', async () => {
      const elsewhere = await createCheckoutStore()
      const method = await createPaymentMethod({ websiteId: elsewhere.websiteId, provider: 'purchase_order' })
      await expectRefusedUnchanged(placed.id, () => pay(guestContext(elsewhere.websiteId), { acquirerId: method.id, orderId: placed.id, accessToken: placed.accessToken }))
    })

    test('unknown, missing or malformed ids', async () => {
      for (const body of [
        { acquirerId: purchaseOrder.id, orderId: 2_000_000_000 },
        { acquirerId: 2_000_000_000, orderId: placed.id },
        { orderId: placed.id },
        { acquirerId: purchaseOrder.id },
        { acquirerId: 0, orderId: placed.id },
        { acquirerId: -1, orderId: placed.id },
        { acquirerId: 1.5, orderId: placed.id },
        { acquirerId: purchaseOrder.id, orderId: 'abc' },
        { acquirerId: purchaseOrder.id, orderId: null },
        { acquirerId: purchaseOrder.id, orderId: 1e12 },
        { acquirerId: [purchaseOrder.id], orderId: placed.id },
      ]) {
        await expectRefusedUnchanged(placed.id, () => pay(owner, body))
      }
    })

    test('an inactive method, a card method while Stripe has no keys, or a method of another website', async () => {
      useStripeSettings({ secretKey: undefined, webhookSecret: undefined })
      const elsewhere = await createCheckoutStore()
      const foreign = await createPaymentMethod({ websiteId: elsewhere.websiteId, provider: 'purchase_order' })
      for (const acquirerId of [retired.id, stripe.id, foreign.id, store.invoice.id /* provider 'manual': not one this round knows */]) {
        await expectRefusedUnchanged(placed.id, () => pay(owner, { acquirerId, orderId: placed.id }))
      }
      useStripeSettings(null)
    })

    test('a quotation', async () => {
      const quotation = await placeOrder(owner, { quotation: true })
      await expectRefusedUnchanged(quotation.id, () => pay(owner, { acquirerId: purchaseOrder.id, orderId: quotation.id }))
    })

    test('a cancelled order', async () => {
      const cancelled = await placeOrder(owner)
      await db().update(orders).set({ state: 'cancel' }).where(eq(orders.id, cancelled.id))
      await expectRefusedUnchanged(cancelled.id, () => pay(owner, { acquirerId: purchaseOrder.id, orderId: cancelled.id }))
    })

    test('an order over budget that awaits approval', async () => {
      const { ctx } = await signedInCustomer(store.websiteId, { budgetAmount: 1000 })
      const waiting = await placeOrder(ctx)
      expect(waiting).toMatchObject({ approvalRequired: true, state: 'draft' })
      await expectRefusedUnchanged(waiting.id, () => pay(ctx, { acquirerId: purchaseOrder.id, orderId: waiting.id }))
    })

    test('an order already paid in full (gift cards or budget) is not a draft to confirm', async () => {
      const { ctx } = await signedInCustomer(store.websiteId, { budgetAmount: 100_000 })
      const settled = await placeOrder(ctx)
      expect(settled).toMatchObject({ state: 'sale', paymentState: 'paid' })
      await expectRefusedUnchanged(settled.id, () => pay(ctx, { acquirerId: wireTransfer.id, orderId: settled.id }))
    })

    test('and the refused order can still be confirmed by its owner afterwards', async () => {
      await expect(pay(owner, { acquirerId: purchaseOrder.id, orderId: placed.id })).resolves.toMatchObject({ orderPayment: { success: true } })
    })
  })
})
