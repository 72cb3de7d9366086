import { createHmac, timingSafeEqual } from 'node:crypto'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'

// Stripe over its HTTP API, the part a hosted Checkout needs: create a Checkout Session
// (POST /v1/checkout/sessions, form-encoded, Bearer secret key, Idempotency-Key), read one back
// (GET /v1/checkout/sessions/{id}) for the server-side check, and verify the signature of the
// webhooks Stripe sends (Stripe-Signature: t=…,v1=…; HMAC-SHA256 of `${t}.${rawBody}`).
// Card data never reaches this server: the shopper types it on Stripe's page (PCI SAQ A).
// Every failure to get a usable answer (network, timeout, 5xx, 4xx, a body that is not a session)
// is an 'unavailable' DomainError with a sentence a shopper can act on; details go to the log,
// never the secret key or the answer's body.

export const STRIPE_API_BASE = 'https://api.stripe.com'
export const DEFAULT_STRIPE_TIMEOUT_MS = 10_000
/** Stripe's own default: a signed event older (or newer) than this is refused as a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

export const CARD_PAYMENTS_UNAVAILABLE = 'Card payments are not available right now. Please try again in a few minutes or choose another payment method.'
export const CARD_AMOUNT_TOO_SMALL = 'This amount is too small to pay by card. Please choose another payment method.'

export type StripeConfig = {
  secretKey: string
  /** Stripe's API base (https://api.stripe.com); plain http only to this machine (local fakes). */
  apiBase: string
  timeoutMs?: number
}

export type CheckoutSessionRequest = {
  /** The same key for a retry of the same attempt: Stripe answers it with the same session. */
  idempotencyKey: string
  /** Integer minor units (cents). */
  amount: number
  /** ISO 4217, any case (sent lower case, as Stripe writes it). */
  currency: string
  productName: string
  clientReferenceId: string
  orderId: number
  successUrl: string
  cancelUrl: string
  customerEmail?: string | null
}

export type CheckoutSessionStatus = 'open' | 'complete' | 'expired'
export type CheckoutPaymentStatus = 'paid' | 'unpaid' | 'no_payment_required'

/** The fields of a Checkout Session this store reads. */
export type CheckoutSession = {
  id: string
  /** The hosted page; null once the session is complete or expired. */
  url: string | null
  status: CheckoutSessionStatus
  paymentStatus: CheckoutPaymentStatus
  amountTotal: number | null
  currency: string | null
  clientReferenceId: string | null
  /** metadata.order_id as this store set it. */
  metadataOrderId: string | null
  paymentIntentId: string | null
}

export type StripeEvent = { id: string; type: string; created: number | null; object: unknown }

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

const unavailable = (message: string, userMessage = CARD_PAYMENTS_UNAVAILABLE) => new DomainError('unavailable', `stripe: ${message}`, userMessage)

