import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { asc, eq, inArray } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import type { WebhookTopic } from '@/isomorphic/webhooks'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { countQueries } from '../../../tests/setup/query-count'
import { createWebsite } from '../../../tests/factories/website'
import { staffContext } from '../../../tests/support/staff'
import { insertTestOrder } from '../documents/document-test-support'
import { executeAdminMutation } from '../api/admin-registry'
import { orderEvents, webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../db/schema'
import type { Actor } from '../kernel/context'
import { appendOrderEvent } from '../timeline/order-events'
import { dispatchDueWebhooks, RETRY_SCHEDULE_MS, startWebhookDispatcher } from './webhook-dispatcher'
import { type WebhookPayload } from './webhook-payload'
import { verifyWebhookSignature } from './webhook-signature'

// The receivers here are loopback servers, saved through the console: the setting of a private
// install (ALLOW_PRIVATE_OUTBOUND=true), for the saves and the sends.
vi.stubEnv('ALLOW_PRIVATE_OUTBOUND', 'true')
const LOCAL_RECEIVERS = { allowPrivate: true }

// The timeline is the outbox (issue 15): an order event of a webhook topic queues a delivery per
// subscribed endpoint in its own transaction; the dispatcher sends them, signed, to a real local
// receiver, retries failures on the schedule, never sends one twice at once, and every attempt and
// re-send carries the same event id.

type Received = { path: string; headers: IncomingHttpHeaders; body: string }

const SYSTEM: Actor = { kind: 'system', job: 'test' }

describe.each(testDatabaseKinds())('webhook deliveries on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let receiver: Server
  let base: string
  const received: Received[] = []
  /** Per path, the statuses to answer in turn (the last one repeats); 200 when none. */
  const script = new Map<string, number[]>()

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
      request.on('end', () => {
        const path = request.url ?? ''
        received.push({ path, headers: request.headers, body })
        const statuses = script.get(path) ?? [200]
        const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!
        response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ answer: status }))
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    receiver.closeAllConnections()
    await new Promise((resolve) => receiver.close(resolve))
  })
  // Each test sends only what it queued: whatever an earlier test left pending is set aside.
  afterEach(async () => {
    await db().update(webhookDeliveries).set({ state: 'failed' }).where(eq(webhookDeliveries.state, 'pending'))
  })

  let pathCount = 0
  async function storeWithEndpoint(topics: WebhookTopic[], { isActive = true }: { isActive?: boolean } = {}) {
    const website = await createWebsite()
    const owner = await staffContext(website.id, { role: 'owner' })
    const endpoint = await addEndpoint(website.id, topics, { isActive, owner })
    return { websiteId: website.id, owner, ...endpoint }
  }
  async function addEndpoint(websiteId: number, topics: WebhookTopic[], { isActive = true, owner }: { isActive?: boolean; owner?: Awaited<ReturnType<typeof staffContext>> } = {}) {
    const path = `/hooks/${++pathCount}`
    const answer = (await executeAdminMutation('saveWebhookEndpoint', { websiteId, url: `${base}${path}`, topics, isActive }, owner ?? (await staffContext(websiteId)))) as {
      endpoint: { id: number }
      secret: string
    }
    return { endpointId: answer.endpoint.id, secret: answer.secret, path }
  }
  const order = (websiteId: number) =>
    // Stored as an order is: the untaxed amount carries delivery, the total carries tax.
    insertTestOrder({ websiteId, amountDelivery: 995, amountTax: 432, amountUntaxed: 3702 + 995, amountTotal: 3702 + 995 + 432, amountDue: 3702 + 995 + 432 }, [
      { name: 'Field Tee', templateSkuCode: 'FT-100', colorName: 'Navy', size: 'L', quantity: 3, unitPriceAmount: 1234, subtotalAmount: 3702 },
    ])
  const deliveriesOf = (orderId: number) => db().select().from(webhookDeliveries).where(eq(webhookDeliveries.orderId, orderId)).orderBy(asc(webhookDeliveries.id))
  const attemptsOf = (deliveryId: number) => db().select().from(webhookDeliveryAttempts).where(eq(webhookDeliveryAttempts.deliveryId, deliveryId)).orderBy(asc(webhookDeliveryAttempts.id))
  const receivedAt = (path: string) => received.filter((entry) => entry.path === path)
  const deliver = (now: Date, extra: Parameters<typeof dispatchDueWebhooks>[1] = {}) => dispatchDueWebhooks(db(), { now, policy: LOCAL_RECEIVERS, random: () => 0.5, ...extra })

  test('an event of a topic queues one delivery per active endpoint of the store subscribed to it, in one statement', async () => {
    const { websiteId, endpointId: paidAndShipped } = await storeWithEndpoint(['order.paid', 'order.shipped'])
    const { endpointId: paidOnly } = await addEndpoint(websiteId, ['order.paid'])
    await addEndpoint(websiteId, ['order.paid'], { isActive: false })
    await addEndpoint(websiteId, ['order.shipped'])
    const elsewhere = await storeWithEndpoint(['order.paid'])
    const placed = await order(websiteId)

    const { queries } = await db().transaction((tx) => countQueries(() => appendOrderEvent(tx, { orderId: placed.id, type: 'paid', actor: SYSTEM, data: { amount: 5129 } })))
    expect(queries).toBe(1)
    const [event] = await db().select().from(orderEvents).where(eq(orderEvents.orderId, placed.id))
    const rows = await deliveriesOf(placed.id)
    expect(rows.map((row) => [row.endpointId, row.eventId, row.topic, row.state, row.orderEventId])).toEqual([
      [paidAndShipped, `evt_${event!.id}`, 'order.paid', 'pending', event!.id],
      [paidOnly, `evt_${event!.id}`, 'order.paid', 'pending', event!.id],
    ])
    expect(rows.some((row) => row.endpointId === elsewhere.endpointId)).toBe(false)

    // Not a topic, or a store without endpoints: still one statement, nothing queued.
    const quiet = await order((await createWebsite()).id)
    for (const [orderId, type] of [
      [placed.id, 'note'],
      [quiet.id, 'paid'],
    ] as const) {
      const counted = await db().transaction((tx) => countQueries(() => appendOrderEvent(tx, { orderId, type, actor: SYSTEM })))
      expect(counted.queries).toBe(1)
    }
    expect(await deliveriesOf(placed.id)).toHaveLength(2)
    expect(await deliveriesOf(quiet.id)).toHaveLength(0)
  })

  test('a change that rolls back queues nothing', async () => {
    const { websiteId } = await storeWithEndpoint(['order.cancelled'])
    const placed = await order(websiteId)
    await expect(
      db().transaction(async (tx) => {
        await appendOrderEvent(tx, { orderId: placed.id, type: 'cancelled', actor: SYSTEM })
        throw new Error('the cancellation failed half-way')
      }),
    ).rejects.toThrow('half-way')
    expect(await deliveriesOf(placed.id)).toHaveLength(0)
    expect(await db().select().from(orderEvents).where(eq(orderEvents.orderId, placed.id))).toHaveLength(0)
  })

  test('the receiver gets the order in a body signed with the endpoint secret, under the event id', async () => {
    const { websiteId, secret, path } = await storeWithEndpoint(['order.shipped'])
    const placed = await order(websiteId)
    const at = new Date('2026-11-30T10:00:00Z')
    await db().transaction((tx) =>
      appendOrderEvent(tx, { orderId: placed.id, type: 'shipped', actor: SYSTEM, at, data: { carrier: 'UPS', trackingNumber: '1Z999', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999' } }),
    )
    const [delivery] = await deliveriesOf(placed.id)
    const now = new Date()
    const result = await deliver(now)
    expect(result).toMatchObject({ delivered: 1, retrying: 0, failed: 0 })

    const [request] = receivedAt(path)
    expect(request!.headers['webhook-id']).toBe(delivery!.eventId)
    expect(request!.headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)))
    expect(verifyWebhookSignature({ secret, header: request!.headers['webhook-signature'] as string, body: request!.body, now: Math.floor(now.getTime() / 1000) })).toMatchObject({ ok: true })
    expect(verifyWebhookSignature({ secret: 'whsec_someone-else', header: request!.headers['webhook-signature'] as string, body: request!.body, now: Math.floor(now.getTime() / 1000) }).ok).toBe(false)
    const payload = JSON.parse(request!.body) as WebhookPayload
    expect(payload).toMatchObject({
      id: delivery!.eventId,
      type: 'order.shipped',
      created: Math.floor(at.getTime() / 1000),
      data: {
        order: {
          id: placed.id,
          reference: placed.name,
          store: { id: websiteId },
          state: 'sale',
          customer: { name: 'Dana Reyes', email: 'dana@example.com' },
          // The products before any promotion, as the order page and the CSV say: the totals add up.
          totals: { subtotal: 37.02, discount: 0, options: 0, shipping: 9.95, tax: 4.32, total: 51.29, refunded: 0 },
          lines: [{ sku: 'FT-100', name: 'Field Tee', colour: 'Navy', size: 'L', quantity: 3, unitPrice: 12.34 }],
        },
        shipment: { carrier: 'UPS', trackingNumber: '1Z999', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999' },
      },
    })
    const [row] = await deliveriesOf(placed.id)
    expect(row).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 200 })
    expect(await attemptsOf(row!.id)).toMatchObject([{ status: 200, responseExcerpt: '{"answer":200}', error: null }])
  })

  test('a receiver answering 500 then 200 gets the same event id twice; the delivery ends delivered with two attempts', async () => {
    const { websiteId, path } = await storeWithEndpoint(['order.refunded'])
    script.set(path, [500, 200])
    const placed = await order(websiteId)
    await db().transaction((tx) => appendOrderEvent(tx, { orderId: placed.id, type: 'refunded', actor: SYSTEM, data: { amount: 1234 } }))
    const now = new Date()

    expect(await deliver(now)).toMatchObject({ delivered: 0, retrying: 1 })
    const [waiting] = await deliveriesOf(placed.id)
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 500 })
    expect(waiting!.nextAttemptAt.getTime()).toBe(now.getTime() + RETRY_SCHEDULE_MS[0])
    // Not due yet half a minute later: nothing is sent, and looking costs one statement.
    const early = await countQueries(() => deliver(new Date(now.getTime() + 30_000)))
    expect(early).toMatchObject({ queries: 1, result: { claimed: [] } })
    expect(receivedAt(path)).toHaveLength(1)

    expect(await deliver(new Date(now.getTime() + 61_000))).toMatchObject({ delivered: 1 })
    const requests = receivedAt(path)
    expect(requests.map((request) => request.headers['webhook-id'])).toEqual([waiting!.eventId, waiting!.eventId])
    expect(requests.map((request) => (JSON.parse(request.body) as WebhookPayload).id)).toEqual([waiting!.eventId, waiting!.eventId])
    expect((JSON.parse(requests[1]!.body) as WebhookPayload).data.refund).toEqual({ amount: 12.34 })
    const [done] = await deliveriesOf(placed.id)
    expect(done).toMatchObject({ state: 'delivered', attempts: 2, lastStatus: 200 })
    expect((await attemptsOf(done!.id)).map((row) => [row.status, row.responseExcerpt])).toEqual([
      [500, '{"answer":500}'],
      [200, '{"answer":200}'],
    ])
  })

  test('failures are retried after 1 min, 5 min, 30 min, 2 h, 8 h and 24 h, then the delivery is failed; a re-send is the same event id', async () => {
    const { websiteId, path, owner } = await storeWithEndpoint(['order.placed'])
    script.set(path, [503])
    const placed = await order(websiteId)
    await db().transaction((tx) => appendOrderEvent(tx, { orderId: placed.id, type: 'placed', actor: SYSTEM }))
    let now = new Date()
    const waits: number[] = []
    for (let attempt = 1; attempt <= 7; attempt++) {
      await deliver(now)
      const [row] = await deliveriesOf(placed.id)
      expect(row!.attempts).toBe(attempt)
      if (row!.state === 'failed') break
      waits.push((row!.nextAttemptAt.getTime() - now.getTime()) / 60_000)
      now = row!.nextAttemptAt
    }
    expect(waits).toEqual([1, 5, 30, 120, 480, 1440])
    const [failed] = await deliveriesOf(placed.id)
    expect(failed).toMatchObject({ state: 'failed', attempts: 7, lastStatus: 503 })
    expect(await attemptsOf(failed!.id)).toHaveLength(7)

    script.set(path, [200])
    await executeAdminMutation('resendWebhookDelivery', { deliveryId: failed!.id }, owner)
    await deliver(new Date(Date.now() + 1000))
    const requests = receivedAt(path)
    expect(requests).toHaveLength(8)
    expect(new Set(requests.map((request) => request.headers['webhook-id']))).toEqual(new Set([failed!.eventId]))
    expect((await deliveriesOf(placed.id))[0]).toMatchObject({ state: 'delivered', attempts: 1, eventId: failed!.eventId })
    expect(await attemptsOf(failed!.id)).toHaveLength(8)
  })

  test('three dispatchers at once send each delivery exactly once', async () => {
    const { websiteId, path: first } = await storeWithEndpoint(['order.confirmed'])
    const paths = [first, (await addEndpoint(websiteId, ['order.confirmed'])).path, (await addEndpoint(websiteId, ['order.confirmed'])).path]
    const orders = []
    for (let count = 0; count < 4; count++) orders.push(await order(websiteId))
    for (const placed of orders) await db().transaction((tx) => appendOrderEvent(tx, { orderId: placed.id, type: 'confirmed', actor: SYSTEM }))
    const queued = await db()
      .select()
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.orderId, orders.map((placed) => placed.id)))
    expect(queued).toHaveLength(12)

    const now = new Date()
    const results = await Promise.all([deliver(now, { batchSize: 5 }), deliver(now, { batchSize: 5 }), deliver(now, { batchSize: 5 })])
    const claimed = results.flatMap((result) => result.claimed)
    expect(new Set(claimed).size).toBe(claimed.length)
    expect(claimed.length).toBe(12)
    const requests = paths.flatMap(receivedAt)
    expect(requests).toHaveLength(12)
    const keys = requests.map((request) => `${request.path} ${request.headers['webhook-id']}`)
    expect(new Set(keys).size).toBe(12)
  })

  test('a running dispatcher sends an event queued in this process right after its commit, and once', async () => {
    const { websiteId, path } = await storeWithEndpoint(['order.cancelled'])
    const placed = await order(websiteId)
    const dispatcher = startWebhookDispatcher(async () => db(), { policy: LOCAL_RECEIVERS, pollMs: 3_600_000 })
    try {
      await dispatcher.idle()
      await db().transaction((tx) => appendOrderEvent(tx, { orderId: placed.id, type: 'cancelled', actor: SYSTEM, data: { reason: 'customer asked' } }))
      for (let tries = 0; tries < 100 && receivedAt(path).length === 0; tries++) await new Promise((resolve) => setTimeout(resolve, 50))
      await dispatcher.idle()
      expect(receivedAt(path)).toHaveLength(1)
      expect((await deliveriesOf(placed.id))[0]).toMatchObject({ state: 'delivered', attempts: 1 })
    } finally {
      dispatcher.stop()
    }
  })

  test('without ALLOW_PRIVATE_OUTBOUND a receiver on this machine is refused at send time, and the refusal is logged as an attempt', async () => {
    const { websiteId, path } = await storeWithEndpoint(['order.approved'])
    const placed = await order(websiteId)
    await db().transaction((tx) => appendOrderEvent(tx, { orderId: placed.id, type: 'approved', actor: SYSTEM }))
    expect(await deliver(new Date(), { policy: { allowPrivate: false } })).toMatchObject({ retrying: 1 })
    expect(receivedAt(path)).toHaveLength(0)
    const [row] = await deliveriesOf(placed.id)
    expect((await attemptsOf(row!.id))[0]).toMatchObject({ status: null, error: expect.stringMatching(/^refused: The address of the webhook receiver must start with https/) })
    // The endpoint's row still holds its URL: nothing was changed by the refusal.
    expect((await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, row!.endpointId)))[0]!.url).toBe(`${base}${path}`)
  })
})
