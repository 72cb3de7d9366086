import { createHmac, randomBytes } from 'node:crypto'
import { sameSecret } from '../kernel/same-secret'

// How a webhook body is signed (issue 15), and how a receiver checks it. The signed text is
// "<unix seconds>.<raw body>", so a body cannot be replayed under another timestamp:
//   Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
// A receiver recomputes v1 over the raw bytes it received (before any JSON parsing), compares in
// constant time and refuses a timestamp older than its tolerance (five minutes by default).

export const SIGNATURE_HEADER = 'Webhook-Signature'
export const ID_HEADER = 'Webhook-Id'
export const TIMESTAMP_HEADER = 'Webhook-Timestamp'
export const DEFAULT_TOLERANCE_SECONDS = 300

const SECRET_PREFIX = 'whsec_'

/** A new endpoint secret: `whsec_` and 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url')
}

function digest(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
}

/** The three headers of a signed webhook body sent at `timestamp` (unix seconds). */
export function signWebhook({ secret, eventId, body, timestamp }: { secret: string; eventId: string; body: string; timestamp: number }): Record<string, string> {
  return {
    [ID_HEADER]: eventId,
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: `t=${timestamp},v1=${digest(secret, timestamp, body)}`,
  }
}

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: 'malformed' | 'mismatch' | 'too_old' }

/**
 * Checks a Webhook-Signature header against the raw body, as a receiver does. `now` is unix seconds;
 * a timestamp further than `toleranceSeconds` from it (either way) is refused. Several v1 values
 * (during a secret's rotation on the receiver's side) pass when one of them matches.
 */
export function verifyWebhookSignature({
  secret,
  header,
  body,
  now = Math.floor(Date.now() / 1000),
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
}: {
  secret: string
  header: string | null | undefined
  body: string
  now?: number
  toleranceSeconds?: number
}): SignatureCheck {
  if (!header) return { ok: false, reason: 'malformed' }
  let timestamp: number | null = null
  const signatures: string[] = []
  for (const part of header.split(',')) {
    const [key, value, ...rest] = part.trim().split('=')
    if (rest.length > 0 || value === undefined) return { ok: false, reason: 'malformed' }
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value)
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value)
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: 'malformed' }
  const expected = digest(secret, timestamp, body)
  // Every candidate is compared (no early exit), each in constant time.
  const matches = signatures.map((signature) => sameSecret(signature, expected)).includes(true)
  if (!matches) return { ok: false, reason: 'mismatch' }
  if (Math.abs(now - timestamp) > toleranceSeconds) return { ok: false, reason: 'too_old' }
  return { ok: true, timestamp }
}
