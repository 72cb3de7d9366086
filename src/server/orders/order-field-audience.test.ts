import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { OrderData } from '@/isomorphic/order-types'
import { createPartner } from '../../../tests/factories/accounts'
import { createCheckoutStore, guestContext, orderBody, signedInCustomer, type CheckoutStore } from '../../../tests/factories/orders'
import { createOrderExtraField } from '../../../tests/factories/store-settings'
import { refusal } from '../../../tests/support/domain-refusal'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { executeMutation } from '../api/mutation-registry'
import { runQuery } from '../api/query-registry'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { customerGroups, orders, partners } from '../db/schema'
import type { CoreContext } from '../kernel/context'

// Issue 27: an order field is asked of everyone, of signed-in customers, or of one customer group's
// customers. createOrder checks and keeps exactly the fields asked of the shopper placing it: a guest
// is never held up by (nor can fill in) a customer's "Cost center".

describe.each(testDatabaseKinds())('order fields by audience on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: CheckoutStore
  let coachesId: number

  beforeAll(async () => {
    store = await createCheckoutStore()
    const [coaches] = await db().insert(customerGroups).values({ websiteId: store.websiteId, name: 'Coaches', code: `coaches-${store.websiteId}` }).returning()
    coachesId = coaches!.id
    await createOrderExtraField({ websiteId: store.websiteId, name: 'cost_center', label: 'Cost center', isRequired: true, sequence: 10, audience: 'customers' })
    await createOrderExtraField({ websiteId: store.websiteId, name: 'team', label: 'Team', isRequired: true, sequence: 20, audience: 'group', customerGroupId: coachesId })
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  async function place(ctx: CoreContext, extraFields: Record<string, unknown>): Promise<OrderData> {
    const { orderSequence } = await runQuery('getOrderId', undefined, ctx)
    const answer = (await executeMutation('createOrder', orderBody(store, orderSequence, { orderExtraFields: { po_number: 'PO-7', ...extraFields } }), ctx)) as { createOrder: { order: OrderData } }
    return answer.createOrder.order
  }
  const extraFieldsOf = async (orderId: number) => (await db().select({ extraFields: orders.extraFields }).from(orders).where(eq(orders.id, orderId)))[0]!.extraFields

  test('a guest orders without the customers’ and the group’s fields, and the order keeps only what was asked', async () => {
    const order = await place(guestContext(store.websiteId), {})
    const kept = await extraFieldsOf(order.id)
    expect(kept).toMatchObject({ po_number: 'PO-7' })
    expect(Object.keys(kept)).not.toContain('cost_center')
    expect(Object.keys(kept)).not.toContain('team')
  })

  test('a guest cannot fill in a field the store asks only of its customers', async () => {
    const error = await refusal(place(guestContext(store.websiteId), { cost_center: '4100' }))
    expect(error.userMessage).toBe("This store does not ask for 'cost_center'. Reload the checkout and try again.")
  })

  test('a signed-in customer must still give the customers’ field, and is not asked the group’s', async () => {
    const { ctx } = await signedInCustomer(store.websiteId)
    expect((await refusal(place(ctx, {}))).userMessage).toBe('Please enter Cost center.')
    const order = await place(ctx, { cost_center: '4100-220' })
    const kept = await extraFieldsOf(order.id)
    expect(kept).toMatchObject({ po_number: 'PO-7', cost_center: '4100-220' })
    expect(Object.keys(kept)).not.toContain('team')
  })

  test('a customer of the group is asked the group’s field too', async () => {
    const { ctx, partner } = await signedInCustomer(store.websiteId)
    await db().update(partners).set({ groupId: coachesId }).where(eq(partners.id, partner.id))
    expect((await refusal(place(ctx, { cost_center: '4100' }))).userMessage).toBe('Please enter Team.')
    const order = await place(ctx, { cost_center: '4100', team: 'U12 Red' })
    expect(await extraFieldsOf(order.id)).toMatchObject({ po_number: 'PO-7', cost_center: '4100', team: 'U12 Red' })
  })

  test('getOrderExtraFields tells the checkout whom each field asks', async () => {
    const { orderextrafields } = await runQuery('getOrderExtraFields', undefined, guestContext(store.websiteId))
    const audiences = new Map(orderextrafields.map((field) => [field.name, [field.audience, field.groupId]]))
    expect(audiences.get('po_number')).toEqual(['everyone', null])
    expect(audiences.get('cost_center')).toEqual(['customers', null])
    expect(audiences.get('team')).toEqual(['group', coachesId])
  })

  test('getPartner tells the checkout the customer’s group', async () => {
    const partner = await createPartner({ websiteId: store.websiteId, password: null, groupId: coachesId })
    expect(partner.groupId).toBe(coachesId)
    const { ctx } = await signedInCustomer(store.websiteId)
    const { partner: answered } = await runQuery('getPartner', undefined, ctx)
    expect(answered.groupId).toBeNull()
  })
})
