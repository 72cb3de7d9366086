import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { OrderData } from '@/isomorphic/order-types'
import { createCheckoutStore, guestContext, orderBody, signedInCustomer, type CheckoutStore } from '../../../tests/factories/orders'
import { createPaymentMethod } from '../../../tests/factories/store-settings'
import { type FakeStripe, startFakeStripe } from '../../../tests/support/fake-stripe'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { CARD_AMOUNT_TOO_SMALL, CARD_PAYMENTS_UNAVAILABLE } from '../adapters/stripe'
import type { CoreContext } from '../kernel/context'
import { executeMutation } from '../api/mutation-registry'
import { runQuery } from '../api/query-registry'
import { forgetSigningKey } from '../accounts/signing-key'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { orders, paymentTransactions, paymentWebhookEvents, websites } from '../db/schema'
import { PAYMENT_METHOD_UNAVAILABLE } from '../orders/create-order/order-messages'
import { backgroundMailSettled } from '../mail/background-mail'
import { useMailSettings } from '../mail/mail-settings'
import { DomainError } from '../kernel/errors'
import { ORDER_CONFIRMED, ORDER_PAYMENT_REFUSED } from './order-payment-service'
import { listPaymentMethods } from './payment-methods-service'
import { CONTINUE_TO_CARD_PAYMENT } from './payment-mutations'
import { checkCardPayment, handleStripeWebhook, WEBHOOK_SIGNATURE_REFUSED } from './stripe-payments'
import { useStripeSettings } from './stripe-settings'

type PaymentMethod = Awaited<ReturnType<typeof createPaymentMethod>>
type CardAnswer = { orderPayment: { success: boolean; message: string; redirectUrl?: string; order: { id: number; state: string; paymentState: string } } }

const ORIGIN = 'https://shop.example.com'

