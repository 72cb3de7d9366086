import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type FakeStripe, startFakeStripe } from '../../../tests/support/fake-stripe'
import {
  CARD_PAYMENTS_UNAVAILABLE,
  type CheckoutSessionRequest,
  createCheckoutSession,
  isSafeCheckoutUrl,
  readCheckoutSession,
  readStripeEvent,
  retrieveCheckoutSession,
  stripeBaseUrl,
  stripeSignature,
  verifyStripeSignature,
} from './stripe'

// The Stripe client against a local server speaking Stripe's contract (tests/support/fake-stripe.ts).

let stripe: FakeStripe
beforeAll(async () => {
  stripe = await startFakeStripe()
})
afterAll(() => stripe.close())

const config = () => ({ secretKey: stripe.secretKey, apiBase: stripe.url, timeoutMs: 10_000 })
const request = (overrides: Partial<CheckoutSessionRequest> = {}): CheckoutSessionRequest => ({
  idempotencyKey: `order-1-key-${Math.random()}`,
  amount: 8627,
  currency: 'USD',
  productName: 'Order S00042',
  clientReferenceId: '1',
  orderId: 1,
  successUrl: 'https://shop.example.com/payment/status?order=1&token=t&session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://shop.example.com/payment?order=1&token=t',
  ...overrides,
})

describe('Checkout Sessions', () => {
  test('creates one and reads it back', async () => {
    const created = await createCheckoutSession(config(), request())
    expect(created).toMatchObject({ status: 'open', paymentStatus: 'unpaid', amountTotal: 8627, currency: 'usd', clientReferenceId: '1', metadataOrderId: '1', paymentIntentId: null })
    expect(created.url).toBe(`${stripe.url}/c/pay/${created.id}`)
    // The placeholder reaches Stripe literally, for Stripe to fill in.
    expect(stripe.sessions.get(created.id)!.success_url).toContain('session_id={CHECKOUT_SESSION_ID}')

    stripe.pay(created.id)
    await expect(retrieveCheckoutSession(config(), created.id)).resolves.toMatchObject({ id: created.id, status: 'complete', paymentStatus: 'paid', url: null, paymentIntentId: expect.stringMatching(/^pi_/) as unknown })
  })

  test('the same Idempotency-Key answers the same session', async () => {
    const same = request()
    const first = await createCheckoutSession(config(), same)
    const second = await createCheckoutSession(config(), same)
    expect(second.id).toBe(first.id)
  })

  test('a wrong secret key, an unknown session and a refused amount are unavailable with a sentence to act on', async () => {
    await expect(createCheckoutSession({ ...config(), secretKey: 'sk_test_wrong' }, request())).rejects.toMatchObject({ code: 'unavailable', userMessage: CARD_PAYMENTS_UNAVAILABLE })
    await expect(retrieveCheckoutSession(config(), 'cs_test_unknown')).rejects.toMatchObject({ code: 'unavailable' })
    await expect(createCheckoutSession(config(), request({ amount: 49 }))).rejects.toMatchObject({ code: 'unavailable', userMessage: 'This amount is too small to pay by card. Please choose another payment method.' })
  })

  test('refuses to call an API base that is not https (except this machine)', () => {
    expect(stripeBaseUrl('https://api.stripe.com/')).toBe('https://api.stripe.com')
    expect(stripeBaseUrl('http://127.0.0.1:4242')).toBe('http://127.0.0.1:4242')
    for (const base of ['http://api.stripe.com', 'https://user:pw@api.stripe.com', 'https://api.stripe.com/?x=1', 'not a url']) {
      expect(() => stripeBaseUrl(base), base).toThrow(expect.objectContaining({ code: 'unavailable' }))
    }
  })

  test('sends shoppers only to https pages (http only on this machine)', () => {
    expect(isSafeCheckoutUrl('https://checkout.stripe.com/c/pay/cs_test_1')).toBe(true)
    expect(isSafeCheckoutUrl('http://127.0.0.1:4000/c/pay/cs_test_1')).toBe(true)
    for (const url of ['javascript:alert(1)', 'http://checkout.evil.example/', 'https://user:pw@checkout.stripe.com/', '', null]) expect(isSafeCheckoutUrl(url), String(url)).toBe(false)
  })

  test('reads only Checkout Session objects', () => {
    expect(readCheckoutSession({ object: 'payment_intent', id: 'pi_1' })).toBeNull()
    expect(readCheckoutSession({ object: 'checkout.session', id: 'cs_1', status: 'weird', payment_status: 'paid' })).toBeNull()
    expect(readCheckoutSession({ object: 'checkout.session', id: 'cs_1', status: 'complete', payment_status: 'paid', amount_total: 1.5 })).toMatchObject({ amountTotal: null })
  })
})

describe('webhook signatures', () => {
  const secret = 'whsec_test_secret'
  const body = Buffer.from('{"id":"evt_1","object":"event","type":"checkout.session.completed","data":{"object":{}}}')
  const at = 1_767_225_600

  test('accepts the HMAC of t.body with the secret within 300 seconds either way', () => {
    const header = `t=${at},v1=${stripeSignature(body, at, secret)}`
    expect(verifyStripeSignature(body, header, secret, at * 1000)).toEqual({ ok: true, timestamp: at })
    expect(verifyStripeSignature(body, header, secret, (at + 300) * 1000).ok).toBe(true)
    expect(verifyStripeSignature(body, header, secret, (at - 300) * 1000).ok).toBe(true)
    expect(verifyStripeSignature(body, header, secret, (at + 301) * 1000)).toEqual({ ok: false, reason: 'timestamp outside the tolerance' })
  })

  test('refuses another secret, another body, a v0-only header and a missing timestamp', () => {
    const signature = stripeSignature(body, at, secret)
    expect(verifyStripeSignature(body, `t=${at},v1=${stripeSignature(body, at, 'whsec_other')}`, secret, at * 1000).ok).toBe(false)
    expect(verifyStripeSignature(Buffer.concat([body, Buffer.from(' ')]), `t=${at},v1=${signature}`, secret, at * 1000).ok).toBe(false)
    expect(verifyStripeSignature(body, `t=${at},v0=${signature}`, secret, at * 1000).ok).toBe(false)
    expect(verifyStripeSignature(body, `v1=${signature}`, secret, at * 1000).ok).toBe(false)
    expect(verifyStripeSignature(body, `t=${at},v1=${signature}`, '', at * 1000).ok).toBe(false)
  })

  test('reads an event only from a Stripe event body', () => {
    expect(readStripeEvent(body)).toEqual({ id: 'evt_1', type: 'checkout.session.completed', created: null, object: {} })
    expect(readStripeEvent('{"id":"x","object":"event","type":"a","data":{}}')).toBeNull()
    expect(readStripeEvent('not json')).toBeNull()
  })
})
