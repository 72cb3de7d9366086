// The security headers of every answer the production server gives: pages (rendered or replayed
// from the page cache), the API, Next's static files and images (decision 015). They are filled in
// just before the head of the answer is written, so a route that sets one of them itself (the order
// PDF's Referrer-Policy: no-referrer) keeps its own value. Also the other side of the edge: which
// forwarding headers of a request may be believed.
//
// Pages are served from shared caches (decisions 004, 008), so the policy cannot carry per-request
// nonces: scripts are limited to this origin, inline scripts (Next's flight payloads) and the two
// third parties the store loads — reCAPTCHA from www.recaptcha.net/www.gstatic.com
// (src/client/recaptcha.ts) and GA4's gtag.js from www.googletagmanager.com (src/client/analytics.ts).
//
// Every answer is a SecuredResponse (the server's createServer option): the headers it gets are one
// of four lists made once per server (over HTTPS or not × a secret in the address or not), so an
// answer costs no new strings or objects, and a replayed page can write them in one prepared head
// (scripts/page-response-cache.mjs).
import { ServerResponse } from 'node:http'

/** @typedef {{ production: boolean, publicOrigin: string | undefined }} SecurityHeaderOptions */
/** @typedef {import('../src/server/edge-env.mjs').TrustProxy} TrustProxy */
/**
 * What these functions read of a request (tests pass plain objects).
 * @typedef {Pick<import('node:http').IncomingMessage, 'headers' | 'url'> & { socket?: { encrypted?: boolean, remoteAddress?: string } }} RequestLike
 */
/** @typedef {RequestLike & Pick<import('node:http').IncomingMessage, 'rawHeaders'>} ProxyRequestLike */

