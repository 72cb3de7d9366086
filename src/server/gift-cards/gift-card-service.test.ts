import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { SIGN_IN_REQUIRED } from '@/isomorphic/account-types'
import { createPartner } from '../../../tests/factories/accounts'
import { createGiftCard } from '../../../tests/factories/gift-cards'
import { nextSequence } from '../../../tests/factories/sequence'
import { createWebsite } from '../../../tests/factories/website'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { startSession } from '../accounts/session-service'
import { forgetSigningKey } from '../accounts/signing-key'
import type { CoreContext } from '../kernel/context'
import { parseInput } from '../kernel/input'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { giftCards, giftCardTransactions, orders } from '../db/schema'
import { generateGiftCardCode, giftCardCodeHashes, giftCardLast4, hashGiftCardCode, normalizeGiftCardCode } from './gift-card-codes'
import { GET_GIFT_CARDS_QUERY, GIFT_CARD_MUTATIONS } from './gift-card-mutations'
import {
  availableGiftCardBalance,
  GIFT_CARD_ADDED,
  GIFT_CARD_ALREADY_ON_ACCOUNT,
  GIFT_CARD_REFUSED,
  refundGiftCardSpend,
  spendGiftCards,
  TOO_MANY_GIFT_CARD_ATTEMPTS,
} from './gift-card-service'
import { callerContext } from '../../../tests/support/core-context'

const DAY_MS = 24 * 60 * 60_000

describe('gift card numbers', () => {
  test('are compared trimmed and upper-cased, and stored only as a SHA-256 and the last four characters', () => {
    expect(normalizeGiftCardCode('  granite-gift-0050 ')).toBe('GRANITE-GIFT-0050')
    expect(hashGiftCardCode(' granite-gift-0050')).toBe(hashGiftCardCode('GRANITE-GIFT-0050'))
    expect(hashGiftCardCode('GRANITE-GIFT-0050')).toMatch(/^[0-9a-f]{64}$/)
    expect(hashGiftCardCode('GRANITE-GIFT-0050')).not.toBe(hashGiftCardCode('GRANITE-GIFT-0200'))
    expect(giftCardLast4('granite-gift-00ab')).toBe('00AB')
  })

  test('a generated number is also looked for in its dashed form when typed without dashes or with blanks; others only as written', () => {
    const generated = generateGiftCardCode()
    const stored = hashGiftCardCode(generated)
    for (const typed of [generated, generated.replaceAll('-', ''), generated.replaceAll('-', ' ').toLowerCase(), ` ${generated.replaceAll('-', '').toLowerCase()} `]) {
      expect(giftCardCodeHashes(typed), typed).toContain(stored)
    }
    expect(giftCardCodeHashes(generated)).toEqual([stored])
    expect(giftCardCodeHashes('granite-gift-0050')).toEqual([hashGiftCardCode('GRANITE-GIFT-0050')])
    expect(giftCardCodeHashes('4000123412341234')[0]).toBe(hashGiftCardCode('4000123412341234'))
  })
})