describe.each(testDatabaseKinds())('paying an order by card through Stripe Checkout on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let stripe: FakeStripe
  let store: CheckoutStore
  let card: PaymentMethod
  let purchaseOrder: PaymentMethod

  const useFakeStripe = (overrides: Parameters<typeof useStripeSettings>[0] = {}) =>
    useStripeSettings({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.url, timeoutMs: 10_000, ...overrides })

  beforeAll(async () => {
    forgetSigningKey()
    stripe = await startFakeStripe()
    useMailSettings({ origin: ORIGIN })
    store = await createCheckoutStore()
    card = await createPaymentMethod({ websiteId: store.websiteId, name: 'Card', provider: 'stripe', instructions: 'Pay securely by card.' })
    purchaseOrder = await createPaymentMethod({ websiteId: store.websiteId, name: 'Purchase order', provider: 'purchase_order' })
  })
  afterAll(async () => {
    await backgroundMailSettled()
    useStripeSettings(null)
    useMailSettings(null)
    await stripe.close()
  })
  beforeEach(() => {
    useRateLimiter(createMemoryRateLimiter())
    useFakeStripe()
  })

  /** A guest's order placed with the card method: a draft, its payment pending, $86.27 due. */
  async function placeOrder(ctx: CoreContext = guestContext(store.websiteId), overrides: Record<string, unknown> = {}): Promise<OrderData> {
    const { orderSequence } = await runQuery('getOrderId', undefined, ctx)
    const answer = (await executeMutation('createOrder', orderBody(store, orderSequence, { aquirerId: card.id, ...overrides }), ctx)) as { createOrder: { order: OrderData } }
    return answer.createOrder.order
  }

  const payByCard = async (order: OrderData, ctx: CoreContext = guestContext(store.websiteId)) =>
    (await executeMutation('orderPayment', { acquirerId: card.id, orderId: order.id, accessToken: order.accessToken }, ctx)) as CardAnswer

  const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!
  const transactionsOf = (orderId: number) => db().select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId)).orderBy(paymentTransactions.id)
  const sessionIdOf = (redirectUrl: string) => redirectUrl.split('/').pop()!
  const requestsFor = (sessionId: string) => stripe.requests.filter((request) => request.path.includes(sessionId))
  const creations = () => stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/checkout/sessions')

  /** The webhook as Stripe would deliver it, straight to the handler. */
  const webhook = (type: string, sessionId: string, options: Parameters<FakeStripe['event']>[2] = {}, now?: Date) => {
    const signed = stripe.event(type, sessionId, options)
    return handleStripeWebhook({ rawBody: Buffer.from(signed.body), signature: signed.signature, websiteId: store.websiteId }, now)
  }

  async function expectDomainError(promise: Promise<unknown>, expected: { code: string; userMessage: string }): Promise<void> {
    const error = await promise.then(
      () => null,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(DomainError)
    expect(error).toMatchObject(expected)
  }

  /** An order with an open Checkout Session, and that session's id. */
  async function orderWithSession(ctx?: CoreContext) {
    const order = await placeOrder(ctx)
    const answer = await payByCard(order, ctx)
    return { order, sessionId: sessionIdOf(answer.orderPayment.redirectUrl!) }
  }

  describe("a store with a Stripe account of its own (issue 25)", () => {
    test("pays through the store's keys, its events are signed with its own secret at its own address, and the install's account never touches its payments", async () => {
      const club = await createCheckoutStore()
      const clubCard = await createPaymentMethod({ websiteId: club.websiteId, name: 'Card', provider: 'stripe' })
      await db().update(websites).set({ stripeSecretKey: stripe.secretKey, stripeWebhookSecret: stripe.webhookSecret }).where(eq(websites.id, club.websiteId))
      // The install's keys are another account's: the fake Stripe refuses them.
      useFakeStripe({ secretKey: 'sk_test_installaccount0000', webhookSecret: 'whsec_install_account_secret' })
      const guest = guestContext(club.websiteId)
      const { orderSequence } = await runQuery('getOrderId', undefined, guest)
      const placed = (await executeMutation('createOrder', orderBody(club, orderSequence, { aquirerId: clubCard.id }), guest)) as { createOrder: { order: OrderData } }
      const order = placed.createOrder.order
      const paying = (await executeMutation('orderPayment', { acquirerId: clubCard.id, orderId: order.id, accessToken: order.accessToken }, guest)) as CardAnswer
      const sessionId = sessionIdOf(paying.orderPayment.redirectUrl!)
      expect(creations().at(-1)!.headers.authorization).toBe(`Bearer ${stripe.secretKey}`)
      stripe.pay(sessionId)

      // Signed with the install's secret and sent to the install's store: not the club's payment.
      const installSigned = stripe.event('checkout.session.completed', sessionId, { secret: 'whsec_install_account_secret' })
      expect(await handleStripeWebhook({ rawBody: Buffer.from(installSigned.body), signature: installSigned.signature, websiteId: store.websiteId })).toEqual({ outcome: 'ignored' })
      expect(await orderRow(order.id)).toMatchObject({ paymentState: 'pending' })
      // The club's own secret at another store's address does not hold there.
      const clubSigned = stripe.event('checkout.session.completed', sessionId)
      await expectDomainError(handleStripeWebhook({ rawBody: Buffer.from(clubSigned.body), signature: clubSigned.signature, websiteId: store.websiteId }), {
        code: 'invalid',
        userMessage: WEBHOOK_SIGNATURE_REFUSED,
      })
      // At the club's own address, with the club's own secret: paid.
      expect(await handleStripeWebhook({ rawBody: Buffer.from(clubSigned.body), signature: clubSigned.signature, websiteId: club.websiteId })).toEqual({ outcome: 'applied' })
      expect(await orderRow(order.id)).toMatchObject({ paymentState: 'paid' })
    })
  })

  describe('starting a card payment', () => {
    test("creates a Checkout Session for the order's amount due in the store's currency, and answers Stripe's page without confirming the order", async () => {
      const order = await placeOrder()
      const before = stripe.requests.length

      const answer = await payByCard(order)

      const [request, ...others] = stripe.requests.slice(before)
      expect(others).toEqual([])
      expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' })
      expect(request!.headers.authorization).toBe(`Bearer ${stripe.secretKey}`)
      expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded')
      expect(request!.headers['idempotency-key']).toMatch(new RegExp(`^order-${order.id}-[0-9a-f]{24}-attempt-1$`))
      const token = order.accessToken
      expect(request!.form).toEqual({
        mode: 'payment',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '8627',
        'line_items[0][price_data][product_data][name]': `Order ${order.name}`,
        'line_items[0][quantity]': '1',
        client_reference_id: String(order.id),
        'metadata[order_id]': String(order.id),
        'payment_intent_data[metadata][order_id]': String(order.id),
        success_url: `${ORIGIN}/payment/status?order=${order.id}&token=${token}&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${ORIGIN}/payment?order=${order.id}&token=${token}`,
        customer_email: 'jordan@example.com',
      })

      const [session] = [...stripe.sessions.values()].filter((candidate) => candidate.metadata.order_id === String(order.id))
      expect(answer).toEqual({
        orderPayment: {
          success: true,
          message: CONTINUE_TO_CARD_PAYMENT,
          redirectUrl: session!.url,
          order: { id: order.id, name: order.name, state: 'draft', paymentState: 'pending', instructions: 'Pay securely by card.' },
        },
      })
      expect(await transactionsOf(order.id)).toEqual([
        expect.objectContaining({ provider: 'stripe', providerReference: session!.id, amount: 8627, currency: 'USD', state: 'pending', paymentMethodId: card.id, redirectUrl: session!.url }),
      ])
      expect(await orderRow(order.id)).toMatchObject({ state: 'draft', paymentState: 'pending', confirmedAt: null })
    })

    test('the signed-in owner starts it without the token', async () => {
      const { ctx } = await signedInCustomer(store.websiteId)
      const order = await placeOrder(ctx)
      const answer = (await executeMutation('orderPayment', { acquirerId: card.id, orderId: order.id }, ctx)) as CardAnswer
      expect(answer.orderPayment.redirectUrl).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`))
    })

    test('an amount in the request is refused before anything reaches Stripe', async () => {
      const order = await placeOrder()
      const before = stripe.requests.length
      await expectDomainError(executeMutation('orderPayment', { acquirerId: card.id, orderId: order.id, accessToken: order.accessToken, amount: 1 }, guestContext(store.websiteId)), {
        code: 'invalid',
        userMessage: expect.stringContaining("unknown field 'amount'") as unknown as string,
      })
      expect(stripe.requests.length).toBe(before)
    })

    test('paying again while the session is open resumes it: Stripe is asked about it, no second session', async () => {
      const { order, sessionId } = await orderWithSession()
      const before = creations().length
      const again = await payByCard(order)
      expect(sessionIdOf(again.orderPayment.redirectUrl!)).toBe(sessionId)
      expect(creations().length).toBe(before)
      expect(requestsFor(sessionId).map((request) => request.method)).toEqual(['GET'])
      expect(await transactionsOf(order.id)).toHaveLength(1)
    })

    test('an expired session is recorded as such and replaced by a new attempt with its own key', async () => {
      const { order, sessionId } = await orderWithSession()
      stripe.expire(sessionId)
      const again = await payByCard(order)
      const next = sessionIdOf(again.orderPayment.redirectUrl!)
      expect(next).not.toBe(sessionId)
      expect(creations().at(-1)!.headers['idempotency-key']).toMatch(/-attempt-2$/)
      expect((await transactionsOf(order.id)).map((row) => [row.providerReference, row.state])).toEqual([
        [sessionId, 'expired'],
        [next, 'pending'],
      ])
    })

    test('a session paid while nobody was looking confirms the order when payment is asked for again', async () => {
      const { order, sessionId } = await orderWithSession()
      stripe.pay(sessionId)
      const answer = await payByCard(order)
      expect(answer.orderPayment).toMatchObject({ success: true, message: ORDER_CONFIRMED, order: { state: 'sale', paymentState: 'paid' } })
      expect(answer.orderPayment.redirectUrl).toBeUndefined()
      expect(await orderRow(order.id)).toMatchObject({ state: 'sale', paymentState: 'paid' })
    })

    test('10 concurrent starts make one session at Stripe and one transaction', async () => {
      const order = await placeOrder()
      const answers = await Promise.all(Array.from({ length: 10 }, () => payByCard(order)))
      expect(new Set(answers.map((answer) => answer.orderPayment.redirectUrl)).size).toBe(1)
      expect([...stripe.sessions.values()].filter((session) => session.metadata.order_id === String(order.id))).toHaveLength(1)
      expect(await transactionsOf(order.id)).toHaveLength(1)
    })

    test("another partner's call, a wrong token or no token gets the one refusal, and Stripe hears nothing", async () => {
      const { ctx: owner } = await signedInCustomer(store.websiteId)
      const order = await placeOrder(owner)
      const { ctx: other } = await signedInCustomer(store.websiteId)
      const before = stripe.requests.length
      for (const [ctx, body] of [
        [other, { acquirerId: card.id, orderId: order.id }],
        [guestContext(store.websiteId), { acquirerId: card.id, orderId: order.id, accessToken: `${order.accessToken.slice(0, -1)}x` }],
        [guestContext(store.websiteId), { acquirerId: card.id, orderId: order.id }],
      ] as const) {
        await expectDomainError(executeMutation('orderPayment', body, ctx), { code: 'invalid', userMessage: ORDER_PAYMENT_REFUSED })
      }
      expect(stripe.requests.length).toBe(before)
      expect(await transactionsOf(order.id)).toEqual([])
    })

    test('a quotation, an order awaiting approval, one settled by budget and a cancelled one cannot be paid by card', async () => {
      const guest = guestContext(store.websiteId)
      const quotation = await placeOrder(guest, { quotation: true })
      const { ctx: overBudget } = await signedInCustomer(store.websiteId, { budgetAmount: 1000 })
      const waiting = await placeOrder(overBudget)
      expect(waiting.approvalRequired).toBe(true)
      const { ctx: rich } = await signedInCustomer(store.websiteId, { budgetAmount: 100_000 })
      const settled = await placeOrder(rich)
      expect(settled).toMatchObject({ state: 'sale', paymentState: 'paid' })
      const cancelled = await placeOrder(guest)
      await db().update(orders).set({ state: 'cancel' }).where(eq(orders.id, cancelled.id))

      const before = stripe.requests.length
      for (const order of [quotation, waiting, settled, cancelled]) {
        await expectDomainError(payByCard(order), { code: 'invalid', userMessage: ORDER_PAYMENT_REFUSED })
        expect(await transactionsOf(order.id)).toEqual([])
      }
      expect(stripe.requests.length).toBe(before)
    })

    test("an amount below Stripe's minimum says so", async () => {
      const order = await placeOrder()
      await db().update(orders).set({ amountDue: 30 }).where(eq(orders.id, order.id))
      await expectDomainError(payByCard(order), { code: 'unavailable', userMessage: CARD_AMOUNT_TOO_SMALL })
      expect(await transactionsOf(order.id)).toEqual([])
    })

    test('Stripe down (5xx twice, garbage, or silence) is a clear error and records nothing', async () => {
      const order = await placeOrder()
      for (const [failure, times, calls] of [
        [{ kind: 'status', status: 500 }, 2, 2],
        [{ kind: 'status', status: 503 }, 2, 2],
        [{ kind: 'garbage' }, 1, 1],
        [{ kind: 'hang' }, 1, 1],
      ] as const) {
        const before = stripe.requests.length
        stripe.fail(failure, times)
        // An answer may be slow on a loaded machine; silence is given up on soon.
        // eslint-disable-next-line react-hooks/rules-of-hooks -- a test helper, not a React hook
        useFakeStripe({ timeoutMs: failure.kind === 'hang' ? 400 : 10_000 })
        await expectDomainError(payByCard(order), { code: 'unavailable', userMessage: CARD_PAYMENTS_UNAVAILABLE })
        // A 5xx is retried once (the Idempotency-Key makes that safe); a timeout is not.
        expect(stripe.requests.length - before).toBe(calls)
      }
      expect(await transactionsOf(order.id)).toEqual([])
      expect(await orderRow(order.id)).toMatchObject({ state: 'draft', paymentState: 'pending' })
    })

    test('one 5xx is retried with the same Idempotency-Key and the payment starts', async () => {
      const order = await placeOrder()
      stripe.fail({ kind: 'status', status: 502 })
      const answer = await payByCard(order)
      expect(answer.orderPayment.redirectUrl).toBeTruthy()
      const [first, second] = creations().slice(-2)
      expect(first!.headers['idempotency-key']).toBe(second!.headers['idempotency-key'])
    })
  })

  describe('card payments are off without both keys', () => {
    test.each([
      ['no keys', { secretKey: undefined, webhookSecret: undefined }],
      ['no webhook secret', { webhookSecret: undefined }],
      ['no secret key', { secretKey: undefined }],
    ])('%s: the card method is not listed and not accepted', async (_name, overrides) => {
      const order = await placeOrder()
      useFakeStripe(overrides)
      const listed = await listPaymentMethods({ websiteId: store.websiteId })
      expect(listed.map((method) => method.provider)).not.toContain('stripe')
      expect(listed.map((method) => method.id)).toContain(purchaseOrder.id)
      const before = stripe.requests.length
      await expectDomainError(payByCard(order), { code: 'invalid', userMessage: ORDER_PAYMENT_REFUSED })
      expect(stripe.requests.length).toBe(before)
    })

    test('an order cannot even be placed with the card method then', async () => {
      useFakeStripe({ webhookSecret: undefined })
      await expectDomainError(placeOrder(), { code: 'invalid', userMessage: PAYMENT_METHOD_UNAVAILABLE })
    })

    test('with both keys it is listed', async () => {
      expect((await listPaymentMethods({ websiteId: store.websiteId })).map((method) => method.id)).toContain(card.id)
    })
  })

  describe('webhooks', () => {
    test('a valid checkout.session.completed for a paid session confirms the order once; its redelivery changes nothing', async () => {
      const { order, sessionId } = await orderWithSession()
      const session = stripe.pay(sessionId)

      const signed = stripe.event('checkout.session.completed', sessionId)
      const deliver = () => handleStripeWebhook({ rawBody: Buffer.from(signed.body), signature: signed.signature, websiteId: store.websiteId })
      await expect(deliver()).resolves.toEqual({ outcome: 'applied' })

      const confirmed = await orderRow(order.id)
      expect(confirmed).toMatchObject({ state: 'sale', paymentState: 'paid', paymentMethodId: card.id })
      expect(confirmed.confirmedAt).toBeInstanceOf(Date)
      const [transaction] = await transactionsOf(order.id)
      expect(transaction).toMatchObject({ state: 'paid', providerPaymentId: session.payment_intent })

      await expect(deliver()).resolves.toEqual({ outcome: 'duplicate' })
      // Another event about the same payment (a new id) finds nothing left to do.
      await expect(webhook('checkout.session.async_payment_succeeded', sessionId)).resolves.toEqual({ outcome: 'unchanged' })
      expect(await orderRow(order.id)).toEqual(confirmed)
      expect(await transactionsOf(order.id)).toEqual([transaction])
      const events = await db().select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, signed.eventId))
      expect(events).toEqual([expect.objectContaining({ provider: 'stripe', eventType: 'checkout.session.completed', payload: expect.objectContaining({ sessionId, paymentStatus: 'paid' }) as unknown })])
    })

    test('five concurrent deliveries of one event confirm once', async () => {
      const { order, sessionId } = await orderWithSession()
      stripe.pay(sessionId)
      const signed = stripe.event('checkout.session.completed', sessionId)
      const results = await Promise.all(Array.from({ length: 5 }, () => handleStripeWebhook({ rawBody: Buffer.from(signed.body), signature: signed.signature, websiteId: store.websiteId })))
      expect(results.map((result) => result.outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate'])
      expect(await orderRow(order.id)).toMatchObject({ state: 'sale', paymentState: 'paid' })
    })

    test('forged, unsigned, stale, future, tampered or mis-signed webhooks are refused and change nothing', async () => {
      const { order, sessionId } = await orderWithSession()
      stripe.pay(sessionId)
      const orderBefore = await orderRow(order.id)
      const transactionsBefore = await transactionsOf(order.id)
      const now = Math.floor(Date.now() / 1000)
      const genuine = stripe.event('checkout.session.completed', sessionId)
      const attempts: { body: string; signature: string | null }[] = [
        { body: genuine.body, signature: null },
        { body: genuine.body, signature: '' },
        { body: genuine.body, signature: 'garbage' },
        { body: genuine.body, signature: `t=${now}` },
        { body: genuine.body, signature: `t=${now},v0=${'0'.repeat(64)}` },
        // Signed with another secret.
        stripe.event('checkout.session.completed', sessionId, { secret: 'whsec_attacker' }),
        // Correctly signed, but too old (a replay) or too far ahead.
        stripe.event('checkout.session.completed', sessionId, { timestamp: now - 301 }),
        stripe.event('checkout.session.completed', sessionId, { timestamp: now + 301 }),
        // The genuine signature over a body that was changed afterwards.
        { body: genuine.body.replace('"complete"', '"complete" '), signature: genuine.signature },
        { body: JSON.stringify({ ...JSON.parse(genuine.body), id: 'evt_forged' }), signature: genuine.signature },
        // The signature of the genuine body under another timestamp.
        { body: genuine.body, signature: genuine.signature.replace(/^t=\d+/, `t=${now - 1}`) },
      ]
      for (const attempt of attempts) {
        await expectDomainError(handleStripeWebhook({ rawBody: Buffer.from(attempt.body), signature: attempt.signature, websiteId: store.websiteId }), { code: 'invalid', userMessage: WEBHOOK_SIGNATURE_REFUSED })
      }
      expect(await orderRow(order.id)).toEqual(orderBefore)
      expect(await transactionsOf(order.id)).toEqual(transactionsBefore)
      expect(await db().select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, genuine.eventId))).toEqual([])
    })

    test('a signature among several v1 values (a secret being rolled) is accepted', async () => {
      const { order, sessionId } = await orderWithSession()
      stripe.pay(sessionId)
      const signed = stripe.event('checkout.session.completed', sessionId)
      const header = signed.signature.replace(',v1=', `,v1=${'ab'.repeat(32)},v1=`)
      await expect(handleStripeWebhook({ rawBody: Buffer.from(signed.body), signature: header, websiteId: store.websiteId })).resolves.toEqual({ outcome: 'applied' })
      expect(await orderRow(order.id)).toMatchObject({ paymentState: 'paid' })
    })

    test.each([
      ['a smaller amount', { amount_total: 100 }],
      ['another currency', { currency: 'eur' }],
      ['another order', { metadata: { order_id: '999999' }, client_reference_id: '999999' }],
    ])('a paid session with %s is never taken as payment', async (_name, changes) => {
      const { order, sessionId } = await orderWithSession()
      stripe.pay(sessionId, changes)
      await webhook('checkout.session.completed', sessionId)
      expect(await orderRow(order.id)).toMatchObject({ state: 'draft', paymentState: 'pending', confirmedAt: null })
      expect((await transactionsOf(order.id)).map((row) => row.state)).toEqual(['failed'])
    })

    test('a mismatched amount in the server-side check is not taken as payment either', async () => {
      const { order, sessionId } = await orderWithSession()
      stripe.pay(sessionId, { amount_total: 8626 })
      const status = await checkCardPayment(guestContext(store.websiteId), { orderId: order.id, accessToken: order.accessToken, sessionId })
      expect(status).toMatchObject({ status: 'failed', order: { state: 'draft', paymentState: 'pending' } })
    })

    test('a delayed payment: completed but unpaid waits, then async_payment_failed fails the attempt and the order can be paid again', async () => {
      const { order, sessionId } = await orderWithSession()
      stripe.completeUnpaid(sessionId)
      await expect(webhook('checkout.session.completed', sessionId)).resolves.toEqual({ outcome: 'ignored' })
      expect((await transactionsOf(order.id)).map((row) => row.state)).toEqual(['pending'])

      await expect(webhook('checkout.session.async_payment_failed', sessionId)).resolves.toEqual({ outcome: 'applied' })
      expect((await transactionsOf(order.id)).map((row) => row.state)).toEqual(['failed'])
      expect(await orderRow(order.id)).toMatchObject({ state: 'draft', paymentState: 'pending' })

      const again = await payByCard(order)
      expect(sessionIdOf(again.orderPayment.redirectUrl!)).not.toBe(sessionId)
    })

    test('a delayed payment that succeeds confirms the order', async () => {
      const { order, sessionId } = await orderWithSession()
      stripe.completeUnpaid(sessionId)
      await webhook('checkout.session.completed', sessionId)
      stripe.pay(sessionId)
      await expect(webhook('checkout.session.async_payment_succeeded', sessionId)).resolves.toEqual({ outcome: 'applied' })
      expect(await orderRow(order.id)).toMatchObject({ state: 'sale', paymentState: 'paid' })
    })

    test('checkout.session.expired expires the attempt; the order waits for another one', async () => {
      const { order, sessionId } = await orderWithSession()
      stripe.expire(sessionId)
      await expect(webhook('checkout.session.expired', sessionId)).resolves.toEqual({ outcome: 'applied' })
      expect((await transactionsOf(order.id)).map((row) => row.state)).toEqual(['expired'])
      expect(await orderRow(order.id)).toMatchObject({ state: 'draft', paymentState: 'pending' })
    })

    test('an expired event does not undo a payment', async () => {
      const { order, sessionId } = await orderWithSession()
      stripe.pay(sessionId)
      await webhook('checkout.session.completed', sessionId)
      await expect(webhook('checkout.session.expired', sessionId, { session: { status: 'expired' } })).resolves.toEqual({ outcome: 'unchanged' })
      expect((await transactionsOf(order.id)).map((row) => row.state)).toEqual(['paid'])
      expect(await orderRow(order.id)).toMatchObject({ state: 'sale', paymentState: 'paid' })
    })

    test('unknown event types and sessions this store did not make are acknowledged and ignored', async () => {
      const { order, sessionId } = await orderWithSession()
      await expect(webhook('customer.created', sessionId)).resolves.toEqual({ outcome: 'ignored' })
      await expect(webhook('checkout.session.completed', sessionId, { session: { id: 'cs_test_somebody_else', status: 'complete', payment_status: 'paid' } })).resolves.toEqual({ outcome: 'ignored' })
      expect(await orderRow(order.id)).toMatchObject({ state: 'draft', paymentState: 'pending' })
    })

    test('a payment for an order cancelled meanwhile is recorded, and the order stays cancelled', async () => {
      const { order, sessionId } = await orderWithSession()
      await db().update(orders).set({ state: 'cancel' }).where(eq(orders.id, order.id))
      stripe.pay(sessionId)
      await webhook('checkout.session.completed', sessionId)
      expect((await transactionsOf(order.id)).map((row) => row.state)).toEqual(['paid'])
      expect(await orderRow(order.id)).toMatchObject({ state: 'cancel', paymentState: 'pending' })
    })

    test('a payment for an order confirmed meanwhile with an offline method, its money still pending, pays it', async () => {
      const { order, sessionId } = await orderWithSession()
      await db().update(orders).set({ state: 'sale' }).where(eq(orders.id, order.id))
      stripe.pay(sessionId)
      await expect(webhook('checkout.session.completed', sessionId)).resolves.toEqual({ outcome: 'applied' })
      expect(await orderRow(order.id)).toMatchObject({ state: 'sale', paymentState: 'paid' })
    })

    test('a second payment for an order refunded since is recorded, and the refund stands', async () => {
      const { order, sessionId } = await orderWithSession()
      await db().update(orders).set({ state: 'sale', paymentState: 'refunded' }).where(eq(orders.id, order.id))
      stripe.pay(sessionId)
      await webhook('checkout.session.completed', sessionId)
      expect((await transactionsOf(order.id)).map((row) => row.state)).toEqual(['paid'])
      expect(await orderRow(order.id)).toMatchObject({ state: 'sale', paymentState: 'refunded' })
    })

    test('without a webhook secret the endpoint is unavailable (Stripe retries later)', async () => {
      const { sessionId } = await orderWithSession()
      useFakeStripe({ webhookSecret: undefined })
      await expectDomainError(webhook('checkout.session.completed', sessionId), { code: 'unavailable', userMessage: 'Card payments are not configured.' })
    })
  })

  describe('the return from Stripe', () => {
    test('an unpaid session leaves the order waiting; once Stripe says paid, the check confirms it', async () => {
      const { order, sessionId } = await orderWithSession()
      const ask = () => checkCardPayment(guestContext(store.websiteId), { orderId: order.id, accessToken: order.accessToken, sessionId })

      await expect(ask()).resolves.toEqual({ status: 'pending', order: { id: order.id, name: order.name, state: 'draft', paymentState: 'pending' } })
      expect(await orderRow(order.id)).toMatchObject({ state: 'draft', paymentState: 'pending', confirmedAt: null })

      stripe.pay(sessionId)
      await expect(ask()).resolves.toEqual({ status: 'paid', order: { id: order.id, name: order.name, state: 'sale', paymentState: 'paid' } })
      expect(requestsFor(sessionId).map((request) => request.method)).toEqual(['GET', 'GET'])

      // Settled: later checks answer from the database.
      await expect(ask()).resolves.toMatchObject({ status: 'paid' })
      expect(requestsFor(sessionId)).toHaveLength(2)
    })

    test('through the API key checkPayment, for the owner without a token; without a session id it asks about the latest attempt', async () => {
      const { ctx } = await signedInCustomer(store.websiteId)
      const { order, sessionId } = await orderWithSession(ctx)
      stripe.pay(sessionId)
      await expect(executeMutation('checkPayment', { orderId: order.id }, ctx)).resolves.toEqual({
        checkPayment: { status: 'paid', order: { id: order.id, name: order.name, state: 'sale', paymentState: 'paid' } },
      })
    })

    test("another partner, a wrong token, or another order's session gets the one refusal, and nothing is asked or changed", async () => {
      const { ctx } = await signedInCustomer(store.websiteId)
      const { order, sessionId } = await orderWithSession(ctx)
      const { sessionId: otherSession } = await orderWithSession()
      stripe.pay(sessionId)
      const { ctx: other } = await signedInCustomer(store.websiteId)
      const before = stripe.requests.length
      for (const [caller, input] of [
        [other, { orderId: order.id, sessionId }],
        [guestContext(store.websiteId), { orderId: order.id, accessToken: 'not-the-token', sessionId }],
        [ctx, { orderId: order.id, sessionId: otherSession }],
        [ctx, { orderId: order.id, sessionId: 'https://evil.example/' }],
      ] as const) {
        await expectDomainError(checkCardPayment(caller, input), { code: 'invalid', userMessage: ORDER_PAYMENT_REFUSED })
      }
      expect(stripe.requests.length).toBe(before)
      expect(await orderRow(order.id)).toMatchObject({ state: 'draft', paymentState: 'pending' })
    })

    test('Stripe down during the check: a clear error, and the payment stays as it was', async () => {
      const { order, sessionId } = await orderWithSession()
      stripe.pay(sessionId)
      stripe.fail({ kind: 'status', status: 500 }, 2)
      await expectDomainError(checkCardPayment(guestContext(store.websiteId), { orderId: order.id, accessToken: order.accessToken, sessionId }), {
        code: 'unavailable',
        userMessage: CARD_PAYMENTS_UNAVAILABLE,
      })
      expect((await transactionsOf(order.id)).map((row) => row.state)).toEqual(['pending'])
      expect(await orderRow(order.id)).toMatchObject({ state: 'draft', paymentState: 'pending' })
    })

    test('an order without a card payment answers none', async () => {
      const order = await placeOrder()
      await expect(checkCardPayment(guestContext(store.websiteId), { orderId: order.id, accessToken: order.accessToken })).resolves.toMatchObject({ status: 'none' })
    })

    test('webhooks and returns racing (10 at once) confirm the order once', async () => {
      const { order, sessionId } = await orderWithSession()
      stripe.pay(sessionId)
      const base = Date.now()
      const at = (i: number) => new Date(base + i * 1000)
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2 === 0
            ? webhook('checkout.session.completed', sessionId, {}, at(i)).then((result) => result.outcome)
            : checkCardPayment(guestContext(store.websiteId), { orderId: order.id, accessToken: order.accessToken, sessionId }, at(i)).then((result) => result.status),
        ),
      )
      expect(results.filter((result) => result === 'applied').length).toBeLessThanOrEqual(1)
      expect(results.filter((result) => result !== 'applied' && result !== 'unchanged')).toEqual(['paid', 'paid', 'paid', 'paid', 'paid'])
      const confirmed = await orderRow(order.id)
      const [transaction] = await transactionsOf(order.id)
      expect(confirmed).toMatchObject({ state: 'sale', paymentState: 'paid' })
      // One writer: the order's confirmation, its last update and the transaction's all carry the
      // same moment (a second writer would have moved updatedAt past confirmedAt).
      expect(confirmed.updatedAt.getTime()).toBe(confirmed.confirmedAt!.getTime())
      expect(transaction!.updatedAt.getTime()).toBe(confirmed.confirmedAt!.getTime())
      expect(transaction!.state).toBe('paid')
    })

    test('arriving on the return address proves nothing: the order stays unpaid until Stripe says otherwise', async () => {
      const { order } = await orderWithSession()
      await checkCardPayment(guestContext(store.websiteId), { orderId: order.id, accessToken: order.accessToken })
      expect(await orderRow(order.id)).toMatchObject({ state: 'draft', paymentState: 'pending', confirmedAt: null })
      const pending = await db()
        .select()
        .from(paymentTransactions)
        .where(and(eq(paymentTransactions.orderId, order.id), eq(paymentTransactions.state, 'pending')))
      expect(pending).toHaveLength(1)
    })
  })
})
