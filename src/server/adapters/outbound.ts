import { lookup as dnsLookup } from 'node:dns/promises'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import { env } from '../env'
import { DomainError } from '../kernel/errors'
import { logger } from '../kernel/logger'

// The one outbound policy (issue 24; security.md A01 SSRF, ASVS 13.2.5) for every address that staff
// or a store file can set and the server then calls: tax services, single sign-on issuers, carrier
// APIs, webhook receivers, and any later one.
//
// - At save: checkOutboundUrl — https only (production or not); no user name, password or fragment; no
//   address of this machine, its networks, link-local or cloud metadata, however it is spelled (the
//   URL parser turns 127.1, 2130706433, 0x7f000001 and 0177.0.0.1 into 127.0.0.1; LOCALHOST. and
//   localhost. are one name). A 400 with a sentence a person can act on.
// - At connect: outboundFetch — the same check, then the host's addresses are resolved and the call
//   refused when any of them is not allowed, and the connection goes to the address checked (the
//   lookup is pinned: no second DNS answer can move it). Redirects are never followed.
// - What a caller may show (a console page, a test's result) is the same for a closed port, an open
//   one that does not speak HTTP and a silent one: "could not be reached". The detail is logged.
//
// ALLOW_PRIVATE_OUTBOUND=true (a private install, a local receiver tried on `npm start`, the tests'
// loopback fakes) lets private and loopback addresses through, and plain http to them (only to
// them: http to a public address stays refused). Link-local, metadata, unspecified, multicast and
// reserved addresses stay refused whatever it says.

export type OutboundPolicy = {
  /** ALLOW_PRIVATE_OUTBOUND: private and loopback receivers are allowed, and plain http to them. */
  allowPrivate: boolean
}

/** The policy of this process's environment. */
export function outboundPolicy(): OutboundPolicy {
  return { allowPrivate: env().ALLOW_PRIVATE_OUTBOUND }
}

export const MAX_OUTBOUND_URL_LENGTH = 2000

// ---------------------------------------------------------------------------------------------
// Addresses

/** `public`: the internet; `private`: this machine and its networks (allowed by the setting); `never`: link-local, metadata, reserved. */
export type AddressClass = 'public' | 'private' | 'never'

function blockList(entries: readonly (readonly [string, number])[], family: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList()
  for (const [network, prefix] of entries) list.addSubnet(network, prefix, family)
  return list
}

const PRIVATE_V4 = blockList(
  [
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
  ],
  'ipv4',
)
const NEVER_V4 = blockList(
  [
    ['0.0.0.0', 8],
    ['169.254.0.0', 16],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ],
  'ipv4',
)
const LOOPBACK_V6 = blockList([['::1', 128]], 'ipv6')
const PRIVATE_V6 = blockList([['fc00::', 7]], 'ipv6')
// ::/96 holds :: and the IPv4-compatible forms; NAT64, 6to4 and Teredo would reach IPv4 addresses
// by another spelling; fd00:ec2::254 is the AWS metadata service.
const NEVER_V6 = blockList(
  [
    ['::', 96],
    ['64:ff9b::', 96],
    ['64:ff9b:1::', 48],
    ['100::', 64],
    ['2001::', 32],
    ['2001:db8::', 32],
    ['2002::', 16],
    ['fd00:ec2::254', 128],
    ['fe80::', 10],
    ['fec0::', 10],
    ['ff00::', 8],
  ],
  'ipv6',
)

/** Where an IP address is (an address in brackets is read without them); `never` for what is not one. */
export function addressClass(text: string): AddressClass {
  const address = text.replace(/^\[|\]$/g, '')
  const family = isIP(address)
  if (family === 4) {
    if (NEVER_V4.check(address, 'ipv4')) return 'never'
    return PRIVATE_V4.check(address, 'ipv4') ? 'private' : 'public'
  }
  if (family !== 6) return 'never'
  // IPv4-mapped (::ffff:a.b.c.d, also ::ffff:7f00:1): refused whole, and never given to BlockList,
  // which would then match the IPv4 ranges too.
  if (new URL(`http://[${address}]/`).hostname.startsWith('[::ffff:')) return 'never'
  if (address === '::1' || LOOPBACK_V6.check(address, 'ipv6')) return 'private'
  if (NEVER_V6.check(address, 'ipv6')) return 'never'
  return PRIVATE_V6.check(address, 'ipv6') ? 'private' : 'public'
}

