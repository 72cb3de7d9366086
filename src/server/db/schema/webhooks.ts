import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { WebhookDeliveryState, WebhookTopic } from '@/isomorphic/webhooks'
import { id, timestamps } from './columns'
import { orderEvents, orders } from './orders'
import { websites } from './website'

// Outbound webhooks per store (issue 15). The order timeline is the outbox: appendOrderEvent
// queues one delivery per active endpoint subscribed to the event's topic, in the transaction that
// writes the event; the dispatcher (src/server/webhooks/) sends them and logs every attempt.

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** Checked on save (https, or http to loopback outside production) and again on every send. */
    url: text().notNull(),
    description: text().notNull().default(''),
    topics: text().array().notNull().$type<WebhookTopic[]>(),
    /** `whsec_…`: signs every body (HMAC-SHA256), so it is kept as is; shown once, never logged. */
    secret: text().notNull(),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index('webhook_endpoints_website_idx').on(t.websiteId)],
)

/** One event for one endpoint: sent until a 2xx answer, retried with backoff, then 'failed'. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** `evt_<order event id>`: the same for every attempt and every re-send (receivers de-duplicate on it). */
    eventId: text().notNull(),
    topic: text().notNull().$type<WebhookTopic>(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderEventId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orderEvents.id, { onDelete: 'cascade' }),
    state: text().notNull().default('pending').$type<WebhookDeliveryState>(),
    /** Attempts in the current series (a re-send starts a new series; the attempts table keeps all). */
    attempts: integer().notNull().default(0),
    /** When a dispatcher may take it next; a claim moves it ahead by a lease while the call runs. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastStatus: integer(),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_idx').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx').on(t.state, t.nextAttemptAt),
    index('webhook_deliveries_order_idx').on(t.orderId),
    check('webhook_deliveries_state', sql`${t.state} in ('pending', 'delivered', 'failed')`),
  ],
)

/** Every call made for a delivery, with what the receiver answered (an excerpt) or why it failed. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint({ mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    /** The HTTP status; null when no answer came (network error, timeout, refused address). */
    status: integer(),
    /** The first characters of the answer's body (WEBHOOK_EXCERPT_CHARS at most). */
    responseExcerpt: text(),
    error: text(),
    durationMs: integer().notNull(),
    attemptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_delivery_attempts_delivery_idx').on(t.deliveryId, t.id)],
)
