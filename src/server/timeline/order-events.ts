import { asc, eq } from 'drizzle-orm'
import { type OrderEventData, type OrderEventType, SHOPPER_VISIBLE_EVENTS } from '@/isomorphic/order-events'
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

export async function appendOrderEvent(tx: Executor, event: OrderEventInput): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: event.orderId,
    type: event.type,
    ...actorColumns(event.actor, event.actorName),
    shopperVisible: SHOPPER_VISIBLE_EVENTS.has(event.type),
    data: event.data ?? {},
    ...(event.at ? { createdAt: event.at } : {}),
  })
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
