import type { OrderPaymentState } from '@/isomorphic/order-types'
import { createHash } from 'node:crypto'
import { and, count, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm'
import type { CoreContext, SystemJob } from '../kernel/context'
import {
  CARD_PAYMENTS_UNAVAILABLE,
  type CheckoutSession,
  createCheckoutSession,
  isSafeCheckoutUrl,
  readCheckoutSession,
  readStripeEvent,
  retrieveCheckoutSession,
  type StripeConfig,
  verifyStripeSignature,
} from '../adapters/stripe'
import { rateLimiter } from '../cache/rate-limiter'
import { type Executor, getDb, type Transaction } from '../db/client'
import { orders, paymentTransactions, paymentWebhookEvents, websites } from '../db/schema'
import { storeLink } from '../mail/mail-settings'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { callersOrderId, type OrderPaymentResult, paymentId, refused, tokenOf } from './payment-access'
import { STRIPE_PROVIDER } from './payment-methods-service'
import { stripeConfig, stripeSettingsOf } from './stripe-settings'
import { orderConfirmed } from '../fulfilment/order-lifecycle'
import { appendOrderEvent } from '../timeline/order-events'
import { ORDER_STEPS, orderMay } from '@/isomorphic/order-states'
import { CARD_PAYMENT_FINISHED, CARD_PAYMENT_STEPS, CARD_PAYMENT_WAITING, type CardPaymentOutcome, type CardPaymentState, cardPaymentWaiting } from '@/isomorphic/card-payment-states'

// Card payments through Stripe Checkout (security.md 3, 4.7, invariant 10). The browser is never
// believed about a payment:
// - startCardPayment makes (or reuses) a Checkout Session for exactly the order's amount due, in
//   the store's currency, both read from the database, and records it as a payment transaction.
//   The shopper pays on Stripe's page; the order stays a draft.
// - The payment becomes real only through a signed webhook (handleStripeWebhook) or the server's
//   own GET of the session (checkCardPayment, when the shopper comes back). Both go through
//   applySessionOutcome: ONE database transaction with conditional updates, so the transaction
//   and the order move once however many webhooks, retries and returns race, and only when the
//   session's amount, currency and order match the transaction.

export const CARD_PAYMENT_PROCESSING = 'Your card payment is still being processed. Please check this order again in a few minutes.'
export const CARD_PAYMENT_ATTEMPTS = 'Too many payment attempts for this order. Please wait a few minutes and try again.'
export const CARD_CURRENCY_UNSUPPORTED = "Card payments are not available in this store's currency. Please choose another payment method."
export const CARD_PAYMENTS_NOT_CONFIGURED = 'Card payments are not configured.'
export const WEBHOOK_SIGNATURE_REFUSED = 'The webhook signature is not valid.'
export const WEBHOOK_MALFORMED = 'The webhook body is not a Stripe event.'

/** Starting payments of one order: a bound keeps a token holder from flooding Stripe. */
const STARTS_PER_ORDER = { max: 20, windowMs: 10 * 60 * 1000 }
/** Return checks of one order (each asks Stripe once). */
const CHECKS_PER_ORDER = { max: 60, windowMs: 10 * 60 * 1000 }

type TransactionRow = typeof paymentTransactions.$inferSelect

/** Who moves an order on Stripe's word, in its timeline. */
const STRIPE_JOB: SystemJob = { kind: 'system', job: 'stripe' }

/** What a Checkout Session as Stripe reports it (GET) means for its transaction; null: nothing yet. */
export function retrievedOutcome(session: CheckoutSession): CardPaymentOutcome | null {
  if (session.status === 'complete' && session.paymentStatus === 'paid') return 'paid'
  if (session.status === 'expired') return 'expired'
  return null
}

/** What a webhook event about a Checkout Session means for its transaction; null: nothing. */
export function eventOutcome(type: string, session: CheckoutSession): CardPaymentOutcome | null {
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      // A completed session with a delayed method (bank debits) is 'unpaid' until it succeeds.
      return session.paymentStatus === 'paid' ? 'paid' : null
    case 'checkout.session.async_payment_failed':
      return 'failed'
    case 'checkout.session.expired':
      return 'expired'
    default:
      return null
  }
}