describe.each(testDatabaseKinds())('gift cards on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let websiteId: number

  beforeAll(async () => {
    forgetSigningKey()
    websiteId = (await createWebsite({ name: 'Granite Ridge Store' })).id
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  /** A partner signed in, with the API context of their requests (from `ip`). */
  async function signedInPartner(ip = '192.0.2.10') {
    const partner = await createPartner({ websiteId })
    const session = await startSession(db(), { partnerId: partner.id, websiteId, method: 'password' })
    const ctx = callerContext(websiteId, { accessToken: session.accessToken, ip })
    return { partner, ctx }
  }

  const anonymous = (): CoreContext => callerContext(websiteId, { ip: '192.0.2.99' })

  async function redeem(ctx: CoreContext, body: unknown) {
    const definition = GIFT_CARD_MUTATIONS.redeemGiftCard!
    return definition.handler(parseInput(definition.input, body, { key: 'redeemGiftCard', root: 'body' }), ctx)
  }

  const cardRow = async (id: number) => (await db().select().from(giftCards).where(eq(giftCards.id, id)))[0]!
  const ledgerOf = (id: number) => db().select().from(giftCardTransactions).where(eq(giftCardTransactions.giftCardId, id))

  /** A bare order row of the partner's (what the ledger's order id points at). */
  async function orderFor(partnerId: number) {
    const [order] = await db()
      .insert(orders)
      .values({
        websiteId,
        name: `GT${String(nextSequence()).padStart(5, '0')}`,
        partnerId,
        accessToken: randomBytes(32).toString('base64url'),
        kind: 'order',
        state: 'draft',
        partnerName: 'Jordan Buyer',
        partnerEmail: 'jordan@example.com',
        billingAddress: { name: 'Jordan Buyer', phone: null, street: '1 Main St', street2: null, city: 'Denver', zip: '80202', countryId: null, stateId: null, country: 'US', state: 'CO' },
        amountUntaxed: 10000,
        amountTotal: 10000,
        amountDue: 10000,
        requestFingerprint: 'test',
      })
      .returning()
    return order!
  }

  describe('redeemGiftCard', () => {
    test('attaches an unredeemed card to the signed-in partner, whatever the case and blanks of the number', async () => {
      const { partner, ctx } = await signedInPartner()
      const card = await createGiftCard({ websiteId, code: 'GRANITE-GIFT-7050', initialAmount: 5000, expiresAt: new Date(Date.now() + 30 * DAY_MS) })

      const answer = await redeem(ctx, { gcNumber: '  granite-gift-7050 ' })

      expect(answer).toEqual({
        redeemGiftCard: {
          success: true,
          alreadyOnAccount: false,
          message: GIFT_CARD_ADDED,
          giftCard: { id: card.id, last4: '7050', balance: 50, expiresAt: card.expiresAt!.toISOString() },
        },
      })
      const stored = await cardRow(card.id)
      expect(stored.partnerId).toBe(partner.id)
      expect(stored.redeemedAt).toBeInstanceOf(Date)
      expect(await ledgerOf(card.id)).toEqual([expect.objectContaining({ kind: 'redeem', amount: 0, partnerId: partner.id, orderId: null })])
    })

    test('attaches a generated card whose number was typed without its dashes', async () => {
      const { partner, ctx } = await signedInPartner()
      const card = await createGiftCard({ websiteId, code: generateGiftCardCode(), initialAmount: 1500 })
      const answer = await redeem(ctx, { gcNumber: card.code.replaceAll('-', '').toLowerCase() })
      expect(answer).toMatchObject({ redeemGiftCard: { success: true, alreadyOnAccount: false, giftCard: { id: card.id, balance: 15 } } })
      expect((await cardRow(card.id)).partnerId).toBe(partner.id)
    })

    test('accepts a number sent as a JSON number', async () => {
      const { partner, ctx } = await signedInPartner()
      const card = await createGiftCard({ websiteId, code: '4000123412341234' })
      await redeem(ctx, { gcNumber: 4000123412341234 })
      expect((await cardRow(card.id)).partnerId).toBe(partner.id)
    })

    test("redeeming one's own card again says it is already on the account and records nothing new", async () => {
      const { ctx } = await signedInPartner()
      const card = await createGiftCard({ websiteId, initialAmount: 2500 })
      expect(await redeem(ctx, { gcNumber: card.code })).toMatchObject({ redeemGiftCard: { alreadyOnAccount: false, message: GIFT_CARD_ADDED } })
      const again = await redeem(ctx, { gcNumber: card.code.toLowerCase() })
      expect(again).toEqual({
        redeemGiftCard: {
          success: true,
          alreadyOnAccount: true,
          message: GIFT_CARD_ALREADY_ON_ACCOUNT,
          giftCard: expect.objectContaining({ id: card.id, balance: 25 }),
        },
      })
      expect(await ledgerOf(card.id)).toHaveLength(1)
      expect((await cardRow(card.id)).balanceAmount).toBe(2500)
    })

    test("refuses unknown, expired, deactivated and another partner's cards with one message, changing nothing", async () => {
      const { ctx } = await signedInPartner()
      const { partner: owner } = await signedInPartner()
      const expired = await createGiftCard({ websiteId, expiresAt: new Date(Date.now() - 60_000) })
      const inactive = await createGiftCard({ websiteId, isActive: false })
      const taken = await createGiftCard({ websiteId, partnerId: owner.id, redeemedAt: new Date() })
      const elsewhere = await createGiftCard({ websiteId: (await createWebsite()).id })

      for (const gcNumber of ['NO-SUCH-CARD-0001', expired.code, inactive.code, taken.code, elsewhere.code, '   ', 'x'.repeat(65)]) {
        await expect(redeem(ctx, { gcNumber })).rejects.toMatchObject({ code: 'invalid', userMessage: GIFT_CARD_REFUSED })
      }
      for (const card of [expired, inactive, elsewhere]) expect((await cardRow(card.id)).partnerId).toBeNull()
      expect((await cardRow(taken.id)).partnerId).toBe(owner.id)
      expect(await ledgerOf(taken.id)).toHaveLength(0)
    })

    test('needs a signed-in partner', async () => {
      const card = await createGiftCard({ websiteId })
      await expect(redeem(anonymous(), { gcNumber: card.code })).rejects.toMatchObject({ code: 'unauthorized', userMessage: SIGN_IN_REQUIRED })
      expect((await cardRow(card.id)).partnerId).toBeNull()
    })

    test('says what is wrong with a body that has no number', async () => {
      const { ctx } = await signedInPartner()
      await expect(redeem(ctx, {})).rejects.toMatchObject({ code: 'invalid', message: expect.stringContaining('body.gcNumber is required') })
      await expect(redeem(ctx, { gcNumber: 'A', giftCardId: 3 })).rejects.toMatchObject({ code: 'invalid', message: expect.stringContaining("'giftCardId'") })
    })

    test('stops a partner after 10 attempts in 15 minutes, even with a right number, with a clear 429', async () => {
      const { ctx } = await signedInPartner('192.0.2.20')
      const card = await createGiftCard({ websiteId })
      for (let attempt = 0; attempt < 10; attempt += 1) {
        await expect(redeem(ctx, { gcNumber: `GUESS-${attempt}` })).rejects.toMatchObject({ userMessage: GIFT_CARD_REFUSED })
      }
      await expect(redeem(ctx, { gcNumber: card.code })).rejects.toMatchObject({ code: 'rate_limited', userMessage: TOO_MANY_GIFT_CARD_ATTEMPTS })
      expect((await cardRow(card.id)).partnerId).toBeNull()
    })

    test('stops one address trying numbers across many accounts', async () => {
      const card = await createGiftCard({ websiteId })
      for (let partner = 0; partner < 3; partner += 1) {
        const { ctx } = await signedInPartner('198.51.100.7')
        for (let attempt = 0; attempt < 10; attempt += 1) await redeem(ctx, { gcNumber: `GUESS-${partner}-${attempt}` }).catch(() => null)
      }
      const { ctx } = await signedInPartner('198.51.100.7')
      await expect(redeem(ctx, { gcNumber: card.code })).rejects.toMatchObject({ code: 'rate_limited', userMessage: TOO_MANY_GIFT_CARD_ATTEMPTS })
    })

    test('of 20 partners redeeming one card at the same moment exactly one gets it', async () => {
      const card = await createGiftCard({ websiteId })
      const callers = await Promise.all(Array.from({ length: 20 }, (_, index) => signedInPartner(`203.0.113.${index + 1}`)))

      const results = await Promise.allSettled(callers.map(({ ctx }) => redeem(ctx, { gcNumber: card.code })))

      const winners = results.flatMap((result, index) => (result.status === 'fulfilled' ? [callers[index]!.partner.id] : []))
      expect(winners).toHaveLength(1)
      for (const result of results) {
        if (result.status === 'rejected') expect(result.reason).toMatchObject({ userMessage: GIFT_CARD_REFUSED })
      }
      expect((await cardRow(card.id)).partnerId).toBe(winners[0])
      expect(await ledgerOf(card.id)).toEqual([expect.objectContaining({ kind: 'redeem', partnerId: winners[0] })])
    })
  })

  describe('getGiftCards', () => {
    test("lists the signed-in partner's cards only, in dollars", async () => {
      const { partner, ctx } = await signedInPartner()
      const { partner: other } = await signedInPartner()
      const expiresAt = new Date('2031-06-30T00:00:00Z')
      const redeemedAt = new Date('2026-01-02T03:04:05Z')
      const mine = await createGiftCard({ websiteId, code: 'MINE-0001-2345', initialAmount: 20000, balanceAmount: 12550, partnerId: partner.id, expiresAt, redeemedAt })
      await createGiftCard({ websiteId, partnerId: other.id, redeemedAt })

      expect(await GET_GIFT_CARDS_QUERY.handler(undefined, ctx)).toEqual({
        giftCards: [{ id: mine.id, last4: '2345', balance: 125.5, initialAmount: 200, expiresAt: expiresAt.toISOString(), redeemedAt: redeemedAt.toISOString() }],
      })
    })

    test('needs a signed-in partner', async () => {
      await expect(GET_GIFT_CARDS_QUERY.handler(undefined, anonymous())).rejects.toMatchObject({ code: 'unauthorized' })
    })
  })

  describe('availableGiftCardBalance', () => {
    test('adds up the usable cards of the partner only', async () => {
      const { partner } = await signedInPartner()
      await createGiftCard({ websiteId, partnerId: partner.id, initialAmount: 5000, balanceAmount: 1250 })
      await createGiftCard({ websiteId, partnerId: partner.id, initialAmount: 20000 })
      await createGiftCard({ websiteId, partnerId: partner.id, expiresAt: new Date(Date.now() - 1000) })
      await createGiftCard({ websiteId, partnerId: partner.id, isActive: false })
      await createGiftCard({ websiteId })
      expect(await availableGiftCardBalance(db(), { partnerId: partner.id })).toBe(21_250)
    })
  })

  describe('refundGiftCardSpend', () => {
    test("gives an order's spending back to its cards once, with a refund row each", async () => {
      const { partner } = await signedInPartner()
      const first = await createGiftCard({ websiteId, partnerId: partner.id, initialAmount: 1000, expiresAt: new Date(Date.now() + DAY_MS) })
      const second = await createGiftCard({ websiteId, partnerId: partner.id, initialAmount: 5000 })
      const order = await orderFor(partner.id)
      const other = await orderFor(partner.id)
      await db().transaction((tx) => spendGiftCards(tx, { partnerId: partner.id, amount: 3000, orderId: order.id }))
      await db().transaction((tx) => spendGiftCards(tx, { partnerId: partner.id, amount: 500, orderId: other.id }))

      const refunds = await Promise.all([1, 2, 3].map(() => db().transaction((tx) => refundGiftCardSpend(tx, { orderId: order.id }))))

      expect(refunds.sort()).toEqual([0, 0, 3000])
      expect((await cardRow(first.id)).balanceAmount).toBe(1000)
      expect((await cardRow(second.id)).balanceAmount).toBe(4500)
      expect((await ledgerOf(first.id)).map((row) => [row.kind, row.amount])).toEqual([['spend', -1000], ['refund', 1000]])
      const secondLedger = (await ledgerOf(second.id)).map((row) => [row.kind, row.orderId, row.amount])
      expect(secondLedger).toHaveLength(3)
      expect(secondLedger).toEqual(expect.arrayContaining([['spend', order.id, -2000], ['refund', order.id, 2000], ['spend', other.id, -500]]))
      const unpaid = await orderFor(partner.id)
      expect(await db().transaction((tx) => refundGiftCardSpend(tx, { orderId: unpaid.id }))).toBe(0)
    })
  })

  describe('spendGiftCards', () => {
    test('takes from the card that expires soonest first, and records each debit against the order', async () => {
      const { partner } = await signedInPartner()
      const later = await createGiftCard({ websiteId, partnerId: partner.id, initialAmount: 5000, expiresAt: new Date(Date.now() + 90 * DAY_MS) })
      const sooner = await createGiftCard({ websiteId, partnerId: partner.id, initialAmount: 3000, expiresAt: new Date(Date.now() + 10 * DAY_MS) })
      const never = await createGiftCard({ websiteId, partnerId: partner.id, initialAmount: 1000 })
      const order = await orderFor(partner.id)

      const taken = await db().transaction((tx) => spendGiftCards(tx, { partnerId: partner.id, amount: 4500, orderId: order.id }))

      expect(taken).toBe(4500)
      expect((await cardRow(sooner.id)).balanceAmount).toBe(0)
      expect((await cardRow(later.id)).balanceAmount).toBe(3500)
      expect((await cardRow(never.id)).balanceAmount).toBe(1000)
      expect(await ledgerOf(sooner.id)).toEqual([expect.objectContaining({ kind: 'spend', amount: -3000, orderId: order.id })])
      expect(await ledgerOf(later.id)).toEqual([expect.objectContaining({ kind: 'spend', amount: -1500, orderId: order.id })])
    })

    test('takes no more than the cards hold, and nothing from expired, deactivated or other partners’ cards', async () => {
      const { partner } = await signedInPartner()
      const { partner: other } = await signedInPartner()
      const usable = await createGiftCard({ websiteId, partnerId: partner.id, initialAmount: 2500 })
      const expired = await createGiftCard({ websiteId, partnerId: partner.id, expiresAt: new Date(Date.now() - 1000) })
      const inactive = await createGiftCard({ websiteId, partnerId: partner.id, isActive: false })
      const others = await createGiftCard({ websiteId, partnerId: other.id })
      const order = await orderFor(partner.id)

      const taken = await db().transaction((tx) => spendGiftCards(tx, { partnerId: partner.id, amount: 10_000, orderId: order.id }))

      expect(taken).toBe(2500)
      expect((await cardRow(usable.id)).balanceAmount).toBe(0)
      for (const card of [expired, inactive, others]) expect((await cardRow(card.id)).balanceAmount).toBe(card.initialAmount)
      expect(await db().transaction((tx) => spendGiftCards(tx, { partnerId: partner.id, amount: 500, orderId: order.id }))).toBe(0)
      expect(await db().transaction((tx) => spendGiftCards(tx, { partnerId: partner.id, amount: -500, orderId: order.id }))).toBe(0)
    })

    test('a spend rolled back with its order leaves the card as it was', async () => {
      const { partner } = await signedInPartner()
      const card = await createGiftCard({ websiteId, partnerId: partner.id, initialAmount: 5000 })
      const order = await orderFor(partner.id)
      await expect(
        db().transaction(async (tx) => {
          await spendGiftCards(tx, { partnerId: partner.id, amount: 2000, orderId: order.id })
          throw new Error('the tax service failed')
        }),
      ).rejects.toThrow('the tax service failed')
      expect((await cardRow(card.id)).balanceAmount).toBe(5000)
      expect(await ledgerOf(card.id)).toHaveLength(0)
    })

    test('20 orders spending one card at the same moment never take more than its balance', async () => {
      const { partner } = await signedInPartner()
      const card = await createGiftCard({ websiteId, partnerId: partner.id, initialAmount: 5000 })
      const orderIds = await Promise.all(Array.from({ length: 20 }, async () => (await orderFor(partner.id)).id))

      const taken = await Promise.all(
        orderIds.map((orderId) => db().transaction((tx) => spendGiftCards(tx, { partnerId: partner.id, amount: 700, orderId }))),
      )

      const total = taken.reduce((sum, amount) => sum + amount, 0)
      expect(total).toBe(5000)
      expect(taken.every((amount) => amount >= 0 && amount <= 700)).toBe(true)
      const stored = await cardRow(card.id)
      expect(stored.balanceAmount).toBe(0)
      const [ledger] = await db()
        .select({ sum: sql<number>`coalesce(sum(${giftCardTransactions.amount}), 0)::int` })
        .from(giftCardTransactions)
        .where(eq(giftCardTransactions.giftCardId, card.id))
      expect(ledger!.sum).toBe(stored.balanceAmount - stored.initialAmount)
    })
  })
})
