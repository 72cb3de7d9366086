import { and, asc, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm'
import { type RateLimit, rateLimiter, storeBucket } from '../cache/rate-limiter'
import type { Database, Executor } from '../db/client'
import { giftCards, giftCardTransactions } from '../db/schema'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'
import { type Cents, fromCents } from '../kernel/money'
import { GIFT_CARD_CODE_MAX_LENGTH, giftCardCodeHashes, normalizeGiftCardCode } from './gift-card-codes'

// Gift cards (spec 7 redeemGiftCard, 8; security.md 4.4): a shopper redeems a card's number into
// their account, and checkout spends the account's cards. Both moves are single conditional
// UPDATEs, so no interleaving of requests can attach one card twice or spend more than a balance;
// every balance movement has a row in gift_card_transactions (initial + Σ amount = balance).

export const GIFT_CARD_ADDED = 'Gift card added successfully'
/** Redeeming a card the account already holds adds nothing: the shopper is told so (issue 17). */
export const GIFT_CARD_ALREADY_ON_ACCOUNT = 'This gift card is already on your account: its balance is ready to use at checkout.'
/** The one answer to every refused redemption (unknown, expired, inactive, someone else's): no oracle. */
export const GIFT_CARD_REFUSED = 'There is some error please contact your administrator!'
export const TOO_MANY_GIFT_CARD_ATTEMPTS = 'Too many gift card attempts. Please wait a few minutes and try again.'

export const GIFT_CARD_WINDOW_MS = 15 * 60_000
const GIFT_CARDS_UNAVAILABLE = 'Gift cards cannot be added for a moment. Please try again in a minute.'
/** Attempts (successful or not) per window: numbers cannot be guessed by trying. */
export const GIFT_CARD_LIMITS = {
  perPartner: { max: 10, windowMs: GIFT_CARD_WINDOW_MS, refuseWhenUnavailable: GIFT_CARDS_UNAVAILABLE },
  perAddress: { max: 30, windowMs: GIFT_CARD_WINDOW_MS, refuseWhenUnavailable: GIFT_CARDS_UNAVAILABLE },
}

/** A card as its owner sees it (JSON edge: dollars and ISO dates). */
export type GiftCardView = {
  id: number
  last4: string
  balance: number
  initialAmount: number
  expiresAt: string | null
  redeemedAt: string | null
}

export type RedeemedGiftCard = {
  id: number
  last4: string
  balance: number
  expiresAt: string | null
  /** The card was on the caller's account before this call: nothing was added. */
  alreadyOnAccount: boolean
}

export type GiftCardCaller = { websiteId: number; partnerId: number; ip: string | null }

const refused = (reason: string) => new DomainError('invalid', `gift card redemption refused: ${reason}`, GIFT_CARD_REFUSED)

async function assertRedeemAllowed({ websiteId, partnerId, ip }: GiftCardCaller): Promise<void> {
  const limiter = rateLimiter()
  const [partner, address] = await Promise.all([
    limiter.take(`gift-card:partner:${websiteId}:${partnerId}`, GIFT_CARD_LIMITS.perPartner),
    limiter.take(storeBucket(websiteId, `gift-card:ip:${ip ?? 'unknown'}`), GIFT_CARD_LIMITS.perAddress),
  ])
  if (!partner.allowed || !address.allowed) {
    logger().warn({ websiteId, partnerId, ip, perPartner: !partner.allowed }, 'gift card attempts throttled')
    throw new DomainError('rate_limited', 'too many gift card attempts', TOO_MANY_GIFT_CARD_ATTEMPTS)
  }
}

/** Usable at `now`: active and not expired. */
const usableAt = (now: Date) => and(eq(giftCards.isActive, true), or(isNull(giftCards.expiresAt), gt(giftCards.expiresAt, now)))

const iso = (date: Date | null) => (date ? date.toISOString() : null)

/**
 * Attaches the card with this number to the caller's account. A card nobody has redeemed is claimed
 * by one conditional UPDATE (`WHERE partner_id IS NULL`), so of two partners racing for it exactly
 * one wins; redeeming one's own card again changes nothing and says the card is already there. Every refusal is the same
 * 400 (GIFT_CARD_REFUSED); attempts are rate limited per partner and per address.
 */
export async function redeemGiftCard(db: Database, caller: GiftCardCaller, gcNumber: string, now: Date = new Date()): Promise<RedeemedGiftCard> {
  await assertRedeemAllowed(caller)
  const code = normalizeGiftCardCode(gcNumber)
  if (code.length === 0 || code.length > GIFT_CARD_CODE_MAX_LENGTH) {
    logger().info({ websiteId: caller.websiteId, partnerId: caller.partnerId }, 'gift card redemption refused: malformed number')
    throw refused('malformed number')
  }
  const card = await db.transaction(async (tx) => {
    // The number as typed, then (a generated number typed without its dashes) as generated.
    for (const codeHash of giftCardCodeHashes(code)) {
      const found = await claimOrFindOwn(tx, caller, codeHash, now)
      if (found) return found
    }
    return null
  })
  if (!card) {
    logger().info({ websiteId: caller.websiteId, partnerId: caller.partnerId, ip: caller.ip }, 'gift card redemption refused')
    throw refused('unknown, expired, inactive or another partner’s card')
  }
  return { id: card.id, last4: card.codeLast4, balance: fromCents(card.balanceAmount), expiresAt: iso(card.expiresAt), alreadyOnAccount: card.alreadyOnAccount }
}

/** redeemGiftCard's claim of the card stored under one hash, or the caller's own card under it; null for neither. */
async function claimOrFindOwn(tx: Executor, caller: GiftCardCaller, codeHash: string, now: Date) {
  const [claimed] = await tx
    .update(giftCards)
    .set({ partnerId: caller.partnerId, redeemedAt: now, updatedAt: now })
    .where(and(eq(giftCards.websiteId, caller.websiteId), eq(giftCards.codeHash, codeHash), isNull(giftCards.partnerId), usableAt(now)))
    .returning()
  if (claimed) {
    // Redeeming moves no money: the row records who attached the card and when.
    await tx.insert(giftCardTransactions).values({ giftCardId: claimed.id, partnerId: caller.partnerId, kind: 'redeem', amount: 0, createdAt: now })
    return { ...claimed, alreadyOnAccount: false }
  }
  const [own] = await tx
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.websiteId, caller.websiteId), eq(giftCards.codeHash, codeHash), eq(giftCards.partnerId, caller.partnerId), usableAt(now)))
  return own ? { ...own, alreadyOnAccount: true } : null
}

