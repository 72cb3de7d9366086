import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { type OrderData, REFERENCE_USED } from '@/isomorphic/order-types'
import type { Database, Transaction } from '../../db/client'
import { prepared, rowParams, rowPlaceholders } from '../../db/prepared'
import { budgetTransactions, orderLines, orders, partners } from '../../db/schema'
import { spendGiftCardByNumber, spendGiftCards } from '../../gift-cards/gift-card-service'
import { DomainError } from '../../kernel/errors'
import type { Cents } from '../../kernel/money'
import { recordPromotionUsage } from '../../promotions/promotion-engine'
import type { CheckoutQuote } from '../../checkout/checkout-pricing'
import { orderConfirmed } from '../../fulfilment/order-lifecycle'
import { appendOrderEvent } from '../../timeline/order-events'
import { type OrderRow, toOrderData } from '../order-views'
import type { OrderChoices } from './check-choices'
import type { OrderCaller, OrderCommand } from './order-command'
import { CHOOSE_PAYMENT_METHOD } from './order-messages'
import { orderLineRows } from './order-line-rows'
import { findOrder, sameOrConflict } from './reserve-reference'
import type { OrderParties } from './resolve-parties'

// Step 7 of createOrder: the order, its lines and every movement of money (promotion usage, gift
// cards, budget) in ONE transaction, after every outside call. Quotations spend nothing.

export type OrderToPersist = {
  caller: OrderCaller
  command: OrderCommand
  parties: OrderParties
  choices: OrderChoices
  quote: CheckoutQuote
  fingerprint: string
}

/** The order row, its amounts as priced and nothing paid yet; undefined when another request with this reference got there first. */
async function insertOrder(tx: Transaction, { caller, command, parties, choices, quote, fingerprint }: OrderToPersist): Promise<OrderRow | undefined> {
  const { kind } = command
  // Every key, always: the statement is prepared from this row's keys (P4).
  const row = {
    websiteId: caller.websiteId,
    name: command.reference,
    partnerId: caller.partnerId,
    accessToken: randomBytes(32).toString('base64url'),
    kind,
    state: 'draft',
    paymentState: kind === 'order' ? 'pending' : 'not_paid',
    partnerName: parties.contact.name,
    partnerEmail: parties.contact.email,
    billingAddress: parties.billing.snapshot,
    shippingAddress: parties.shipping?.snapshot ?? null,
    deliveryMethodId: quote.deliveryMethod.id,
    deliveryMethodName: quote.deliveryMethod.name,
    inHandsDate: command.inHandsDate,
    paymentMethodId: command.paymentMethodId,
    promotionProgramId: quote.promotion.programIds[0] ?? null,
    promoCode: command.promoCode,
    purchaseOrderNumber: choices.purchaseOrderNumber,
    orderForResale: command.forResale,
    extraFields: choices.extraFields,
    // Option prices in cents, as every amount of the order.
    orderOptions: quote.options.map((option) => ({ name: option.name, label: option.label, price: option.price })),
    amountUntaxed: quote.subTotal - quote.discount + quote.optionsAmount + quote.shipping,
    amountDelivery: quote.shipping,
    amountDiscount: quote.discount,
    amountOptions: quote.optionsAmount,
    amountTax: quote.tax,
    amountTotal: quote.total,
    amountDue: quote.total,
    requestFingerprint: fingerprint,
  } satisfies typeof orders.$inferInsert
  const [created] = await prepared(tx, 'order_insert', (db) =>
    db
      .insert(orders)
      .values(rowPlaceholders(row))
      .onConflictDoNothing({ target: [orders.websiteId, orders.name] })
      .returning(),
  ).execute(rowParams(orders, row))
  return created
}

/** Another request with this reference won the race (and has committed): same checkout, same order. */
async function orderOfTheRace(tx: Transaction, { caller, command, fingerprint }: OrderToPersist): Promise<OrderData> {
  const existing = await findOrder(tx, caller.websiteId, command.reference)
  if (!existing) throw new DomainError('conflict', `order ${command.reference} vanished during the race`, REFERENCE_USED)
  return sameOrConflict(existing, fingerprint)
}

/** Takes what the partner's gift cards cover of `due`; answers the amount taken. */
async function spendGiftCardsOn(tx: Transaction, { partnerId, orderId, due }: { partnerId: number; orderId: number; due: Cents }): Promise<Cents> {
  const taken = await spendGiftCards(tx, { partnerId, amount: due, orderId })
  if (!Number.isInteger(taken) || taken < 0 || taken > due) throw new Error(`spendGiftCards took ${taken} of ${due}`)
  return taken
}

/**
 * Spends the partner's budget on `due`: the budget row is locked, min(budget, due) taken by a
 * conditional UPDATE that can never go below zero, and the movement recorded.
 */