/** True for an address on the public internet. */
export function isPublicAddress(address: string): boolean {
  return addressClass(address) === 'public'
}

// Names that are cloud metadata services wherever they resolve, and names of this machine or its
// networks (special-use and private-use names; a name without a dot is completed by the resolver's
// search list, so it names the local network too).
const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'metadata.azure.internal', 'instance-data', 'instance-data.ec2.internal'])
const PRIVATE_SUFFIXES = ['localhost', 'local', 'internal', 'home.arpa', 'localdomain', 'lan', 'intranet']

/** The class of a URL's host (a name or a literal address), without asking DNS. */
export function hostClass(hostname: string): AddressClass {
  const host = hostname.toLowerCase().replace(/\.+$/, '')
  if (host === '' || /^\[.*\]$/.test(host) || isIP(host) !== 0) return host === '' ? 'never' : addressClass(host)
  if (METADATA_NAMES.has(host)) return 'never'
  if (!host.includes('.')) return 'private'
  if (PRIVATE_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))) return 'private'
  return 'public'
}

/** A host written as a public IP address (not a name). */
const isPublicLiteral = (hostname: string) => {
  const literal = hostname.replace(/^\[|\]$/g, '')
  return isIP(literal) !== 0 && addressClass(literal) === 'public'
}

const allowedClass = (kind: AddressClass, policy: OutboundPolicy) => kind === 'public' || (kind === 'private' && policy.allowPrivate)

// ---------------------------------------------------------------------------------------------
// The check of an address (at save, and again before every call)

export type OutboundProblem = 'not_a_url' | 'too_long' | 'https_only' | 'credentials' | 'fragment' | 'not_public'

/** What is wrong with calling `text` under `policy`, or the URL to call. */
export function outboundUrlProblem(text: string, policy: OutboundPolicy): { url: URL } | { problem: OutboundProblem } {
  const trimmed = text.trim()
  if (trimmed.length > MAX_OUTBOUND_URL_LENGTH) return { problem: 'too_long' }
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return { problem: 'not_a_url' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: 'https_only' }
  if (!url.hostname) return { problem: 'not_a_url' }
  // Plain http only to a private receiver, with the setting: a literal public address is refused
  // here, a name's addresses when it is called.
  if (url.protocol === 'http:' && (!policy.allowPrivate || isPublicLiteral(url.hostname))) return { problem: 'https_only' }
  if (url.username || url.password) return { problem: 'credentials' }
  if (url.hash || trimmed.includes('#')) return { problem: 'fragment' }
  if (!allowedClass(hostClass(url.hostname), policy)) return { problem: 'not_public' }
  return { url }
}

/** The sentence for a problem; `label` names the address ("the tax service"), `example` shows one. */
export function outboundProblemMessage(problem: OutboundProblem, { label, example }: { label: string; example: string }): string {
  switch (problem) {
    case 'not_a_url':
      return `Enter the full address of ${label}, such as ${example}.`
    case 'too_long':
      return `The address of ${label} is longer than ${MAX_OUTBOUND_URL_LENGTH} characters.`
    case 'https_only':
      return `The address of ${label} must start with https://.`
    case 'credentials':
      return `The address of ${label} must not contain a user name or password; enter credentials in their own fields.`
    case 'fragment':
      return `The address of ${label} must not contain a # fragment.`
    case 'not_public':
      return `The address of ${label} must be on the public internet: addresses of this server, its networks and cloud metadata services are refused.`
  }
}

/**
 * The address as it will be stored and called, or a 400 (DomainError 'invalid') saying what to
 * change. `policy` defaults to this process's environment.
 */
export function checkOutboundUrl(text: string, { label, example, policy = outboundPolicy() }: { label: string; example: string; policy?: OutboundPolicy }): string {
  const checked = outboundUrlProblem(text, policy)
  if ('problem' in checked) {
    throw new DomainError('invalid', `outbound address refused (${checked.problem}) for ${label}`, outboundProblemMessage(checked.problem, { label, example }))
  }
  return checked.url.toString()
}

// ---------------------------------------------------------------------------------------------
// The call

export type ResolvedAddress = { address: string; family: number }
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>

const defaultResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true })

/**
 * A call that was not made or not answered. `message` is what may be shown: the same for a refused
 * connection, a silent port, a reset, TLS trouble or an answer that is not HTTP. `detail` is for the
 * log only. A TypeError, as fetch's own network failures are (libraries such as openid-client pass
 * those on as they are).
 */
export class OutboundError extends TypeError {
  override readonly name = 'OutboundError'
  constructor(
    /** `refused`: the policy refused the address (before any connection); `unreachable`: anything else. */
    readonly kind: 'refused' | 'unreachable',
    message: string,
    readonly detail: string,
    /** No complete answer within the time limit (for the caller's log and its own error kinds; never shown). */
    readonly timedOut = false,
  ) {
    super(message)
  }
}

export const OUTBOUND_REFUSED = 'the address is not allowed: it is not a public internet address'
export const OUTBOUND_UNREACHABLE = 'the service could not be reached (no connection, no answer in time, or an answer that is not HTTP)'

export type OutboundInit = {
  method?: string
  headers?: Record<string, string> | Headers | [string, string][]
  body?: string | Uint8Array | URLSearchParams | null
  signal?: AbortSignal | null
  /** Never followed: a 3xx is answered as it is. Accepted for fetch compatibility. */
  redirect?: string
}

export type OutboundOptions = {
  policy?: OutboundPolicy
  /** Resolves a name to all its addresses (tests may pass a fixed answer). */
  resolve?: Resolve
  /** The whole exchange, connection to the last byte (default 10 s). */
  timeoutMs?: number
  /** The most of the answer read (default 2 MiB). */
  maxBytes?: number
  /** Past maxBytes: keep what was read (true) or fail (false, the default). */
  truncate?: boolean
}

export const DEFAULT_OUTBOUND_TIMEOUT_MS = 10_000
const DEFAULT_MAX_BYTES = 2 * 1024 * 1024
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304])

/** The address to connect to, every answer of the resolver checked; throws OutboundError('refused'). */
async function checkedTarget(url: URL, policy: OutboundPolicy, resolve: Resolve): Promise<ResolvedAddress> {
  const refuse = (detail: string) => new OutboundError('refused', OUTBOUND_REFUSED, detail)
  // Plain http goes to private receivers only (the setting allows no more).
  const allowed = (address: string) => (url.protocol === 'http:' ? addressClass(address) === 'private' && policy.allowPrivate : allowedClass(addressClass(address), policy))
  const literal = url.hostname.replace(/^\[|\]$/g, '')
  const family = isIP(literal)
  if (family !== 0) {
    if (!allowed(literal)) throw refuse(`the address ${literal} is ${addressClass(literal)} (${url.protocol})`)
    return { address: literal, family }
  }
  let addresses: ResolvedAddress[]
  try {
    addresses = await resolve(url.hostname)
  } catch (error) {
    throw new OutboundError('unreachable', OUTBOUND_UNREACHABLE, `the host could not be resolved (${error instanceof Error ? error.message : String(error)})`)
  }
  if (addresses.length === 0) throw new OutboundError('unreachable', OUTBOUND_UNREACHABLE, 'the host has no address')
  // One address not allowed refuses the call: a rebinding name may answer either.
  const hidden = addresses.find((entry) => !allowed(entry.address))
  if (hidden) throw refuse(`the host resolves to ${hidden.address} (${addressClass(hidden.address)}, ${url.protocol})`)
  return addresses[0]!
}

/** A lookup that answers the one address already checked (also when Node asks for all of them). */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }])
    else callback(null, target.address, target.family)
  }) as LookupFunction
}

async function bodyBytes(body: OutboundInit['body'], headers: Headers): Promise<Buffer | null> {
  if (body === null || body === undefined) return null
  if (typeof body === 'string') return Buffer.from(body, 'utf8')
  if (body instanceof URLSearchParams) {
    if (!headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8')
    return Buffer.from(body.toString(), 'utf8')
  }
  return Buffer.from(body)
}

function decoded(response: IncomingMessage): NodeJS.ReadableStream {
  switch (String(response.headers['content-encoding'] ?? '').toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(createGunzip())
    case 'deflate':
      return response.pipe(createInflate())
    case 'br':
      return response.pipe(createBrotliDecompress())
    default:
      return response
  }
}

function responseHeaders(response: IncomingMessage): Headers {
  const headers = new Headers()
  const raw = response.rawHeaders
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = raw[index]!.toLowerCase()
    if (name === 'content-encoding' || name === 'content-length') continue // the body is handed on decoded
    try {
      headers.append(name, raw[index + 1]!)
    } catch {
      // A header value fetch would refuse is left out.
    }
  }
  return headers
}