/** A card paid with by its number at checkout (a guest's, as Shopify takes one): never attached to an account. */
export type CardByNumber = { id: number; last4: string; balance: Cents; expiresAt: string | null }

/**
 * Numbers that match no usable card, per address and store, per window: the balance check, the
 * checkout's summary and createOrder all look cards up by number, so together they answer at most
 * this many wrong guesses. A number that matches hands its attempt back, so a shopper whose
 * checkout is priced again and again with their card never runs out.
 */
export const GIFT_CARD_NUMBER_LIMIT: RateLimit = { max: 10, windowMs: GIFT_CARD_WINDOW_MS, refuseWhenUnavailable: GIFT_CARDS_UNAVAILABLE }

/**
 * The card with this number in this store that can pay by its number: usable at `now` and on no
 * account (a card redeemed into an account is spent by signing in, so a stolen number of a redeemed
 * card buys nothing). Every miss is the same 400 (GIFT_CARD_REFUSED), and only misses are counted.
 */
export async function giftCardByNumber(db: Executor, { websiteId, ip }: { websiteId: number; ip: string | null }, gcNumber: string, now: Date = new Date()): Promise<CardByNumber> {
  const limiter = rateLimiter()
  const bucket = storeBucket(websiteId, `gift-card-number:ip:${ip ?? 'unknown'}`)
  const decision = await limiter.take(bucket, GIFT_CARD_NUMBER_LIMIT)
  if (!decision.allowed) {
    logger().warn({ websiteId, ip }, 'gift card number look-ups throttled')
    throw new DomainError('rate_limited', 'too many gift card numbers tried', TOO_MANY_GIFT_CARD_ATTEMPTS)
  }
  const code = normalizeGiftCardCode(gcNumber)
  const hashes = code.length === 0 || code.length > GIFT_CARD_CODE_MAX_LENGTH ? [] : giftCardCodeHashes(code)
  const found =
    hashes.length === 0
      ? []
      : await db
          .select({ id: giftCards.id, codeHash: giftCards.codeHash, last4: giftCards.codeLast4, balance: giftCards.balanceAmount, expiresAt: giftCards.expiresAt })
          .from(giftCards)
          .where(and(eq(giftCards.websiteId, websiteId), inArray(giftCards.codeHash, hashes), isNull(giftCards.partnerId), usableAt(now)))
  // The number as typed wins over its dashed form, should a store hold both.
  const card = hashes.map((hash) => found.find((row) => row.codeHash === hash)).find((row) => row !== undefined)
  if (!card) {
    logger().info({ websiteId, ip }, 'gift card number refused')
    throw refused('no usable card on no account has this number')
  }
  await limiter.giveBack(bucket, GIFT_CARD_NUMBER_LIMIT)
  return { id: card.id, last4: card.last4, balance: card.balance, expiresAt: iso(card.expiresAt) }
}

