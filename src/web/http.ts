// HTTP glue shared by the API route handlers: reading JSON bodies, answering with prepared
// payloads, and the one error shape.
//
// Every error answer has the body (ApiErrorBody in src/isomorphic/contract/queries.ts)
//   { "error": { "code": "invalid", "message": "…", "issues"?: [{ "path", "message" }] },
//     "statusCode": 400, "statusMessage": "…" }
// and the HTTP reason phrase carries the same message, so a client that reads the response's
// status message (spec 7) and one that reads the body see the same words. Messages are safe to
// show: unexpected errors are logged and answered with a fixed sentence that reveals nothing.
//
// State-changing routes only accept `Content-Type: application/json`, which a cross-site page can
// only send after a CORS preflight that we never grant: that is their CSRF guard.

import { ZodError } from 'zod'
import { type EncodedPayload, etagMatches, negotiateEncoding } from '@/server/api/encoded-payload'
import { bearerToken, sessionTokenFromCookies } from './session-cookie'
import { actorFor } from '@/server/accounts/session-service'
import { getDb } from '@/server/db/client'
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, isUnstorableText, UNSTORABLE_TEXT } from '@/server/kernel/db-errors'
import { env } from '@/server/env'
import { JsonSyntaxError, parseJsonWithLocations } from '@/server/kernel/json-locations'
import { type CoreContext, coreContext } from '@/server/kernel/context'
import { DomainError, type DomainErrorCode } from '@/server/kernel/errors'
import { logger } from '@/server/kernel/logger'
import type { ApiErrorBody } from '@/isomorphic/contract/queries'
import { findUnstorableText, mayHoldUnstorableText } from '@/isomorphic/storable-text'
import { storeOfHeaders } from './request-store'

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024
/** No API body nests deeper than a few levels; a deep one only costs parsing time. */
export const MAX_JSON_DEPTH = 64
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again!'

const STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
} satisfies Record<DomainErrorCode, number>

/** An error that already knows its HTTP answer (body limits, content types, throttling). */
export class HttpError extends Error {
  override readonly name = 'HttpError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

// Reason phrases must be visible ASCII (Node rejects control characters in statusMessage).
function reasonPhrase(message: string): string {
  const clean = message.replace(/[^\x20-\x7e]/g, ' ').trim()
  return clean.length > 200 ? `${clean.slice(0, 197)}...` : clean
}

export function jsonError(
  status: number,
  code: string,
  message: string,
  options: { issues?: ApiErrorBody['error']['issues']; headers?: Record<string, string>; data?: Record<string, unknown> } = {},
): Response {
  const body: ApiErrorBody = {
    error: options.issues ? { code, message, issues: options.issues } : { code, message },
    statusCode: status,
    statusMessage: message,
    ...(options.data ? { data: options.data } : {}),
  }
  return Response.json(body, {
    status,
    statusText: reasonPhrase(message),
    headers: { 'Cache-Control': 'no-store', ...options.headers },
  })
}

function describeZodError(error: ZodError) {
  const issues = error.issues.slice(0, 10).map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }))
  const message = `Invalid request: ${issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')}`
  return { issues, message }
}

/** The API's answer for any thrown value. */
export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) return jsonError(error.status, error.code, error.message, { headers: error.headers })
  if (error instanceof ZodError) {
    const { issues, message } = describeZodError(error)
    return jsonError(400, 'invalid', message, { issues })
  }
  if (error instanceof DomainError) {
    // A 503 is for a moment (a busy render queue, a provider away): say when to try again.
    const headers = error.code === 'unavailable' ? { 'Retry-After': '5' } : undefined
    return jsonError(STATUS[error.code], error.code, error.userMessage, { ...(error.data ? { data: error.data } : {}), ...(headers ? { headers } : {}) })
  }
  if (isDatabaseUnavailable(error)) {
    logger().warn({ err: error }, 'database unavailable during an API call')
    return jsonError(503, 'unavailable', DATABASE_UNAVAILABLE, { headers: { 'Retry-After': '5' } })
  }
  // The second line behind assertStorableText: a string that reached the database another way.
  if (isUnstorableText(error)) {
    logger().warn({ err: error }, 'the database refused text it cannot store: a request string was not checked where it was parsed')
    return jsonError(400, 'invalid', UNSTORABLE_TEXT)
  }
  logger().error({ err: error }, 'unhandled error in an API route')
  return jsonError(500, 'internal', SOMETHING_WENT_WRONG)
}

function isJsonContentType(value: string | null): boolean {
  if (!value) return false
  const type = value.split(';')[0]!.trim().toLowerCase()
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'))
}

