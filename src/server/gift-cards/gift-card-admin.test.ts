import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { GiftCardBatch, GiftCardDetail, GiftCardPage } from '@/isomorphic/contract/admin-selling'
import { createPartner } from '../../../tests/factories/accounts'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { staffContext } from '../../../tests/support/staff'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { auditLog, giftCards, giftCardTransactions } from '../db/schema'
import { coreContext, GUEST } from '../kernel/context'
import { NOT_ALLOWED } from '../kernel/permissions'
import { ADJUST_OUT_OF_RANGE } from './gift-card-admin'
import { hashGiftCardCode } from './gift-card-codes'
import { GIFT_CARD_REFUSED, redeemGiftCard } from './gift-card-service'

// Gift cards in the console (issue 16): numbers are drawn at random and answered once, stored only
// as a hash; a balance always equals the issued amount plus its ledger.

describe.each(testDatabaseKinds())('gift cards in the console on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number
  let otherStoreId: number
  beforeAll(async () => {
    websiteId = (await createWebsite()).id
    otherStoreId = (await createWebsite()).id
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  const issue = async (ctx: Awaited<ReturnType<typeof staffContext>>, value: Record<string, unknown>) =>
    (await executeAdminMutation('giftCards.issue', { websiteId: ctx.store.websiteId, ...value }, ctx)) as GiftCardBatch
  const detail = async (ctx: Awaited<ReturnType<typeof staffContext>>, id: number) => (await executeAdminQuery('giftCards.get', { websiteId, id }, ctx)) as GiftCardDetail

  /** initial + Σ ledger, and the stored balance, in cents. */
  async function ledgerAndBalance(id: number) {
    const [card] = await db().select().from(giftCards).where(eq(giftCards.id, id))
    const [sum] = await db()
      .select({ total: sql<number>`coalesce(sum(${giftCardTransactions.amount}), 0)::int` })
      .from(giftCardTransactions)
      .where(eq(giftCardTransactions.giftCardId, id))
    return { ledger: card!.initialAmount + sum!.total, balance: card!.balanceAmount }
  }

  test('a batch of 50 has 50 distinct numbers, stored only as hashes; neither the list nor a card’s page answers a number again', async () => {
    // A store of its own: the list's count is this batch, whatever the other tests issue.
    const storeId = (await createWebsite()).id
    const manager = await staffContext(storeId, { role: 'store_manager' })
    const batch = await issue(manager, { amount: 25, count: 50, recipientEmail: 'Team@Example.com', note: 'Spring welcome' })
    const codes = batch.cards.map((card) => card.code)
    expect(new Set(codes).size).toBe(50)
    // Four groups of four characters a person cannot misread (no 0, O, 1, I): a store file accepts them too.
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/)
    for (const card of batch.cards) expect(card.last4).toBe(card.code.slice(-4))

    const stored = await db().select().from(giftCards).where(eq(giftCards.websiteId, storeId))
    const storedText = JSON.stringify(stored)
    expect(codes.some((code) => storedText.includes(code))).toBe(false)
    expect(new Set(stored.map((row) => row.codeHash))).toEqual(new Set(codes.map(hashGiftCardCode)))
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, 'gift_card.issue'), eq(auditLog.websiteId, storeId)))).toHaveLength(50)

    const page = (await executeAdminQuery('giftCards.list', { websiteId: storeId }, manager)) as GiftCardPage
    expect(page.total).toBe(50)
    const answers = JSON.stringify(page) + JSON.stringify(await executeAdminQuery('giftCards.get', { websiteId: storeId, id: batch.cards[0]!.id }, manager))
    const audits = JSON.stringify(await db().select().from(auditLog).where(eq(auditLog.websiteId, storeId)))
    for (const code of codes) {
      expect(answers).not.toContain(code)
      expect(audits).not.toContain(code)
    }
    expect(page.rows[0]).toMatchObject({ initialAmount: 25, balance: 25, status: 'active', recipientEmail: 'team@example.com' })

    const found = (await executeAdminQuery('giftCards.list', { websiteId: storeId, last4: batch.cards[7]!.last4.toLowerCase() }, manager)) as GiftCardPage
    expect(found.rows.map((row) => row.id)).toContain(batch.cards[7]!.id)
    expect(found.rows.every((row) => row.last4 === batch.cards[7]!.last4)).toBe(true)

    const csvLines = batch.csv.trim().split('\r\n')
    expect(csvLines).toHaveLength(51)
    expect(csvLines[1]).toBe(`${batch.cards[0]!.code},${batch.cards[0]!.last4},25.00,,team@example.com,Spring welcome`)
  })

  test('a shopper redeems an issued number into their account; the card’s page shows who, and the ledger its row', async () => {
    const manager = await staffContext(websiteId, { role: 'store_manager' })
    const [card] = (await issue(manager, { amount: 40, count: 1 })).cards
    const shopper = await createPartner({ websiteId })
    const redeemed = await redeemGiftCard(db(), { websiteId, partnerId: shopper.id, ip: '198.51.100.20' }, card!.code.toLowerCase())
    expect(redeemed).toMatchObject({ id: card!.id, balance: 40 })
    const page = await detail(manager, card!.id)
    expect(page.redeemedBy).toEqual({ partnerId: shopper.id, email: shopper.email })
    expect(page.ledger.map((row) => [row.kind, row.amount])).toEqual([
      ['issue', 40],
      ['redeem', 0],
    ])
  })

  test('an adjustment moves the balance with a note, a ledger row and an audit row; balance = ledger; out of range is refused with a sentence', async () => {
    const manager = await staffContext(websiteId, { role: 'store_manager' })
    const [card] = (await issue(manager, { amount: 50, count: 1 })).cards
    const lowered = (await executeAdminMutation('giftCards.adjust', { websiteId, id: card!.id, amount: -12.5, note: 'Damaged item goodwill taken back' }, manager)) as GiftCardDetail
    expect(lowered.balance).toBe(37.5)
    expect(lowered.ledger.at(-1)).toMatchObject({ kind: 'adjust', amount: -12.5, note: 'Damaged item goodwill taken back' })
    await executeAdminMutation('giftCards.adjust', { websiteId, id: card!.id, amount: 2.5, note: 'Partly restored' }, manager)
    expect(await ledgerAndBalance(card!.id)).toEqual({ ledger: 4000, balance: 4000 })

    const tooMuch = await refusal(executeAdminMutation('giftCards.adjust', { websiteId, id: card!.id, amount: 10.01, note: 'More' }, manager))
    expect([tooMuch.code, tooMuch.userMessage]).toEqual(['invalid', ADJUST_OUT_OF_RANGE(50, 40)])
    expect((await refusal(executeAdminMutation('giftCards.adjust', { websiteId, id: card!.id, amount: -40.01, note: 'Less' }, manager))).code).toBe('invalid')
    expect((await refusal(executeAdminMutation('giftCards.adjust', { websiteId, id: card!.id, amount: 5, note: '  ' }, manager))).userMessage).toContain('must say why')
    expect(await ledgerAndBalance(card!.id)).toEqual({ ledger: 4000, balance: 4000 })
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entityType, 'gift_card'), eq(auditLog.entityId, String(card!.id)))).orderBy(auditLog.id)
    expect(audits.map((row) => [row.action, row.after])).toEqual([
      ['gift_card.issue', expect.anything()],
      ['gift_card.adjust', { balance: 37.5, amount: -12.5, note: 'Damaged item goodwill taken back' }],
      ['gift_card.adjust', { balance: 40, amount: 2.5, note: 'Partly restored' }],
    ])
  })

  test('a disabled card cannot be redeemed; enabled again it can; both are ledger rows', async () => {
    const manager = await staffContext(websiteId, { role: 'store_manager' })
    const [card] = (await issue(manager, { amount: 10, count: 1 })).cards
    const off = (await executeAdminMutation('giftCards.setActive', { websiteId, id: card!.id, active: false, note: 'Reported lost' }, manager)) as GiftCardDetail
    expect(off.status).toBe('disabled')
    const disabledList = (await executeAdminQuery('giftCards.list', { websiteId, status: 'disabled' }, manager)) as GiftCardPage
    expect(disabledList.rows.map((row) => row.id)).toContain(card!.id)

    const shopper = await createPartner({ websiteId })
    const caller = { websiteId, partnerId: shopper.id, ip: '198.51.100.21' }
    expect((await refusal(redeemGiftCard(db(), caller, card!.code))).userMessage).toBe(GIFT_CARD_REFUSED)
    await executeAdminMutation('giftCards.setActive', { websiteId, id: card!.id, active: true }, manager)
    expect(await redeemGiftCard(db(), caller, card!.code)).toMatchObject({ id: card!.id })
    expect((await detail(manager, card!.id)).ledger.map((row) => [row.kind, row.note])).toEqual([
      ['issue', null],
      ['disable', 'Reported lost'],
      ['enable', null],
      ['redeem', null],
    ])
  })

  test('the batch CSV neutralises a note or recipient a spreadsheet would run as a formula', async () => {
    const manager = await staffContext(websiteId, { role: 'store_manager' })
    const batch = await issue(manager, { amount: 5, count: 2, note: '=HYPERLINK("https://attacker.example","win")' })
    const [, first] = batch.csv.split('\r\n')
    expect(first).toBe(`${batch.cards[0]!.code},${batch.cards[0]!.last4},5.00,,,"'=HYPERLINK(""https://attacker.example"",""win"")"`)
    expect(batch.csv).not.toMatch(/,=/)
  })

  test('an expiry in the past, a count over the limit or a zero amount is refused with a sentence', async () => {
    const manager = await staffContext(websiteId, { role: 'store_manager' })
    expect((await refusal(issue(manager, { amount: 5, count: 1, expiresAt: '2000-01-01' }))).userMessage).toContain('expiry date is in the past')
    expect((await refusal(issue(manager, { amount: 5, count: 501 }))).userMessage).toContain('at most 500')
    expect((await refusal(issue(manager, { amount: 0, count: 1 }))).userMessage).toContain('positive amount')
  })

  test('fulfilment is refused (403), another store’s manager gets 404 for the card and the store, a guest 401', async () => {
    const owner = await staffContext(websiteId, { role: 'owner' })
    const [card] = (await issue(owner, { amount: 15, count: 1 })).cards
    const fulfilment = await staffContext(websiteId, { role: 'fulfilment' })
    const forbidden = await refusal(executeAdminQuery('giftCards.list', { websiteId }, fulfilment))
    expect([forbidden.code, forbidden.userMessage]).toEqual(['forbidden', NOT_ALLOWED])
    expect((await refusal(issue(fulfilment, { amount: 5, count: 1 }))).code).toBe('forbidden')
    expect((await refusal(executeAdminMutation('giftCards.adjust', { websiteId, id: card!.id, amount: -1, note: 'x' }, fulfilment))).code).toBe('forbidden')

    const stranger = await staffContext(otherStoreId, { role: 'store_manager' })
    expect((await refusal(detail(stranger, card!.id))).code).toBe('not_found')
    expect((await refusal(executeAdminQuery('giftCards.get', { websiteId: otherStoreId, id: card!.id }, stranger))).code).toBe('not_found')
    expect((await refusal(executeAdminMutation('giftCards.setActive', { websiteId: otherStoreId, id: card!.id, active: false }, stranger))).code).toBe('not_found')
    const guest = coreContext({ websiteId, actor: GUEST, clientKey: '198.51.100.5' })
    expect((await refusal(executeAdminQuery('giftCards.list', { websiteId }, guest))).code).toBe('unauthorized')
    expect((await detail(owner, card!.id)).status).toBe('active')
  })
})