/** Where a call went, for the log: scheme, host and port only (a path or query may carry a key). */
const originOf = (url: URL) => `${url.protocol}//${url.host}`

/**
 * fetch for addresses staff or a store file set: the policy's check, the resolved address checked
 * and pinned, a time limit for the whole exchange, redirects answered and never followed, a bounded
 * answer. Answers a Response (any status); throws OutboundError when no HTTP answer came.
 */
export async function outboundFetch(input: string | URL, init: OutboundInit = {}, options: OutboundOptions = {}): Promise<Response> {
  const policy = options.policy ?? outboundPolicy()
  const url = new URL(String(input))
  const log = (error: OutboundError) => {
    logger().warn({ target: originOf(url), kind: error.kind, detail: error.detail }, 'outbound call failed')
    return error
  }
  const checked = outboundUrlProblem(url.href, policy)
  if ('problem' in checked) throw log(new OutboundError('refused', OUTBOUND_REFUSED, `the address is refused (${checked.problem})`))
  const target = await checkedTarget(url, policy, options.resolve ?? defaultResolve).catch((error: OutboundError) => {
    throw log(error)
  })
  const headers = new Headers(init.headers)
  const body = await bodyBytes(init.body, headers)
  if (body) headers.set('content-length', String(body.length))
  if (!headers.has('user-agent')) headers.set('user-agent', 'webstore/1')
  const timeoutMs = options.timeoutMs ?? DEFAULT_OUTBOUND_TIMEOUT_MS
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest

  return new Promise<Response>((resolve, reject) => {
    let settled = false
    const fail = (detail: string, timedOut = false) => {
      if (settled) return
      settled = true
      cleanup()
      request.destroy()
      reject(log(new OutboundError('unreachable', OUTBOUND_UNREACHABLE, detail, timedOut)))
    }
    const succeed = (response: Response) => {
      if (settled) return
      settled = true
      cleanup()
      resolve(response)
    }
    const timer = setTimeout(() => fail(`no complete answer within ${timeoutMs} ms`, true), timeoutMs)
    const onAbort = () => fail(`aborted by the caller (${String(init.signal?.reason ?? 'abort')})`, (init.signal?.reason as Error | undefined)?.name === 'TimeoutError')
    const cleanup = () => {
      clearTimeout(timer)
      init.signal?.removeEventListener('abort', onAbort)
    }
    const request = send(
      url,
      {
        method: (init.method ?? 'GET').toUpperCase(),
        headers: Object.fromEntries(headers),
        lookup: pinnedLookup(target),
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0
        if (status < 200 || status > 599) return fail(`an answer with status ${status}`)
        const chunks: Buffer[] = []
        let read = 0
        const finish = () => {
          const bytes = Buffer.concat(chunks)
          succeed(new Response(NULL_BODY_STATUSES.has(status) ? null : bytes, { status, statusText: response.statusMessage ?? '', headers: responseHeaders(response) }))
        }
        const stream = decoded(response)
        stream.on('data', (chunk: Buffer) => {
          if (settled) return
          if (read + chunk.length > maxBytes) {
            if (!options.truncate) return fail(`an answer longer than ${maxBytes} bytes`)
            chunks.push(chunk.subarray(0, maxBytes - read))
            read = maxBytes
            finish()
            request.destroy()
            return
          }
          chunks.push(chunk)
          read += chunk.length
        })
        stream.on('end', finish)
        stream.on('error', (error: Error) => fail(`the answer broke off (${error.message})`))
        response.on('error', (error: Error) => fail(`the answer broke off (${error.message})`))
      },
    )
    if (init.signal?.aborted) return onAbort()
    init.signal?.addEventListener('abort', onAbort, { once: true })
    request.on('error', (error: NodeJS.ErrnoException) => fail(`${error.code ?? error.name}: ${error.message}`))
    request.end(body ?? undefined)
  })
}