/** Why a paid session does not pay its transaction (amount, currency or order differ), or null. */
function mismatchOf(row: TransactionRow, session: CheckoutSession): string | null {
  if (session.id !== row.providerReference) return 'session id'
  if (session.amountTotal !== row.amount) return 'amount'
  if (session.currency === null || session.currency !== row.currency.toLowerCase()) return 'currency'
  const orderRef = String(row.orderId)
  if (session.metadataOrderId !== orderRef && session.clientReferenceId !== orderRef) return 'order'
  if (session.metadataOrderId !== null && session.metadataOrderId !== orderRef) return 'order'
  return null
}

/**
 * Applies what Stripe verifiably said about a session to its transaction and order, inside `tx`.
 * Only a 'pending' transaction moves (a conditional UPDATE: concurrent callers move it once). A paid
 * session whose amount, currency or order differ from the transaction is never taken as payment:
 * the transaction is marked failed and the mismatch logged for a person to review. A payment that
 * arrives for an order that can no longer take it (cancelled, already paid) is logged as an error:
 * it must be refunded.
 */
export async function applySessionOutcome(
  tx: Transaction,
  row: TransactionRow,
  session: CheckoutSession,
  outcome: CardPaymentOutcome,
  { now, via }: { now: Date; via: 'webhook' | 'check' },
): Promise<{ changed: boolean; confirmedOrder: boolean }> {
  let state: CardPaymentOutcome = outcome
  if (outcome === 'paid') {
    const mismatch = mismatchOf(row, session)
    if (mismatch) {
      logger().error(
        { provider: STRIPE_PROVIDER, via, transactionId: row.id, orderId: row.orderId, sessionId: session.id, mismatch, amount: session.amountTotal, currency: session.currency },
        'card payment does not match its transaction: not taken as payment, review it at Stripe',
      )
      state = 'failed'
    }
  }
  // store-scope: the order or payment was found for this store first (callersOrderId, or the store's own webhook key)
  const [moved] = await tx
    .update(paymentTransactions)
    .set({ state, providerPaymentId: session.paymentIntentId ?? row.providerPaymentId, updatedAt: now })
    .where(and(eq(paymentTransactions.id, row.id), inArray(paymentTransactions.state, [...CARD_PAYMENT_STEPS.settle.from])))
    .returning()
  if (!moved) return { changed: false, confirmedOrder: false }
  logger().info({ provider: STRIPE_PROVIDER, via, transactionId: row.id, orderId: row.orderId, state }, 'card payment transaction updated')
  if (state === 'failed') await appendOrderEvent(tx, { orderId: moved.orderId, type: 'payment_failed', actor: STRIPE_JOB, data: { transactionId: moved.id, amount: moved.amount }, at: now })
  if (state !== 'paid') return { changed: true, confirmedOrder: false }

  // Whether this payment confirms the order (a draft) or pays one confirmed already (approved):
  // read under the order's lock, so the timeline says 'confirmed' once.
  // store-scope: the order or payment was found for this store first (callersOrderId, or the store's own webhook key)
  const [before] = await tx.select({ state: orders.state }).from(orders).where(eq(orders.id, moved.orderId)).for('update')
  const arrives = ORDER_STEPS.cardPaymentArrives
  // store-scope: the order or payment was found for this store first (callersOrderId, or the store's own webhook key)
  const [confirmed] = await tx
    .update(orders)
    .set({
      ...arrives.to,
      confirmedAt: sql`coalesce(${orders.confirmedAt}, ${now.toISOString()}::timestamptz)`,
      ...(moved.paymentMethodId !== null ? { paymentMethodId: moved.paymentMethodId } : {}),
      updatedAt: now,
    })
    .where(
      and(
        eq(orders.id, moved.orderId),
        eq(orders.kind, 'order'),
        inArray(orders.state, [...arrives.from.state]),
        inArray(orders.paymentState, [...arrives.from.paymentState]),
        inArray(orders.approvalState, [...arrives.from.approvalState]),
        eq(orders.amountDue, moved.amount),
      ),
    )
    .returning({ id: orders.id })
  if (confirmed) {
    if (before?.state === 'draft') await orderConfirmed(tx, { orderId: moved.orderId, actor: STRIPE_JOB, at: now, how: 'card_payment' })
    await appendOrderEvent(tx, { orderId: moved.orderId, type: 'paid', actor: STRIPE_JOB, data: { method: 'card', amount: moved.amount, transactionId: moved.id }, at: now })
    logger().info({ provider: STRIPE_PROVIDER, via, orderId: moved.orderId }, 'order confirmed and paid by card')
    return { changed: true, confirmedOrder: true }
  }
  logger().error({ provider: STRIPE_PROVIDER, via, transactionId: moved.id, orderId: moved.orderId }, 'card payment received for an order that cannot take it: refund it')
  return { changed: true, confirmedOrder: false }
}

