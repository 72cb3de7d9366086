import { beforeAll, describe, expect, test } from 'vitest'
import type { AdminDashboard } from '@/isomorphic/contract/admin-orders-list'
import { insertConsoleOrder } from '../../../tests/factories/console-orders'
import { createDecorationPartner } from '../../../tests/factories/catalog'
import { createWebsite } from '../../../tests/factories/website'
import { countQueries } from '../../../tests/setup/query-count'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { decorationPartnerContext, staffContext } from '../../../tests/support/staff'
import { executeAdminQuery } from '../api/admin-registry'
import { getDb } from '../db/client'
import { workOrders } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { orderDashboard, QUEUE_PREVIEW } from './order-dashboard'

// The console's dashboard (issue 15): orders and revenue over UTC days, and the queues of orders
// waiting for the store, within the member's stores.

describe.each(testDatabaseKinds())('the console dashboard on %s', (kind) => {
  useTestDatabase(kind)
  const now = new Date('2026-05-20T15:00:00.000Z')
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000)
  let storeA: number
  let storeB: number
  let owner: CoreContext
  const waiting: Record<string, number[]> = { approval: [], payment: [], production: [], shipment: [] }

  beforeAll(async () => {
    storeA = (await createWebsite()).id
    storeB = (await createWebsite()).id
    owner = await staffContext(storeA, { role: 'owner' })
    // Store A. Today (since 00:00 UTC, 15 hours): a $100.00 confirmed order in production and a
    // cancelled one. Yesterday: an order awaiting approval ($40.00, not revenue). Six days ago
    // at 00:30 UTC: inside 7 days. Seven days ago: outside 7, inside 30. 31 days ago: outside.
    waiting.shipment!.push((await insertConsoleOrder({ websiteId: storeA, createdAt: hoursAgo(2), amountTotal: 10_000, fulfilmentState: 'in_production' })).id)
    await insertConsoleOrder({ websiteId: storeA, createdAt: hoursAgo(3), amountTotal: 7_000, state: 'cancel', paymentState: 'refunded' })
    waiting.approval!.push((await insertConsoleOrder({ websiteId: storeA, createdAt: hoursAgo(20), amountTotal: 4_000, state: 'draft', approvalState: 'awaiting_approval', paymentState: 'pending' })).id)
    waiting.production!.push((await insertConsoleOrder({ websiteId: storeA, createdAt: new Date('2026-05-14T00:30:00.000Z'), amountTotal: 2_550 })).id)
    await insertConsoleOrder({ websiteId: storeA, createdAt: new Date('2026-05-13T23:59:00.000Z'), amountTotal: 1_000, fulfilmentState: 'delivered' })
    await insertConsoleOrder({ websiteId: storeA, createdAt: new Date('2026-04-19T12:00:00.000Z'), amountTotal: 9_999, fulfilmentState: 'delivered' })
    await insertConsoleOrder({ websiteId: storeA, kind: 'quotation', state: 'draft', paymentState: 'not_paid', createdAt: hoursAgo(1), amountTotal: 50_000 })
    // Offline payments awaited: seven, so the queue shows the oldest few and counts them all.
    for (let i = 0; i < 7; i++) {
      waiting.payment!.push((await insertConsoleOrder({ websiteId: storeA, createdAt: new Date(Date.parse('2026-03-01T00:00:00Z') + i * 60_000), paymentState: 'pending', fulfilmentState: 'delivered' })).id)
    }
    // A decoration partner reported a problem on the order in production (store A).
    const partner = await createDecorationPartner()
    const db = await getDb()
    await db.insert(workOrders).values({ websiteId: storeA, orderId: waiting.shipment![0]!, decorationPartnerId: partner.id, reference: 'S-problem-1', state: 'problem', problemMessage: 'The navy thread ran out' })
    // Store B: one confirmed order today, in production.
    await insertConsoleOrder({ websiteId: storeB, createdAt: hoursAgo(1), amountTotal: 123_45, fulfilmentState: 'in_production' })
  })

  test('today, 7 and 30 days: orders placed (not cancelled) and revenue of confirmed orders, in dollars, over UTC days', async () => {
    const board = await orderDashboard(owner, { websiteId: storeA, now })
    expect(board.since).toEqual({ today: '2026-05-20T00:00:00.000Z', last7Days: '2026-05-14T00:00:00.000Z', last30Days: '2026-04-21T00:00:00.000Z' })
    expect(board.today).toEqual({ orders: 1, revenue: 100 })
    expect(board.last7Days).toEqual({ orders: 3, revenue: 125.5 })
    expect(board.last30Days).toEqual({ orders: 4, revenue: 135.5 })
  })

  test('each queue counts its orders and shows the oldest few first', async () => {
    const { queues } = await orderDashboard(owner, { websiteId: storeA, now })
    expect(queues.awaitingApproval).toMatchObject({ count: 1, first: [expect.objectContaining({ id: waiting.approval![0], total: 40 })] })
    expect(queues.awaitingPayment.count).toBe(7)
    expect(queues.awaitingPayment.first.map((row) => row.id)).toEqual(waiting.payment!.slice(0, QUEUE_PREVIEW))
    expect(queues.awaitingProduction.first.map((row) => row.id)).toEqual(waiting.production)
    expect(queues.awaitingShipment.first.map((row) => row.id)).toEqual(waiting.shipment)
    expect(queues.problems).toMatchObject({ count: 1, first: [expect.objectContaining({ id: waiting.shipment![0] })] })
  })

  test('six statements, whatever the data', async () => {
    const { queries } = await countQueries(() => orderDashboard(owner, { now }))
    expect(queries).toBe(6)
  })

  test("an owner's dashboard without a store sums every store; a manager's sums only theirs", async () => {
    const all = await orderDashboard(owner, { now })
    expect(all.today).toEqual({ orders: 2, revenue: 223.45 })
    expect(all.queues.awaitingShipment.count).toBe(2)
    const manager = await staffContext(storeA, { role: 'store_manager', storeIds: [storeA] })
    const mine = await orderDashboard(manager, { now })
    expect(mine.today).toEqual({ orders: 1, revenue: 100 })
    expect(mine.queues.awaitingShipment.count).toBe(1)
  })

  test("another store's dashboard is a 404 for a manager; a decoration partner's member is refused", async () => {
    const manager = await staffContext(storeA, { role: 'fulfilment', storeIds: [storeA] })
    expect(await refusal(orderDashboard(manager, { websiteId: storeB, now }))).toMatchObject({ code: 'not_found' })
    const member = await decorationPartnerContext(storeA, (await createDecorationPartner()).id)
    expect(await refusal(orderDashboard(member, { now }))).toMatchObject({ code: 'forbidden' })
  })

  test('the admin query `dashboard` answers for the current day', async () => {
    const board = (await executeAdminQuery('dashboard', { websiteId: storeA }, owner)) as AdminDashboard
    expect(board.queues.awaitingPayment.count).toBe(7)
    expect(board.since.today).toBe(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`)
  })
})