const RECAPTCHA_SCRIPTS = ['https://www.recaptcha.net/recaptcha/', 'https://www.gstatic.com/recaptcha/']
const RECAPTCHA_FRAMES = ['https://www.recaptcha.net/recaptcha/', 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']
const GA_SCRIPTS = ['https://www.googletagmanager.com']
const GA_BEACONS = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com']

const POLICY = [
  ["default-src 'self'"],
  ["script-src 'self' 'unsafe-inline'", ...RECAPTCHA_SCRIPTS, ...GA_SCRIPTS],
  ["style-src 'self' 'unsafe-inline'"],
  ["img-src 'self' data: blob:", ...GA_BEACONS],
  ["font-src 'self' data:"],
  ["connect-src 'self'", ...GA_BEACONS],
  ['frame-src', ...RECAPTCHA_FRAMES],
  ["worker-src 'self' blob:"],
  ["manifest-src 'self'"],
  ["object-src 'none'"],
  ["base-uri 'self'"],
  ["form-action 'self'"],
  ["frame-ancestors 'none'"],
].map((parts) => parts.join(' '))

/**
 * The Content-Security-Policy; over HTTPS it also upgrades any http: address a page names.
 * @param {{ secure: boolean }} options
 */
export function contentSecurityPolicy({ secure }) {
  return [...POLICY, ...(secure ? ['upgrade-insecure-requests'] : [])].join('; ')
}

export const HSTS = 'max-age=63072000; includeSubDomains'

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()'

// Links sent by mail and orders opened by guests carry their secret in the query string.
const SECRET_PARAMS = /(?:^|[?&])(?:token|access_token|code|state)=/i

/**
 * True when the visitor reached us over HTTPS: the socket is TLS, the proxy in front says so
 * (X-Forwarded-Proto), or the configured public origin is https. A forged X-Forwarded-Proto on
 * plain HTTP only earns an HSTS header, which browsers ignore on insecure connections.
 * @param {RequestLike} request
 * @param {{ publicOrigin: string | undefined }} options
 */
export function isHttps(request, { publicOrigin }) {
  const proto = request.headers['x-forwarded-proto']
  if (proto) {
    const forwarded = (String(proto).split(',')[0] ?? '').trim().toLowerCase()
    if (forwarded) return forwarded === 'https'
  }
  return Boolean(request.socket?.encrypted) || Boolean(publicOrigin?.startsWith('https:'))
}

/**
 * The security headers of an answer over HTTPS or not, from an address with a secret or not, as a
 * flat [lower-case name, value, …] list. HSTS only in production over HTTPS.
 * @param {{ secure: boolean, secret: boolean, production: boolean }} variant
 * @returns {readonly string[]}
 */
function headerList({ secure, secret, production }) {
  const list = [
    'content-security-policy', contentSecurityPolicy({ secure }),
    'x-frame-options', 'DENY',
    'x-content-type-options', 'nosniff',
    'referrer-policy', secret ? 'no-referrer' : 'strict-origin-when-cross-origin',
    'permissions-policy', PERMISSIONS_POLICY,
    'cross-origin-opener-policy', 'same-origin',
  ]
  if (production && secure) list.push('strict-transport-security', HSTS)
  return Object.freeze(list)
}

/** @type {WeakMap<SecurityHeaderOptions, readonly (readonly string[])[]>} */
const listsByOptions = new WeakMap()

/**
 * The security headers an answer to `request` gets, as a flat [lower-case name, value, …] list: the
 * same list object for every request alike (HTTPS or not, a secret in the address or not), made
 * once per `options` object.
 * @param {RequestLike} request
 * @param {SecurityHeaderOptions} options
 * @returns {readonly string[]}
 */
export function securityHeaderList(request, options) {
  let lists = listsByOptions.get(options)
  if (!lists) {
    const { production } = options
    lists = [false, true].flatMap((secure) => [false, true].map((secret) => headerList({ secure, secret, production })))
    listsByOptions.set(options, lists)
  }
  const url = request.url ?? ''
  // A secret parameter needs an '=': most addresses are spared the expression.
  const secret = url.includes('=') && SECRET_PARAMS.test(url)
  return /** @type {readonly string[]} */ (lists[(isHttps(request, options) ? 2 : 0) + (secret ? 1 : 0)])
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'x-real-ip', 'x-forwarded-proto', 'x-forwarded-host']

/**
 * The address of the client, decided once per request, the same way for every path (pages, Next's
 * routes and the API endpoints scripts/server.mjs answers itself): the socket's peer, unless
 * `trustProxy` says proxies in front of us add the address they saw to X-Forwarded-For. Then it is
 * the entry the nearest trusted proxy added, counted from the right (`trustProxy` true: one proxy,
 * the rightmost entry; a number N: N proxies, the Nth from the right), never the leftmost, which
 * the client itself may have written. Without such an entry, X-Real-IP of the proxy, then the socket.
 * @param {RequestLike} request
 * @param {{ trustProxy: TrustProxy }} options
 * @returns {string | null}
 */
export function clientAddress(request, { trustProxy }) {
  const socketAddress = request.socket?.remoteAddress ?? null
  if (!trustProxy) return socketAddress
  const hops = trustProxy === true ? 1 : Number(trustProxy)
  const chain = String(request.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const forwarded = chain.length >= hops ? chain[chain.length - hops] : chain[0]
  const realIp = String(request.headers['x-real-ip'] ?? '').trim()
  return (forwarded || realIp || socketAddress)?.slice(0, 64) ?? null
}

/**
 * Rewrites the forwarding headers of a request to what we believe, before anything reads them:
 * X-Forwarded-For becomes the one client address (per-address rate limits key on it, see
 * clientAddress), and unless `trustProxy` says a proxy in front sets them, the other forwarding
 * headers are dropped, so nobody picks their own address, scheme or host. Both the parsed headers
 * (what Next reads) and the raw ones are rewritten, so no later reader can see what the client sent.
 * @param {ProxyRequestLike} request
 * @param {{ trustProxy: TrustProxy }} options
 */
export function trustedClientHeaders(request, { trustProxy }) {
  const address = clientAddress(request, { trustProxy })
  const dropped = trustProxy ? TRUSTED_PROXY_DROPS : FORWARDING_HEADERS
  const parsed = request.headers
  // The raw headers hold a name under any spelling that the parsed ones hold in lower case: when the
  // client sent none of the dropped names (nearly always), the raw list is kept and only added to.
  if (dropped.some((name) => parsed[name] !== undefined)) {
    for (const name of dropped) delete parsed[name]
    request.rawHeaders = withoutHeaders(request.rawHeaders, dropped)
  }
  if (address) {
    parsed['x-forwarded-for'] = address
    request.rawHeaders.push('X-Forwarded-For', address)
  }
}

const TRUSTED_PROXY_DROPS = ['x-forwarded-for', 'x-real-ip']

/**
 * A copy of a raw [name, value, …] list without the given lower-case names, under any spelling.
 * @param {string[]} raw
 * @param {string[]} names
 */
function withoutHeaders(raw, names) {
  /** @type {string[]} */
  const kept = []
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index] ?? ''
    if (!names.includes(name.toLowerCase())) kept.push(name, raw[index + 1] ?? '')
  }
  return kept
}