/** Applies a session Stripe answered to our GET, in its own transaction. */
async function applyRetrieved(row: TransactionRow, session: CheckoutSession, now: Date): Promise<void> {
  const outcome = retrievedOutcome(session)
  if (!outcome) return
  const db = await getDb()
  await db.transaction((tx) => applySessionOutcome(tx, row, session, outcome, { now, via: 'check' }))
}

/** The Stripe account the store pays through (its own, or the install's), or a refusal when neither is set. */
async function requireConfig(db: Executor, details: { websiteId: number } & Record<string, unknown>): Promise<StripeConfig> {
  const config = stripeConfig(await stripeSettingsOf(db, details.websiteId))
  if (!config) throw refused('card payments are not configured', details)
  return config
}

/** True when amounts in `currency` have exactly two decimals (the store keeps cents). */
function twoDecimalCurrency(currency: string): boolean {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits === 2
  } catch {
    return false
  }
}

/** The Idempotency-Key of an attempt: stable for one order and attempt, unguessable, never reused by another order. */
export function idempotencyKeyFor(order: { id: number; accessToken: string }, attempt: number): string {
  const orderKey = createHash('sha256').update(`stripe-checkout:${order.accessToken}`).digest('hex').slice(0, 24)
  return `order-${order.id}-${orderKey}-attempt-${attempt}`
}

/**
 * Starts (or resumes) paying order `orderId` by card with `method`: answers the Checkout page to
 * send the browser to. The caller's right to the order is checked by payOrder.
 */
