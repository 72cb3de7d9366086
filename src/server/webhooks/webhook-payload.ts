import { asc, eq } from 'drizzle-orm'
import { itemsSubtotal } from '@/isomorphic/order-totals'
import type { WebhookTopic } from '@/isomorphic/webhooks'
import type { Executor } from '../db/client'
import { orderEvents, orderLines, orders, productVariants, websites } from '../db/schema'
import { fromCents } from '../kernel/money'

// The body of a webhook (issue 15): {id, type, created, data: {order}}. Built when it is sent, so
// `data.order` is the order as it is at that moment (its states may be ahead of the event: an
// order.placed retried an hour later can show the order paid). What the event itself says never
// changes: its id, type and time, the shipment of order.shipped and the amount of order.refunded
// come from the timeline row (which keeps amounts in cents). Amounts here are decimal dollars, as
// in the store's API.

export type WebhookOrderLine = { sku: string; name: string; colour: string | null; size: string | null; quantity: number; unitPrice: number }

export type WebhookOrder = {
  id: number
  reference: string
  store: { id: number; code: string; name: string }
  state: string
  approvalState: string
  paymentState: string
  fulfilmentState: string
  customer: { name: string; email: string }
  totals: { subtotal: number; discount: number; options: number; shipping: number; tax: number; total: number; refunded: number }
  lines: WebhookOrderLine[]
  placedAt: string
}

export type WebhookPayload = {
  /** The event id, `evt_<order event id>`: the same on every attempt and re-send. */
  id: string
  type: WebhookTopic
  /** Unix seconds of the order event. */
  created: number
  data: {
    order: WebhookOrder
    shipment?: { carrier: string | null; trackingNumber: string | null; trackingUrl: string | null }
    refund?: { amount: number | null }
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

/** The payload of one delivery; null when its order or event is gone. */
export async function webhookPayload(db: Executor, delivery: { eventId: string; topic: WebhookTopic; orderId: number; orderEventId: number }): Promise<WebhookPayload | null> {
  const [event] = await db.select({ createdAt: orderEvents.createdAt, data: orderEvents.data }).from(orderEvents).where(eq(orderEvents.id, delivery.orderEventId))
  // store-scope: dispatcher job builds the payload of a delivery for its own order
  const [order] = await db
    .select({ order: orders, store: { id: websites.id, code: websites.code, name: websites.name } })
    .from(orders)
    .innerJoin(websites, eq(websites.id, orders.websiteId))
    .where(eq(orders.id, delivery.orderId))
  if (!event || !order) return null
  const lines = await db
    .select({ line: orderLines, variantSku: productVariants.sku })
    .from(orderLines)
    .leftJoin(productVariants, eq(productVariants.id, orderLines.productVariantId))
    .where(eq(orderLines.orderId, delivery.orderId))
    .orderBy(asc(orderLines.sequence), asc(orderLines.id))

  const o = order.order
  const data: WebhookPayload['data'] = {
    order: {
      id: o.id,
      reference: o.name,
      store: order.store,
      state: o.state,
      approvalState: o.approvalState,
      paymentState: o.paymentState,
      fulfilmentState: o.fulfilmentState,
      customer: { name: o.partnerName, email: o.partnerEmail },
      totals: {
        // The products before the promotion (the order page's, the CSV's): subtotal − discount + options + shipping + tax = total.
        subtotal: fromCents(itemsSubtotal({ untaxed: o.amountUntaxed, discount: o.amountDiscount, options: o.amountOptions, delivery: o.amountDelivery })),
        discount: fromCents(o.amountDiscount),
        options: fromCents(o.amountOptions),
        shipping: fromCents(o.amountDelivery),
        tax: fromCents(o.amountTax),
        total: fromCents(o.amountTotal),
        refunded: fromCents(o.amountRefunded),
      },
      lines: lines.map(({ line, variantSku }) => ({
        sku: variantSku ?? line.templateSkuCode,
        name: line.name,
        colour: line.colorName,
        size: line.size,
        quantity: line.quantity,
        unitPrice: fromCents(line.unitPriceAmount),
      })),
      placedAt: o.createdAt.toISOString(),
    },
  }
  if (delivery.topic === 'order.shipped') {
    data.shipment = { carrier: text(event.data.carrier), trackingNumber: text(event.data.trackingNumber), trackingUrl: text(event.data.trackingUrl) }
  }
  if (delivery.topic === 'order.refunded') {
    // The timeline keeps amounts in cents, as every other amount of the core.
    const amount = event.data.amount
    data.refund = { amount: typeof amount === 'number' && Number.isFinite(amount) ? fromCents(amount) : null }
  }
  return { id: delivery.eventId, type: delivery.topic, created: Math.floor(event.createdAt.getTime() / 1000), data }
}
