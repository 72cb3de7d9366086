import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// The part of Stripe's API a hosted Checkout uses, as a real HTTP server on 127.0.0.1 (a free
// port): POST /v1/checkout/sessions (form-encoded, Bearer secret key, Idempotency-Key replayed for
// the same parameters and refused for others), GET /v1/checkout/sessions/{id}, and webhooks signed
// the way Stripe signs them (Stripe-Signature: t=…,v1=HMAC-SHA256(`${t}.${body}`)), and refunds
// (POST /v1/refunds of a paid session's PaymentIntent, Idempotency-Key replayed). A test can pay
// or expire a session, deliver the matching event to a URL, and make the next answers fail (5xx,
// garbage, or none at all). For browser tests it also serves a stand-in for the hosted page at the
// session's url: 'Pay' marks the session paid, delivers checkout.session.completed to `webhookUrl`
// when one is set, and sends the browser to success_url; 'Cancel' goes back to cancel_url.

export type RecordedStripeRequest = {
  method: string
  path: string
  headers: IncomingHttpHeaders
  /** The form fields of a POST, keys as sent ('line_items[0][price_data][unit_amount]'). */
  form: Record<string, string>
  rawBody: string
}

export type FakeSession = {
  id: string
  object: 'checkout.session'
  url: string | null
  status: 'open' | 'complete' | 'expired'
  payment_status: 'paid' | 'unpaid' | 'no_payment_required'
  mode: string
  amount_total: number
  currency: string
  client_reference_id: string | null
  customer_email: string | null
  metadata: Record<string, string>
  payment_intent: string | null
  success_url: string
  cancel_url: string
  created: number
  expires_at: number
  livemode: false
}

export type FakeRefund = {
  id: string
  object: 'refund'
  amount: number
  currency: string
  payment_intent: string
  reason: string | null
  metadata: Record<string, string>
  status: 'succeeded'
  created: number
}

export type StripeFailure = { kind: 'status'; status: number } | { kind: 'garbage' } | { kind: 'hang' }

export type SignedEvent = { body: string; signature: string; eventId: string }

export type EventOptions = {
  /** Signs with this secret instead of the endpoint's. */
  secret?: string
  /** The t= of the signature, in seconds (default: now). */
  timestamp?: number
  /** The event id (default: a new evt_…); the same id again is a redelivery. */
  eventId?: string
  /** Changes to the session as the event carries it. */
  session?: Partial<FakeSession>
}

export type FakeStripe = {
  /** The API base (STRIPE_API_BASE): http://127.0.0.1:{port} */
  url: string
  /** Where the hosted page's 'Pay' delivers checkout.session.completed (the store's webhook endpoint); null: no webhook. */
  webhookUrl: string | null
  secretKey: string
  webhookSecret: string
  requests: RecordedStripeRequest[]
  sessions: Map<string, FakeSession>
  /** Refunds made (POST /v1/refunds), by id. */
  refunds: Map<string, FakeRefund>
  /** The next `times` API calls answer this failure instead. */
  fail(failure: StripeFailure, times?: number): void
  /** The shopper paid on the hosted page (a card: complete and paid at once). */
  pay(sessionId: string, changes?: Partial<FakeSession>): FakeSession
  /** The shopper finished with a delayed method: complete, not paid yet. */
  completeUnpaid(sessionId: string): FakeSession
  expire(sessionId: string): FakeSession
  /** An event about the session as it is now, with its body and Stripe-Signature header. */
  event(type: string, sessionId: string, options?: EventOptions): SignedEvent
  /** POSTs the event to `url` the way Stripe delivers webhooks. */
  deliver(url: string, type: string, sessionId: string, options?: EventOptions): Promise<{ status: number; body: unknown; eventId: string }>
  close(): Promise<void>
}