export async function startCardPayment(
  ctx: CoreContext,
  { orderId, method }: { orderId: number; method: { id: number; instructions: string } },
  now: Date = new Date(),
): Promise<OrderPaymentResult> {
  const { websiteId } = ctx.store
  const details = { websiteId, orderId, acquirerId: method.id }
  const db = await getDb()
  const config = await requireConfig(db, details)
  const [order] = await db
    .select({
      id: orders.id,
      name: orders.name,
      kind: orders.kind,
      state: orders.state,
      approvalState: orders.approvalState,
      paymentState: orders.paymentState,
      fulfilmentState: orders.fulfilmentState,
      amountDue: orders.amountDue,
      partnerEmail: orders.partnerEmail,
      accessToken: orders.accessToken,
      currency: websites.currency,
    })
    .from(orders)
    .innerJoin(websites, eq(websites.id, orders.websiteId))
    .where(and(eq(orders.id, orderId), eq(orders.websiteId, websiteId)))
  if (!order || !orderMay('payByCard', { ...order, provider: STRIPE_PROVIDER }) || order.amountDue <= 0) {
    throw refused('order cannot be paid by card', { ...details, kind: order?.kind, state: order?.state, approvalState: order?.approvalState, paymentState: order?.paymentState })
  }
  const currency = order.currency.toUpperCase()
  if (!twoDecimalCurrency(currency)) throw new DomainError('unavailable', `stripe: currency ${currency} is not a two-decimal currency`, CARD_CURRENCY_UNSUPPORTED)
  const decision = await rateLimiter().take(`card-payment:${order.id}`, STARTS_PER_ORDER)
  if (!decision.allowed) throw new DomainError('rate_limited', `card payment starts of order ${order.id} over the limit`, CARD_PAYMENT_ATTEMPTS)

  const waiting = { id: order.id, name: order.name, state: order.state, paymentState: order.paymentState, instructions: method.instructions }

  // A session still waiting at Stripe for this very amount is resumed, not doubled: Stripe says
  // whether it is still open, was paid meanwhile (then the order is confirmed now) or expired.
  // store-scope: the order or payment was found for this store first (callersOrderId, or the store's own webhook key)
  const [open] = await db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.orderId, order.id),
        eq(paymentTransactions.provider, STRIPE_PROVIDER),
        eq(paymentTransactions.state, CARD_PAYMENT_WAITING),
        eq(paymentTransactions.amount, order.amountDue),
        eq(paymentTransactions.currency, currency),
      ),
    )
    .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
    .limit(1)
  if (open) {
    const session = await retrieveCheckoutSession(config, open.providerReference)
    await applyRetrieved(open, session, now)
    if (retrievedOutcome(session) === 'paid') {
      // store-scope: the order or payment was found for this store first (callersOrderId, or the store's own webhook key)
      const [paid] = await db.select({ state: orders.state, paymentState: orders.paymentState }).from(orders).where(eq(orders.id, order.id))
      return { order: { ...waiting, ...paid }, confirmedNow: paid?.paymentState === 'paid' }
    }
    if (session.status === 'open') {
      if (isSafeCheckoutUrl(session.url)) return { order: waiting, confirmedNow: false, redirectUrl: session.url }
      throw new DomainError('unavailable', `stripe: open session ${session.id} without a usable page address`, CARD_PAYMENTS_UNAVAILABLE)
    }
    if (session.status === 'complete') throw new DomainError('conflict', `stripe: session ${session.id} complete but not paid yet`, CARD_PAYMENT_PROCESSING)
  }

  // A new attempt: its number (and so its Idempotency-Key) is the same for concurrent calls, so
  // a double click makes one session at Stripe and one transaction here. Only finished attempts
  // count: a concurrent call that already recorded its (still pending) session must not move the
  // number on, or the two calls would open two sessions.
  // store-scope: the order or payment was found for this store first (callersOrderId, or the store's own webhook key)
  const [{ attempts } = { attempts: 0 }] = await db
    .select({ attempts: count() })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, order.id), eq(paymentTransactions.provider, STRIPE_PROVIDER), inArray(paymentTransactions.state, [...CARD_PAYMENT_FINISHED])))
  const query = { order: String(order.id), token: order.accessToken }
  // The shopper comes back to the store they paid at (its own address, decision 025).
  const [successUrl, cancelUrl] = await Promise.all([storeLink(websiteId, '/payment/status', query), storeLink(websiteId, '/payment', query)])
  const session = await createCheckoutSession(config, {
    idempotencyKey: idempotencyKeyFor(order, attempts + 1),
    amount: order.amountDue,
    currency,
    productName: `Order ${order.name}`,
    clientReferenceId: String(order.id),
    orderId: order.id,
    // Stripe replaces {CHECKOUT_SESSION_ID} itself; it must stay literal, not percent-encoded.
    successUrl: `${successUrl}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl,
    customerEmail: order.partnerEmail,
  })
  const [recorded] = await db
    .insert(paymentTransactions)
    .values({
      websiteId,
      orderId: order.id,
      paymentMethodId: method.id,
      provider: STRIPE_PROVIDER,
      providerReference: session.id,
      amount: order.amountDue,
      currency,
      state: CARD_PAYMENT_WAITING,
      redirectUrl: session.url,
    })
    .onConflictDoNothing({ target: [paymentTransactions.provider, paymentTransactions.providerReference] })
    .returning({ id: paymentTransactions.id })
  if (!recorded) {
    // A concurrent call with the same Idempotency-Key recorded this session first.
    // store-scope: the order or payment was found for this store first (callersOrderId, or the store's own webhook key)
    const [existing] = await db
      .select({ orderId: paymentTransactions.orderId, state: paymentTransactions.state })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.provider, STRIPE_PROVIDER), eq(paymentTransactions.providerReference, session.id)))
    if (existing?.orderId !== order.id || !cardPaymentWaiting(existing.state)) {
      throw new DomainError('conflict', `stripe: session ${session.id} already recorded as ${existing?.state}`, CARD_PAYMENT_PROCESSING)
    }
  } else {
    logger().info({ ...details, transactionId: recorded.id, sessionId: session.id, amount: order.amountDue, currency }, 'card payment started')
  }
  return { order: waiting, confirmedNow: false, redirectUrl: session.url! }
}

export type CardPaymentStatus = {
  /** The card payment's state; 'none' when the order has no card payment. */
  status: CardPaymentState | 'none'
  order: { id: number; name: string; state: 'draft' | 'sale' | 'cancel'; paymentState: OrderPaymentState }
}

/**
 * The return from Stripe: asks Stripe itself about the order's card payment (the session named by
 * `sessionId`, else the latest one) and applies what it says. The browser's arrival on the return
 * address proves nothing; only Stripe's answer moves anything.
 */
export async function checkCardPayment(
  ctx: CoreContext,
  input: { orderId?: unknown; accessToken?: unknown; sessionId?: unknown },
  now: Date = new Date(),
): Promise<CardPaymentStatus> {
  const { websiteId } = ctx.store
  const requestedId = paymentId(input.orderId)
  const accessToken = tokenOf(input.accessToken)
  const sessionId = input.sessionId === undefined || input.sessionId === null || input.sessionId === '' ? undefined : input.sessionId
  if (requestedId === null || accessToken === null || (sessionId !== undefined && (typeof sessionId !== 'string' || !/^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId)))) {
    throw refused('malformed input', { websiteId })
  }
  const orderId = await callersOrderId(ctx, requestedId, accessToken)
  const db = await getDb()
  const where = [eq(paymentTransactions.orderId, orderId), eq(paymentTransactions.provider, STRIPE_PROVIDER)]
  if (sessionId !== undefined) where.push(eq(paymentTransactions.providerReference, sessionId))
  // store-scope: the order or payment was found for this store first (callersOrderId, or the store's own webhook key)
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(and(...where))
    .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
    .limit(1)
  if (!row && sessionId !== undefined) throw refused('session is not a payment of this order', { websiteId, orderId })

  if (row && cardPaymentWaiting(row.state)) {
    const config = stripeConfig(await stripeSettingsOf(db, websiteId))
    if (!config) throw new DomainError('unavailable', 'stripe: not configured, cannot check a pending payment', CARD_PAYMENTS_NOT_CONFIGURED)
    const decision = await rateLimiter().take(`card-payment-check:${orderId}`, CHECKS_PER_ORDER)
    if (!decision.allowed) throw new DomainError('rate_limited', `card payment checks of order ${orderId} over the limit`, CARD_PAYMENT_ATTEMPTS)
    await applyRetrieved(row, await retrieveCheckoutSession(config, row.providerReference), now)
  }

  // store-scope: the order or payment was found for this store first (callersOrderId, or the store's own webhook key)
  const [order] = await db
    .select({ id: orders.id, name: orders.name, state: orders.state, paymentState: orders.paymentState })
    .from(orders)
    .where(eq(orders.id, orderId))
  // store-scope: the order or payment was found for this store first (callersOrderId, or the store's own webhook key)
  const [current] = row ? await db.select({ state: paymentTransactions.state }).from(paymentTransactions).where(eq(paymentTransactions.id, row.id)) : []
  return { status: current?.state ?? 'none', order: order! }
}

export type WebhookResult = { outcome: 'applied' | 'unchanged' | 'duplicate' | 'ignored' }

/** The stores paying through a Stripe account of their own: the install's account never touches their payments. */
function storesWithOwnAccount(db: Executor) {
  return db.select({ id: websites.id }).from(websites).where(and(isNotNull(websites.stripeSecretKey), isNotNull(websites.stripeWebhookSecret)))
}

/**
 * POST /api/payments/stripe/webhook: the signature is checked on the raw body before anything is
 * parsed (400 when it does not hold); each event id is processed once, in the same transaction
 * as its effect, so a failure leaves it for Stripe's retry and a replay changes nothing.
 */
export async function handleStripeWebhook(
  { rawBody, signature, websiteId }: { rawBody: Buffer; signature: string | null; /** The store whose address Stripe called. */ websiteId: number },
  now: Date = new Date(),
): Promise<WebhookResult> {
  // A store with its own Stripe account (issue 25) is called at its own address and signs with its
  // own secret; its events touch its own payments only. The install's account serves every store
  // without one, whichever address it calls.
  const settings = await stripeSettingsOf(await getDb(), websiteId)
  const { webhookSecret } = settings
  // Unconfigured: a 503, so Stripe keeps retrying until the secret is set.
  if (!webhookSecret) throw new DomainError('unavailable', 'stripe webhook: STRIPE_WEBHOOK_SECRET is not set', CARD_PAYMENTS_NOT_CONFIGURED)
  const check = verifyStripeSignature(rawBody, signature, webhookSecret, now.getTime())
  if (!check.ok) {
    logger().warn({ provider: STRIPE_PROVIDER, reason: check.reason }, 'webhook refused: bad signature')
    throw new DomainError('invalid', `stripe webhook: ${check.reason}`, WEBHOOK_SIGNATURE_REFUSED)
  }
  const event = readStripeEvent(rawBody)
  if (!event) {
    logger().warn({ provider: STRIPE_PROVIDER }, 'webhook refused: signed body is not an event')
    throw new DomainError('invalid', 'stripe webhook: body is not an event', WEBHOOK_MALFORMED)
  }
  const session = event.type.startsWith('checkout.session.') ? readCheckoutSession(event.object) : null
  const outcome = session ? eventOutcome(event.type, session) : null

  const db = await getDb()
  return db.transaction(async (tx): Promise<WebhookResult> => {
    // Only what is needed to understand the event later: never the whole provider payload.
    const summary = session ? { sessionId: session.id, status: session.status, paymentStatus: session.paymentStatus, amountTotal: session.amountTotal, currency: session.currency } : {}
    const [fresh] = await tx
      .insert(paymentWebhookEvents)
      .values({ provider: STRIPE_PROVIDER, eventId: event.id, eventType: event.type, payload: summary, receivedAt: now })
      .onConflictDoNothing({ target: [paymentWebhookEvents.provider, paymentWebhookEvents.eventId] })
      .returning({ id: paymentWebhookEvents.id })
    if (!fresh) {
      logger().info({ provider: STRIPE_PROVIDER, eventId: event.id, type: event.type }, 'webhook event already processed')
      return { outcome: 'duplicate' }
    }
    if (!session || !outcome) {
      logger().info({ provider: STRIPE_PROVIDER, eventId: event.id, type: event.type }, 'webhook event needs nothing')
      return { outcome: 'ignored' }
    }
    const [row] = await tx
      .select()
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.provider, STRIPE_PROVIDER),
          eq(paymentTransactions.providerReference, session.id),
          settings.ownAccount ? eq(paymentTransactions.websiteId, websiteId) : notInArray(paymentTransactions.websiteId, storesWithOwnAccount(tx)),
        ),
      )
    if (!row) {
      logger().warn({ provider: STRIPE_PROVIDER, eventId: event.id, sessionId: session.id }, 'webhook about a session this store did not make')
      return { outcome: 'ignored' }
    }
    const { changed } = await applySessionOutcome(tx, row, session, outcome, { now, via: 'webhook' })
    return { outcome: changed ? 'applied' : 'unchanged' }
  })
}