/**
 * Spends up to `amount` cents of one card found by its number (giftCardByNumber) for an order,
 * inside the caller's transaction: the card's row is locked, so two orders paying with one number
 * take its balance once between them, and the spend has its 'spend' ledger row (no partner).
 * Answers the cents taken (0 when the card was spent, disabled or redeemed meanwhile).
 */
export async function spendGiftCardByNumber(tx: Executor, { websiteId, cardId, amount, orderId, now = new Date() }: { websiteId: number; cardId: number; amount: Cents; orderId: number; now?: Date }): Promise<Cents> {
  if (!Number.isSafeInteger(amount) || amount <= 0) return 0
  const [card] = await tx
    .select({ balance: giftCards.balanceAmount })
    .from(giftCards)
    .where(and(eq(giftCards.id, cardId), eq(giftCards.websiteId, websiteId), isNull(giftCards.partnerId), usableAt(now)))
    .for('update')
  const take = Math.min(amount, card?.balance ?? 0)
  if (take <= 0) return 0
  await tx
    .update(giftCards)
    .set({ balanceAmount: sql`${giftCards.balanceAmount} - ${take}`, updatedAt: now })
    .where(and(eq(giftCards.id, cardId), eq(giftCards.websiteId, websiteId)))
  await tx.insert(giftCardTransactions).values({ giftCardId: cardId, orderId, partnerId: null, kind: 'spend', amount: -take, createdAt: now })
  return take
}

/** The partner's cards, every one they redeemed (spent, expired and deactivated included). */
export async function listGiftCards(db: Executor, { websiteId, partnerId }: { websiteId: number; partnerId: number }): Promise<GiftCardView[]> {
  const rows = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.websiteId, websiteId), eq(giftCards.partnerId, partnerId)))
    .orderBy(asc(giftCards.redeemedAt), asc(giftCards.id))
  return rows.map((card) => ({
    id: card.id,
    last4: card.codeLast4,
    balance: fromCents(card.balanceAmount),
    initialAmount: fromCents(card.initialAmount),
    expiresAt: iso(card.expiresAt),
    redeemedAt: iso(card.redeemedAt),
  }))
}

/** What the partner's usable cards hold together at `now` (cents): what checkout may apply. */
export async function availableGiftCardBalance(db: Executor, { partnerId, now = new Date() }: { partnerId: number; now?: Date }): Promise<Cents> {
  // store-scope: partnerId is the shopper's (bound to this store) or the card ids are of an order of this store
  const [row] = await db
    .select({ total: sql<string | number | null>`coalesce(sum(${giftCards.balanceAmount}), 0)` })
    .from(giftCards)
    .where(and(eq(giftCards.partnerId, partnerId), usableAt(now)))
  return Number(row?.total ?? 0)
}

/** How often one card is re-read after a concurrent spend took part of it before giving up on it. */
const SPEND_RETRIES = 5

/**
 * Spends up to `amount` cents of the partner's usable cards for an order, soonest expiry first,
 * inside the caller's transaction. Each card is debited by a conditional UPDATE
 * (`balance_amount >= x`), re-read and retried when a concurrent spend got there first, with a
 * 'spend' ledger row (negative amount) per card. Answers the cents actually taken (≤ amount).
 */