/** The API base without a trailing slash: https, or http to this machine only. */
export function stripeBaseUrl(configured: string): string {
  let url: URL
  try {
    url = new URL(configured)
  } catch {
    throw unavailable('STRIPE_API_BASE is not a URL')
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
  if (!(url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) || url.username || url.password || url.search || url.hash) {
    throw unavailable('STRIPE_API_BASE must be an https URL without credentials, query or fragment')
  }
  return url.toString().replace(/\/+$/, '')
}

/** A hosted page address the shopper may be sent to: https (http only to this machine), no credentials. */
export function isSafeCheckoutUrl(value: string | null): value is string {
  if (!value) return false
  try {
    const url = new URL(value)
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
    return (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) && !url.username && !url.password
  } catch {
    return false
  }
}

/** A Checkout Session object as Stripe sends it, or null when it is not one. */
export function readCheckoutSession(value: unknown): CheckoutSession | null {
  if (!isRecord(value) || value.object !== 'checkout.session' || typeof value.id !== 'string' || !SESSION_ID.test(value.id)) return null
  const status = value.status
  const paymentStatus = value.payment_status
  if (status !== 'open' && status !== 'complete' && status !== 'expired') return null
  if (paymentStatus !== 'paid' && paymentStatus !== 'unpaid' && paymentStatus !== 'no_payment_required') return null
  const amountTotal = value.amount_total
  const intent = value.payment_intent
  const metadata = isRecord(value.metadata) ? value.metadata : {}
  return {
    id: value.id,
    url: typeof value.url === 'string' ? value.url : null,
    status,
    paymentStatus,
    amountTotal: typeof amountTotal === 'number' && Number.isSafeInteger(amountTotal) ? amountTotal : null,
    currency: typeof value.currency === 'string' ? value.currency.toLowerCase() : null,
    clientReferenceId: typeof value.client_reference_id === 'string' ? value.client_reference_id : null,
    metadataOrderId: typeof metadata.order_id === 'string' ? metadata.order_id : null,
    paymentIntentId: typeof intent === 'string' ? intent : isRecord(intent) && typeof intent.id === 'string' ? intent.id : null,
  }
}

type Answer = { status: number; json: unknown }
type Unreached = { unreached: string; timedOut: boolean }
type CallInit = { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }

/** One call: Stripe's status and parsed body, or why it could not be reached. */
async function call(what: string, url: string, init: CallInit, timeoutMs: number): Promise<Answer | Unreached> {
  try {
    const response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) })
    const text = await response.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: response.status, json }
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    const reason = timedOut ? `no answer within ${timeoutMs} ms` : error instanceof Error ? error.message : String(error)
    logger().warn({ provider: 'stripe', what, reason }, 'Stripe call failed')
    return { unreached: reason, timedOut }
  }
}

/**
 * A call retried once when Stripe could not be reached or answered 5xx: a GET is safe to repeat and
 * a POST carries its Idempotency-Key. A timeout is not retried (the shopper is waiting).
 */
async function callWithRetry(what: string, url: string, init: CallInit, timeoutMs: number): Promise<Answer> {
  let answer = await call(what, url, init, timeoutMs)
  if ('unreached' in answer ? !answer.timedOut : answer.status >= 500) answer = await call(`${what} (retry)`, url, init, timeoutMs)
  if ('unreached' in answer) throw unavailable(`${what}: ${answer.unreached}`)
  return answer
}

/** The session in a 2xx answer; anything else is `unavailable` (logged with Stripe's error code). */
function sessionOf(what: string, answer: Answer): CheckoutSession {
  if (answer.status < 200 || answer.status >= 300) {
    const error = isRecord(answer.json) && isRecord(answer.json.error) ? answer.json.error : {}
    const code = typeof error.code === 'string' ? error.code : null
    logger().warn(
      { provider: 'stripe', what, status: answer.status, type: error.type ?? null, code, param: error.param ?? null, message: typeof error.message === 'string' ? error.message.slice(0, 300) : null },
      'Stripe refused the call',
    )
    throw unavailable(`${what}: answered ${answer.status} ${code ?? ''}`.trim(), code === 'amount_too_small' ? CARD_AMOUNT_TOO_SMALL : CARD_PAYMENTS_UNAVAILABLE)
  }
  const session = readCheckoutSession(answer.json)
  if (!session) {
    logger().warn({ provider: 'stripe', what, status: answer.status }, 'Stripe answered something that is not a Checkout Session')
    throw unavailable(`${what}: the answer is not a Checkout Session`)
  }
  return session
}

const headersFor = (config: StripeConfig) => ({ Authorization: `Bearer ${config.secretKey}`, Accept: 'application/json' })

/** The form body of a Checkout Session for one line: the order, at the amount the server computed. */
export function checkoutSessionForm(request: CheckoutSessionRequest): URLSearchParams {
  const form = new URLSearchParams({
    mode: 'payment',
    'line_items[0][price_data][currency]': request.currency.toLowerCase(),
    'line_items[0][price_data][unit_amount]': String(request.amount),
    'line_items[0][price_data][product_data][name]': request.productName,
    'line_items[0][quantity]': '1',
    client_reference_id: request.clientReferenceId,
    'metadata[order_id]': String(request.orderId),
    'payment_intent_data[metadata][order_id]': String(request.orderId),
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
  })
  if (request.customerEmail) form.set('customer_email', request.customerEmail)
  return form
}

