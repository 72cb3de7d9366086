// The kinds of rows in an order's timeline (order_events, issue 15). The console shows every row;
// the shopper's order page shows those in SHOPPER_VISIBLE_EVENTS, in the shopper's words.

export const ORDER_EVENT_TYPES = [
  'placed',
  'awaiting_approval',
  'approved',
  'rejected',
  'confirmed',
  'paid',
  'payment_failed',
  'work_order_created',
  'work_order_accepted',
  'in_production',
  'problem_reported',
  'problem_resolved',
  'shipped',
  'delivered',
  'refunded',
  'cancelled',
  'note',
  'mail_sent',
  'webhook_sent',
] as const

export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number]

/** What the shopper sees of the timeline: confirmed, in production, shipped, refunded, cancelled … */
export const SHOPPER_VISIBLE_EVENTS: ReadonlySet<OrderEventType> = new Set(['placed', 'awaiting_approval', 'approved', 'rejected', 'confirmed', 'paid', 'in_production', 'shipped', 'delivered', 'refunded', 'cancelled'])

/** One timeline row as the console and the shopper's order page receive it. */
export type OrderEventData = {
  id: number
  type: OrderEventType
  /** Who did it, for display ('Store', a staff member's name, the shopper's name, 'System'). */
  actor: string
  actorKind: 'guest' | 'shopper' | 'staff' | 'decorationPartner' | 'system'
  /** ISO time. */
  at: string
  data: Record<string, unknown>
}
