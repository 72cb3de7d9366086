import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamps } from './columns'
import { orderLines, orders } from './orders'
import { paymentTransactions } from './payments'
import { staff } from './staff'
import { websites } from './website'

// Money given back on an order (issue 15): by the console's refunds and cancellations. One row per
// request (unique per order and request key, so a retry answers the first refund), split by the
// way the money came in: card (a Stripe refund), offline (paid by purchase order, invoice or wire
// and returned by the store by hand), gift cards and budget (their ledgers). Only refunds that
// happened are stored: a refund Stripe refused leaves no row.

export type RefundKind = 'refund' | 'cancellation'
/** Stripe's answer for the card part ('pending' for methods that settle later); no card part: 'succeeded'. */
export type RefundState = 'succeeded' | 'pending'

export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    kind: text().notNull().$type<RefundKind>(),
    /** The console's key for this request: a retry with it answers this row. */
    requestKey: text().notNull(),
    /** Everything given back, cents: card + offline + giftCard + budget. */
    amount: integer().notNull(),
    cardAmount: integer().notNull().default(0),
    offlineAmount: integer().notNull().default(0),
    giftCardAmount: integer().notNull().default(0),
    budgetAmount: integer().notNull().default(0),
    state: text().notNull().$type<RefundState>(),
    /** The card payment refunded, and Stripe's refund id (re_…). */
    paymentTransactionId: integer().references(() => paymentTransactions.id, { onDelete: 'set null' }),
    providerRefundId: text(),
    reason: text().notNull(),
    staffId: integer().references(() => staff.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('refunds_order_request_key_idx').on(t.orderId, t.requestKey),
    index('refunds_website_created_idx').on(t.websiteId, t.createdAt),
    check(
      'refunds_amounts_add_up',
      sql`${t.cardAmount} >= 0 and ${t.offlineAmount} >= 0 and ${t.giftCardAmount} >= 0 and ${t.budgetAmount} >= 0 and ${t.amount} = ${t.cardAmount} + ${t.offlineAmount} + ${t.giftCardAmount} + ${t.budgetAmount}`,
    ),
  ],
)

/** The lines (and how many of their pieces) a refund by line gave back, with the amount of each. */
export const refundLines = pgTable(
  'refund_lines',
  {
    id: id(),
    refundId: integer()
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderLineId: integer()
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    amount: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refund_lines_refund_idx').on(t.refundId), index('refund_lines_line_idx').on(t.orderLineId), check('refund_lines_quantity_positive', sql`${t.quantity} > 0 and ${t.amount} >= 0`)],
)
