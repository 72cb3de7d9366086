import { checkOutboundUrl, OutboundError, outboundFetch, type OutboundPolicy, outboundPolicy, outboundUrlProblem } from './outbound'

// The one way the tax adapters reach an outside service: a JSON POST with a timeout and no retry
// (tax calls are POSTs; decision 010 retries only idempotent token/GET calls), through the outbound
// policy (adapters/outbound.ts). Refused addresses, network failures and timeouts become
// TaxServiceError; the caller reads the status and the parsed body.

/** How a call to a tax service failed; the tax domain turns it into the error shoppers see (tax/tax-errors.ts). */
export type TaxFailureKind =
  /** The store's tax credential lacks what the call needs (URL, key, token). */
  | 'not_configured'
  /** Connection refused, DNS, reset … */
  | 'unreachable'
  | 'timeout'
  /** A status the contract does not explain (5xx, 401/403 of our own credential, 3xx …). */
  | 'bad_status'
  /** A body that is not the contract's shape (HTML error page, broken JSON, missing fields). */
  | 'malformed'
  /** The service understood the request and refused it (bad address, success:false …). */
  | 'rejected'

export class TaxServiceError extends Error {
  override readonly name = 'TaxServiceError'
  constructor(
    readonly kind: TaxFailureKind,
    /** For the log only: never contains credentials. */
    message: string,
    /** The service's own words for the shopper, when it sent any (already cleaned). */
    readonly serviceMessage: string | null = null,
    readonly status: number | null = null,
  ) {
    super(message)
  }
}

/** A message from an outside service made safe to show: plain visible text, bounded length. */
export function cleanServiceMessage(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const clean = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim()
  if (clean === '') return null
  return clean.length > 300 ? `${clean.slice(0, 297)}...` : clean
}

/** ZIPs are cut to their first 5 characters for tax lookups (spec 5, 9). */
export function cutZip(zip: string): string {
  return zip.trim().slice(0, 5)
}

export const DEFAULT_TAX_TIMEOUT_MS = 8000
const MAX_RESPONSE_BYTES = 1_000_000

export type TaxHttpAnswer = {
  status: number
  /** The parsed JSON body; undefined when the body was empty or not JSON (see `malformed`). */
  json: unknown
  malformed: boolean
}

/** A tax service's address as it is saved (console, store file), or a 400 saying what to change. */
export function checkTaxServiceAddress(url: string, policy?: OutboundPolicy): string {
  return checkOutboundUrl(url, { label: 'the tax service', example: 'https://tax.example.com/rates', ...(policy ? { policy } : {}) })
}

/**
 * The configured URL, if the outbound policy lets it be called (adapters/outbound.ts: https in
 * production, a public address, no credentials); TaxServiceError('not_configured') otherwise.
 */
export function checkServiceUrl(url: string | null | undefined, what: string, policy: OutboundPolicy = outboundPolicy()): URL {
  if (!url) throw new TaxServiceError('not_configured', `${what}: no URL configured`)
  const checked = outboundUrlProblem(url, policy)
  if ('problem' in checked) throw new TaxServiceError('not_configured', `${what}: the configured URL is refused (${checked.problem})`)
  return checked.url
}

/**
 * One POST through the outbound policy's fetch (the resolved address checked and pinned, redirects
 * answered, not followed). A refused address, a network failure and a timeout become TaxServiceError.
 */
export async function postJson(
  url: URL,
  body: unknown,
  { headers, timeoutMs, what, policy }: { headers: Record<string, string>; timeoutMs: number; what: string; policy?: OutboundPolicy },
): Promise<TaxHttpAnswer> {
  let status: number
  let text: string
  try {
    const response = await outboundFetch(
      url,
      { method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) },
      // One byte more than is read: a longer answer is kept short, then called malformed.
      { timeoutMs, maxBytes: MAX_RESPONSE_BYTES + 1, truncate: true, ...(policy ? { policy } : {}) },
    )
    status = response.status
    text = await response.text()
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error
    if (error.kind === 'refused') throw new TaxServiceError('not_configured', `${what}: ${error.message} (${error.detail})`)
    if (error.timedOut) throw new TaxServiceError('timeout', `${what}: no answer within ${timeoutMs} ms`)
    throw new TaxServiceError('unreachable', `${what}: ${error.detail}`)
  }
  if (Buffer.byteLength(text) > MAX_RESPONSE_BYTES || text.trim() === '') return { status, json: undefined, malformed: true }
  try {
    return { status, json: JSON.parse(text), malformed: false }
  } catch {
    return { status, json: undefined, malformed: true }
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