/** The store the server resolved for a request (decision 025): only the server ever writes it. */
export const STORE_HEADER = 'x-webstore-store'

/**
 * Sets (or, with null, removes) the request's store header in the parsed headers and the raw ones
 * alike, dropping every copy the client sent under any spelling: the API endpoints read the raw
 * headers, Next the parsed ones, and neither may see a store the client chose.
 * @param {ProxyRequestLike} request
 * @param {string | null} storeId
 */
export function setRequestStore(request, storeId) {
  // As in trustedClientHeaders: the raw list is copied only when it holds the name at all.
  if (request.headers[STORE_HEADER] !== undefined) {
    delete request.headers[STORE_HEADER]
    request.rawHeaders = withoutHeaders(request.rawHeaders, STORE_HEADERS)
  }
  if (storeId !== null) {
    request.headers[STORE_HEADER] = storeId
    request.rawHeaders.push(STORE_HEADER, storeId)
  }
}

const STORE_HEADERS = [STORE_HEADER]

/** Every name securityHeaders may set: the page cache never replays them (they depend on the request). */
export const SECURITY_HEADER_NAMES = [
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'strict-transport-security',
]

/**
 * The header names writeHead was given: an object, a flat [name, value, …] list or [name, value] pairs.
 * @param {unknown} headers
 * @returns {Set<string>}
 */
function namesIn(headers) {
  if (!headers || typeof headers !== 'object') return new Set()
  if (Array.isArray(headers)) {
    const flat = Array.isArray(headers[0]) ? headers.map((pair) => pair[0]) : headers.filter((_, index) => index % 2 === 0)
    return new Set(flat.map((name) => String(name).toLowerCase()))
  }
  return new Set(Object.keys(headers).map((name) => name.toLowerCase()))
}

/** @type {readonly string[]} */
const NO_HEADERS = Object.freeze([])

/**
 * Every answer of the production server (`createServer({ ServerResponse: SecuredResponse })`): it
 * carries the security headers withSecurityHeaders chose for its request, and each one the answer has
 * not set itself by the time its head is written is added then (writeHead is also what Node calls
 * for an implicit head).
 */
export class SecuredResponse extends ServerResponse {
  /** The flat [name, value, …] list of securityHeaderList for this answer's request. */
  securityHeaders = NO_HEADERS

  /**
   * @override
   * @param {number} statusCode
   * @param {any[]} rest a reason phrase and/or the headers, as node:http takes them
   */
  writeHead(statusCode, ...rest) {
    const list = this.securityHeaders
    if (list.length > 0 && !this.headersSent) {
      const given = namesIn(typeof rest[0] === 'string' ? rest[1] : rest[0])
      for (let index = 0; index < list.length; index += 2) {
        const name = /** @type {string} */ (list[index])
        if (!given.has(name) && !this.hasHeader(name)) this.setHeader(name, /** @type {string} */ (list[index + 1]))
      }
    }
    return super.writeHead(statusCode, ...rest)
  }

  /**
   * Writes a head prepared whole beforehand, which carries this answer's security headers already
   * (a replayed page's, scripts/page-response-cache.mjs): node:http writes such a flat list as it is,
   * with no header object built on the way.
   * @param {number} statusCode
   * @param {readonly string[]} headers
   */
  writePreparedHead(statusCode, headers) {
    return super.writeHead(statusCode, /** @type {string[]} */ (headers))
  }
}

/**
 * Makes `response` carry the security headers of `request` (see SecuredResponse).
 * @param {RequestLike} request
 * @param {import('node:http').ServerResponse} response
 * @param {SecurityHeaderOptions} options
 */
export function withSecurityHeaders(request, response, options) {
  if (!(response instanceof SecuredResponse)) throw new TypeError('answers must be SecuredResponse objects: createServer({ ServerResponse: SecuredResponse })')
  response.securityHeaders = securityHeaderList(request, options)
}
