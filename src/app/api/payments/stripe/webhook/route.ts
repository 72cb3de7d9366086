// POST /api/payments/stripe/webhook: Stripe's events about Checkout Sessions (security.md 4.7).
// Stripe calls it server to server, so there is no same-origin check: the Stripe-Signature header,
// verified on the raw bytes before anything is parsed, is the only proof accepted. 200 for an event
// applied, already seen or not needed; 400 for a bad signature or body; 503 while unconfigured (so
// Stripe retries).
import { handleStripeWebhook } from '@/server/payments/stripe-payments'
import { defineRoute } from '@/web/define-route'
import { readBodyBytes } from '@/web/http'
import { storeOfHeaders } from '@/web/request-store'

export const dynamic = 'force-dynamic'

/** Checkout Session events are a few kB; anything far larger is not one. */
const MAX_BODY_BYTES = 256 * 1024

export const POST = defineRoute({
  sameOrigin: false,
  async handler({ request }) {
    const { outcome } = await handleStripeWebhook({ rawBody: await readBodyBytes(request, MAX_BODY_BYTES, 'The webhook body is too large.'), signature: request.headers.get('stripe-signature'), websiteId: storeOfHeaders(request.headers) })
    return Response.json({ received: true, outcome }, { headers: { 'Cache-Control': 'no-store' } })
  },
})
