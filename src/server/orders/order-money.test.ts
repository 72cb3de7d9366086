import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { AdminOrderDetail, CancelOrderAnswer, MarkOrderPaidAnswer, RefundOrderAnswer } from '@/isomorphic/contract/admin-orders'
import type { OrderData } from '@/isomorphic/order-types'
import { createCheckoutStore, type CheckoutStore, createRedeemedGiftCard, guestContext, orderBody, signedInCustomer } from '../../../tests/factories/orders'
import { createPaymentMethod } from '../../../tests/factories/store-settings'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { type FakeStripe, startFakeStripe } from '../../../tests/support/fake-stripe'
import { type SmtpCapture, startSmtpCapture } from '../../../tests/support/smtp-capture'
import { staffContext } from '../../../tests/support/staff'
import { forgetSigningKey } from '../accounts/signing-key'
import { CARD_REFUND_FAILED } from '../adapters/stripe'
import { executeAdminMutation, executeAdminQuery } from '../api/admin-registry'
import { executeMutation } from '../api/mutation-registry'
import { runQuery } from '../api/query-registry'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { auditLog, budgetTransactions, giftCards, giftCardTransactions, orders, partners, refunds, staff } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { backgroundMailSettled } from '../mail/background-mail'
import { useMailSettings } from '../mail/mail-settings'
import { handleStripeWebhook } from '../payments/stripe-payments'
import { useStripeSettings } from '../payments/stripe-settings'
import { appendOrderEvent } from '../timeline/order-events'
import { moneyOf, refundIdempotencyKey } from './order-money'
import { NOTHING_LEFT_TO_REFUND } from './refund-order'
import { previewRefund } from '@/isomorphic/refund-preview'
import { reconcile } from '@/isomorphic/refund-rules'

// The order's money in the console (issue 15): mark an offline payment received, cancel, refund by
// line or amount through Stripe, gift cards and the budget; exactly once per request key and under
// concurrency, always reconciling to the cent; one mail per change; the timeline on both sides.

