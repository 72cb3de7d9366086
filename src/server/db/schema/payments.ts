import type { CardPaymentState } from '@/isomorphic/card-payment-states'
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamps } from './columns'
import { orders } from './orders'
import { paymentMethods } from './commerce'
import { websites } from './website'

// Payments made through a card provider's hosted page (Stripe Checkout). The browser is never
// believed: a transaction moves to 'paid' only from a verified webhook or a server-to-server check.

/** One attempt to pay an order at a provider (a Stripe Checkout Session). */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentMethodId: integer().references(() => paymentMethods.id, { onDelete: 'set null' }),
    provider: text().notNull(),
    /** The provider's id for the attempt (Stripe: the Checkout Session id, cs_…). */
    providerReference: text().notNull(),
    /** Integer cents, computed by the server from the order (never from the browser). */
    amount: integer().notNull(),
    currency: text().notNull(),
    state: text().notNull().default('pending').$type<CardPaymentState>(),
    /** The provider's hosted page the shopper is sent to. */
    redirectUrl: text(),
    /** The provider's payment id once paid (Stripe: the PaymentIntent id). */
    providerPaymentId: text(),
    ...timestamps,
  },
  (t) => [uniqueIndex('payment_transactions_provider_ref_idx').on(t.provider, t.providerReference), index('payment_transactions_order_idx').on(t.orderId)],
)

/** Webhook events already processed: a provider's retry of one event changes nothing twice. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: id(),
    provider: text().notNull(),
    eventId: text().notNull(),
    eventType: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_webhook_events_provider_event_idx').on(t.provider, t.eventId)],
)
