import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { WebhookAdminMutationResponses, WebhookAdminQueryResponses } from '@/isomorphic/contract/admin-webhooks'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { createWebsite } from '../../../tests/factories/website'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { insertTestOrder } from '../documents/document-test-support'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import { auditLog, webhookDeliveries, webhookEndpoints } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { appendOrderEvent } from '../timeline/order-events'
import { outboundProblemMessage } from '../adapters/outbound'
import { WEBHOOK_URL_EXAMPLE, WEBHOOK_URL_LABEL } from './webhook-url'

const WEBHOOK_URL_HTTPS_ONLY = outboundProblemMessage('https_only', { label: WEBHOOK_URL_LABEL, example: WEBHOOK_URL_EXAMPLE })
const WEBHOOK_URL_NO_CREDENTIALS = outboundProblemMessage('credentials', { label: WEBHOOK_URL_LABEL, example: WEBHOOK_URL_EXAMPLE })

// The console's webhook keys (issue 15): store managers and owners manage their stores' endpoints;
// the secret is answered once and never audited; fulfilment gets 403 and another store's manager
// 404, whatever the id; a re-send queues the same event id again, audited.

type Q = WebhookAdminQueryResponses
type M = WebhookAdminMutationResponses

describe.each(testDatabaseKinds())('webhook endpoints in the console on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let manager: CoreContext
  let fulfilment: CoreContext
  let otherManager: CoreContext

  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    const otherStore = (await createWebsite()).id
    manager = await staffContext(websiteId, { role: 'store_manager' })
    fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    otherManager = await staffContext(otherStore, { role: 'store_manager' })
  })

  const save = (value: Record<string, unknown>, ctx = manager) => executeAdminMutation('saveWebhookEndpoint', { websiteId, topics: ['order.paid'], ...value }, ctx) as Promise<M['saveWebhookEndpoint']>
  const auditOf = (entityType: string, entityId: number) =>
    db().select().from(auditLog).where(eq(auditLog.entityId, String(entityId))).orderBy(asc(auditLog.id)).then((rows) => rows.filter((row) => row.entityType === entityType))

  test('a manager adds an endpoint: the secret is answered once, never listed, never audited', async () => {
    const { endpoint, secret } = await save({ url: 'https://hooks.example.com/orders', description: 'ERP', topics: ['order.paid', 'order.shipped', 'order.paid'] })
    expect(secret).toMatch(/^whsec_/)
    expect(endpoint).toMatchObject({ websiteId, url: 'https://hooks.example.com/orders', description: 'ERP', topics: ['order.paid', 'order.shipped'], isActive: true })
    expect(endpoint).not.toHaveProperty('secret')
    const { endpoints } = (await executeAdminQuery('webhookEndpoints', { websiteId }, manager)) as Q['webhookEndpoints']
    expect(endpoints.find((row) => row.id === endpoint.id)).toEqual(endpoint)
    expect(JSON.stringify(endpoints)).not.toContain(secret!)

    const [audit] = await auditOf('webhook_endpoint', endpoint.id)
    expect(audit).toMatchObject({ action: 'webhook_endpoint.create', websiteId, role: 'store_manager', after: { url: 'https://hooks.example.com/orders', topics: ['order.paid', 'order.shipped'] } })
    expect(JSON.stringify(audit)).not.toContain(secret!)

    const edited = await save({ id: endpoint.id, url: 'https://hooks.example.com/v2', topics: ['order.cancelled'], isActive: false })
    expect(edited).toMatchObject({ secret: null, endpoint: { url: 'https://hooks.example.com/v2', topics: ['order.cancelled'], isActive: false } })
    const [, update] = await auditOf('webhook_endpoint', endpoint.id)
    expect(update).toMatchObject({ action: 'webhook_endpoint.update', before: { url: 'https://hooks.example.com/orders', isActive: true }, after: { url: 'https://hooks.example.com/v2', isActive: false } })
    // Editing keeps the secret that signs.
    expect((await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)))[0]!.secret).toBe(secret)
  })

  test('rotating answers a new secret once; the audit row says only that it changed', async () => {
    const { endpoint, secret } = await save({ url: 'https://hooks.example.com/rotate' })
    const rotated = (await executeAdminMutation('rotateWebhookSecret', { endpointId: endpoint.id }, manager)) as M['rotateWebhookSecret']
    expect(rotated.secret).toMatch(/^whsec_/)
    expect(rotated.secret).not.toBe(secret)
    expect((await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)))[0]!.secret).toBe(rotated.secret)
    const rows = await auditOf('webhook_endpoint', endpoint.id)
    expect(rows.at(-1)).toMatchObject({ action: 'webhook_endpoint.rotate_secret', after: { secretRotated: true } })
    expect(JSON.stringify(rows)).not.toContain(rotated.secret)
  })

  test('a receiver URL that is not public https or carries credentials is refused with what to change', async () => {
    expect((await refusal(save({ url: 'http://hooks.example.com/' }))).userMessage).toBe(WEBHOOK_URL_HTTPS_ONLY)
    expect((await refusal(save({ url: 'ftp://hooks.example.com/' }))).userMessage).toBe(WEBHOOK_URL_HTTPS_ONLY)
    expect((await refusal(save({ url: 'https://me:pw@hooks.example.com/' }))).userMessage).toBe(WEBHOOK_URL_NO_CREDENTIALS)
    expect((await refusal(save({ url: 'https://hooks.example.com/', topics: [] }))).code).toBe('invalid')
    expect((await refusal(save({ url: 'https://hooks.example.com/', topics: ['order.updated'] }))).code).toBe('invalid')
    // ALLOW_PRIVATE_OUTBOUND is off here: a local receiver is refused (tests/security/outbound-saves.test.ts has every kind).
    expect((await refusal(save({ url: 'http://127.0.0.1:4010/dev' }))).userMessage).toBe(WEBHOOK_URL_HTTPS_ONLY)
  })

  test('a fulfilment member gets 403 on every webhook key, before anything is read or written', async () => {
    const { endpoint } = await save({ url: 'https://hooks.example.com/f' })
    const calls = [
      () => executeAdminQuery('webhookEndpoints', { websiteId }, fulfilment),
      () => executeAdminQuery('webhookDeliveries', { endpointId: endpoint.id }, fulfilment),
      () => save({ url: 'https://hooks.example.com/mine' }, fulfilment),
      () => save({ id: endpoint.id, url: 'https://hooks.example.com/mine' }, fulfilment),
      () => executeAdminMutation('rotateWebhookSecret', { endpointId: endpoint.id }, fulfilment),
      () => executeAdminMutation('deleteWebhookEndpoint', { endpointId: endpoint.id }, fulfilment),
      () => executeAdminMutation('resendWebhookDelivery', { deliveryId: 1 }, fulfilment),
    ]
    for (const call of calls) expect((await refusal(call())).code).toBe('forbidden')
    expect((await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)))[0]).toMatchObject({ url: 'https://hooks.example.com/f' })
  })

  test("another store's manager gets 404 for this store's endpoints and deliveries, as for ids that do not exist", async () => {
    const { endpoint } = await save({ url: 'https://hooks.example.com/theirs' })
    const placed = await insertTestOrder({ websiteId })
    await db().transaction((tx) => appendOrderEvent(tx, { orderId: placed.id, type: 'paid', actor: { kind: 'system', job: 'test' } }))
    const [delivery] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))
    const calls = [
      () => executeAdminQuery('webhookEndpoints', { websiteId }, otherManager),
      () => executeAdminQuery('webhookDeliveries', { endpointId: endpoint.id }, otherManager),
      () => save({ url: 'https://evil.example.com/' }, otherManager),
      () => executeAdminMutation('saveWebhookEndpoint', { id: endpoint.id, websiteId: otherManager.store.websiteId, url: 'https://evil.example.com/', topics: ['order.paid'] }, otherManager),
      () => executeAdminMutation('rotateWebhookSecret', { endpointId: endpoint.id }, otherManager),
      () => executeAdminMutation('deleteWebhookEndpoint', { endpointId: endpoint.id }, otherManager),
      () => executeAdminMutation('resendWebhookDelivery', { deliveryId: delivery!.id }, otherManager),
      () => executeAdminMutation('deleteWebhookEndpoint', { endpointId: 2_000_000_000 }, manager),
      () => executeAdminMutation('resendWebhookDelivery', { deliveryId: 9_000_000_000 }, manager),
    ]
    for (const call of calls) expect((await refusal(call())).code).toBe('not_found')
    // The same sentence as for an id that does not exist: another store's ids are not confirmed to exist.
    const answers = async (key: 'rotateWebhookSecret' | 'resendWebhookDelivery' | 'webhookDeliveries', value: (id: number) => Record<string, number>, id: number) => {
      // One call at a time: a refusal started early would be unhandled until its turn comes.
      const run = (target: number) => (key === 'webhookDeliveries' ? executeAdminQuery(key, value(target), otherManager) : executeAdminMutation(key, value(target), otherManager))
      return [(await refusal(run(id))).userMessage, (await refusal(run(2_000_000_000))).userMessage]
    }
    for (const [theirs, none] of [
      await answers('rotateWebhookSecret', (endpointId) => ({ endpointId }), endpoint.id),
      await answers('webhookDeliveries', (endpointId) => ({ endpointId }), endpoint.id),
      await answers('resendWebhookDelivery', (deliveryId) => ({ deliveryId }), delivery!.id),
    ]) {
      expect(theirs).toBe(none)
    }
    expect((await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)))[0]).toMatchObject({ url: 'https://hooks.example.com/theirs', websiteId })
  })

  test('deliveries list with their attempts; a re-send queues the same event id again, audited; deleting the endpoint is audited', async () => {
    const { endpoint } = await save({ url: 'https://hooks.example.com/list', topics: ['order.paid', 'order.cancelled'] })
    const placed = await insertTestOrder({ websiteId })
    const system = { kind: 'system', job: 'test' } as const
    await db().transaction(async (tx) => {
      await appendOrderEvent(tx, { orderId: placed.id, type: 'paid', actor: system })
      await appendOrderEvent(tx, { orderId: placed.id, type: 'cancelled', actor: system })
    })
    const first = (await executeAdminQuery('webhookDeliveries', { endpointId: endpoint.id }, manager)) as Q['webhookDeliveries']
    expect(first.deliveries.map((row) => [row.topic, row.state, row.orderReference])).toEqual([
      ['order.cancelled', 'pending', placed.name],
      ['order.paid', 'pending', placed.name],
    ])
    expect(first.nextCursor).toBeNull()
    const paid = first.deliveries[1]!
    await db().update(webhookDeliveries).set({ state: 'failed', attempts: 7 }).where(eq(webhookDeliveries.id, paid.id))
    expect(((await executeAdminQuery('webhookDeliveries', { endpointId: endpoint.id, state: 'failed' }, manager)) as Q['webhookDeliveries']).deliveries.map((row) => row.id)).toEqual([paid.id])

    const { delivery } = (await executeAdminMutation('resendWebhookDelivery', { deliveryId: paid.id }, manager)) as M['resendWebhookDelivery']
    expect(delivery).toMatchObject({ id: paid.id, eventId: paid.eventId, state: 'pending', attempts: 0 })
    expect((await auditOf('webhook_delivery', paid.id))[0]).toMatchObject({ action: 'webhook_delivery.resend', websiteId, before: { state: 'failed', eventId: paid.eventId }, after: { state: 'pending', eventId: paid.eventId } })

    expect(await executeAdminMutation('deleteWebhookEndpoint', { endpointId: endpoint.id }, manager)).toEqual({ deleted: true })
    expect(await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toHaveLength(0)
    expect((await auditOf('webhook_endpoint', endpoint.id)).at(-1)).toMatchObject({ action: 'webhook_endpoint.delete', before: { url: 'https://hooks.example.com/list' } })
  })

  test('the owner manages any store', async () => {
    const owner = await staffContext(websiteId, { role: 'owner', storeIds: [] })
    const other = (await createWebsite()).id
    const { endpoint } = (await executeAdminMutation('saveWebhookEndpoint', { websiteId: other, url: 'https://hooks.example.com/owner', topics: ['order.placed'] }, owner)) as M['saveWebhookEndpoint']
    expect(endpoint.websiteId).toBe(other)
  })
})
