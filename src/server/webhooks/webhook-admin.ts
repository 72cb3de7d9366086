import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { WebhookAttemptData, WebhookDeliveryData, WebhookEndpointData } from '@/isomorphic/contract/admin-webhooks'
import { type Executor, getDb } from '../db/client'
import { orders, webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints, websites } from '../db/schema'
import { recordAudit } from '../audit/audit-log'
import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import type { CoreContext } from '../kernel/context'
import { notFound } from '../kernel/errors'
import { keysetAfter, keysetOrderBy, listCursor } from '../kernel/list-cursor'
import { mayActOnStore, requireStaff } from '../kernel/permissions'
import { announceQueuedWebhooks } from '../timeline/order-events'
import { newWebhookSecret } from './webhook-signature'
import { sendTestEvent } from './webhook-test-event'
import { checkWebhookUrl } from './webhook-url'

// The console's webhook keys (issue 15): a store's endpoints and their deliveries. Store managers of
// the store and owners ('store.manage'); another store's endpoint or delivery answers 404. Every
// write is audited in its transaction, never with the secret; the secret is answered once, when
// the endpoint is created or its secret rotated.

const DELIVERIES_PAGE = 25
/** Newest first, by id: list-cursor.ts. */
const DELIVERY_CURSOR = listCursor({ sort: 'id', dir: 'desc', keys: ['id'] })
const ATTEMPTS_SHOWN = 20

type EndpointRow = typeof webhookEndpoints.$inferSelect
type DeliveryRow = typeof webhookDeliveries.$inferSelect

function endpointData(row: EndpointRow): WebhookEndpointData {
  return {
    id: row.id,
    websiteId: row.websiteId,
    url: row.url,
    description: row.description,
    topics: row.topics,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** What the audit log keeps of an endpoint: everything but the secret. */
const audited = (row: EndpointRow) => ({ url: row.url, description: row.description, topics: row.topics, isActive: row.isActive })

/**
 * The endpoint, if the caller manages its store; the same 404 for a missing one and for another
 * store's (one answer, so another store's ids cannot be told from ids that do not exist).
 */
async function managedEndpoint(db: Executor, ctx: CoreContext, endpointId: number, lock = false): Promise<EndpointRow> {
  const member = await requireStaff(ctx, 'store.manage')
  // store-scope: console lookup by id; the next line answers 404 for a store the member may not act on
  const query = db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId))
  const [row] = lock ? await query.for('update') : await query
  if (!row || !mayActOnStore(member, row.websiteId)) throw notFound('Webhook endpoint', endpointId)
  return row
}

async function deliveriesData(db: Executor, rows: DeliveryRow[]): Promise<WebhookDeliveryData[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const [attempts, references] = await Promise.all([
    db.select().from(webhookDeliveryAttempts).where(inArray(webhookDeliveryAttempts.deliveryId, ids)).orderBy(desc(webhookDeliveryAttempts.id)),
    // store-scope: order ids come from deliveries of an endpoint the member may act on
    db
      .select({ id: orders.id, name: orders.name })
      .from(orders)
      .where(inArray(orders.id, [...new Set(rows.map((row) => row.orderId))])),
  ])
  const referenceOf = new Map(references.map((order) => [order.id, order.name]))
  const attemptsOf = new Map<number, WebhookAttemptData[]>()
  for (const row of attempts) {
    const list = attemptsOf.get(row.deliveryId) ?? []
    if (list.length < ATTEMPTS_SHOWN) {
      list.push({ id: row.id, status: row.status, responseExcerpt: row.responseExcerpt, error: row.error, durationMs: row.durationMs, attemptedAt: row.attemptedAt.toISOString() })
    }
    attemptsOf.set(row.deliveryId, list)
  }
  return rows.map((row) => ({
    id: row.id,
    eventId: row.eventId,
    topic: row.topic,
    orderId: row.orderId,
    orderReference: referenceOf.get(row.orderId) ?? '',
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
    lastStatus: row.lastStatus,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    attemptLog: attemptsOf.get(row.id) ?? [],
  }))
}

export const WEBHOOK_ADMIN_QUERIES = {
  webhookEndpoints: defineAdminQuery('webhookEndpoints', async ({ websiteId }, ctx) => {
    await requireStaff(ctx, 'store.manage', websiteId)
    const db = await getDb()
    const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.websiteId, websiteId)).orderBy(webhookEndpoints.id)
    return { endpoints: rows.map(endpointData) }
  }),

  webhookDeliveries: defineAdminQuery('webhookDeliveries', async ({ endpointId, state, cursor }, ctx) => {
    const db = await getDb()
    await managedEndpoint(db, ctx, endpointId)
    const at = DELIVERY_CURSOR.read(cursor)
    const readDir = DELIVERY_CURSOR.readDirection(at)
    const rows = await db
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpointId),
          state ? eq(webhookDeliveries.state, state) : undefined,
          at ? keysetAfter([webhookDeliveries.id], [sql`${at.values[0]}::integer`], readDir) : undefined,
        ),
      )
      .orderBy(...keysetOrderBy([webhookDeliveries.id], readDir))
      .limit(DELIVERIES_PAGE + 1)
    const page = DELIVERY_CURSOR.page(rows, DELIVERIES_PAGE, at, (row) => [row.id])
    return { deliveries: await deliveriesData(db, page.rows), nextCursor: page.nextCursor, previousCursor: page.previousCursor }
  }),
}

