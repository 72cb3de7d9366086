// POST /api/payments/stripe/webhook: Stripe's events about Checkout Sessions (security.md 4.7).
// Stripe calls it server to server, so there is no same-origin check: the Stripe-Signature header,
// verified on the raw bytes before anything is parsed, is the only proof accepted. 200 for an event
// applied, already seen or not needed; 400 for a bad signature or body; 503 while unconfigured (so
// Stripe retries).
import { handleStripeWebhook } from '@/server/payments/stripe-payments'
import { errorResponse, HttpError } from '@/web/http'

export const dynamic = 'force-dynamic'

/** Checkout Session events are a few kB; anything far larger is not one. */
const MAX_BODY_BYTES = 256 * 1024

async function rawBody(request: Request): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, 'payload_too_large', 'The webhook body is too large.')
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge()
  if (!request.body) return Buffer.alloc(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

export async function POST(request: Request) {
  try {
    const { outcome } = await handleStripeWebhook({ rawBody: await rawBody(request), signature: request.headers.get('stripe-signature') })
    return Response.json({ received: true, outcome }, { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    return errorResponse(error)
  }
}