async function spendBudget(tx: Transaction, { partnerId, orderId, due }: { partnerId: number; orderId: number; due: Cents }): Promise<{ spent: Cents; left: Cents } | null> {
  // FOR NO KEY UPDATE, not FOR UPDATE: this transaction (and every concurrent one) already holds a
  // KEY SHARE lock on the partner from inserting the order (its foreign key); FOR UPDATE would
  // conflict with those and deadlock two orders of one partner.
  // store-scope: partnerId and orderId are of the order being placed on this store
  const [partner] = await tx.select({ budget: partners.budgetAmount }).from(partners).where(eq(partners.id, partnerId)).for('no key update')
  if (!partner || partner.budget === null) return null
  const spend = Math.max(0, Math.min(partner.budget, due))
  if (spend === 0) return { spent: 0, left: partner.budget }
  // store-scope: partnerId and orderId are of the order being placed on this store
  const [updated] = await tx
    .update(partners)
    .set({ budgetAmount: sql`${partners.budgetAmount} - ${spend}` })
    .where(and(eq(partners.id, partnerId), sql`${partners.budgetAmount} >= ${spend}`))
    .returning({ budget: partners.budgetAmount })
  if (!updated) throw new DomainError('conflict', `budget of partner ${partnerId} changed during the order`, 'Your budget changed while the order was placed. Please review your order.')
  await tx.insert(budgetTransactions).values({ partnerId, orderId, kind: 'spend', amount: -spend })
  return { spent: spend, left: updated.budget ?? 0 }
}

type Payment = { giftCard: Cents; budget: Cents; due: Cents; overBudget: boolean }

/** What is left to pay after the gift cards and the budget; an order beyond the budget left waits for approval, it is never silently allowed. */
async function payFromBalances(tx: Transaction, { caller, command, choices, quote }: OrderToPersist, orderId: number): Promise<Payment> {
  const { partnerId } = caller
  let due = quote.total
  let giftCard = 0
  // The card paid with by its number first (the shopper chose it for this order), then the account's.
  if (choices.giftCard && due > 0) {
    giftCard = await spendGiftCardByNumber(tx, { websiteId: caller.websiteId, cardId: choices.giftCard.id, amount: due, orderId })
    due -= giftCard
  }
  if (command.useGiftCards && partnerId !== null && due > 0) {
    const taken = await spendGiftCardsOn(tx, { partnerId, orderId, due })
    giftCard += taken
    due -= taken
  }
  let budget = 0
  let overBudget = false
  if (partnerId !== null && due > 0) {
    const spent = await spendBudget(tx, { partnerId, orderId, due })
    if (spent) {
      budget = spent.spent
      due -= budget
      overBudget = due > 0
    }
  }
  return { giftCard, budget, due, overBudget }
}

/** The order's payment as it stands: paid and confirmed when nothing is due, else pending (or awaiting approval). */
async function settle(tx: Transaction, created: OrderRow, { caller, command, parties }: OrderToPersist, { giftCard, budget, due, overBudget }: Payment): Promise<OrderRow> {
  if (due > 0 && !overBudget && command.paymentMethodId === null) throw new DomainError('invalid', 'order with an amount due but no payment method', CHOOSE_PAYMENT_METHOD)
  const settled = due === 0
  // Nothing taken from a balance, nothing waiting, nothing settled: the row as inserted already
  // says so (the whole total due, pending), and the update would write it again (P4).
  if (giftCard === 0 && budget === 0 && !overBudget && !settled) return created
  const orderId = created.id
  // store-scope: partnerId and orderId are of the order being placed on this store
  const [order] = await tx
    .update(orders)
    .set({
      amountGiftCard: giftCard,
      amountBudget: budget,
      amountDue: due,
      approvalState: overBudget ? 'awaiting_approval' : 'not_required',
      state: settled ? 'sale' : 'draft',
      paymentState: settled ? 'paid' : 'pending',
      confirmedAt: settled ? new Date() : null,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, orderId))
    .returning()
  // The timeline: a waiting order says so; one paid in full by gift cards and budget is confirmed
  // (and paid) by this very update.
  const by = { actor: caller.actor, actorName: parties.contact.name }
  if (overBudget) await appendOrderEvent(tx, { orderId, type: 'awaiting_approval', ...by, data: { overBudget: due } })
  if (settled) {
    await orderConfirmed(tx, { orderId, actor: caller.actor, how: 'settled' })
    await appendOrderEvent(tx, { orderId, type: 'paid', ...by, data: { method: 'balances', amount: giftCard + budget } })
  }
  return order!
}

/** Writes the order; answers it, and whether this call created it (not a retry that lost the race). */
export async function persistOrder(db: Database, order: OrderToPersist): Promise<{ order: OrderData; createdNow: boolean }> {
  let createdNow = false
  const result = await db.transaction(async (tx) => {
    const created = await insertOrder(tx, order)
    if (!created) return orderOfTheRace(tx, order)
    createdNow = true
    await tx.insert(orderLines).values(orderLineRows(created.id, order.quote))
    if (order.command.kind === 'quotation') return toOrderData(created)

    const { programIds } = order.quote.promotion
    if (programIds.length > 0) await recordPromotionUsage(tx, { programIds, orderId: created.id, websiteId: order.caller.websiteId, customer: order.parties.customer })
    await appendOrderEvent(tx, { orderId: created.id, type: 'placed', actor: order.caller.actor, actorName: order.parties.contact.name, data: { total: created.amountTotal } })
    const payment = await payFromBalances(tx, order, created.id)
    return toOrderData(await settle(tx, created, order, payment))
  })
  return { order: result, createdNow }
}
