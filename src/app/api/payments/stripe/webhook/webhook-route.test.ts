import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { forgetSigningKey } from '@/server/accounts/signing-key'
import { executeMutation } from '@/server/api/mutation-registry'
import { runQuery } from '@/server/api/query-registry'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import { orders, paymentTransactions } from '@/server/db/schema'
import { backgroundMailSettled } from '@/server/mail/background-mail'
import { useMailSettings } from '@/server/mail/mail-settings'
import { useStripeSettings } from '@/server/payments/stripe-settings'
import type { OrderData } from '@/isomorphic/order-types'
import { createCheckoutStore, guestContext, orderBody, type CheckoutStore } from '../../../../../../tests/factories/orders'
import { createPaymentMethod } from '../../../../../../tests/factories/store-settings'
import { type FakeStripe, startFakeStripe } from '../../../../../../tests/support/fake-stripe'
import { testDatabaseKinds, useTestDatabase } from '../../../../../../tests/setup/test-db'
import { POST } from './route'

// The webhook route as Stripe reaches it: the fake Stripe POSTs signed events over HTTP to a local
// server that hands each request, bytes untouched, to the route handler.

describe.each(testDatabaseKinds())('POST /api/payments/stripe/webhook on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let stripe: FakeStripe
  let server: Server
  let endpoint: string
  let store: CheckoutStore
  let cardId: number

  beforeAll(async () => {
    forgetSigningKey()
    useRateLimiter(createMemoryRateLimiter())
    stripe = await startFakeStripe()
    useStripeSettings({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.url, timeoutMs: 1000 })
    useMailSettings({ origin: 'https://shop.example.com' })
    store = await createCheckoutStore()
    cardId = (await createPaymentMethod({ websiteId: store.websiteId, name: 'Card', provider: 'stripe' })).id

    server = createServer((incoming, outgoing) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('end', () => {
        const headers = new Headers()
        for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(name, value)
        void POST(new Request(`http://store.test${incoming.url}`, { method: 'POST', headers, body: Buffer.concat(chunks) })).then(async (response) => {
          outgoing.writeHead(response.status, Object.fromEntries(response.headers))
          outgoing.end(Buffer.from(await response.arrayBuffer()))
        })
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/stripe/webhook`
  })

  afterAll(async () => {
    await backgroundMailSettled()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await stripe.close()
    useStripeSettings(null)
    useMailSettings(null)
  })

  /** A guest's order with an open Checkout Session. */
  async function orderWithSession(): Promise<{ order: OrderData; sessionId: string }> {
    const ctx = guestContext(store.websiteId)
    const { orderSequence } = await runQuery('getOrderId', undefined, ctx)
    const { createOrder } = (await executeMutation('createOrder', orderBody(store, orderSequence, { aquirerId: cardId }), ctx)) as { createOrder: { order: OrderData } }
    const { orderPayment } = (await executeMutation('orderPayment', { acquirerId: cardId, orderId: createOrder.order.id, accessToken: createOrder.order.accessToken }, ctx)) as {
      orderPayment: { redirectUrl: string }
    }
    return { order: createOrder.order, sessionId: orderPayment.redirectUrl.split('/').pop()! }
  }

  const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!
  const post = (body: string, headers: Record<string, string>) => fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })

  test('a signed checkout.session.completed answers 200 and confirms the paid order; its redelivery answers 200 and changes nothing', async () => {
    const { order, sessionId } = await orderWithSession()
    stripe.pay(sessionId)
    const signed = stripe.event('checkout.session.completed', sessionId)

    const first = await post(signed.body, { 'stripe-signature': signed.signature })
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('no-store')
    expect(await first.json()).toEqual({ received: true, outcome: 'applied' })
    const confirmed = await orderRow(order.id)
    expect(confirmed).toMatchObject({ state: 'sale', paymentState: 'paid' })

    const again = await post(signed.body, { 'stripe-signature': signed.signature })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ received: true, outcome: 'duplicate' })
    expect(await orderRow(order.id)).toEqual(confirmed)
  })

  test('delivered by the fake Stripe itself, from another origin and without any cookie', async () => {
    const { order, sessionId } = await orderWithSession()
    stripe.pay(sessionId)
    const delivery = await stripe.deliver(endpoint, 'checkout.session.completed', sessionId)
    expect(delivery).toMatchObject({ status: 200, body: { received: true, outcome: 'applied' } })
    expect(await orderRow(order.id)).toMatchObject({ paymentState: 'paid' })
  })

  test("the fake's hosted page pays, delivers the webhook here, and sends the browser back with the session id", async () => {
    const { order, sessionId } = await orderWithSession()
    stripe.webhookUrl = endpoint
    try {
      const page = await fetch(`${stripe.url}/c/pay/${sessionId}`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('Pay 86.27 USD')
      const paid = await fetch(`${stripe.url}/c/pay/${sessionId}/pay`, { method: 'POST', redirect: 'manual' })
      expect(paid.status).toBe(303)
      expect(paid.headers.get('location')).toBe(`https://shop.example.com/payment/status?order=${order.id}&token=${order.accessToken}&session_id=${sessionId}`)
      expect(await orderRow(order.id)).toMatchObject({ state: 'sale', paymentState: 'paid' })
    } finally {
      stripe.webhookUrl = null
    }
  })

  test('a bad or missing signature answers 400 with a message, and nothing changes', async () => {
    const { order, sessionId } = await orderWithSession()
    stripe.pay(sessionId)
    const before = await orderRow(order.id)
    const forged = stripe.event('checkout.session.completed', sessionId, { secret: 'whsec_not_ours' })
    for (const headers of [{ 'stripe-signature': forged.signature }, {}] as Record<string, string>[]) {
      const response = await post(forged.body, headers)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: { code: 'invalid', message: 'The webhook signature is not valid.' }, statusCode: 400 })
    }
    expect(await orderRow(order.id)).toEqual(before)
    expect((await db().select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id))).map((row) => row.state)).toEqual(['pending'])
  })

  test('other event types are acknowledged and ignored', async () => {
    const { sessionId } = await orderWithSession()
    const delivery = await stripe.deliver(endpoint, 'payment_intent.created', sessionId)
    expect(delivery).toMatchObject({ status: 200, body: { received: true, outcome: 'ignored' } })
  })

  test('a body far larger than any event is refused before it is read in full', async () => {
    const response = await post(JSON.stringify({ padding: 'x'.repeat(300 * 1024) }), { 'stripe-signature': 't=1,v1=00' })
    expect(response.status).toBe(413)
  })
})