describe.each(testDatabaseKinds())('the order money use cases on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: CheckoutStore
  let other: CheckoutStore
  let stripe: FakeStripe
  let smtp: SmtpCapture
  let invoice: { id: number }
  let card: { id: number }
  let owner: CoreContext
  let manager: CoreContext
  let fulfilment: CoreContext
  let otherManager: CoreContext

  beforeAll(async () => {
    forgetSigningKey()
    stripe = await startFakeStripe()
    smtp = await startSmtpCapture()
    useMailSettings({ smtpUrl: smtp.url, from: 'Store <store@example.com>', origin: 'https://shop.example.com' })
    store = await createCheckoutStore()
    other = await createCheckoutStore()
    invoice = await createPaymentMethod({ websiteId: store.websiteId, name: 'Pay by invoice', provider: 'invoice', instructions: 'We will invoice you.' })
    card = await createPaymentMethod({ websiteId: store.websiteId, name: 'Card', provider: 'stripe' })
    owner = await staffContext(store.websiteId, { role: 'owner' })
    manager = await staffContext(store.websiteId, { role: 'store_manager' })
    fulfilment = await staffContext(store.websiteId, { role: 'fulfilment' })
    otherManager = await staffContext(other.websiteId, { role: 'store_manager' })
  })
  afterAll(async () => {
    await backgroundMailSettled()
    useMailSettings(null)
    useStripeSettings(null)
    await smtp.close()
    await stripe.close()
  })
  beforeEach(() => {
    useRateLimiter(createMemoryRateLimiter())
    useStripeSettings({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.url, timeoutMs: 10_000 })
  })

  let keys = 0
  const key = () => `test-key-${process.pid}-${++keys}-${Date.now()}`

  async function place(ctx: CoreContext, overrides: Record<string, unknown> = {}): Promise<OrderData> {
    const { orderSequence } = await runQuery('getOrderId', undefined, ctx)
    const answer = (await executeMutation('createOrder', orderBody(store, orderSequence, overrides), ctx)) as { createOrder: { order: OrderData } }
    return answer.createOrder.order
  }

  /** A guest's $86.27 order confirmed with the invoice method: its payment pending. */
  async function invoiceOrder() {
    const guest = guestContext(store.websiteId)
    const order = await place(guest, { aquirerId: invoice.id })
    await executeMutation('orderPayment', { acquirerId: invoice.id, orderId: order.id, accessToken: order.accessToken }, guest)
    return order
  }

  /** A customer's $86.27 order: $10.00 from a gift card, $76.27 by card (paid at the fake Stripe, confirmed by its webhook). */
  async function cardOrder() {
    const customer = await signedInCustomer(store.websiteId, { budgetAmount: null })
    const giftCard = await createRedeemedGiftCard({ websiteId: store.websiteId, partnerId: customer.partner.id, amount: 1000 })
    const order = await place(customer.ctx, { aquirerId: card.id, useGiftCards: true })
    const paying = (await executeMutation('orderPayment', { acquirerId: card.id, orderId: order.id, accessToken: order.accessToken }, customer.ctx)) as { orderPayment: { redirectUrl: string } }
    const sessionId = paying.orderPayment.redirectUrl.split('/').pop()!
    stripe.pay(sessionId)
    const signed = stripe.event('checkout.session.completed', sessionId)
    await handleStripeWebhook({ rawBody: Buffer.from(signed.body), signature: signed.signature, websiteId: store.websiteId })
    const paymentIntent = stripe.sessions.get(sessionId)!.payment_intent!
    return { customer, giftCard, order, paymentIntent }
  }

  /** A customer's $86.27 order paid in full by a $10.00 gift card and $76.27 of budget (confirmed at once). */
  async function budgetOrder() {
    const customer = await signedInCustomer(store.websiteId, { budgetAmount: 10_000 })
    const giftCard = await createRedeemedGiftCard({ websiteId: store.websiteId, partnerId: customer.partner.id, amount: 1000 })
    const order = await place(customer.ctx, { useGiftCards: true })
    expect(order).toMatchObject({ state: 'sale', paymentState: 'paid', amounts: { giftCard: 10, budget: 76.27, due: 0 } })
    return { customer, giftCard, order }
  }

  const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!
  const refundRows = (orderId: number) => db().select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id)
  const cardBalance = async (id: number) => (await db().select({ balance: giftCards.balanceAmount }).from(giftCards).where(eq(giftCards.id, id)))[0]!.balance
  const budgetOf = async (partnerId: number) => (await db().select({ budget: partners.budgetAmount }).from(partners).where(eq(partners.id, partnerId)))[0]!.budget
  const stripeRefundsOf = (paymentIntent: string) => [...stripe.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent)
  const refundRequests = () => stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds')
  const mailsTo = (email: string, subject: string) => smtp.messages.filter((mail) => mail.envelopeTo.includes(email) && mail.subject === subject)
  const refund = (ctx: CoreContext, value: Record<string, unknown>) => executeAdminMutation('refundOrder', value, ctx) as Promise<RefundOrderAnswer>
  const cancel = (ctx: CoreContext, value: Record<string, unknown>) => executeAdminMutation('cancelOrder', value, ctx) as Promise<CancelOrderAnswer>
  const markPaid = (ctx: CoreContext, value: Record<string, unknown>) => executeAdminMutation('markOrderPaid', value, ctx) as Promise<MarkOrderPaidAnswer>
  const linesOf = async (orderId: number) => (await executeAdminQuery('orderDetail', { orderId }, owner) as { lines: { id: number; size: string | null; quantity: number }[] }).lines

  /** The order's totals, payments, refunds and ledgers agree to the cent. */
  async function expectReconciled(orderId: number) {
    const row = await orderRow(orderId)
    const money = await moneyOf(db(), row)
    expect(reconcile(money)).toEqual([])
    const rows = await refundRows(orderId)
    expect(rows.reduce((sum, refund) => sum + refund.amount, 0)).toBe(row.amountRefunded)
    // The gift card and budget ledgers hold exactly what the refunds say they gave back.
    const giftCardBack = (await db().select().from(giftCardTransactions).where(and(eq(giftCardTransactions.orderId, orderId), eq(giftCardTransactions.kind, 'refund')))).reduce((sum, entry) => sum + entry.amount, 0)
    const budgetBack = (await db().select().from(budgetTransactions).where(eq(budgetTransactions.orderId, orderId))).filter((entry) => entry.amount > 0).reduce((sum, entry) => sum + entry.amount, 0)
    expect(giftCardBack).toBe(money.refunded.giftCard)
    expect(budgetBack).toBe(money.refunded.budget)
    return { row, money }
  }

  describe('the timeline', () => {
    test('an invoice order reads placed → confirmed → paid, with who did each; the shopper sees only their rows, under "Store"', async () => {
      const order = await invoiceOrder()
      await markPaid(fulfilment, { orderId: order.id, reference: 'Cheque 4471' })
      await db().transaction((tx) => appendOrderEvent(tx, { orderId: order.id, type: 'note', actor: { kind: 'system', job: 'test' }, data: { text: 'Called the customer.' } }))

      const detail = await executeAdminQuery('orderDetail', { orderId: order.id }, owner)
      const timeline = (detail as { timeline: { type: string; actor: string; actorKind: string; data: Record<string, unknown> }[] }).timeline
      expect(timeline.map((event) => [event.type, event.actorKind, event.actor])).toEqual([
        ['placed', 'guest', 'Jordan Buyer'],
        ['confirmed', 'guest', 'Customer'],
        ['work_order_created', 'system', 'handoff'],
        ['paid', 'staff', 'Test fulfilment'],
        ['note', 'system', 'test'],
      ])
      expect(timeline[3]!.data).toMatchObject({ reference: 'Cheque 4471', amount: 8627 })

      const { order: seen } = await runQuery('getOrderDetails', { id: order.id, accessToken: order.accessToken }, guestContext(store.websiteId))
      expect(seen.timeline.map((event) => [event.type, event.actor])).toEqual([
        ['placed', 'Customer'],
        ['confirmed', 'Customer'],
        ['paid', 'Store'],
      ])
      expect(JSON.stringify(seen.timeline)).not.toContain('Test fulfilment')
    })

    test('a card payment is confirmed and paid by the Stripe job, once', async () => {
      const { order } = await cardOrder()
      const detail = (await executeAdminQuery('orderDetail', { orderId: order.id }, owner)) as { timeline: { type: string; actor: string }[] }
      expect(detail.timeline.map((event) => [event.type, event.actor])).toEqual([
        ['placed', 'Jordan Buyer'],
        ['confirmed', 'stripe'],
        ['work_order_created', 'handoff'],
        ['paid', 'stripe'],
      ])
    })
  })

  describe('markOrderPaid', () => {
    test('marks an invoice order paid with its reference once; the second time is a 409 that says when; the audit row is written', async () => {
      const order = await invoiceOrder()
      const answer = await markPaid(manager, { orderId: order.id, reference: '  INV-2209  ' })
      expect(answer).toMatchObject({ message: `Order ${order.name} is marked paid.`, order: { paymentState: 'paid', paymentReference: 'INV-2209' } })
      expect(await orderRow(order.id)).toMatchObject({ paymentState: 'paid', paymentReference: 'INV-2209' })
      const again = await refusal(markPaid(manager, { orderId: order.id, reference: 'INV-2209' }))
      expect(again.code).toBe('conflict')
      expect(again.userMessage).toMatch(new RegExp(`^Order ${order.name} was already marked paid on \\d{4}-\\d{2}-\\d{2} \\(reference INV-2209\\)\\.$`))
      const audit = await db().select().from(auditLog).where(and(eq(auditLog.entityId, String(order.id)), eq(auditLog.action, 'order.mark_paid')))
      expect(audit).toHaveLength(1)
      expect(audit[0]).toMatchObject({ role: 'store_manager', websiteId: store.websiteId, after: { paymentState: 'paid', paymentReference: 'INV-2209' } })
    })

    test('a card order cannot be marked paid (409), and another store\'s manager gets 404 whatever the order', async () => {
      const { order } = await cardOrder()
      expect((await refusal(markPaid(owner, { orderId: order.id, reference: 'X-1' }))).code).toBe('conflict')
      const invoiced = await invoiceOrder()
      const error = await refusal(markPaid(otherManager, { orderId: invoiced.id, reference: 'X-1' }))
      expect(error.code).toBe('not_found')
      expect((await refusal(markPaid(otherManager, { orderId: 2_000_000_000, reference: 'X-1' }))).userMessage).toBe(error.userMessage)
      expect((await orderRow(invoiced.id)).paymentState).toBe('pending')
    })
  })

  describe('who may', () => {
    test('fulfilment may not refund (403 from the core); another store\'s manager gets 404 on the detail, a refund and a cancel', async () => {
      const { order } = await cardOrder()
      const forbidden = await refusal(refund(fulfilment, { orderId: order.id, requestKey: key(), amount: 1, reason: 'Try' }))
      expect(forbidden.code).toBe('forbidden')
      // One call at a time: a refusal started early would be unhandled until its turn comes.
      for (const call of [
        () => executeAdminQuery('orderDetail', { orderId: order.id }, otherManager),
        () => refund(otherManager, { orderId: order.id, requestKey: key(), amount: 1, reason: 'Try' }),
        () => cancel(otherManager, { orderId: order.id, requestKey: key(), reason: 'Try' }),
      ]) {
        expect((await refusal(call())).code).toBe('not_found')
      }
      expect(await refundRows(order.id)).toEqual([])
      expect(refundRequests().filter((request) => request.form['metadata[order_id]'] === String(order.id))).toEqual([])
    })
  })

  describe('refundOrder', () => {
    test('ten concurrent refunds of one line with different keys refund it once; the others are told nothing is left of it', async () => {
      const { order, paymentIntent } = await cardOrder()
      const medium = (await linesOf(order.id)).find((line) => line.size === 'M')!
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () => refund(owner, { orderId: order.id, requestKey: key(), lines: [{ orderLineId: medium.id, quantity: 2 }], reason: 'Wrong size' })),
      )
      const done = results.filter((result) => result.status === 'fulfilled')
      expect(done).toHaveLength(1)
      for (const result of results.filter((candidate) => candidate.status === 'rejected')) {
        expect((result as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict', userMessage: 'Core Blend Polo is already refunded in full.' })
      }
      // The lines cost 76.32 with tax (86.27 less 9.95 of delivery): 76.32 × 48.00 / 72.00 = 50.88, all from the card.
      expect((done[0] as PromiseFulfilledResult<RefundOrderAnswer>).value.refund).toMatchObject({ amount: 50.88, split: { card: 50.88, giftCard: 0, budget: 0 }, lines: [{ orderLineId: medium.id, quantity: 2, amount: 50.88 }] })
      expect(await refundRows(order.id)).toHaveLength(1)
      expect(stripeRefundsOf(paymentIntent).map((entry) => entry.amount)).toEqual([5088])
      expect(await orderRow(order.id)).toMatchObject({ amountRefunded: 5088, paymentState: 'partially_refunded' })
      await expectReconciled(order.id)
    })

    test('ten concurrent refunds with the SAME key give one refund, one Stripe refund and one mail, and all answer it', async () => {
      const { order, paymentIntent } = await cardOrder()
      const requestKey = key()
      const answers = await Promise.all(Array.from({ length: 10 }, () => refund(manager, { orderId: order.id, requestKey, amount: 12.5, reason: 'Late delivery' })))
      expect(new Set(answers.map((answer) => answer.refund.id)).size).toBe(1)
      expect(answers.filter((answer) => answer.refundedNow)).toHaveLength(1)
      expect(await refundRows(order.id)).toHaveLength(1)
      expect(stripeRefundsOf(paymentIntent).map((entry) => entry.amount)).toEqual([1250])
      await backgroundMailSettled()
      expect(mailsTo('jordan@example.com', `A refund of $12.50 on your order ${order.name}`)).toHaveLength(1)
      // A retry later answers the same refund again.
      const retry = await refund(manager, { orderId: order.id, requestKey, amount: 12.5, reason: 'Late delivery' })
      expect(retry).toMatchObject({ refundedNow: false, refund: { id: answers[0]!.refund.id } })
    })

    test('reaches the fake Stripe with an Idempotency-Key per request, the PaymentIntent and the amount in cents', async () => {
      const { order, paymentIntent } = await cardOrder()
      const requestKey = key()
      const before = refundRequests().length
      const answer = await refund(owner, { orderId: order.id, requestKey, amount: 20, reason: 'Goodwill' })
      const sent = refundRequests().slice(before)
      expect(sent).toHaveLength(1)
      expect(sent[0]!.headers['idempotency-key']).toBe(refundIdempotencyKey('refund', order.id, requestKey))
      expect(sent[0]!.form).toMatchObject({ payment_intent: paymentIntent, amount: '2000', reason: 'requested_by_customer', 'metadata[order_id]': String(order.id) })
      expect(answer.refund.providerRefundId).toBe(stripeRefundsOf(paymentIntent)[0]!.id)
    })

    test('refunds go back card first, then gift cards; every refund reconciles to the cent, and the last piece gives back the rounding', async () => {
      const { order, giftCard, paymentIntent, customer } = await cardOrder()
      const lines = await linesOf(order.id)
      const large = lines.find((line) => line.size === 'L')!
      const medium = lines.find((line) => line.size === 'M')!

      // The refund dialog's preview (orderDetail + previewRefund) says what each refund then gives back.
      const preview = async (request: { amount: number } | { lines: { orderLineId: number; quantity: number }[] }) =>
        previewRefund((await executeAdminQuery('orderDetail', { orderId: order.id }, owner)) as AdminOrderDetail, request)
      expect(await preview({ amount: 70 })).toEqual({ ok: true, amount: 70, split: { card: 70, offline: 0, giftCard: 0, budget: 0 } })
      const first = await refund(owner, { orderId: order.id, requestKey: key(), amount: 70, reason: 'Part' })
      expect(first.refund.split).toEqual({ card: 70, offline: 0, giftCard: 0, budget: 0 })
      await expectReconciled(order.id)

      // L: 76.32 × 24 / 72 = 25.44: 6.27 left on the card, then the gift card … which only took 10.00: at most 16.27 is left.
      expect(await preview({ lines: [{ orderLineId: large.id, quantity: 1 }] })).toEqual({ ok: true, amount: 16.27, split: { card: 6.27, offline: 0, giftCard: 10, budget: 0 } })
      const second = await refund(owner, { orderId: order.id, requestKey: key(), lines: [{ orderLineId: large.id, quantity: 1 }], reason: 'Damaged' })
      expect(await preview({ amount: 0.01 })).toEqual({ ok: false, problem: 'Nothing is left to refund on this order.' })
      expect(second.refund.split).toEqual({ card: 6.27, offline: 0, giftCard: 10, budget: 0 })
      expect(second.order).toMatchObject({ paymentState: 'refunded', amountRefunded: 86.27 })
      await expectReconciled(order.id)
      expect(await cardBalance(giftCard.id)).toBe(1000)
      expect(stripeRefundsOf(paymentIntent).reduce((sum, entry) => sum + entry.amount, 0)).toBe(7627)

      const nothing = await refusal(refund(owner, { orderId: order.id, requestKey: key(), lines: [{ orderLineId: medium.id, quantity: 1 }], reason: 'More' }))
      expect(nothing).toMatchObject({ code: 'conflict', userMessage: NOTHING_LEFT_TO_REFUND })
      const tooMuch = await refusal(refund(owner, { orderId: order.id, requestKey: key(), amount: 0.01, reason: 'More' }))
      expect(tooMuch.code).toBe('conflict')

      const { order: seen } = await runQuery('getOrderDetails', { id: order.id }, customer.ctx)
      expect(seen.refunded).toBe(86.27)
      expect(seen.timeline.filter((event) => event.type === 'refunded').map((event) => event.data)).toEqual([{ amount: 7000 }, { amount: 1627 }])
    })

    test('refunding every line piece by piece gives back exactly the total, from gift cards and budget', async () => {
      const { order, giftCard, customer } = await budgetOrder()
      const lines = await linesOf(order.id)
      const medium = lines.find((line) => line.size === 'M')!
      const large = lines.find((line) => line.size === 'L')!
      for (const request of [
        [{ orderLineId: medium.id, quantity: 1 }],
        [{ orderLineId: large.id, quantity: 1 }],
        [{ orderLineId: medium.id, quantity: 1 }],
      ]) {
        await refund(manager, { orderId: order.id, requestKey: key(), lines: request, reason: 'Returned' })
        await expectReconciled(order.id)
      }
      const { row } = await expectReconciled(order.id)
      expect(row).toMatchObject({ amountRefunded: 8627, paymentState: 'refunded' })
      expect(await cardBalance(giftCard.id)).toBe(1000)
      expect(await budgetOf(customer.partner.id)).toBe(10_000)
      const split = (await refundRows(order.id)).map((entry) => [entry.giftCardAmount, entry.budgetAmount])
      // Gift card first, then budget: a polo's share is 25.44 (its price and tax, not delivery) =
      // 10.00 + 15.44, then 25.44 of budget; the last piece takes what is left, delivery included.
      expect(split).toEqual([
        [1000, 1544],
        [0, 2544],
        [0, 3539],
      ])
    })

    test('when Stripe refuses, nothing is recorded as refunded: no row, no ledger movement, and the answer says so', async () => {
      const { order, giftCard } = await cardOrder()
      stripe.fail({ kind: 'status', status: 500 }, 2)
      const error = await refusal(refund(owner, { orderId: order.id, requestKey: key(), amount: 80, reason: 'All' }))
      expect(error).toMatchObject({ code: 'unavailable', userMessage: CARD_REFUND_FAILED })
      expect(await refundRows(order.id)).toEqual([])
      expect(await orderRow(order.id)).toMatchObject({ amountRefunded: 0, paymentState: 'paid' })
      expect(await cardBalance(giftCard.id)).toBe(0)
      await expectReconciled(order.id)
    })

    test('an invoice order not paid yet cannot be refunded; once marked paid, the refund is an offline one', async () => {
      const order = await invoiceOrder()
      expect((await refusal(refund(owner, { orderId: order.id, requestKey: key(), amount: 5, reason: 'x' }))).code).toBe('conflict')
      await markPaid(owner, { orderId: order.id, reference: 'WIRE-1' })
      const answer = await refund(owner, { orderId: order.id, requestKey: key(), amount: 5, reason: 'Discount agreed' })
      expect(answer.refund).toMatchObject({ split: { card: 0, offline: 5, giftCard: 0, budget: 0 }, providerRefundId: null })
      await expectReconciled(order.id)
    })
  })

  describe('cancelOrder', () => {
    test('run twice (and twice at once) it gives back budget and gift card once, mails once, and answers the same outcome', async () => {
      const { order, giftCard, customer } = await budgetOrder()
      expect(await budgetOf(customer.partner.id)).toBe(10_000 - 7627)
      const [a, b] = await Promise.all([
        cancel(fulfilment, { orderId: order.id, requestKey: key(), reason: 'Customer asked' }),
        cancel(fulfilment, { orderId: order.id, requestKey: key(), reason: 'Customer asked' }),
      ])
      const third = await cancel(owner, { orderId: order.id, requestKey: key(), reason: 'Again' })
      expect([a.cancelledNow, b.cancelledNow].sort()).toEqual([false, true])
      expect(third.cancelledNow).toBe(false)
      for (const answer of [a, b, third]) {
        expect(answer).toMatchObject({ order: { state: 'cancel', paymentState: 'refunded', amountRefunded: 86.27, cancelReason: 'Customer asked' }, refund: { kind: 'cancellation', amount: 86.27, split: { giftCard: 10, budget: 76.27 } } })
      }
      expect(await budgetOf(customer.partner.id)).toBe(10_000)
      expect(await cardBalance(giftCard.id)).toBe(1000)
      expect(await refundRows(order.id)).toHaveLength(1)
      await expectReconciled(order.id)
      await backgroundMailSettled()
      expect(mailsTo('jordan@example.com', `Your order ${order.name} has been cancelled`)).toHaveLength(1)
      const timeline = (await executeAdminQuery('orderDetail', { orderId: order.id }, owner)) as { timeline: { type: string }[] }
      expect(timeline.timeline.filter((event) => event.type === 'cancelled')).toHaveLength(1)
    })

    test('a card order is refunded through Stripe when cancelled; the shopper sees cancelled and refunded', async () => {
      const { order, paymentIntent, customer, giftCard } = await cardOrder()
      const answer = await cancel(owner, { orderId: order.id, requestKey: key(), reason: 'Out of stock' })
      expect(answer.refund).toMatchObject({ split: { card: 76.27, giftCard: 10 } })
      expect(stripeRefundsOf(paymentIntent).map((entry) => entry.amount)).toEqual([7627])
      expect(await cardBalance(giftCard.id)).toBe(1000)
      await expectReconciled(order.id)
      const { order: seen } = await runQuery('getOrderDetails', { id: order.id }, customer.ctx)
      expect(seen.timeline.map((event) => event.type).slice(-2)).toEqual(['cancelled', 'refunded'])
      expect(seen.refunded).toBe(86.27)
    })

    test('an order that shipped cannot be cancelled; a pending invoice order cancels with nothing to refund', async () => {
      const shipped = await invoiceOrder()
      await db().update(orders).set({ fulfilmentState: 'partially_shipped' }).where(eq(orders.id, shipped.id))
      expect((await refusal(cancel(owner, { orderId: shipped.id, requestKey: key(), reason: 'x' }))).code).toBe('conflict')
      const pending = await invoiceOrder()
      const answer = await cancel(owner, { orderId: pending.id, requestKey: key(), reason: 'Duplicate order' })
      expect(answer).toMatchObject({ cancelledNow: true, refund: null, order: { state: 'cancel', paymentState: 'not_paid' } })
    })
  })

  describe('mails', () => {
    test('a new order notifies the store\'s staff who want it, with a link to its console page', async () => {
      const wants = await staffContext(store.websiteId, { role: 'fulfilment' })
      const quiet = await staffContext(store.websiteId, { role: 'store_manager' })
      await db().update(staff).set({ notifyNewOrders: false }).where(eq(staff.id, quiet.staff.staffId))
      const order = await place(guestContext(store.websiteId), { aquirerId: invoice.id, partnername: 'Sam <b>Bold</b>' })
      await backgroundMailSettled()
      const subject = `New order ${order.name} at ${store.website.name}`
      const [notice] = mailsTo(wants.staff.email, subject)
      expect(notice?.text).toContain(`https://shop.example.com/admin/orders/${order.id}`)
      expect(notice?.html).toContain('Sam &lt;b&gt;Bold&lt;/b&gt;')
      expect(mailsTo(quiet.staff.email, subject)).toEqual([])
      expect(mailsTo((otherManager as CoreContext & { staff: { email: string } }).staff.email, subject)).toEqual([])
    })
  })
})