/** Creates a Checkout Session; the same idempotency key answers the same session. */
export async function createCheckoutSession(config: StripeConfig, request: CheckoutSessionRequest): Promise<CheckoutSession> {
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0) throw new Error(`createCheckoutSession needs a positive amount in cents, got ${request.amount}`)
  const base = stripeBaseUrl(config.apiBase)
  const answer = await callWithRetry(
    'create checkout session',
    `${base}/v1/checkout/sessions`,
    {
      method: 'POST',
      headers: { ...headersFor(config), 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': request.idempotencyKey },
      body: checkoutSessionForm(request).toString(),
    },
    config.timeoutMs ?? DEFAULT_STRIPE_TIMEOUT_MS,
  )
  const session = sessionOf('create checkout session', answer)
  if (session.status !== 'open' || !isSafeCheckoutUrl(session.url)) {
    logger().warn({ provider: 'stripe', sessionId: session.id, status: session.status }, 'Stripe created a session without an open https page')
    throw unavailable('create checkout session: no usable hosted page address')
  }
  return session
}

/** Reads a Checkout Session back from Stripe (the server-side check of a payment). */
export async function retrieveCheckoutSession(config: StripeConfig, sessionId: string): Promise<CheckoutSession> {
  if (!SESSION_ID.test(sessionId)) throw new Error(`not a Checkout Session id: ${sessionId.slice(0, 40)}`)
  const base = stripeBaseUrl(config.apiBase)
  const answer = await callWithRetry('retrieve checkout session', `${base}/v1/checkout/sessions/${encodeURIComponent(sessionId)}`, { method: 'GET', headers: headersFor(config) }, config.timeoutMs ?? DEFAULT_STRIPE_TIMEOUT_MS)
  const session = sessionOf('retrieve checkout session', answer)
  if (session.id !== sessionId) throw unavailable('retrieve checkout session: another session came back')
  return session
}

// ---------------------------------------------------------------------------------------------
// Webhooks

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: string }

const HEX_SHA256 = /^[0-9a-f]{64}$/

/** The v1 signature Stripe computes for `payload` sent at `timestamp` (seconds). */
export function stripeSignature(payload: string | Buffer, timestamp: number, secret: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex')
}

/**
 * Checks a Stripe-Signature header against the raw body: the timestamp within the tolerance of
 * `nowMs`, and one of the v1 signatures (there are several while a secret is being rolled) equal,
 * in constant time, to the HMAC-SHA256 of `${t}.${rawBody}` with the endpoint's secret.
 */
