import { asc, eq, sql } from 'drizzle-orm'
import { type OrderEventData, type OrderEventType, SHOPPER_VISIBLE_EVENTS } from '@/isomorphic/order-events'
import { WEBHOOK_TOPIC_OF_EVENT } from '@/isomorphic/webhooks'
import type { Executor } from '../db/client'
import { orderEvents } from '../db/schema'
import type { Actor } from '../kernel/context'

// The order's append-only timeline (issue 15). Written in the transaction that makes the change it
// tells of; read by the console (every row) and the shopper's order page (the visible ones).

export type OrderEventInput = {
  orderId: number
  type: OrderEventType
  /** Who did it; `actorName` overrides the name shown (e.g. the shopper's name on 'placed'). */
  actor: Actor
  actorName?: string | null
  data?: Record<string, unknown>
  at?: Date
}

function actorColumns(actor: Actor, actorName: string | null | undefined) {
  switch (actor.kind) {
    case 'staff':
    case 'decorationPartner':
      return { actorKind: actor.kind, actorId: actor.staffId, actorName: actorName ?? actor.name }
    case 'shopper':
      return { actorKind: actor.kind, actorId: actor.partnerId, actorName: actorName ?? null }
    case 'system':
      return { actorKind: actor.kind, actorId: null, actorName: actorName ?? actor.job }
    case 'guest':
      return { actorKind: actor.kind, actorId: null, actorName: actorName ?? null }
  }
}

/**
 * Appends the event. For the events that are webhook topics (placed → order.placed …) the same
 * statement also queues one webhook delivery per active endpoint of the order's store subscribed to
 * the topic (the timeline is the outbox): one statement whether the store has endpoints or not,
 * nothing queued when the transaction rolls back. The event id `evt_<order_events.id>` is what every
 * attempt and re-send carries.
 */
export async function appendOrderEvent(tx: Executor, event: OrderEventInput): Promise<void> {
  const columns = {
    orderId: event.orderId,
    type: event.type,
    ...actorColumns(event.actor, event.actorName),
    shopperVisible: SHOPPER_VISIBLE_EVENTS.has(event.type),
    data: event.data ?? {},
  }
  const topic = WEBHOOK_TOPIC_OF_EVENT[event.type]
  if (!topic) {
    await tx.insert(orderEvents).values({ ...columns, ...(event.at ? { createdAt: event.at } : {}) })
    return
  }
  const result = (await tx.execute(sql`
    with event as (
      insert into order_events (order_id, type, actor_kind, actor_id, actor_name, shopper_visible, data, created_at)
      values (${columns.orderId}, ${columns.type}, ${columns.actorKind}, ${columns.actorId}, ${columns.actorName}, ${columns.shopperVisible},
              ${JSON.stringify(columns.data)}::jsonb, coalesce(${event.at?.toISOString() ?? null}::timestamptz, now()))
      returning id, order_id
    )
    insert into webhook_deliveries (endpoint_id, event_id, topic, order_id, order_event_id)
    select endpoint.id, 'evt_' || event.id, ${topic}, event.order_id, event.id
    from event
    join orders on orders.id = event.order_id
    join webhook_endpoints endpoint on endpoint.website_id = orders.website_id and endpoint.is_active and ${topic} = any(endpoint.topics)
    returning id`)) as unknown as { rows: { id: number | string }[] }
  if (result.rows.length > 0) announceQueuedWebhooks(result.rows.map((row) => Number(row.id)))
}

// Who hears of queued deliveries in this process (the webhook dispatcher, so the first attempt is
// prompt). Held on globalThis: Next may load this module in more than one module graph.
const LISTENERS_KEY = Symbol.for('webstore.webhooks-queued')
type GlobalWithListeners = typeof globalThis & { [LISTENERS_KEY]?: Set<(deliveryIds: number[]) => void> }

function queuedListeners(): Set<(deliveryIds: number[]) => void> {
  const holder = globalThis as GlobalWithListeners
  holder[LISTENERS_KEY] ??= new Set()
  return holder[LISTENERS_KEY]
}

/** Calls `listener` with the ids of deliveries an event queued (not yet committed when it is called). Returns the unsubscribe. */
export function onWebhooksQueued(listener: (deliveryIds: number[]) => void): () => void {
  queuedListeners().add(listener)
  return () => queuedListeners().delete(listener)
}

/** Tells this process's dispatcher that deliveries are due (after an event, or a re-send from the console). */
export function announceQueuedWebhooks(deliveryIds: number[]): void {
  for (const listener of queuedListeners()) listener(deliveryIds)
}

const ACTOR_LABEL = { guest: 'Customer', shopper: 'Customer', staff: 'Store', decorationPartner: 'Decoration partner', system: 'System' } as const

/** The timeline, oldest first: every row for the console, the visible ones for the shopper. */
export async function orderTimeline(db: Executor, orderId: number, audience: 'console' | 'shopper'): Promise<OrderEventData[]> {
  const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id))
  return rows
    .filter((row) => audience === 'console' || row.shopperVisible)
    .map((row) => ({
      id: row.id,
      type: row.type as OrderEventType,
      // The shopper sees "Store", not a staff member's name.
      actor: audience === 'console' ? (row.actorName ?? ACTOR_LABEL[row.actorKind]) : ACTOR_LABEL[row.actorKind],
      actorKind: row.actorKind,
      at: row.createdAt.toISOString(),
      data: audience === 'console' ? row.data : shopperData(row.data),
    }))
}

/** What of an event's data the shopper may see (tracking, amounts), never staff notes or internal ids. */
function shopperData(data: Record<string, unknown>): Record<string, unknown> {
  const visible: Record<string, unknown> = {}
  for (const key of ['carrier', 'trackingNumber', 'trackingUrl', 'amount', 'reference']) if (key in data) visible[key] = data[key]
  return visible
}
