import { logger } from '../kernel/logger'
import { checkOutboundUrl, OutboundError, outboundFetch, type OutboundPolicy, outboundPolicy, outboundUrlProblem } from './outbound'

// What the carrier adapters (UPS, FedEx, USPS) share: one failure type whose message is safe to
// show, outbound calls with a timeout, the check on the configured API base, and the token cache.
// Carrier URLs and credentials only ever come from the database (delivery_methods), never from a
// request.

export const NOT_A_VALID_ADDRESS = 'Not a valid address. Please check your entered address'
export const FAILED_UPS_TOKEN = 'Failed to fetch UPS token'
export const FAILED_FEDEX_TOKEN = 'Failed to fetch FedEx token'
export const INVALID_TOKEN_RESPONSE = 'Invalid token response'
export const CARRIER_UNAVAILABLE = 'This delivery method cannot be priced right now. Please try again or choose another delivery method.'
export const CARRIER_NOT_CONFIGURED = 'This delivery method is not available right now. Please choose another delivery method.'
export const ADDRESS_NEEDED = 'Enter a shipping address to see this delivery price.'

/**
 * `address`: the address is missing or the carrier refused it; `order`: the method cannot deliver
 * this order (no rule holds, too heavy, outside its area); `token`: the carrier's token failed;
 * `unavailable`: down, slow, garbage or misconfigured.
 */
export type CarrierFailureKind = 'address' | 'order' | 'token' | 'unavailable'

/** A carrier call that failed; `message` is the shopper-facing text, details go to the log only. */
export class CarrierError extends Error {
  override readonly name = 'CarrierError'
  constructor(
    readonly kind: CarrierFailureKind,
    message: string,
  ) {
    super(message)
  }
}

export const DEFAULT_CARRIER_TIMEOUT_MS = 8000

/** How the adapters reach the carriers; tests pass a short timeout, their own cache and clock. */
export type CarrierOptions = {
  timeoutMs?: number
  tokens?: TokenCache
  now?: () => number
}

export type CarrierContext = { timeoutMs: number; tokens: TokenCache; now: () => number }

export function carrierContext(options: CarrierOptions = {}): CarrierContext {
  return {
    timeoutMs: options.timeoutMs ?? DEFAULT_CARRIER_TIMEOUT_MS,
    tokens: options.tokens ?? carrierTokenCache(),
    now: options.now ?? (() => Date.now()),
  }
}

/** A carrier's API address as it is saved (console, store file), or a 400 saying what to change. */
export function checkCarrierApiAddress(url: string, policy?: OutboundPolicy): string {
  return checkOutboundUrl(url, { label: 'the carrier’s API', example: 'https://onlinetools.ups.com', ...(policy ? { policy } : {}) })
}

/**
 * The configured API base as a URL without a trailing slash, if the outbound policy lets it be
 * called (adapters/outbound.ts: https in production, a public address; private and loopback fakes
 * with ALLOW_PRIVATE_OUTBOUND). Throws CarrierError otherwise.
 */
export function carrierBaseUrl(carrier: string, configured: string | null | undefined): string {
  const checked = outboundUrlProblem(configured ?? '', outboundPolicy())
  if ('problem' in checked) {
    logger().warn({ carrier, problem: checked.problem }, 'carrier API base is refused by the outbound policy')
    throw new CarrierError('unavailable', CARRIER_NOT_CONFIGURED)
  }
  const { url } = checked
  if (url.search) {
    logger().warn({ carrier }, 'carrier API base must not carry a query')
    throw new CarrierError('unavailable', CARRIER_NOT_CONFIGURED)
  }
  return url.toString().replace(/\/+$/, '')
}

export type CarrierResponse = { status: number; text: string }

/**
 * One outbound call with a timeout, through the outbound policy (the resolved address checked and
 * pinned). A refused address, network failures, timeouts and redirects (never followed) come back
 * as `null` (logged without the body or headers, which may carry secrets).
 */