export function verifyStripeSignature(rawBody: string | Buffer, header: string | null, secret: string, nowMs: number = Date.now()): SignatureCheck {
  if (!secret) return { ok: false, reason: 'no webhook secret configured' }
  if (!header || header.length > 2048) return { ok: false, reason: 'no Stripe-Signature header' }
  let timestamp: number | null = null
  const signatures: string[] = []
  for (const part of header.split(',')) {
    const at = part.indexOf('=')
    if (at < 1) continue
    const name = part.slice(0, at).trim()
    const value = part.slice(at + 1).trim()
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value)
    else if (name === 'v1' && HEX_SHA256.test(value)) signatures.push(value)
  }
  if (timestamp === null) return { ok: false, reason: 'no timestamp in the signature header' }
  if (signatures.length === 0) return { ok: false, reason: 'no v1 signature in the signature header' }
  if (Math.abs(nowMs / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return { ok: false, reason: 'timestamp outside the tolerance' }
  const expected = Buffer.from(stripeSignature(rawBody, timestamp, secret), 'hex')
  // Every candidate is compared, so the time taken does not tell which one matched.
  let matched = false
  for (const signature of signatures) matched = timingSafeEqual(expected, Buffer.from(signature, 'hex')) || matched
  return matched ? { ok: true, timestamp } : { ok: false, reason: 'no signature matches' }
}

/** The event in a verified body, or null when it is not one. */
export function readStripeEvent(rawBody: string | Buffer): StripeEvent | null {
  let body: unknown
  try {
    body = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'))
  } catch {
    return null
  }
  if (!isRecord(body) || body.object !== 'event' || typeof body.id !== 'string' || !/^evt_[A-Za-z0-9_]{1,250}$/.test(body.id) || typeof body.type !== 'string') return null
  const data = isRecord(body.data) ? body.data : null
  if (!data) return null
  return { id: body.id, type: body.type.slice(0, 100), created: typeof body.created === 'number' ? body.created : null, object: data.object }
}

// ---------------------------------------------------------------------------------------------
// Refunds (issue 15): POST /v1/refunds against the PaymentIntent a Checkout Session paid with,
// for an amount in cents, with an Idempotency-Key (a retry of the same refund is the same refund
// at Stripe, never a second one).

export const CARD_REFUND_FAILED = 'The card refund did not go through at Stripe, so nothing was refunded. Please try again in a few minutes.'

export type RefundRequest = {
  idempotencyKey: string
  paymentIntentId: string
  /** Integer minor units (cents), > 0. */
  amount: number
  /** Stripe's reason code; the store's own words go in the metadata. */
  reason?: 'requested_by_customer' | 'duplicate' | 'fraudulent'
  metadata?: Record<string, string>
}

export type StripeRefund = { id: string; status: 'succeeded' | 'pending'; amount: number; paymentIntentId: string | null }

/** A refund object as Stripe sends it, or null when it is not one (or failed / was cancelled). */
export function readRefund(value: unknown): (Omit<StripeRefund, 'status'> & { status: string }) | null {
  if (!isRecord(value) || value.object !== 'refund' || typeof value.id !== 'string' || !/^(re|pyr)_[A-Za-z0-9_]{1,250}$/.test(value.id)) return null
  if (typeof value.amount !== 'number' || !Number.isSafeInteger(value.amount) || typeof value.status !== 'string') return null
  const intent = value.payment_intent
  return { id: value.id, status: value.status, amount: value.amount, paymentIntentId: typeof intent === 'string' ? intent : isRecord(intent) && typeof intent.id === 'string' ? intent.id : null }
}

/** Refunds `amount` of a paid PaymentIntent. Anything but a refund Stripe accepted (succeeded or pending) is `unavailable` with CARD_REFUND_FAILED. */
export async function createRefund(config: StripeConfig, request: RefundRequest): Promise<StripeRefund> {
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0) throw new Error(`createRefund needs a positive amount in cents, got ${request.amount}`)
  const base = stripeBaseUrl(config.apiBase)
  const form = new URLSearchParams({ payment_intent: request.paymentIntentId, amount: String(request.amount) })
  if (request.reason) form.set('reason', request.reason)
  for (const [key, value] of Object.entries(request.metadata ?? {})) form.set(`metadata[${key}]`, value)
  const answer = await callWithRetry(
    'create refund',
    `${base}/v1/refunds`,
    { method: 'POST', headers: { ...headersFor(config), 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': request.idempotencyKey }, body: form.toString() },
    config.timeoutMs ?? DEFAULT_STRIPE_TIMEOUT_MS,
  ).catch((error: unknown) => {
    throw error instanceof DomainError ? new DomainError('unavailable', error.message, CARD_REFUND_FAILED) : error
  })
  if (answer.status < 200 || answer.status >= 300) {
    const error = isRecord(answer.json) && isRecord(answer.json.error) ? answer.json.error : {}
    const code = typeof error.code === 'string' ? error.code : null
    logger().warn({ provider: 'stripe', what: 'create refund', status: answer.status, type: error.type ?? null, code, message: typeof error.message === 'string' ? error.message.slice(0, 300) : null }, 'Stripe refused the refund')
    throw unavailable(`create refund: answered ${answer.status} ${code ?? ''}`.trim(), CARD_REFUND_FAILED)
  }
  const refund = readRefund(answer.json)
  if (!refund) throw unavailable('create refund: the answer is not a refund', CARD_REFUND_FAILED)
  if (refund.status !== 'succeeded' && refund.status !== 'pending') {
    logger().warn({ provider: 'stripe', refundId: refund.id, status: refund.status }, 'Stripe refund did not succeed')
    throw unavailable(`create refund: refund ${refund.id} is ${refund.status}`, CARD_REFUND_FAILED)
  }
  if (refund.amount !== request.amount) throw unavailable(`create refund: refund ${refund.id} is for ${refund.amount}, not ${request.amount}`, CARD_REFUND_FAILED)
  return { ...refund, status: refund.status }
}