/**
 * How much of a refused body the server still reads and drops before answering. A client sends
 * the whole body before it reads the answer: a server that answers and closes while it is still
 * sending resets the connection under it, and it sees a broken pipe instead of the 413. A body
 * beyond these bounds is cut off (the connection is then closed unread).
 */
export const DISCARD_LIMIT_BYTES = 16 * 1024 * 1024
export const DISCARD_LIMIT_MS = 10_000

/**
 * The request body as bytes, refused with a 413 (and `tooLargeMessage`) once it passes `maxBytes`,
 * whatever Content-Length claims. The rest of a refused body is read and dropped (within
 * DISCARD_LIMIT_BYTES and DISCARD_LIMIT_MS) so the client gets the answer. The one way routes
 * read a body.
 */
export async function readBodyBytes(request: Request, maxBytes: number, tooLargeMessage = `The request body is larger than ${Math.floor(maxBytes / 1024)} kB.`): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, 'payload_too_large', tooLargeMessage)
  const declared = Number(request.headers.get('content-length'))
  if (!request.body) {
    if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge()
    return Buffer.alloc(0)
  }
  const reader = request.body.getReader()
  if (Number.isFinite(declared) && declared > maxBytes) {
    await discardRest(reader, declared > DISCARD_LIMIT_BYTES ? 0 : DISCARD_LIMIT_BYTES)
    throw tooLarge()
  }
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await discardRest(reader, DISCARD_LIMIT_BYTES - size)
      throw tooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/** Reads and drops the rest of a body, up to `limitBytes` more and DISCARD_LIMIT_MS; past either, cancels it. */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, limitBytes: number): Promise<void> {
  let dropped = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeUp = new Promise<'time'>((resolve) => {
    timer = setTimeout(() => resolve('time'), DISCARD_LIMIT_MS)
  })
  try {
    while (dropped < limitBytes) {
      const result = await Promise.race([reader.read(), timeUp])
      if (result === 'time') break
      if (result.done) return
      dropped += result.value.byteLength
    }
    await reader.cancel().catch(() => undefined)
  } catch {
    // The client went away: nothing left to drop.
  } finally {
    clearTimeout(timer)
  }
}

async function readLimited(request: Request, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(request, maxBytes))
}

/**
 * The JSON object in the request body. Throws HttpError 415 (not JSON), 413 (over `maxBytes`) or
 * 400 (malformed JSON, or JSON that is not an object).
 */
export async function parseJson(request: Request, { maxBytes = DEFAULT_MAX_BODY_BYTES }: { maxBytes?: number } = {}): Promise<Record<string, unknown>> {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).')
  }
  const text = await readLimited(request, maxBytes)
  if (text.trim() === '') throw new HttpError(400, 'invalid', 'The request body is empty; send a JSON object.')
  let parsed: unknown
  try {
    // Strict JSON: a field given twice ({"quantity": 1, "quantity": 5}) is refused rather than
    // silently resolved to its last value (security.md 4.2, parameter pollution).
    parsed = parseJsonWithLocations(text, { maxDepth: MAX_JSON_DEPTH, locations: false }).value
  } catch (error) {
    if (error instanceof JsonSyntaxError && error.message.startsWith('duplicate property')) {
      throw new HttpError(400, 'invalid', `The request body has the ${error.message.replace('duplicate property', 'field')} more than once.`)
    }
    if (error instanceof JsonSyntaxError && error.message.startsWith('nested more than')) {
      throw new HttpError(400, 'invalid', `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`)
    }
    throw new HttpError(400, 'invalid', 'The request body is not valid JSON.')
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new HttpError(400, 'invalid', 'The request body must be a JSON object.')
  }
  assertStorableText(parsed, { json: text })
  return parsed as Record<string, unknown>
}

/**
 * Refuses request data (a parsed body, a JSON query parameter) holding a string PostgreSQL cannot
 * store — a NUL character or an unpaired surrogate, in a value or a field name — with a 400 naming
 * the field (`root` prefixes its path), before any of it reaches a handler. Given the JSON text it
 * was parsed from, the value is walked only when that text has an escape that could make one.
 */
export function assertStorableText(data: unknown, { json, root }: { json?: string; root?: string } = {}): void {
  if (json !== undefined && !mayHoldUnstorableText(json)) return
  const field = findUnstorableText(data, root)
  if (field !== null) {
    throw new HttpError(400, 'invalid', `The field ${field} contains a character that cannot be stored (a NUL character or an unpaired surrogate). Remove it and try again.`)
  }
}

