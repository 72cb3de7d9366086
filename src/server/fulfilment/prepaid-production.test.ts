import { and, eq, like } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { OrderData } from '@/isomorphic/order-types'
import { createDecorationStore, type DecorationStore } from '../../../tests/factories/decoration'
import { guestContext, orderBody } from '../../../tests/factories/orders'
import { createPaymentMethod } from '../../../tests/factories/store-settings'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { forgetSigningKey } from '../accounts/signing-key'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import { executeMutation } from '../api/mutation-registry'
import { runQuery } from '../api/query-registry'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { decorationPartners, mailOutbox, workOrders } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { backgroundMailSettled } from '../mail/background-mail'

// The prepaid-production rule (issue 26): an order paid up front reaches its decoration partner
// exactly when its money is in; an order on account at its confirmation. One case per payment
// method, through the real calls: createOrder, orderPayment, the console's markOrderPaid.

type AdminDashboard = { queues: { awaitingProduction: { count: number; first: { id: number }[] } } }

describe.each(testDatabaseKinds())('when the decoration partners start, by payment method, on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: DecorationStore
  let owner: CoreContext
  let method: { wireTransfer: number; purchaseOrder: number; invoice: number }
  const partnerMail = 'orders@prepaid-partner.example'

  beforeAll(async () => {
    forgetSigningKey()
    store = await createDecorationStore()
    await db().update(decorationPartners).set({ email: partnerMail }).where(eq(decorationPartners.id, store.crest.decorationPartnerId))
    owner = await staffContext(store.websiteId, { role: 'owner' })
    const of = async (provider: string) => (await createPaymentMethod({ websiteId: store.websiteId, name: provider, provider, forGuests: true })).id
    method = { wireTransfer: await of('wire_transfer'), purchaseOrder: await of('purchase_order'), invoice: await of('invoice') }
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  /** A guest's order of three crest polos (one partner), confirmed with the method: what orderPayment does. */
  async function confirmedWith(acquirerId: number): Promise<OrderData> {
    const guest = guestContext(store.websiteId)
    const name = (await runQuery('getOrderId', undefined, guest)).orderSequence
    const placed = ((await executeMutation('createOrder', orderBody(store, name, { aquirerId: acquirerId, purchaseOrderNumber: 'PO-4471' }), guest)) as { createOrder: { order: OrderData } }).createOrder.order
    await executeMutation('orderPayment', { acquirerId, orderId: placed.id, accessToken: placed.accessToken }, guestContext(store.websiteId))
    await backgroundMailSettled()
    return placed
  }

  const workOrdersOf = (orderId: number) => db().select().from(workOrders).where(eq(workOrders.orderId, orderId))
  const mailsAbout = (reference: string) => db().select().from(mailOutbox).where(and(eq(mailOutbox.to, partnerMail), like(mailOutbox.subject, `%${reference}%`)))
  const awaitingProduction = async () => ((await executeAdminQuery('dashboard', { websiteId: store.websiteId }, owner)) as AdminDashboard).queues.awaitingProduction
  const markPaid = async (orderId: number) => {
    await executeAdminMutation('markOrderPaid', { orderId, reference: 'WIRE-4471' }, owner)
    await backgroundMailSettled()
  }

  test('a bank transfer waits for its money: no work order, no mail, not awaiting production — then, once marked paid, exactly one of each', async () => {
    const order = await confirmedWith(method.wireTransfer)
    expect(await workOrdersOf(order.id)).toHaveLength(0)
    expect(await mailsAbout(order.name)).toHaveLength(0)
    const before = await awaitingProduction()
    expect(before.first.map((row) => row.id)).not.toContain(order.id)

    await markPaid(order.id)
    expect((await workOrdersOf(order.id)).map((row) => row.state)).toEqual(['new'])
    expect(await mailsAbout(order.name)).toHaveLength(1)
    expect((await awaitingProduction()).count).toBe(before.count + 1)

    // Marked paid twice is refused, and makes nothing twice.
    expect((await refusal(markPaid(order.id))).code).toBe('conflict')
    expect(await workOrdersOf(order.id)).toHaveLength(1)
    expect(await mailsAbout(order.name)).toHaveLength(1)
  })

  test('a purchase order goes to the partner at its confirmation, once', async () => {
    const order = await confirmedWith(method.purchaseOrder)
    expect((await workOrdersOf(order.id)).map((row) => row.state)).toEqual(['new'])
    expect(await mailsAbout(order.name)).toHaveLength(1)
    // The money arriving later changes nothing for the partner.
    await markPaid(order.id)
    expect(await workOrdersOf(order.id)).toHaveLength(1)
    expect(await mailsAbout(order.name)).toHaveLength(1)
  })

  test('an invoice goes to the partner at its confirmation', async () => {
    const order = await confirmedWith(method.invoice)
    expect(await workOrdersOf(order.id)).toHaveLength(1)
    expect((await awaitingProduction()).first.map((row) => row.id)).toContain(order.id)
  })

  test('a bank-transfer order cancelled before its money came never reaches the partner', async () => {
    const order = await confirmedWith(method.wireTransfer)
    await executeAdminMutation('cancelOrder', { orderId: order.id, requestKey: `cancel-${order.id}-request-key`, reason: 'Changed their mind.' }, owner)
    expect((await refusal(markPaid(order.id))).code).toBe('conflict')
    expect(await workOrdersOf(order.id)).toHaveLength(0)
  })
})
