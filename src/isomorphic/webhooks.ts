import type { OrderEventType } from './order-events'

// Outbound webhooks per store (issue 15): the topics a store's endpoints subscribe to, and the
// timeline event each one comes from. A webhook is sent for an order event of these types only.

export const WEBHOOK_TOPICS = ['order.placed', 'order.confirmed', 'order.approved', 'order.paid', 'order.shipped', 'order.refunded', 'order.cancelled'] as const

export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number]

/** The topic of an order event (placed → order.placed …); undefined for events that are not sent. */
export const WEBHOOK_TOPIC_OF_EVENT: Readonly<Partial<Record<OrderEventType, WebhookTopic>>> = {
  placed: 'order.placed',
  confirmed: 'order.confirmed',
  approved: 'order.approved',
  paid: 'order.paid',
  shipped: 'order.shipped',
  refunded: 'order.refunded',
  cancelled: 'order.cancelled',
}

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed'
