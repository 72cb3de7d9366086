// Host names of stores (issue 25): the one rule for reading a request's Host header and for checking
// a host name or store code an operator types. Pure: the edge, the core and the console's forms use it.

export const MAX_HOST_LENGTH = 253
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/
const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/

export const HOST_NAME_INVALID = 'Enter a host name only, such as shop.example.com or team.localhost: letters, digits, dashes and dots, no https://, path or port.'
export const STORE_CODE_INVALID = 'The store code must be 1 to 63 lower-case letters, digits or dashes, not starting or ending with a dash (it is also the store’s address under the platform domain).'

/** A host name in its one spelling (lower case, no trailing dot), or null when it is not one. IPv4 literals count; IPv6 ones are written in brackets. */
export function normalizeHostName(text: string): string | null {
  let host = text.trim().toLowerCase()
  if (host.endsWith('.')) host = host.slice(0, -1)
  if (host.length === 0 || host.length > MAX_HOST_LENGTH) return null
  if (host.startsWith('[')) return /^\[[0-9a-f:.]+\]$/.test(host) && host.includes(':') ? host : null
  if (IPV4.test(host)) return host
  return host.split('.').every((label) => LABEL.test(label)) ? host : null
}

/** The host a request's Host header names, without its port; null for a missing or malformed header. */
export function hostOfHeader(header: string | null | undefined): string | null {
  if (!header) return null
  const value = header.trim()
  if (value.startsWith('[')) {
    const end = value.indexOf(']')
    if (end < 0) return null
    const rest = value.slice(end + 1)
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return null
    return normalizeHostName(value.slice(0, end + 1))
  }
  const colon = value.indexOf(':')
  if (colon >= 0 && !/^:\d{1,5}$/.test(value.slice(colon))) return null
  return normalizeHostName(colon >= 0 ? value.slice(0, colon) : value)
}

/** True when `code` can be a store's code: one DNS label (the store's address under the platform domain). */
export function isStoreCode(code: string): boolean {
  return LABEL.test(code)
}
