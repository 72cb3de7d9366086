import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { WorkOrderState } from '@/isomorphic/contract/admin-work-orders'
import type { Carrier } from '@/isomorphic/tracking'
import { id, timestamps } from './columns'
import { decorationPartners } from './catalog'
import { orderLines, orders } from './orders'
import { staff } from './staff'
import { websites } from './website'

// The decoration partners' handoff (issue 15): a confirmed order is split into one work order per
// decoration partner (its lines to decorate and ship), and each work order ships in one or more
// shipments, each with a carrier, a tracking number and the lines and quantities in the parcel.

export const workOrders = pgTable(
  'work_orders',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    decorationPartnerId: integer()
      .notNull()
      .references(() => decorationPartners.id, { onDelete: 'restrict' }),
    /** The order's reference and the work order's number within it: 'S00042-1'. */
    reference: text().notNull(),
    state: text().notNull().default('new').$type<WorkOrderState>(),
    /** What the partner reported (shown to the store) while state is 'problem'; kept after it is resolved. */
    problemMessage: text(),
    /** The state to go back to when the store resolves the problem. */
    stateBeforeProblem: text().$type<WorkOrderState>(),
    acceptedAt: timestamp({ withTimezone: true }),
    productionStartedAt: timestamp({ withTimezone: true }),
    problemReportedAt: timestamp({ withTimezone: true }),
    problemResolvedAt: timestamp({ withTimezone: true }),
    shippedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    /** When the partner's new-work mail was claimed for sending (exactly once). */
    partnerNotifiedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('work_orders_order_partner_idx').on(t.orderId, t.decorationPartnerId),
    index('work_orders_partner_list_idx').on(t.decorationPartnerId, t.state, t.createdAt.desc(), t.id.desc()),
    index('work_orders_store_list_idx').on(t.websiteId, t.state, t.createdAt.desc(), t.id.desc()),
  ],
)

/** The order lines a work order's partner decorates and ships (set-up lines go with their decorated line). */
export const workOrderLines = pgTable(
  'work_order_lines',
  {
    id: id(),
    workOrderId: integer()
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    orderLineId: integer()
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
  },
  (t) => [
    // A line belongs to one work order only.
    uniqueIndex('work_order_lines_line_idx').on(t.orderLineId),
    index('work_order_lines_work_order_idx').on(t.workOrderId),
    check('work_order_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
)

export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    workOrderId: integer()
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text().notNull().$type<Carrier>(),
    trackingNumber: text().notNull(),
    /** Null for a carrier we cannot link to ('other'). */
    trackingUrl: text(),
    shippedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Who recorded it (a partner's member or the store's staff). */
    staffId: integer().references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The same parcel recorded twice is one shipment (and one mail to the shopper).
    uniqueIndex('shipments_tracking_idx').on(t.workOrderId, t.carrier, t.trackingNumber),
    index('shipments_order_idx').on(t.orderId),
  ],
)

export const shipmentLines = pgTable(
  'shipment_lines',
  {
    id: id(),
    shipmentId: integer()
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderLineId: integer()
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
  },
  (t) => [
    uniqueIndex('shipment_lines_line_idx').on(t.shipmentId, t.orderLineId),
    index('shipment_lines_order_line_idx').on(t.orderLineId),
    check('shipment_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
)
