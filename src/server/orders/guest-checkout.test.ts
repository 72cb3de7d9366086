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
import { invalidateCaches } from '../cache/named-cache'
import { orders, websites } from '../db/schema'
import { refusal } from '../../../tests/support/domain-refusal'

// Issue 13, item 5: on a company store, methods that bill the company (invoice, purchase order)
// are for signed-in partners, whose budget and approvals apply. A guest asking for one — when
// placing the order or when paying it afterwards — is refused with a 403 that says why, and the
// store may take no guest orders at all.

type PaymentMethod = Awaited<ReturnType<typeof createPaymentMethod>>

describe.each(testDatabaseKinds())('guests on a company store on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: CheckoutStore
  let invoice: PaymentMethod
  let bankTransfer: PaymentMethod

  beforeAll(async () => {
    forgetSigningKey()
    store = await createCheckoutStore()
    invoice = await createPaymentMethod({ websiteId: store.websiteId, name: 'Pay on invoice', provider: 'invoice', forGuests: false, sequence: 5 })
    bankTransfer = await createPaymentMethod({ websiteId: store.websiteId, name: 'Bank transfer', provider: 'wire_transfer', sequence: 6 })
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  async function place(ctx: CoreContext, overrides: Record<string, unknown>): Promise<{ name: string; order: Promise<OrderData> }> {
    const { orderSequence } = await runQuery('getOrderId', undefined, ctx)
    const answer = executeMutation('createOrder', orderBody(store, orderSequence, overrides), ctx) as Promise<{ createOrder: { order: OrderData } }>
    return { name: orderSequence, order: answer.then((value) => value.createOrder.order) }
  }

  const ordersNamed = (name: string) => db().select().from(orders).where(eq(orders.name, name))

  test('a guest asking to pay on invoice is refused with a 403 that says why, and no order is written', async () => {
    const guest = guestContext(store.websiteId)
    const { name, order } = await place(guest, { aquirerId: invoice.id, partnername: 'Alex Morgan', orderExtraFields: { po_number: 'cost centre 4100' } })
    const error = await refusal(order)
    expect(error.code).toBe('forbidden')
    expect(error.userMessage).toBe(
      'Pay on invoice is for signed-in customers: it bills the company under your budget and approvals. Please sign in, or choose another payment method.',
    )
    expect(await ordersNamed(name)).toHaveLength(0)
  })

  test('a signed-in partner pays on invoice under the budget: beyond it the order waits for approval', async () => {
    const { ctx } = await signedInCustomer(store.websiteId, { budgetAmount: 5000 })
    const placed = await (await place(ctx, { aquirerId: invoice.id })).order
    expect(placed.approvalState).toBe('awaiting_approval')
    const [row] = await db().select().from(orders).where(eq(orders.id, placed.id))
    expect(row).toMatchObject({ amountBudget: 5000, paymentMethodId: invoice.id })
  })

  test('a guest may pay with a method open to guests', async () => {
    const placed = await (await place(guestContext(store.websiteId), { aquirerId: bankTransfer.id })).order
    expect(placed).toMatchObject({ state: 'draft', paymentState: 'pending', approvalState: 'not_required' })
  })

  test('a guest order cannot be switched to the invoice afterwards through orderPayment', async () => {
    const guest = guestContext(store.websiteId)
    const placed = await (await place(guest, { aquirerId: bankTransfer.id })).order
    const error = await refusal(executeMutation('orderPayment', { acquirerId: invoice.id, orderId: placed.id, accessToken: placed.accessToken }, guest))
    expect(error.code).toBe('forbidden')
    expect(error.userMessage).toMatch(/^Pay on invoice is for signed-in customers/)
    const [row] = await db().select().from(orders).where(eq(orders.id, placed.id))
    expect(row).toMatchObject({ state: 'draft', paymentMethodId: bankTransfer.id, confirmedAt: null })
    // The method guests may use still confirms it.
    await expect(executeMutation('orderPayment', { acquirerId: bankTransfer.id, orderId: placed.id, accessToken: placed.accessToken }, guest)).resolves.toBeTruthy()
  })

  test('an order line without a colour, for a product that comes in colours, is a 400 that says to choose one', async () => {
    const guest = guestContext(store.websiteId)
    const { name, order } = await place(guest, {
      aquirerId: bankTransfer.id,
      products: [{ productId: store.polo.id, colorId: null, logoId: store.crest.id, quantity: { M: 2, L: 1 } }],
    })
    const error = await refusal(order)
    expect(error).toMatchObject({ code: 'invalid', userMessage: 'Choose a colour for Core Blend Polo.' })
    expect(await ordersNamed(name)).toHaveLength(0)
  })

  test('getPaymentMethods tells which methods guests may use, and getWebsite whether guests may order', async () => {
    const { paymentAcquirers } = await runQuery('getPaymentMethods', undefined, guestContext(store.websiteId))
    expect(paymentAcquirers.filter((method) => [invoice.id, bankTransfer.id].includes(method.id)).map(({ name, forGuests }) => ({ name, forGuests }))).toEqual([
      { name: 'Pay on invoice', forGuests: false },
      { name: 'Bank transfer', forGuests: true },
    ])
    const { website } = await runQuery('getWebsite', undefined, guestContext(store.websiteId))
    expect(website.guestCheckout).toBe(true)
  })

  test('a store without guest checkout refuses every guest order, whatever the method; partners still order', async () => {
    const closed = await createCheckoutStore()
    await db().update(websites).set({ guestCheckout: false }).where(eq(websites.id, closed.websiteId))
    const guest = guestContext(closed.websiteId)
    const { orderSequence } = await runQuery('getOrderId', undefined, guest)
    const error = await refusal(executeMutation('createOrder', orderBody(closed, orderSequence), guest))
    expect(error.code).toBe('forbidden')
    expect(error.userMessage).toBe('This store takes orders from signed-in customers only. Please sign in to place your order.')
    expect(await ordersNamed(orderSequence)).toHaveLength(0)

    const { ctx } = await signedInCustomer(closed.websiteId)
    const mine = await runQuery('getOrderId', undefined, ctx)
    await expect(executeMutation('createOrder', orderBody(closed, mine.orderSequence), ctx)).resolves.toBeTruthy()
  })

  test('a closed store takes no orders from anyone, and writes none; opened again, it does', async () => {
    const shut = await createCheckoutStore()
    await db().update(websites).set({ state: 'closed' }).where(eq(websites.id, shut.websiteId))
    await invalidateCaches(['Website'], shut.websiteId)
    const { ctx } = await signedInCustomer(shut.websiteId)
    const { orderSequence } = await runQuery('getOrderId', undefined, ctx)
    const error = await refusal(executeMutation('createOrder', orderBody(shut, orderSequence), ctx))
    expect(error.code).toBe('conflict')
    expect(error.userMessage).toBe('This store is closed and takes no new orders. Contact the store if you need something.')
    expect(await ordersNamed(orderSequence)).toHaveLength(0)

    await db().update(websites).set({ state: 'open' }).where(eq(websites.id, shut.websiteId))
    await invalidateCaches(['Website'], shut.websiteId)
    await expect(executeMutation('createOrder', orderBody(shut, orderSequence), ctx)).resolves.toBeTruthy()
  })
})
