import { BlockList, isIP } from 'node:net'
import { DomainError } from '../kernel/errors'

// Where a store may send its webhooks (issue 15; security.md: SSRF is A01:2025, ASVS 13.2.5).
// On save: https, or plain http to this machine outside production (a local receiver while
// developing); no user name or password in the URL, no fragment. On every send in production, the
// host's addresses are resolved and the call refused when any of them is private, loopback,
// link-local or otherwise not a public address, and the connection goes to the address checked
// (no second lookup for a rebinding DNS answer to change).

export const MAX_WEBHOOK_URL_LENGTH = 2000

export const WEBHOOK_URL_NOT_A_URL = 'Enter the full address of the receiver, such as https://example.com/webhooks.'
export const WEBHOOK_URL_HTTPS_ONLY = 'The receiver must use https (plain http only to this machine, and not in production).'
export const WEBHOOK_URL_NO_CREDENTIALS = 'The address must not contain a user name or password; the signature proves the sender.'
export const WEBHOOK_URL_NO_FRAGMENT = 'The address must not contain a # fragment.'
export const WEBHOOK_URL_NOT_PUBLIC = 'The receiver must be a public address, not one of this network.'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost'])

function refuse(message: string): DomainError {
  return new DomainError('invalid', message)
}

/** The URL as it will be stored and called, or a 400 saying what to change. Pure: `production` comes from the caller. */
export function checkWebhookUrl(text: string, { production }: { production: boolean }): string {
  const trimmed = text.trim()
  if (trimmed.length > MAX_WEBHOOK_URL_LENGTH) throw refuse(`The address is longer than ${MAX_WEBHOOK_URL_LENGTH} characters.`)
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    throw refuse(WEBHOOK_URL_NOT_A_URL)
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname)
  if (url.protocol === 'http:') {
    if (production || !loopback) throw refuse(WEBHOOK_URL_HTTPS_ONLY)
  } else if (url.protocol !== 'https:') {
    throw refuse(WEBHOOK_URL_HTTPS_ONLY)
  }
  if (url.username || url.password) throw refuse(WEBHOOK_URL_NO_CREDENTIALS)
  if (url.hash || trimmed.includes('#')) throw refuse(WEBHOOK_URL_NO_FRAGMENT)
  if (!url.hostname) throw refuse(WEBHOOK_URL_NOT_A_URL)
  if (production) {
    const literal = url.hostname.replace(/^\[|\]$/g, '')
    if (loopback || url.hostname.endsWith('.localhost') || (isIP(literal) !== 0 && !isPublicAddress(literal))) throw refuse(WEBHOOK_URL_NOT_PUBLIC)
  }
  return url.toString()
}

// Not public: this host, private networks, link-local (cloud metadata at 169.254.169.254), shared
// address space, benchmarking, documentation, multicast and reserved ranges; IPv4-mapped and NAT64
// IPv6 forms are refused whole (they would reach IPv4 addresses by another spelling).
const NOT_PUBLIC = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6')
}

/** True for an address on the public internet; false for private, loopback, link-local and the like, and for what is not an IP address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return false
  // IPv4-mapped IPv6 (::ffff:a.b.c.d, also written ::ffff:7f00:1): not given to BlockList, which
  // would then match every IPv4 address too.
  if (family === 6 && new URL(`http://[${address}]/`).hostname.startsWith('[::ffff:')) return false
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6')
}
