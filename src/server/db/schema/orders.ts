import { sql } from 'drizzle-orm'
import { type AnyPgColumn, bigint, boolean, check, date, index, integer, jsonb, numeric, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id, timestamps } from './columns'
import { paymentMethods, promotionPrograms, deliveryMethods } from './commerce'
import { logos, products, productVariants } from './catalog'
import type { OrderFulfilmentState, OrderPaymentState } from '@/isomorphic/order-types'
import { designs, type OrderLineDesignSnapshot } from './decoration'
import { allowancePrograms } from './allowances'
import { partners } from './partners'
import { staff } from './staff'
import { websites } from './website'

// Orders, quotations and the money that moves with them (issue 5). Every amount is integer cents.
// The ledgers (gift cards, budgets) are append-only; balances move only by conditional updates
// that cannot go below zero.

/** Order references (orderSequence, 'S00042') come from one database sequence, shared by all instances. */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 1, increment: 1 })

/** A reference handed out by getOrderId; createOrder accepts only references reserved here. */
export const orderSequenceReservations = pgTable('order_sequence_reservations', {
  name: text().primaryKey(),
  websiteId: integer()
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' }),
  partnerId: integer().references(() => partners.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export type OrderAddressSnapshot = {
  name: string
  email?: string | null
  phone: string | null
  street: string
  street2: string | null
  city: string
  zip: string
  countryId: number | null
  stateId: number | null
  country: string | null
  state: string | null
}


export const orders = pgTable(
  'orders',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** The orderSequence ('S00042'): one order per reference, whatever the retries. */
    name: text().notNull(),
    partnerId: integer().references(() => partners.id, { onDelete: 'set null' }),
    /** Lets a guest (or a link in a mail) open the order and its PDF; 32 random bytes, base64url. */
    accessToken: text().notNull(),
    kind: text().notNull().$type<'order' | 'quotation'>(),
    state: text().notNull().$type<'draft' | 'sale' | 'cancel'>(),
    approvalState: text().notNull().default('not_required').$type<'not_required' | 'awaiting_approval' | 'approved' | 'rejected'>(),
    /** When and by whom (a partner who may approve orders) an approval was decided, and why. */
    approvalDecidedAt: timestamp({ withTimezone: true }),
    approvalDecidedBy: integer().references((): AnyPgColumn => partners.id, { onDelete: 'set null' }),
    approvalNote: text(),
    paymentState: text().notNull().default('not_paid').$type<OrderPaymentState>(),
    /** After confirmation (issue 15): the work orders' progress, summed up for the order. */
    fulfilmentState: text().notNull().default('unfulfilled').$type<OrderFulfilmentState>(),
    /** An offline payment (purchase order, invoice, wire) marked received: when and its reference. */
    paidAt: timestamp({ withTimezone: true }),
    paymentReference: text(),
    /** Money given back so far, all ways together (card, gift cards, budget). */
    amountRefunded: integer().notNull().default(0),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    partnerName: text().notNull(),
    partnerEmail: text().notNull(),
    billingAddress: jsonb().$type<OrderAddressSnapshot>().notNull(),
    shippingAddress: jsonb().$type<OrderAddressSnapshot | null>(),
    deliveryMethodId: integer().references(() => deliveryMethods.id, { onDelete: 'set null' }),
    deliveryMethodName: text(),
    /** The day the shopper needs the order in hands (issue 17), as typed at checkout; null: none given. */
    inHandsDate: date({ mode: 'string' }),
    paymentMethodId: integer().references(() => paymentMethods.id, { onDelete: 'set null' }),
    promotionProgramId: integer().references(() => promotionPrograms.id, { onDelete: 'set null' }),
    promoCode: text(),
    /** The shopper's purchase order number, given at checkout with a "Purchase order" payment. */
    purchaseOrderNumber: text(),
    orderForResale: boolean().notNull().default(false),
    extraFields: jsonb().$type<Record<string, string | boolean | null>>().notNull().default({}),
    orderOptions: jsonb().$type<{ name: string; label: string; price: number }[]>().notNull().default([]),
    amountUntaxed: integer().notNull(),
    amountDelivery: integer().notNull().default(0),
    amountDiscount: integer().notNull().default(0),
    amountOptions: integer().notNull().default(0),
    amountTax: integer().notNull().default(0),
    amountTotal: integer().notNull(),
    amountGiftCard: integer().notNull().default(0),
    amountBudget: integer().notNull().default(0),
    /** What is left to pay after gift cards and budget. */
    amountDue: integer().notNull(),
    /** Hash of what the order was created from: a retry with other contents is refused. */
    requestFingerprint: text().notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_website_name_idx').on(t.websiteId, t.name),
    index('orders_partner_idx').on(t.partnerId),
    // The console's order list (issue 15, orders/order-list.ts): each sort with the id breaking
    // ties (an index read backwards serves newest first), for one store and for all; the searches
    // by reference, email and name as prefixes.
    index('orders_website_created_idx').on(t.websiteId, t.createdAt, t.id),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_total_idx').on(t.amountTotal, t.id),
    index('orders_reference_sort_idx').on(sql`length(${t.name})`, t.name, t.id),
    index('orders_reference_search_idx').on(t.name.op('text_pattern_ops')),
    index('orders_email_search_idx').on(sql`lower(${t.partnerEmail}) text_pattern_ops`),
    index('orders_name_search_idx').on(sql`lower(${t.partnerName}) text_pattern_ops`),
    // Any word of the customer's name, from its beginning ("Morgan" finds "Alex Morgan", issue 26).
    index('orders_name_words_idx').using('gin', sql`to_tsvector('simple', ${t.partnerName})`),
    // A filter on a rare state (awaiting approval, partially shipped, refunded …) reads its rows
    // here rather than walking a sort's index past the many rows without it (the planner cannot
    // know that such states gather among recent orders); newest first for the default sort.
    index('orders_state_idx').on(t.state, t.createdAt, t.id),
    index('orders_approval_state_idx').on(t.approvalState, t.createdAt, t.id),
    index('orders_payment_state_idx').on(t.paymentState, t.createdAt, t.id),
    index('orders_fulfilment_state_idx').on(t.fulfilmentState, t.createdAt, t.id),
    check('orders_amounts_not_negative', sql`${t.amountTotal} >= 0 and ${t.amountDue} >= 0 and ${t.amountGiftCard} >= 0 and ${t.amountBudget} >= 0`),
    check('orders_refunded_in_range', sql`${t.amountRefunded} >= 0 and ${t.amountRefunded} <= ${t.amountTotal}`),
  ],
)

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sequence: integer().notNull().default(0),
    /** 'setup': a decorated line's set-up fees, once for the line (issue 7). */
    lineType: text().notNull().default('product').$type<'product' | 'reward' | 'setup'>(),
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    productVariantId: integer().references(() => productVariants.id, { onDelete: 'set null' }),
    name: text().notNull(),
    templateSkuCode: text().notNull().default(''),
    colorName: text(),
    size: text(),
    logoId: integer().references(() => logos.id, { onDelete: 'set null' }),
    logoName: text(),
    quantity: integer().notNull(),
    unitPriceAmount: integer().notNull(),
    discountAmount: integer().notNull().default(0),
    subtotalAmount: integer().notNull(),
    taxCode: text().notNull().default('PC040100'),
    weight: numeric({ precision: 10, scale: 3, mode: 'number' }).notNull().default(0),
    /** The saved design the line was made from; the snapshot below is what was ordered. */
    designId: uuid().references(() => designs.id, { onDelete: 'set null' }),
    design: jsonb().$type<OrderLineDesignSnapshot>(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    // The order list's decoration-partner filter reads from a partner's logos to their orders' lines.
    index('order_lines_logo_idx').on(t.logoId, t.orderId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
)

/** Gift cards: the number is a bearer secret, so only its SHA-256 and last four characters are kept. */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: id(),
    websiteId: integer()
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    codeLast4: text().notNull(),
    initialAmount: integer().notNull(),
    balanceAmount: integer().notNull(),
    /** The partner who redeemed it into their account; null until redeemed. */
    partnerId: integer().references(() => partners.id, { onDelete: 'set null' }),
    redeemedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    isActive: boolean().notNull().default(true),
    /** Issued in the console (issue 16): who it is for and why, as the member typed them. */
    recipientEmail: text(),
    note: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('gift_cards_code_idx').on(t.websiteId, t.codeHash),
    index('gift_cards_partner_idx').on(t.partnerId),
    check('gift_cards_balance_in_range', sql`${t.balanceAmount} >= 0 and ${t.balanceAmount} <= ${t.initialAmount}`),
  ],
)

/** Every movement of a gift card's balance (negative: spent on an order; positive: refunded). */
export const giftCardTransactions = pgTable(
  'gift_card_transactions',
  {
    id: id(),
    giftCardId: integer()
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    partnerId: integer().references(() => partners.id, { onDelete: 'set null' }),
    /** adjust: a member changed the balance; disable/enable: a member switched the card off or on (amount 0). */
    kind: text().notNull().$type<'redeem' | 'spend' | 'refund' | 'adjust' | 'disable' | 'enable'>(),
    amount: integer().notNull(),
    /** Why, for a member's adjust, disable or enable. */
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gift_card_transactions_card_idx').on(t.giftCardId)],
)

/** One row per program applied to an order: usage limits count these (unique per order). */
export const promotionUsages = pgTable(
  'promotion_usages',
  {
    id: id(),
    programId: integer()
      .notNull()
      .references(() => promotionPrograms.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    partnerId: integer().references(() => partners.id, { onDelete: 'set null' }),
    /** Who used it: `partner:<id>`, or `email:<address>` for a guest; per-customer limits count these. */
    customerKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotion_usages_program_order_idx').on(t.programId, t.orderId),
    index('promotion_usages_program_customer_idx').on(t.programId, t.customerKey),
  ],
)

/**
 * What moved a budget ledger row (issue 16): 'grant' (a program's period), 'spend' (an order),
 * 'refund' (an order's spend given back), 'expire' (what a period left over and did not keep),
 * 'rollover' (the part of it kept), 'adjustment' (a staff member, with a note), 'import' (a store file).
 */
export type BudgetTransactionKind = 'grant' | 'spend' | 'refund' | 'expire' | 'rollover' | 'adjustment' | 'import'

/**
 * The budget ledger: every movement of a partner's allowance (partners.budgetAmount), so the
 * balance always equals the sum of its rows (allowances/allowance-ledger.ts checks it).
 */
export const budgetTransactions = pgTable(
  'budget_transactions',
  {
    id: id(),
    partnerId: integer()
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    amount: integer().notNull(),
    kind: text().notNull().$type<BudgetTransactionKind>().default('adjustment'),
    /** The allowance program of a grant, expiry or rollover. */
    programId: integer().references(() => allowancePrograms.id, { onDelete: 'set null' }),
    /** The program period a grant, expiry or rollover belongs to (its first day). */
    periodStart: date({ mode: 'string' }),
    /** Why (an adjustment's reason, typed by staff). */
    note: text(),
    /** The staff member behind an adjustment or a reset run from the console. */
    staffId: integer().references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('budget_transactions_partner_idx').on(t.partnerId),
    // A period's reset rows exist once per member, program and period, however many resets run at
    // once (they insert ON CONFLICT DO NOTHING). Rows without a program (orders) never collide: NULLs differ.
    uniqueIndex('budget_transactions_period_idx').on(t.partnerId, t.programId, t.periodStart, t.kind),
  ],
)

export type OrderEventActorKind = 'guest' | 'shopper' | 'staff' | 'decorationPartner' | 'system'

/**
 * The order's timeline (issue 15): everything that happened to it and who did it, append-only. The
 * console shows all of it; the shopper's order page shows the rows marked shopperVisible.
 * Types are listed in src/isomorphic/order-events.ts.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    actorKind: text().notNull().$type<OrderEventActorKind>(),
    /** The partner, staff member or null (guest, system). */
    actorId: integer(),
    /** A snapshot for display: the shopper's or staff member's name, the job's name. */
    actorName: text(),
    shopperVisible: boolean().notNull().default(false),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
)