export async function spendGiftCards(
  tx: Executor,
  { partnerId, amount, orderId, now = new Date() }: { partnerId: number; amount: Cents; orderId: number; now?: Date },
): Promise<Cents> {
  if (!Number.isSafeInteger(amount) || amount <= 0) return 0
  // store-scope: partnerId is the shopper's (bound to this store) or the card ids are of an order of this store
  const cards = await tx
    .select({ id: giftCards.id, balanceAmount: giftCards.balanceAmount })
    .from(giftCards)
    .where(and(eq(giftCards.partnerId, partnerId), usableAt(now), gt(giftCards.balanceAmount, 0)))
    .orderBy(sql`${giftCards.expiresAt} asc nulls last`, asc(giftCards.id))

  let taken = 0
  for (const card of cards) {
    let balance = card.balanceAmount
    for (let attempt = 0; attempt <= SPEND_RETRIES && balance > 0 && taken < amount; attempt += 1) {
      const take = Math.min(amount - taken, balance)
      // store-scope: partnerId is the shopper's (bound to this store) or the card ids are of an order of this store
      const [debited] = await tx
        .update(giftCards)
        .set({ balanceAmount: sql`${giftCards.balanceAmount} - ${take}`, updatedAt: now })
        .where(and(eq(giftCards.id, card.id), eq(giftCards.partnerId, partnerId), gte(giftCards.balanceAmount, take), usableAt(now)))
        .returning({ id: giftCards.id })
      if (debited) {
        await tx.insert(giftCardTransactions).values({ giftCardId: card.id, orderId, partnerId, kind: 'spend', amount: -take, createdAt: now })
        taken += take
        break
      }
      // store-scope: partnerId is the shopper's (bound to this store) or the card ids are of an order of this store
      const [current] = await tx
        .select({ balanceAmount: giftCards.balanceAmount })
        .from(giftCards)
        .where(and(eq(giftCards.id, card.id), eq(giftCards.partnerId, partnerId), usableAt(now)))
      balance = current?.balanceAmount ?? 0
    }
    if (taken >= amount) break
  }
  return taken
}

/**
 * Gives an order's gift card spending back to its cards (a cancelled order, a payment that never
 * came), inside the caller's transaction, with a 'refund' ledger row per card. Refunding twice
 * gives back nothing more: only what the order spent and has not had back is returned, and a
 * balance never goes above the card's initial amount. `upTo` bounds a partial refund (the cards
 * in id order). Answers the cents given back.
 */
export async function refundGiftCardSpend(tx: Executor, { orderId, now = new Date(), upTo = Number.MAX_SAFE_INTEGER }: { orderId: number; now?: Date; upTo?: Cents }): Promise<Cents> {
  if (upTo <= 0) return 0
  const readMovements = () =>
    tx
      .select({ giftCardId: giftCardTransactions.giftCardId, partnerId: giftCardTransactions.partnerId, amount: giftCardTransactions.amount })
      .from(giftCardTransactions)
      .where(and(eq(giftCardTransactions.orderId, orderId), or(eq(giftCardTransactions.kind, 'spend'), eq(giftCardTransactions.kind, 'refund'))))
  const cardIds = [...new Set((await readMovements()).map((movement) => movement.giftCardId))].sort((a, b) => a - b)
  if (cardIds.length === 0) return 0
  // Two refunds of one order must not both give the money back: hold the cards, then read again
  // (a statement after the lock sees what a refund that held them first wrote).
  // store-scope: partnerId is the shopper's (bound to this store) or the card ids are of an order of this store
  await tx.select({ id: giftCards.id }).from(giftCards).where(inArray(giftCards.id, cardIds)).orderBy(asc(giftCards.id)).for('update')
  const movements = await readMovements()
  const owed = new Map<number, { partnerId: number | null; amount: Cents }>()
  for (const movement of movements) {
    const entry = owed.get(movement.giftCardId) ?? { partnerId: movement.partnerId, amount: 0 }
    entry.amount -= movement.amount
    owed.set(movement.giftCardId, entry)
  }
  let refunded = 0
  for (const [giftCardId, { partnerId, amount: owedToCard }] of [...owed].sort(([a], [b]) => a - b)) {
    const amount = Math.min(owedToCard, upTo - refunded)
    if (amount <= 0) continue
    // store-scope: partnerId is the shopper's (bound to this store) or the card ids are of an order of this store
    const [credited] = await tx
      .update(giftCards)
      .set({ balanceAmount: sql`${giftCards.balanceAmount} + ${amount}`, updatedAt: now })
      .where(and(eq(giftCards.id, giftCardId), sql`${giftCards.balanceAmount} + ${amount} <= ${giftCards.initialAmount}`))
      .returning({ id: giftCards.id })
    if (!credited) {
      logger().error({ giftCardId, orderId, amount }, 'gift card refund would exceed the initial amount; not refunded')
      continue
    }
    await tx.insert(giftCardTransactions).values({ giftCardId, orderId, partnerId, kind: 'refund', amount, createdAt: now })
    refunded += amount
  }
  return refunded
}