export const WEBHOOK_ADMIN_MUTATIONS = {
  saveWebhookEndpoint: defineAdminMutation('saveWebhookEndpoint', {
    handler: async (input, ctx) => {
      await requireStaff(ctx, 'store.manage', input.websiteId)
      const url = checkWebhookUrl(input.url)
      const db = await getDb()
      const [store] = await db.select({ id: websites.id }).from(websites).where(eq(websites.id, input.websiteId))
      if (!store) throw notFound('Store', input.websiteId)
      const fields = { url, description: input.description, topics: input.topics, isActive: input.isActive }
      return db.transaction(async (tx) => {
        if (input.id === undefined) {
          const secret = newWebhookSecret()
          const [created] = await tx
            .insert(webhookEndpoints)
            .values({ websiteId: input.websiteId, ...fields, secret })
            .returning()
          await recordAudit(tx, ctx, { websiteId: input.websiteId, action: 'webhook_endpoint.create', entityType: 'webhook_endpoint', entityId: created!.id, after: audited(created!) })
          return { endpoint: endpointData(created!), secret }
        }
        const before = await managedEndpoint(tx, ctx, input.id, true)
        // An endpoint stays with its store: moving it would hand its deliveries to another.
        if (before.websiteId !== input.websiteId) throw notFound('Webhook endpoint', input.id)
        // store-scope: endpoint came from managedEndpoint, which refuses stores the member may not act on
        const [updated] = await tx.update(webhookEndpoints).set(fields).where(eq(webhookEndpoints.id, input.id)).returning()
        await recordAudit(tx, ctx, { websiteId: before.websiteId, action: 'webhook_endpoint.update', entityType: 'webhook_endpoint', entityId: before.id, before: audited(before), after: audited(updated!) })
        return { endpoint: endpointData(updated!), secret: null }
      })
    },
  }),

  rotateWebhookSecret: defineAdminMutation('rotateWebhookSecret', {
    handler: async ({ endpointId }, ctx) => {
      const db = await getDb()
      return db.transaction(async (tx) => {
        const endpoint = await managedEndpoint(tx, ctx, endpointId, true)
        const secret = newWebhookSecret()
        // store-scope: endpoint came from managedEndpoint, which refuses stores the member may not act on
        const [updated] = await tx.update(webhookEndpoints).set({ secret }).where(eq(webhookEndpoints.id, endpoint.id)).returning()
        // The audit row says that the secret changed, not what it is.
        await recordAudit(tx, ctx, { websiteId: endpoint.websiteId, action: 'webhook_endpoint.rotate_secret', entityType: 'webhook_endpoint', entityId: endpoint.id, after: { secretRotated: true } })
        return { endpoint: endpointData(updated!), secret }
      })
    },
  }),

  deleteWebhookEndpoint: defineAdminMutation('deleteWebhookEndpoint', {
    handler: async ({ endpointId }, ctx) => {
      const db = await getDb()
      return db.transaction(async (tx) => {
        const endpoint = await managedEndpoint(tx, ctx, endpointId, true)
        // store-scope: endpoint came from managedEndpoint, which refuses stores the member may not act on
        await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id))
        await recordAudit(tx, ctx, { websiteId: endpoint.websiteId, action: 'webhook_endpoint.delete', entityType: 'webhook_endpoint', entityId: endpoint.id, before: audited(endpoint) })
        return { deleted: true as const }
      })
    },
  }),

  sendWebhookTestEvent: defineAdminMutation('sendWebhookTestEvent', {
    handler: async ({ endpointId }, ctx) => {
      const db = await getDb()
      const endpoint = await managedEndpoint(db, ctx, endpointId)
      const result = await sendTestEvent(db, endpoint)
      await recordAudit(db, ctx, {
        websiteId: endpoint.websiteId,
        action: 'webhook_endpoint.test_event',
        entityType: 'webhook_endpoint',
        entityId: endpoint.id,
        after: { url: endpoint.url, eventId: result.eventId, status: result.status, delivered: result.delivered },
      })
      return result
    },
  }),

  resendWebhookDelivery: defineAdminMutation('resendWebhookDelivery', {
    handler: async ({ deliveryId }, ctx) => {
      const member = await requireStaff(ctx, 'store.manage')
      const db = await getDb()
      const delivery = await db.transaction(async (tx) => {
        // store-scope: console lookup by id; the next lines answer 404 for a store the member may not act on
        const [found] = await tx
          .select({ delivery: webhookDeliveries, websiteId: webhookEndpoints.websiteId })
          .from(webhookDeliveries)
          .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
          .where(eq(webhookDeliveries.id, deliveryId))
          .for('update', { of: webhookDeliveries })
        // Another store's delivery is the same 404 as a missing one.
        if (!found || !mayActOnStore(member, found.websiteId)) throw notFound('Webhook delivery', deliveryId)
        // Due now, a new series of attempts; the event id (and so the receiver's de-duplication) is unchanged.
        const [queued] = await tx
          .update(webhookDeliveries)
          .set({ state: 'pending', attempts: 0, nextAttemptAt: new Date(), deliveredAt: null })
          .where(eq(webhookDeliveries.id, deliveryId))
          .returning()
        await recordAudit(tx, ctx, {
          websiteId: found.websiteId,
          action: 'webhook_delivery.resend',
          entityType: 'webhook_delivery',
          entityId: deliveryId,
          before: { state: found.delivery.state, attempts: found.delivery.attempts, eventId: found.delivery.eventId },
          after: { state: 'pending', eventId: queued!.eventId },
        })
        return queued!
      })
      announceQueuedWebhooks([delivery.id])
      const [data] = await deliveriesData(db, [delivery])
      return { delivery: data! }
    },
  }),
}
