import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { OrderData } from '@/isomorphic/order-types'
import { createCheckoutStore, createRedeemedGiftCard, guestContext, orderBody, signedInCustomer, type CheckoutStore } from '../../../tests/factories/orders'
import { createGiftCard } from '../../../tests/factories/gift-cards'
import { generateGiftCardCode } from '../gift-cards/gift-card-codes'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import type { CoreContext } from '../kernel/context'
import { executeMutation } from '../api/mutation-registry'
import { runQuery } from '../api/query-registry'
import { forgetSigningKey } from '../accounts/signing-key'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { giftCards, giftCardTransactions, orders } from '../db/schema'
import { summarizeCart } from '../checkout/cart-summary-service'
import { GIFT_CARD_NUMBER_LIMIT, GIFT_CARD_REFUSED, refundGiftCardSpend, TOO_MANY_GIFT_CARD_ATTEMPTS } from '../gift-cards/gift-card-service'

// A guest pays part or all of an order with a gift card's number (issue 27, as Shopify takes one):
// checkGiftCard tells the balance, the checkout summary counts it, createOrder spends it before the
// payment method, and every miss is the one refusal, rate limited per address and store.

describe.each(testDatabaseKinds())('a guest paying with a gift card number on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: CheckoutStore

  beforeAll(async () => {
    forgetSigningKey()
    store = await createCheckoutStore()
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  const reference = async (ctx: CoreContext) => (await runQuery('getOrderId', undefined, ctx)).orderSequence
  const place = async (ctx: CoreContext, body: Record<string, unknown>) => ((await executeMutation('createOrder', body, ctx)) as { createOrder: { order: OrderData } }).createOrder.order
  const check = (ctx: CoreContext, gcNumber: string) => executeMutation('checkGiftCard', { gcNumber }, ctx) as Promise<{ checkGiftCard: { last4: string; balance: number; expiresAt: string | null } }>
  const balanceOf = async (id: number) => (await db().select({ balance: giftCards.balanceAmount }).from(giftCards).where(eq(giftCards.id, id)))[0]!.balance
  const ledgerOf = (orderId: number) => db().select().from(giftCardTransactions).where(eq(giftCardTransactions.orderId, orderId))

  /** The summary a guest's checkout shows for the default order, with this card number. */
  async function summaryWith(ctx: CoreContext, giftCardNumber: string) {
    const body = orderBody(store, 'S00000')
    return (await summarizeCart(ctx, { items: body.products, address: body.billingaddress, deliveryMethodId: body.deliveryMethodId, giftCardNumber })).orderSummary!
  }

  test('checkGiftCard tells the last four, the balance and the expiry of a card on no account, whatever the case and blanks', async () => {
    const card = await createGiftCard({ websiteId: store.websiteId, code: `GUEST-CHECK-${store.websiteId}1`, initialAmount: 4000, expiresAt: new Date('2030-01-01T00:00:00Z') })
    const answer = await check(guestContext(store.websiteId), `  ${card.code.toLowerCase()} `)
    expect(answer.checkGiftCard).toEqual({ last4: card.codeLast4, balance: 40, expiresAt: '2030-01-01T00:00:00.000Z' })
  })

  test('finds a generated card typed in groups with blanks instead of dashes', async () => {
    const card = await createGiftCard({ websiteId: store.websiteId, code: generateGiftCardCode(), initialAmount: 2500 })
    const answer = await check(guestContext(store.websiteId), card.code.replaceAll('-', ' ').toLowerCase())
    expect(answer.checkGiftCard).toMatchObject({ last4: card.codeLast4, balance: 25 })
  })

  test("refuses an unknown number, an expired or disabled card and a card on someone's account with the one message", async () => {
    const guest = guestContext(store.websiteId, '198.51.100.20')
    const expired = await createGiftCard({ websiteId: store.websiteId, expiresAt: new Date('2020-01-01T00:00:00Z') })
    const disabled = await createGiftCard({ websiteId: store.websiteId, isActive: false })
    const { partner } = await signedInCustomer(store.websiteId)
    const onAccount = await createRedeemedGiftCard({ websiteId: store.websiteId, partnerId: partner.id, amount: 3000 })
    for (const gcNumber of ['NOBODY-HAS-THIS-ONE', expired.code, disabled.code, onAccount.code]) {
      const error = await refusal(check(guest, gcNumber))
      expect(error.userMessage, gcNumber).toBe(GIFT_CARD_REFUSED)
    }
  })

  test('counts only misses: a right number checked again and again is always answered, wrong ones stop at the limit with a 429', async () => {
    const guest = guestContext(store.websiteId, '198.51.100.21')
    const card = await createGiftCard({ websiteId: store.websiteId, initialAmount: 1000 })
    for (let i = 0; i < GIFT_CARD_NUMBER_LIMIT.max + 5; i += 1) await check(guest, card.code)
    for (let i = 0; i < GIFT_CARD_NUMBER_LIMIT.max; i += 1) expect((await refusal(check(guest, `WRONG-${i}`))).userMessage).toBe(GIFT_CARD_REFUSED)
    const stopped = await refusal(check(guest, card.code))
    expect(stopped.code).toBe('rate_limited')
    expect(stopped.userMessage).toBe(TOO_MANY_GIFT_CARD_ATTEMPTS)
    // The summary and createOrder look numbers up under the same limit.
    expect((await refusal(summaryWith(guest, card.code))).userMessage).toBe(TOO_MANY_GIFT_CARD_ATTEMPTS)
    // Another address is not affected.
    await expect(check(guestContext(store.websiteId, '198.51.100.22'), card.code)).resolves.toMatchObject({ checkGiftCard: { balance: 10 } })
  })

  test('a card smaller than the order pays part of it: the rest is due by the payment method, the card is spent to zero', async () => {
    const guest = guestContext(store.websiteId)
    const card = await createGiftCard({ websiteId: store.websiteId, initialAmount: 2500 })
    const summary = await summaryWith(guest, card.code)
    expect(summary).toMatchObject({ totalPrice: 86.27, giftCardAmount: 25, estimatedTotal: 61.27 })

    const order = await place(guest, orderBody(store, await reference(guest), { giftCardNumber: card.code, expectedTotal: summary.totalPrice }))
    expect(order.amounts).toMatchObject({ total: 86.27, giftCard: 25, due: 61.27 })
    expect(order.paymentState).toBe('pending')
    expect(await balanceOf(card.id)).toBe(0)
    expect(await ledgerOf(order.id)).toEqual([expect.objectContaining({ giftCardId: card.id, partnerId: null, kind: 'spend', amount: -2500 })])
  })

  test('a card larger than the order pays all of it: the order is confirmed and paid without a payment method, the rest stays on the card', async () => {
    const guest = guestContext(store.websiteId)
    const card = await createGiftCard({ websiteId: store.websiteId, initialAmount: 10000 })
    const order = await place(guest, orderBody(store, await reference(guest), { giftCardNumber: card.code, aquirerId: null }))
    expect(order.amounts).toMatchObject({ total: 86.27, giftCard: 86.27, due: 0 })
    expect(order.paymentState).toBe('paid')
    expect(order.state).toBe('sale')
    expect(await balanceOf(card.id)).toBe(10000 - 8627)
  })

  test('a cancelled order gives the amount back to the card it was paid with', async () => {
    const guest = guestContext(store.websiteId)
    const card = await createGiftCard({ websiteId: store.websiteId, initialAmount: 3000 })
    const order = await place(guest, orderBody(store, await reference(guest), { giftCardNumber: card.code }))
    expect(await balanceOf(card.id)).toBe(0)
    const given = await db().transaction((tx) => refundGiftCardSpend(tx, { orderId: order.id }))
    expect(given).toBe(3000)
    expect(await balanceOf(card.id)).toBe(3000)
  })

  test('two orders paying with one number at the same moment take its balance once between them', async () => {
    const card = await createGiftCard({ websiteId: store.websiteId, initialAmount: 5000 })
    const guests = [guestContext(store.websiteId, '198.51.100.31'), guestContext(store.websiteId, '198.51.100.32')]
    const bodies = await Promise.all(guests.map(async (guest) => orderBody(store, await reference(guest), { giftCardNumber: card.code })))
    const placed = await Promise.all(guests.map((guest, i) => place(guest, bodies[i]!)))
    expect(placed.map((order) => order.amounts.giftCard).sort()).toEqual([0, 50])
    expect(await balanceOf(card.id)).toBe(0)
  })

  test("a quotation spends nothing of the card, and a refused number places no order", async () => {
    const guest = guestContext(store.websiteId, '198.51.100.40')
    const card = await createGiftCard({ websiteId: store.websiteId, initialAmount: 2000 })
    const quote = await place(guest, orderBody(store, await reference(guest), { giftCardNumber: card.code, quotation: true, aquirerId: null }))
    expect(quote.amounts.giftCard).toBe(0)
    expect(await balanceOf(card.id)).toBe(2000)

    const name = await reference(guest)
    const error = await refusal(place(guest, orderBody(store, name, { giftCardNumber: 'NOT-A-CARD-AT-ALL' })))
    expect(error.userMessage).toBe(GIFT_CARD_REFUSED)
    expect(await db().select().from(orders).where(eq(orders.name, name))).toEqual([])
  })
})
