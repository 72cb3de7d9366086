import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { OrderListView } from '@/isomorphic/order-list-view'
import { itemsSubtotal } from '@/isomorphic/order-totals'
import { getDb } from '../db/client'
import { decorationPartners, logos, orderLines, orders, websites } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { requireStaff, storeScope } from '../kernel/permissions'
import { decorationPartnerLogoIds, orderListAfter, orderListConditions, orderListKeyColumn, orderListOrderBy } from './order-list'
import { type Cell, csvField, csvRow } from '../kernel/csv'

// CSV exports of the console (issue 15): the orders of a list view, or their lines, with the same
// filters, search and sort as the list (its cursor and page size are ignored: an export is all of
// it). Read in keyset batches of EXPORT_BATCH orders, each turned into one chunk of CSV before the
// next is read, so memory stays flat whatever the size. RFC 4180 (CRLF, quotes doubled, a field
// with a comma, quote or line break quoted); a text cell that a spreadsheet would run as a formula
// (starting with = + - @, a tab or a carriage return) gets a leading apostrophe. Money in decimal
// dollars ('12.50'), times ISO 8601 in UTC.
//
// The amounts are the order's own breakdown (src/isomorphic/order-totals.ts, the rows the order page
// and the PDF show), so every row adds up: subtotal − discount + options + delivery + tax = total, and
// total − gift_card − budget = due (docs/operations.md lists the columns). The stored untaxed
// amount is not one of them: it already holds the discount, the options and the delivery.
//
// Both are plain functions returning an AsyncIterable: nothing runs until the first chunk is asked
// for, and that first step authorizes ('orders.read', the member's stores) and reads the first
// batch — so a route pulls the first chunk before it answers 200, and a refusal is still a 4xx.

export const EXPORT_BATCH = 1000

/** batchSize: orders read per statement (tests make it small to cross many batch boundaries). */
export type ExportOptions = { batchSize?: number }

export { csvField, csvRow }

/** Cents as decimal dollars, exactly ('1250' → '12.50'); a string so it is never a float. */
function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

const money = (cents: number): Cell => ({ bare: dollars(cents) })
const iso = (at: Date | null): Cell => (at ? { bare: at.toISOString() } : null)

const ORDER_HEADER = [
  'reference', 'kind', 'store', 'placed_at', 'customer_name', 'customer_email', 'state', 'approval_state', 'payment_state', 'fulfilment_state',
  'items', 'subtotal', 'discount', 'options', 'delivery', 'tax', 'total', 'gift_card', 'budget', 'due', 'refunded', 'delivery_method', 'promo_code',
  'payment_reference', 'confirmed_at', 'paid_at', 'cancelled_at', 'delivered_at',
]

const LINE_HEADER = [
  'reference', 'store', 'placed_at', 'customer_email', 'order_state', 'line', 'line_type', 'product', 'sku', 'colour', 'size', 'logo', 'decoration_partner',
  'quantity', 'unit_price', 'discount', 'subtotal',
]

const exportColumns = {
  id: orders.id,
  reference: orders.name,
  kind: orders.kind,
  storeName: websites.name,
  placedAt: orders.createdAt,
  customerName: orders.partnerName,
  customerEmail: orders.partnerEmail,
  state: orders.state,
  approvalState: orders.approvalState,
  paymentState: orders.paymentState,
  fulfilmentState: orders.fulfilmentState,
  amountUntaxed: orders.amountUntaxed,
  amountDiscount: orders.amountDiscount,
  amountOptions: orders.amountOptions,
  amountDelivery: orders.amountDelivery,
  amountTax: orders.amountTax,
  amountTotal: orders.amountTotal,
  amountGiftCard: orders.amountGiftCard,
  amountBudget: orders.amountBudget,
  amountDue: orders.amountDue,
  amountRefunded: orders.amountRefunded,
  deliveryMethodName: orders.deliveryMethodName,
  promoCode: orders.promoCode,
  paymentReference: orders.paymentReference,
  confirmedAt: orders.confirmedAt,
  paidAt: orders.paidAt,
  cancelledAt: orders.cancelledAt,
  deliveredAt: orders.deliveredAt,
}

type ExportedOrder = { [K in keyof typeof exportColumns]: (typeof exportColumns)[K]['_']['data'] | ((typeof exportColumns)[K]['_']['notNull'] extends true ? never : null) } & {
  key: string
  items: number | null
}