/**
 * The caller's address as scripts/server.mjs decided it (clientAddress in security-headers.mjs
 * writes it as the only X-Forwarded-For entry), else X-Real-IP. Under `next dev` nothing decides
 * it and clients can forge these headers, so limits keyed by it also have a global cap.
 */
export function clientIp(request: { headers: { get(name: string): string | null } }): string | null {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
  const ip = forwarded || request.headers.get('x-real-ip')?.trim()
  return ip ? ip.slice(0, 64) : null
}

/**
 * The context the core takes for an API request (decision 018): the request's store (decision 025), the caller's
 * address and user agent, and who acts. The caller is resolved from the Authorization header's
 * bearer token, else the session cookie (signature, claims, live session row: authenticate in
 * session-service.ts), on the core's first ask only and once: a call that never asks (the catalog
 * of an unlocked store) pays no session lookup.
 */
export function apiContext(request: Request): CoreContext {
  const websiteId = storeOfHeaders(request.headers)
  return coreContext({
    websiteId,
    actor: async () => {
      const credentials = { bearer: bearerToken(request.headers.get('authorization')), cookie: sessionTokenFromCookies(request.headers.get('cookie')) }
      return actorFor(await getDb(), credentials, websiteId)
    },
    clientKey: clientIp(request),
    userAgent: request.headers.get('user-agent')?.slice(0, 300) ?? null,
  })
}

/** Public, shared answers: any cache may keep them but must revalidate (ETag) before reuse. */
export const PUBLIC_REVALIDATE = 'public, max-age=0, must-revalidate'

/**
 * Answers with a prepared payload: 304 when If-None-Match holds its ETag, otherwise the body in
 * the best encoding the client accepts (brotli, gzip or identity).
 */
export async function payloadResponse(request: Request, payload: EncodedPayload, { cacheControl }: { cacheControl: string }): Promise<Response> {
  const headers: Record<string, string> = { ETag: payload.etag, 'Cache-Control': cacheControl, Vary: 'Accept-Encoding' }
  if (etagMatches(request.headers.get('if-none-match'), payload.etag)) return new Response(null, { status: 304, headers })

  const encoding = negotiateEncoding(request.headers.get('accept-encoding'))
  const encoded = encoding ? await payload.encoded(encoding) : null
  headers['Content-Type'] = 'application/json; charset=utf-8'
  if (encoding && encoded) {
    // Next drops Content-Encoding from route handlers; scripts/server.mjs turns this mark into it.
    headers['X-Precompressed-Encoding'] = encoding
    return new Response(encoded as Uint8Array<ArrayBuffer>, { status: 200, headers })
  }
  return new Response(payload.json, { status: 200, headers })
}

export const CROSS_SITE_REFUSED = 'This request came from another site and was refused. Reload the store and try again.'

/**
 * The origin the browser used to reach us: its Host header and protocol — each store answers at its
 * own host names (decision 025), so the host the store was resolved from is the store's origin.
 * PUBLIC_ORIGIN is the install's default: used as it is when it names that host (its scheme wins).
 */
export function requestOrigin(request: Request): string {
  const host = (request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || request.headers.get('host') || new URL(request.url).host).toLowerCase()
  const configured = env().PUBLIC_ORIGIN
  if (configured && new URL(configured).host === host) return configured
  return `${isSecureRequest(request) ? 'https' : 'http'}://${host}`
}

/** True when the browser reached us over HTTPS (directly or through the proxy in front). */
export function isSecureRequest(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
  if (forwarded) return forwarded === 'https'
  return new URL(request.url).protocol === 'https:' || Boolean(env().PUBLIC_ORIGIN?.startsWith('https:'))
}

/**
 * CSRF guard for state-changing calls (security.md 7): a browser's cross-site request is refused
 * (Sec-Fetch-Site, then Origin: the store's own origin, or PUBLIC_ORIGIN behind a proxy that renames
 * the host); clients that send neither header (curl, servers) cannot ride a visitor's cookies and
 * pass. Another store of the install is another site: its pages cannot post here.
 */
export function assertSameOrigin(request: Request): void {
  const site = request.headers.get('sec-fetch-site')
  const origin = request.headers.get('origin')
  const crossSite = site === 'cross-site' || origin === 'null' || (origin !== null && origin !== requestOrigin(request) && origin !== env().PUBLIC_ORIGIN)
  if (crossSite) {
    logger().warn({ origin, site, path: new URL(request.url).pathname }, 'cross-site state change refused')
    throw new HttpError(403, 'forbidden', CROSS_SITE_REFUSED)
  }
}