const id = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`

function stripeError(status: number, type: string, message: string, code?: string, param?: string) {
  return { status, json: { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } } }
}

function send(response: ServerResponse, status: number, body: string, contentType = 'application/json') {
  response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body), 'Request-Id': id('req_') })
  response.end(body)
}

/** Stripe's minimum charge in the currency's minor unit (USD: 50 cents). */
const MINIMUM_AMOUNT = 50

export async function startFakeStripe({ secretKey = 'sk_test_fake_51Hx', webhookSecret = 'whsec_fake_signing_secret', port = 0 } = {}): Promise<FakeStripe> {
  const requests: RecordedStripeRequest[] = []
  const sessions = new Map<string, FakeSession>()
  const refunds = new Map<string, FakeRefund>()
  const idempotent = new Map<string, { rawBody: string; status: number; json: unknown }>()
  const failures: StripeFailure[] = []
  const hanging = new Set<ServerResponse>()
  let base = ''

  function createSession(form: Record<string, string>): { status: number; json: unknown } {
    if (form.mode !== 'payment') return stripeError(400, 'invalid_request_error', 'Invalid mode: must be payment.', 'parameter_invalid_empty', 'mode')
    const currency = form['line_items[0][price_data][currency]']
    const unitAmount = Number(form['line_items[0][price_data][unit_amount]'])
    const quantity = Number(form['line_items[0][quantity]'] ?? '1')
    const name = form['line_items[0][price_data][product_data][name]']
    if (!currency || !/^[a-z]{3}$/.test(currency)) return stripeError(400, 'invalid_request_error', 'Invalid currency.', 'parameter_invalid_string', 'line_items[0][price_data][currency]')
    if (!Number.isSafeInteger(unitAmount) || !Number.isSafeInteger(quantity) || quantity < 1) {
      return stripeError(400, 'invalid_request_error', 'Invalid integer.', 'parameter_invalid_integer', 'line_items[0][price_data][unit_amount]')
    }
    if (!name) return stripeError(400, 'invalid_request_error', 'Missing required param: line_items[0][price_data][product_data][name].', 'parameter_missing')
    if (unitAmount * quantity < MINIMUM_AMOUNT) {
      return stripeError(400, 'invalid_request_error', 'The Checkout Session\'s total amount due must add up to at least $0.50 usd', 'amount_too_small')
    }
    for (const field of ['success_url', 'cancel_url']) {
      if (!/^https?:\/\//.test(form[field] ?? '')) return stripeError(400, 'invalid_request_error', `Not a valid URL: ${field}`, 'url_invalid', field)
    }
    const metadata: Record<string, string> = {}
    for (const [key, value] of Object.entries(form)) {
      const match = /^metadata\[(.+)\]$/.exec(key)
      if (match) metadata[match[1]!] = value
    }
    const created = Math.floor(Date.now() / 1000)
    const sessionId = id('cs_test_')
    const session: FakeSession = {
      id: sessionId,
      object: 'checkout.session',
      url: `${base}/c/pay/${sessionId}`,
      status: 'open',
      payment_status: 'unpaid',
      mode: 'payment',
      amount_total: unitAmount * quantity,
      currency,
      client_reference_id: form.client_reference_id ?? null,
      customer_email: form.customer_email ?? null,
      metadata,
      payment_intent: null,
      success_url: form.success_url!,
      cancel_url: form.cancel_url!,
      created,
      expires_at: created + 24 * 3600,
      livemode: false,
    }
    sessions.set(sessionId, session)
    return { status: 200, json: session }
  }

  /** POST /v1/refunds: a paid PaymentIntent of one of the sessions, never beyond what it took less what it gave back. */
  function createRefund(form: Record<string, string>): { status: number; json: unknown } {
    const intent = form.payment_intent
    if (!intent) return stripeError(400, 'invalid_request_error', 'One of `charge` or `payment_intent` is required.', 'parameter_missing', 'payment_intent')
    const session = [...sessions.values()].find((candidate) => candidate.payment_intent === intent)
    if (!session || session.payment_status !== 'paid') return stripeError(404, 'invalid_request_error', `No such payment_intent: '${intent}'`, 'resource_missing', 'payment_intent')
    const refunded = [...refunds.values()].filter((refund) => refund.payment_intent === intent).reduce((sum, refund) => sum + refund.amount, 0)
    const left = session.amount_total - refunded
    if (left <= 0) return stripeError(400, 'invalid_request_error', `Charge for payment_intent ${intent} has already been refunded.`, 'charge_already_refunded')
    const amount = form.amount === undefined ? left : Number(form.amount)
    if (!Number.isSafeInteger(amount) || amount <= 0) return stripeError(400, 'invalid_request_error', 'Invalid positive integer', 'parameter_invalid_integer', 'amount')
    if (amount > left) {
      return stripeError(400, 'invalid_request_error', `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, 'amount_too_large', 'amount')
    }
    const metadata: Record<string, string> = {}
    for (const [key, value] of Object.entries(form)) {
      const match = /^metadata\[(.+)\]$/.exec(key)
      if (match) metadata[match[1]!] = value
    }
    const refund: FakeRefund = { id: id('re_'), object: 'refund', amount, currency: session.currency, payment_intent: intent, reason: form.reason ?? null, metadata, status: 'succeeded', created: Math.floor(Date.now() / 1000) }
    refunds.set(refund.id, refund)
    return { status: 200, json: refund }
  }

  /** A POST answered once per Idempotency-Key: the same key again replays the first answer (and refuses other parameters). */
  function idempotently(request: RecordedStripeRequest, create: (form: Record<string, string>) => { status: number; json: unknown }): { status: number; json: unknown } {
    if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return stripeError(400, 'invalid_request_error', 'Invalid request: send form-encoded parameters.')
    }
    const key = request.headers['idempotency-key']
    if (typeof key !== 'string' || !key) return create(request.form)
    const earlier = idempotent.get(key)
    if (earlier) {
      if (earlier.rawBody !== request.rawBody) {
        return stripeError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`)
      }
      return { status: earlier.status, json: earlier.json }
    }
    const answer = create(request.form)
    idempotent.set(key, { rawBody: request.rawBody, ...answer })
    return answer
  }

  function handle(request: RecordedStripeRequest): { status: number; json: unknown } {
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided: sk_test_****')
    }
    const path = request.path.split('?')[0]!
    if (request.method === 'POST' && path === '/v1/checkout/sessions') return idempotently(request, createSession)
    if (request.method === 'POST' && path === '/v1/refunds') return idempotently(request, createRefund)
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)
    if (request.method === 'GET' && retrieve) {
      const session = sessions.get(decodeURIComponent(retrieve[1]!))
      return session ? { status: 200, json: session } : stripeError(404, 'invalid_request_error', `No such checkout.session: '${retrieve[1]}'`, 'resource_missing', 'session')
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${request.method}: ${path}).`)
  }

  const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

  /** The stand-in for Stripe's hosted Checkout page (GET) and its two buttons (POST …/pay, GET …/cancel). */
  function hostedPage(method: string, path: string, res: ServerResponse): boolean {
    const match = /^\/c\/pay\/(cs_[A-Za-z0-9_]+)(\/pay|\/cancel)?$/.exec(path)
    if (!match) return false
    const session = sessions.get(match[1]!)
    if (!session || session.status !== 'open') {
      send(res, 404, '<!doctype html><title>Expired</title><p>This payment page has expired.</p>', 'text/html; charset=utf-8')
      return true
    }
    if (match[2] === '/cancel') {
      res.writeHead(303, { Location: session.cancel_url }).end()
      return true
    }
    if (match[2] === '/pay' && method === 'POST') {
      Object.assign(session, { status: 'complete', payment_status: 'paid', url: null, payment_intent: id('pi_') })
      const back = session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id)
      const delivered = fake.webhookUrl ? fake.deliver(fake.webhookUrl, 'checkout.session.completed', session.id).catch(() => undefined) : Promise.resolve()
      void delivered.then(() => res.writeHead(303, { Location: back }).end())
      return true
    }
    const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`
    send(
      res,
      200,
      `<!doctype html><html><head><title>Fake Stripe Checkout</title></head><body><main><h1>Pay ${escapeHtml(amount)}</h1>` +
        `<form method="post" action="/c/pay/${session.id}/pay"><button type="submit">Pay</button></form>` +
        `<a href="/c/pay/${session.id}/cancel">Cancel</a></main></body></html>`,
      'text/html; charset=utf-8',
    )
    return true
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      if (hostedPage(req.method ?? 'GET', (req.url ?? '/').split('?')[0]!, res)) return
      const rawBody = Buffer.concat(chunks).toString('utf8')
      const recorded: RecordedStripeRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, form: Object.fromEntries(new URLSearchParams(rawBody)), rawBody }
      requests.push(recorded)
      const failure = failures.shift()
      if (failure?.kind === 'hang') {
        hanging.add(res)
        res.on('close', () => hanging.delete(res))
        return
      }
      if (failure?.kind === 'garbage') return send(res, 200, '<html><body>Gateway hiccup</body></html>', 'text/html')
      if (failure?.kind === 'status') return send(res, failure.status, JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }))
      const answer = handle(recorded)
      send(res, answer.status, JSON.stringify(answer.json))
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  server.unref()
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const sessionOf = (sessionId: string) => {
    const session = sessions.get(sessionId)
    if (!session) throw new Error(`the fake Stripe has no session ${sessionId}`)
    return session
  }

  function event(type: string, sessionId: string, options: EventOptions = {}): SignedEvent {
    const eventId = options.eventId ?? id('evt_')
    const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000)
    const body = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: '2024-06-20',
      created: timestamp,
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object: { ...sessionOf(sessionId), ...options.session } },
    })
    const v1 = createHmac('sha256', options.secret ?? webhookSecret).update(`${timestamp}.${body}`).digest('hex')
    return { body, signature: `t=${timestamp},v1=${v1}`, eventId }
  }

  const fake: FakeStripe = {
    url: base,
    webhookUrl: null,
    secretKey,
    webhookSecret,
    requests,
    sessions,
    refunds,
    fail(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure)
    },
    pay(sessionId, changes = {}) {
      const session = sessionOf(sessionId)
      Object.assign(session, { status: 'complete', payment_status: 'paid', url: null, payment_intent: id('pi_') }, changes)
      return session
    },
    completeUnpaid(sessionId) {
      return Object.assign(sessionOf(sessionId), { status: 'complete' as const, payment_status: 'unpaid' as const, url: null, payment_intent: id('pi_') })
    },
    expire(sessionId) {
      return Object.assign(sessionOf(sessionId), { status: 'expired' as const, url: null })
    },
    event,
    async deliver(url, type, sessionId, options) {
      const signed = event(type, sessionId, options)
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signed.signature, 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: signed.body,
      })
      return { status: response.status, body: await response.json().catch(() => null), eventId: signed.eventId }
    },
    async close() {
      for (const response of hanging) response.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  return fake
}
