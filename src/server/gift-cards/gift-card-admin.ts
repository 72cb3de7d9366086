import { and, asc, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import {
  GIFT_CARD_PAGE_SIZE,
  type GiftCardBatch,
  type GiftCardDetail,
  type GiftCardLedgerRow,
  type GiftCardPage,
  type GiftCardRowData,
  type GiftCardStatus,
  type IssuedGiftCard,
} from '@/isomorphic/contract/admin-selling'
import { recordAudit } from '../audit/audit-log'
import { type Executor, getDb } from '../db/client'
import { giftCards, giftCardTransactions, orders, partners } from '../db/schema'
import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import type { CoreContext } from '../kernel/context'
import { csvRow } from '../kernel/csv'
import { DomainError, notFound } from '../kernel/errors'
import { fromCents, toCents } from '../kernel/money'
import { requireStaff } from '../kernel/permissions'
import { generateGiftCardCode, giftCardLast4, hashGiftCardCode } from './gift-card-codes'

// Gift cards in the console (issue 16), for owners and the store's managers. A number is a bearer
// secret kept only as its SHA-256 and last four characters (gift-card-codes.ts): giftCards.issue
// answers the new numbers once, with the batch as CSV for a one-time download, and nothing
// answers them again. A card's page shows its balance and ledger; a member may adjust the balance
// (between 0 and the issued amount, with a note) and switch a card off or on. Every write has its
// ledger row and its audit row in one transaction; a balance always equals the issued amount plus
// its ledger.

type CardRow = typeof giftCards.$inferSelect

export const ADJUST_OUT_OF_RANGE = (initial: number, balance: number) =>
  `A gift card’s balance can be from $0.00 up to the amount it was issued for ($${initial.toFixed(2)}); it holds $${balance.toFixed(2)} now. To give more, issue a new card.`

function statusOf(card: Pick<CardRow, 'isActive' | 'expiresAt'>, now: Date): GiftCardStatus {
  if (!card.isActive) return 'disabled'
  if (card.expiresAt && card.expiresAt <= now) return 'expired'
  return 'active'
}

function statusCondition(status: GiftCardStatus, now: Date): SQL | undefined {
  switch (status) {
    case 'disabled':
      return eq(giftCards.isActive, false)
    case 'expired':
      return and(eq(giftCards.isActive, true), lte(giftCards.expiresAt, now))
    case 'active':
      return and(eq(giftCards.isActive, true), or(isNull(giftCards.expiresAt), gt(giftCards.expiresAt, now)))
  }
}

const COLUMNS = {
  id: giftCards.id,
  last4: giftCards.codeLast4,
  initialAmount: giftCards.initialAmount,
  balanceAmount: giftCards.balanceAmount,
  isActive: giftCards.isActive,
  expiresAt: giftCards.expiresAt,
  partnerId: giftCards.partnerId,
  partnerEmail: partners.email,
  redeemedAt: giftCards.redeemedAt,
  recipientEmail: giftCards.recipientEmail,
  note: giftCards.note,
  createdAt: giftCards.createdAt,
}

type ListedCard = {
  id: number
  last4: string
  initialAmount: number
  balanceAmount: number
  isActive: boolean
  expiresAt: Date | null
  partnerId: number | null
  partnerEmail: string | null
  redeemedAt: Date | null
  recipientEmail: string | null
  note: string | null
  createdAt: Date
}

function rowData(card: ListedCard, now: Date): GiftCardRowData {
  return {
    id: card.id,
    last4: card.last4,
    initialAmount: fromCents(card.initialAmount),
    balance: fromCents(card.balanceAmount),
    status: statusOf(card, now),
    expiresAt: card.expiresAt?.toISOString() ?? null,
    redeemedBy: card.partnerId === null ? null : { partnerId: card.partnerId, email: card.partnerEmail },
    redeemedAt: card.redeemedAt?.toISOString() ?? null,
    recipientEmail: card.recipientEmail,
    createdAt: card.createdAt.toISOString(),
  }
}

export async function listGiftCardsForConsole(
  ctx: CoreContext,
  { websiteId, last4, status, balance, page }: { websiteId: number; last4?: string; status: GiftCardStatus | 'all'; balance: 'any' | 'remaining' | 'spent'; page: number },
  now: Date = new Date(),
): Promise<GiftCardPage> {
  await requireStaff(ctx, 'store.manage', websiteId)
  const db = await getDb()
  const where = and(
    eq(giftCards.websiteId, websiteId),
    // The end of the number: '0050' finds …0050, '50' finds …50.
    last4 ? sql`right(${giftCards.codeLast4}, ${last4.length}) = ${last4.toUpperCase()}` : undefined,
    status === 'all' ? undefined : statusCondition(status, now),
    balance === 'remaining' ? gt(giftCards.balanceAmount, 0) : balance === 'spent' ? eq(giftCards.balanceAmount, 0) : undefined,
  )
  const [rows, [counted]] = await Promise.all([
    db
      .select(COLUMNS)
      .from(giftCards)
      .leftJoin(partners, eq(partners.id, giftCards.partnerId))
      .where(where)
      .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
      .limit(GIFT_CARD_PAGE_SIZE)
      .offset((page - 1) * GIFT_CARD_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)::int` }).from(giftCards).where(where),
  ])
  return { rows: rows.map((row) => rowData(row, now)), total: counted?.total ?? 0, page, pageSize: GIFT_CARD_PAGE_SIZE }
}

async function cardOf(db: Executor, websiteId: number, id: number, lock = false): Promise<CardRow> {
  const query = db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.id, id), eq(giftCards.websiteId, websiteId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound('Gift card', id)
  return row
}

async function detailOf(db: Executor, websiteId: number, id: number, now: Date): Promise<GiftCardDetail> {
  const [card] = await db
    .select(COLUMNS)
    .from(giftCards)
    .leftJoin(partners, eq(partners.id, giftCards.partnerId))
    .where(and(eq(giftCards.id, id), eq(giftCards.websiteId, websiteId)))
  if (!card) throw notFound('Gift card', id)
  // store-scope: transactions of a card read for the store; the orders joined are its own
  const movements = await db
    .select({
      id: giftCardTransactions.id,
      kind: giftCardTransactions.kind,
      amount: giftCardTransactions.amount,
      note: giftCardTransactions.note,
      orderId: giftCardTransactions.orderId,
      orderName: orders.name,
      createdAt: giftCardTransactions.createdAt,
    })
    .from(giftCardTransactions)
    .leftJoin(orders, eq(orders.id, giftCardTransactions.orderId))
    .where(eq(giftCardTransactions.giftCardId, id))
    .orderBy(asc(giftCardTransactions.createdAt), asc(giftCardTransactions.id))
  const issued: GiftCardLedgerRow = { id: null, kind: 'issue', amount: fromCents(card.initialAmount), note: card.note, order: null, createdAt: card.createdAt.toISOString() }
  const ledger: GiftCardLedgerRow[] = [
    issued,
    ...movements.map((movement) => ({
      id: movement.id,
      kind: movement.kind,
      amount: fromCents(movement.amount),
      note: movement.note,
      order: movement.orderId !== null && movement.orderName !== null ? { id: movement.orderId, name: movement.orderName } : null,
      createdAt: movement.createdAt.toISOString(),
    })),
  ]
  return { ...rowData(card, now), note: card.note, ledger }
}

export async function getGiftCardForConsole(ctx: CoreContext, { websiteId, id }: { websiteId: number; id: number }, now: Date = new Date()): Promise<GiftCardDetail> {
  await requireStaff(ctx, 'store.manage', websiteId)
  return detailOf(await getDb(), websiteId, id, now)
}

const BATCH_HEADER = ['Gift card number', 'Last 4', 'Amount', 'Expires', 'Recipient', 'Note'] as const

/** The batch as CSV: people's text (recipient, note) neutralised for spreadsheets. */
export function giftCardBatchCsv(cards: readonly IssuedGiftCard[], { recipientEmail, note }: { recipientEmail: string | null; note: string | null }): string {
  return (
    csvRow([...BATCH_HEADER]) +
    cards
      .map((card) => csvRow([card.code, card.last4, { bare: card.amount.toFixed(2) }, card.expiresAt ? { bare: card.expiresAt } : null, recipientEmail, note]))
      .join('')
  )
}

/**
 * Issues `count` cards of `amount` dollars with new random numbers, in one transaction with one
 * audit row per card (never the number). Answers the numbers: the only time they are ever shown.
 */
export async function issueGiftCards(
  ctx: CoreContext,
  input: { websiteId: number; amount: number; count: number; expiresAt?: string; recipientEmail?: string; note?: string },
  now: Date = new Date(),
): Promise<GiftCardBatch> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null
  if (expiresAt && expiresAt <= now) throw new DomainError('invalid', 'gift card expiry in the past', 'The expiry date is in the past: choose a later date, or none.')
  const cents = toCents(input.amount)
  const recipientEmail = input.recipientEmail?.trim().toLowerCase() || null
  const note = input.note?.trim() || null
  const db = await getDb()
  const cards = await db.transaction(async (tx) => {
    const issued: IssuedGiftCard[] = []
    // A number that happens to exist already (80 random bits: practically never) is drawn again.
    for (let round = 0; issued.length < input.count && round < 5; round += 1) {
      const codes = [...new Set(Array.from({ length: input.count - issued.length }, generateGiftCardCode))]
      const rows = await tx
        .insert(giftCards)
        .values(
          codes.map((code) => ({
            websiteId: input.websiteId,
            codeHash: hashGiftCardCode(code),
            codeLast4: giftCardLast4(code),
            initialAmount: cents,
            balanceAmount: cents,
            expiresAt,
            recipientEmail,
            note,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: giftCards.id, codeHash: giftCards.codeHash })
      const idOf = new Map(rows.map((row) => [row.codeHash, row.id]))
      for (const code of codes) {
        const id = idOf.get(hashGiftCardCode(code))
        if (id !== undefined) issued.push({ id, code, last4: giftCardLast4(code), amount: input.amount, expiresAt: expiresAt?.toISOString() ?? null })
      }
    }
    if (issued.length < input.count) throw new Error('could not draw unique gift card numbers')
    for (const card of issued) {
      await recordAudit(tx, ctx, {
        websiteId: input.websiteId,
        action: 'gift_card.issue',
        entityType: 'gift_card',
        entityId: card.id,
        after: { last4: card.last4, amount: input.amount, expiresAt: card.expiresAt, recipientEmail, note },
      })
    }
    return issued
  })
  const day = now.toISOString().slice(0, 10)
  return { cards, csv: giftCardBatchCsv(cards, { recipientEmail, note }), fileName: `gift-cards-${day}-${cards[0]!.id}.csv` }
}

/** Moves a card's balance by `amount` dollars (either way) with a note: an 'adjust' ledger row and an audit row. */
export async function adjustGiftCard(
  ctx: CoreContext,
  input: { websiteId: number; id: number; amount: number; note: string },
  now: Date = new Date(),
): Promise<GiftCardDetail> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  const delta = toCents(input.amount)
  await db.transaction(async (tx) => {
    const card = await cardOf(tx, input.websiteId, input.id, true)
    const balance = card.balanceAmount + delta
    if (balance < 0 || balance > card.initialAmount) {
      throw new DomainError('invalid', `gift card ${card.id} balance ${balance} out of range`, ADJUST_OUT_OF_RANGE(fromCents(card.initialAmount), fromCents(card.balanceAmount)))
    }
    // store-scope: card was read above by cardOf with the store in its where
    await tx.update(giftCards).set({ balanceAmount: balance, updatedAt: now }).where(eq(giftCards.id, card.id))
    await tx.insert(giftCardTransactions).values({ giftCardId: card.id, partnerId: card.partnerId, kind: 'adjust', amount: delta, note: input.note, createdAt: now })
    await recordAudit(tx, ctx, {
      websiteId: input.websiteId,
      action: 'gift_card.adjust',
      entityType: 'gift_card',
      entityId: card.id,
      before: { balance: fromCents(card.balanceAmount) },
      after: { balance: fromCents(balance), amount: input.amount, note: input.note },
    })
  })
  return detailOf(db, input.websiteId, input.id, now)
}

/** Switches a card off (it can no longer be redeemed or spent) or on again, with a ledger row and an audit row. */
export async function setGiftCardActive(
  ctx: CoreContext,
  input: { websiteId: number; id: number; active: boolean; note?: string },
  now: Date = new Date(),
): Promise<GiftCardDetail> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  await db.transaction(async (tx) => {
    const card = await cardOf(tx, input.websiteId, input.id, true)
    if (card.isActive === input.active) return
    // store-scope: card was read above by cardOf with the store in its where
    await tx.update(giftCards).set({ isActive: input.active, updatedAt: now }).where(eq(giftCards.id, card.id))
    const note = input.note?.trim() || null
    await tx
      .insert(giftCardTransactions)
      .values({ giftCardId: card.id, partnerId: card.partnerId, kind: input.active ? 'enable' : 'disable', amount: 0, note, createdAt: now })
    await recordAudit(tx, ctx, {
      websiteId: input.websiteId,
      action: input.active ? 'gift_card.enable' : 'gift_card.disable',
      entityType: 'gift_card',
      entityId: card.id,
      before: { active: card.isActive },
      after: { active: input.active, note },
    })
  })
  return detailOf(db, input.websiteId, input.id, now)
}

export const GIFT_CARD_ADMIN_QUERIES = {
  'giftCards.list': defineAdminQuery('giftCards.list', (value, ctx) => listGiftCardsForConsole(ctx, value)),
  'giftCards.get': defineAdminQuery('giftCards.get', (value, ctx) => getGiftCardForConsole(ctx, value)),
}

export const GIFT_CARD_ADMIN_MUTATIONS = {
  'giftCards.issue': defineAdminMutation('giftCards.issue', { handler: (value, ctx) => issueGiftCards(ctx, value) }),
  'giftCards.adjust': defineAdminMutation('giftCards.adjust', { handler: (value, ctx) => adjustGiftCard(ctx, value) }),
  'giftCards.setActive': defineAdminMutation('giftCards.setActive', { handler: (value, ctx) => setGiftCardActive(ctx, value) }),
}