/** The view's orders in its sort, EXPORT_BATCH at a time (keyset: each batch starts after the last row of the one before). */
async function* orderBatches(ctx: CoreContext, view: OrderListView, { withItems, batchSize }: { withItems: boolean; batchSize: number }): AsyncGenerator<ExportedOrder[]> {
  const staff = await requireStaff(ctx, 'orders.read')
  const db = await getDb()
  const partnerLogoIds = view.decorationPartnerId === null ? null : await decorationPartnerLogoIds(db, view.decorationPartnerId)
  const where = orderListConditions(view, storeScope(staff), partnerLogoIds)
  if (!where) return
  const items = sql<number>`(select coalesce(sum(${orderLines.quantity}), 0) from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.lineType} <> 'setup')`.mapWith(Number)
  let after: { key: string; id: number } | null = null
  for (;;) {
    // store-scope: orderListConditions gets storeScope(staff): the member stores only
    const batch: ExportedOrder[] = await db
      .select({ ...exportColumns, key: orderListKeyColumn[view.sort], items: withItems ? items : sql<null>`null` })
      .from(orders)
      .innerJoin(websites, eq(websites.id, orders.websiteId))
      .where(after ? and(where, orderListAfter(view.sort, view.dir, after.key, after.id, view.q !== null)) : where)
      .orderBy(...orderListOrderBy(view.sort, view.dir, view.q !== null))
      .limit(batchSize)
    if (batch.length === 0) return
    yield batch
    if (batch.length < batchSize) return
    const last: ExportedOrder = batch.at(-1)!
    after = { key: last.key, id: last.id }
  }
}

/** The orders of a list view as CSV, one chunk per batch (the header row comes with the first). */
export async function* exportOrdersCsv(ctx: CoreContext, view: OrderListView, { batchSize = EXPORT_BATCH }: ExportOptions = {}): AsyncIterable<string> {
  let chunk = csvRow(ORDER_HEADER)
  for await (const batch of orderBatches(ctx, view, { withItems: true, batchSize })) {
    for (const o of batch) {
      chunk += csvRow([
        o.reference, o.kind, o.storeName, iso(o.placedAt), o.customerName, o.customerEmail, o.state, o.approvalState, o.paymentState, o.fulfilmentState,
        o.items ?? 0, money(itemsSubtotal({ untaxed: o.amountUntaxed, discount: o.amountDiscount, options: o.amountOptions, delivery: o.amountDelivery })), money(o.amountDiscount), money(o.amountOptions), money(o.amountDelivery), money(o.amountTax),
        money(o.amountTotal), money(o.amountGiftCard), money(o.amountBudget), money(o.amountDue), money(o.amountRefunded), o.deliveryMethodName, o.promoCode,
        o.paymentReference, iso(o.confirmedAt), iso(o.paidAt), iso(o.cancelledAt), iso(o.deliveredAt),
      ])
    }
    yield chunk
    chunk = ''
  }
  if (chunk) yield chunk
}

/** The lines of a list view's orders as CSV, in the orders' sort and each order's line order; one chunk per batch of orders. */
export async function* exportOrderLinesCsv(ctx: CoreContext, view: OrderListView, { batchSize = EXPORT_BATCH }: ExportOptions = {}): AsyncIterable<string> {
  const db = await getDb()
  let chunk = csvRow(LINE_HEADER)
  for await (const batch of orderBatches(ctx, view, { withItems: false, batchSize })) {
    const lines = await db
      .select({
        orderId: orderLines.orderId,
        sequence: orderLines.sequence,
        lineType: orderLines.lineType,
        name: orderLines.name,
        sku: orderLines.templateSkuCode,
        colour: orderLines.colorName,
        size: orderLines.size,
        logo: orderLines.logoName,
        partner: decorationPartners.name,
        quantity: orderLines.quantity,
        unitPrice: orderLines.unitPriceAmount,
        discount: orderLines.discountAmount,
        subtotal: orderLines.subtotalAmount,
      })
      .from(orderLines)
      .leftJoin(logos, eq(logos.id, orderLines.logoId))
      .leftJoin(decorationPartners, eq(decorationPartners.id, logos.decorationPartnerId))
      .where(inArray(orderLines.orderId, batch.map((o) => o.id)))
      .orderBy(asc(orderLines.orderId), asc(orderLines.sequence), asc(orderLines.id))
    const byOrder = new Map<number, typeof lines>()
    for (const line of lines) {
      const list = byOrder.get(line.orderId)
      if (list) list.push(line)
      else byOrder.set(line.orderId, [line])
    }
    for (const o of batch) {
      for (const line of byOrder.get(o.id) ?? []) {
        chunk += csvRow([
          o.reference, o.storeName, iso(o.placedAt), o.customerEmail, o.state, line.sequence, line.lineType, line.name, line.sku, line.colour, line.size, line.logo,
          line.partner, line.quantity, money(line.unitPrice), money(line.discount), money(line.subtotal),
        ])
      }
    }
    yield chunk
    chunk = ''
  }
  if (chunk) yield chunk
}
