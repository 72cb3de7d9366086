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
  const forwarded = (String(request.headers['x-forwarded-proto'] ?? '').split(',')[0] ?? '').trim().toLowerCase()
  if (forwarded) return forwarded === 'https'
  return Boolean(request.socket?.encrypted) || Boolean(publicOrigin?.startsWith('https:'))
}

/**
 * The headers an answer to `request` gets, by lower-case name. HSTS only in production over HTTPS.
 * @param {RequestLike} request
 * @param {SecurityHeaderOptions} options
 * @returns {Record<string, string>}
 */
export function securityHeaders(request, { production, publicOrigin }) {
  const secure = isHttps(request, { publicOrigin })
  /** @type {Record<string, string>} */
  const headers = {
    'content-security-policy': contentSecurityPolicy({ secure }),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': SECRET_PARAMS.test(request.url ?? '') ? 'no-referrer' : 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin',
  }
  if (production && secure) headers['strict-transport-security'] = HSTS
  return headers
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
  const dropped = trustProxy ? ['x-forwarded-for', 'x-real-ip'] : FORWARDING_HEADERS
  for (const name of dropped) delete request.headers[name]
  if (address) request.headers['x-forwarded-for'] = address
  const raw = request.rawHeaders
  /** @type {string[]} */
  const kept = []
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index] ?? ''
    if (!dropped.includes(name.toLowerCase())) kept.push(name, raw[index + 1] ?? '')
  }
  if (address) kept.push('X-Forwarded-For', address)
  request.rawHeaders = kept
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
  delete request.headers[STORE_HEADER]
  if (storeId !== null) request.headers[STORE_HEADER] = storeId
  const raw = request.rawHeaders
  /** @type {string[]} */
  const kept = []
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index] ?? ''
    if (name.toLowerCase() !== STORE_HEADER) kept.push(name, raw[index + 1] ?? '')
  }
  if (storeId !== null) kept.push(STORE_HEADER, storeId)
  request.rawHeaders = kept
}

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

/**
 * Makes `response` carry the security headers: each one the answer has not set by the time its
 * head is written is added then (writeHead is also what Node calls for an implicit head).
 * @param {RequestLike} request
 * @param {import('node:http').ServerResponse} response
 * @param {SecurityHeaderOptions} options
 */
export function withSecurityHeaders(request, response, options) {
  const headers = securityHeaders(request, options)
  const writeHead = response.writeHead
  /** @type {(this: import('node:http').ServerResponse, statusCode: number, ...rest: any[]) => import('node:http').ServerResponse} */
  const withHeaders = function (statusCode, ...rest) {
    const given = namesIn(typeof rest[0] === 'string' ? rest[1] : rest[0])
    if (!this.headersSent) {
      for (const [name, value] of Object.entries(headers)) {
        if (!given.has(name) && !this.hasHeader(name)) this.setHeader(name, value)
      }
    }
    return writeHead.call(this, statusCode, ...rest)
  }
  response.writeHead = /** @type {typeof response.writeHead} */ (withHeaders)
}