export async function carrierFetch(
  carrier: string,
  what: string,
  url: string,
  init: { method: 'POST' | 'GET'; headers: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<CarrierResponse | null> {
  try {
    const response = await outboundFetch(url, init, { timeoutMs })
    const text = await response.text()
    if (response.status >= 300 && response.status < 400) {
      logger().warn({ carrier, what, status: response.status }, 'carrier call answered a redirect, which is not followed')
      return null
    }
    return { status: response.status, text }
  } catch (error) {
    const reason = error instanceof OutboundError ? (error.timedOut ? `timeout after ${timeoutMs} ms` : error.detail) : error instanceof Error ? error.message : String(error)
    logger().warn({ carrier, what, reason }, 'carrier call failed')
    return null
  }
}

/** JSON.parse that answers undefined for a body that is not JSON. */
export function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A money value a carrier sent (number or decimal string) as unrounded cents; null if it is not one. */
export function carrierAmount(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN
  if (!Number.isFinite(number) || number < 0) return null
  // Dollars to cents without binary noise (9.8 × 100 = 980.0000000000001); sub-cent digits survive.
  return Math.round(number * 100 * 1e6) / 1e6
}

// ---------------------------------------------------------------------------------------------
// Tokens

export type CachedToken = { accessToken: string; expiresAt: number }

/**
 * OAuth tokens per (API base, client id), reused until `expires_in` has passed (spec 4: carrier
 * tokens), then fetched again. Concurrent callers share one fetch.
 */
export type TokenCache = {
  get(key: string, fetchToken: () => Promise<{ accessToken: string; expiresInSeconds: number }>): Promise<CachedToken>
  /** Drops a token the carrier refused before it expired. */
  forget(key: string, accessToken: string): void
}

export function createTokenCache(now: () => number = () => Date.now()): TokenCache {
  const tokens = new Map<string, CachedToken>()
  const pending = new Map<string, Promise<CachedToken>>()
  return {
    async get(key, fetchToken) {
      const cached = tokens.get(key)
      if (cached && now() < cached.expiresAt) return cached
      const inFlight = pending.get(key)
      if (inFlight) return inFlight
      const fetching = (async () => {
        const { accessToken, expiresInSeconds } = await fetchToken()
        const token = { accessToken, expiresAt: now() + expiresInSeconds * 1000 }
        tokens.set(key, token)
        return token
      })()
      pending.set(key, fetching)
      try {
        return await fetching
      } finally {
        pending.delete(key)
      }
    },
    forget(key, accessToken) {
      if (tokens.get(key)?.accessToken === accessToken) tokens.delete(key)
    },
  }
}

export const tokenCacheKey = (baseUrl: string, clientId: string) => `${baseUrl}\u0000${clientId}`

const GLOBAL_KEY = Symbol.for('webstore.carrier-tokens')
type GlobalWithTokens = typeof globalThis & { [GLOBAL_KEY]?: TokenCache }

/** The process-wide carrier token cache. */
export function carrierTokenCache(): TokenCache {
  const holder = globalThis as GlobalWithTokens
  holder[GLOBAL_KEY] ??= createTokenCache()
  return holder[GLOBAL_KEY]
}

/**
 * `expires_in` as seconds: UPS sends a string, FedEx a number. Null for anything that is not a
 * positive number of seconds.
 */
export function expiresInSeconds(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN
  return Number.isFinite(number) && number > 0 ? number : null
}

/** An OAuth token answer ({access_token, expires_in}); anything else is 'Invalid token response'. */
export function readTokenAnswer(carrier: string, text: string): { accessToken: string; expiresInSeconds: number } {
  const body = parseJsonBody(text)
  const accessToken = isRecord(body) && typeof body.access_token === 'string' && body.access_token !== '' ? body.access_token : null
  const expiresIn = isRecord(body) ? expiresInSeconds(body.expires_in) : null
  if (!accessToken || expiresIn === null) {
    logger().warn({ carrier }, 'carrier token answer has no access_token or expires_in')
    throw new CarrierError('token', INVALID_TOKEN_RESPONSE)
  }
  return { accessToken, expiresInSeconds: expiresIn }
}

/**
 * A token call, retried once when the carrier could not be reached or answered 5xx (a token call is
 * idempotent). Timeouts are not retried: the shopper is waiting.
 */
export async function fetchTokenWithRetry(
  carrier: string,
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
  timeoutMs: number,
): Promise<CarrierResponse | null> {
  const started = Date.now()
  const first = await carrierFetch(carrier, 'token', url, init, timeoutMs)
  const timedOut = first === null && Date.now() - started >= timeoutMs
  if ((first === null && !timedOut) || (first !== null && first.status >= 500)) {
    return carrierFetch(carrier, 'token (retry)', url, init, timeoutMs)
  }
  return first
}
