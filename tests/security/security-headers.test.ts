import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { gtagScriptUrl } from '@/client/analytics'
import { RECAPTCHA_SCRIPT, recaptchaScriptUrl } from '@/client/recaptcha'
import { contentSecurityPolicy, SecuredResponse, type SecurityHeaderOptions, setRequestStore, STORE_HEADER, type TrustProxy, trustedClientHeaders, withSecurityHeaders } from '../../scripts/security-headers.mjs'
import { trustProxySetting } from '../../src/server/edge-env.mjs'
import { toWebRequest } from '../../scripts/web-request.mjs'

// The production server's edge (scripts/security-headers.mjs, decision 015), on a real local HTTP
// server: the headers every answer gets, what a route may set itself, when HSTS is sent, and which
// forwarding headers of a request are believed.

type Handler = (request: IncomingMessage, response: ServerResponse) => void
const servers: ReturnType<typeof createServer>[] = []

async function serve(options: SecurityHeaderOptions, handler: Handler): Promise<string> {
  const server = createServer({ ServerResponse: SecuredResponse }, (request, response) => {
    withSecurityHeaders(request, response, options)
    handler(request, response)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

const production = { production: true, publicOrigin: 'http://127.0.0.1' }
const plain: Handler = (_request, response) => response.end('ok')

describe('every answer', () => {
  test('gets the policy, framing, sniffing, referrer, permissions and opener headers, whether its head is written or implied', async () => {
    const explicit = await serve(production, (_request, response) => {
      response.writeHead(201, { 'Content-Type': 'text/plain' })
      response.end('made')
    })
    const implied = await serve(production, plain)
    for (const base of [explicit, implied]) {
      const headers = (await fetch(`${base}/shop`)).headers
      expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(headers.get('x-frame-options')).toBe('DENY')
      expect(headers.get('x-content-type-options')).toBe('nosniff')
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(headers.get('permissions-policy')).toContain('camera=()')
      expect(headers.get('cross-origin-opener-policy')).toBe('same-origin')
      expect(headers.get('strict-transport-security')).toBeNull()
    }
  })

  test('keeps a header the route set itself, with setHeader or in writeHead', async () => {
    const viaSetHeader = await serve(production, (_request, response) => {
      response.setHeader('Referrer-Policy', 'no-referrer')
      response.end('pdf')
    })
    const viaWriteHead = await serve(production, (_request, response) => {
      response.writeHead(200, 'OK', { 'X-Frame-Options': 'SAMEORIGIN' })
      response.end('page')
    })
    expect((await fetch(viaSetHeader)).headers.get('referrer-policy')).toBe('no-referrer')
    expect((await fetch(viaWriteHead)).headers.get('x-frame-options')).toBe('SAMEORIGIN')
  })

  test('does not send the referrer from an address that carries a token or code', async () => {
    const base = await serve(production, plain)
    for (const path of ['/password/create?token=abc', '/checkout/confirmation?order=1&access_token=abc', '/sso-login?code=x&state=y']) {
      expect((await fetch(`${base}${path}`)).headers.get('referrer-policy'), path).toBe('no-referrer')
    }
    expect((await fetch(`${base}/shop?color=Navy`)).headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })
})

describe('HSTS', () => {
  test('is sent in production when the proxy says the visitor came over HTTPS, with upgrade-insecure-requests', async () => {
    const base = await serve(production, plain)
    const headers = (await fetch(base, { headers: { 'x-forwarded-proto': 'https' } })).headers
    expect(headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains')
    expect(headers.get('content-security-policy')).toContain('upgrade-insecure-requests')
  })

  test('is sent in production when the public origin is https', async () => {
    const base = await serve({ production: true, publicOrigin: 'https://shop.example.com' }, plain)
    expect((await fetch(base)).headers.get('strict-transport-security')).toContain('max-age=')
  })

  test('is never sent outside production, nor over plain HTTP', async () => {
    const development = await serve({ production: false, publicOrigin: 'https://shop.example.com' }, plain)
    expect((await fetch(development, { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toBeNull()
    const proxiedPlain = await serve({ production: true, publicOrigin: 'https://shop.example.com' }, plain)
    expect((await fetch(proxiedPlain, { headers: { 'x-forwarded-proto': 'http' } })).headers.get('strict-transport-security')).toBeNull()
  })
})

/** True when `url` matches one of a directive's host sources (scheme, host with * wildcard, path prefix). */
function allows(policy: string, directive: string, url: string): boolean {
  const sources = policy.split(';').map((part) => part.trim().split(/\s+/)).find(([name]) => name === directive)?.slice(1) ?? []
  const target = new URL(url)
  return sources.some((source) => {
    if (source === "'self'") return false
    const match = /^(https?):\/\/(\*\.)?([^/]+)(\/.*)?$/.exec(source)
    if (!match) return false
    const [, scheme, wildcard, host, prefix] = match
    const hostMatches = wildcard ? target.hostname.endsWith(`.${host}`) : target.hostname === host
    const pathMatches = !prefix || (prefix.endsWith('/') ? target.pathname.startsWith(prefix) : target.pathname === prefix)
    return `${scheme}:` === target.protocol && hostMatches && pathMatches
  })
}

describe('the Content-Security-Policy', () => {
  const policy = contentSecurityPolicy({ secure: true })

  test('lets the reCAPTCHA and GA4 scripts the browser code loads, and their frames and beacons, through', () => {
    expect(allows(policy, 'script-src', recaptchaScriptUrl('site-key'))).toBe(true)
    expect(allows(policy, 'script-src', RECAPTCHA_SCRIPT.replace('api.js', 'releases/x/recaptcha__id.js').replace('www.recaptcha.net', 'www.gstatic.com'))).toBe(true)
    expect(allows(policy, 'script-src', gtagScriptUrl('G-ABCDEF1234'))).toBe(true)
    expect(allows(policy, 'frame-src', 'https://www.recaptcha.net/recaptcha/api2/anchor?k=site-key')).toBe(true)
    expect(allows(policy, 'connect-src', 'https://region1.google-analytics.com/g/collect')).toBe(true)
  })

  test('refuses scripts from anywhere else, eval, plugins, foreign base and form targets, and framing', () => {
    expect(allows(policy, 'script-src', 'https://evil.example/x.js')).toBe(false)
    expect(allows(policy, 'script-src', 'https://www.gstatic.com/charts/loader.js')).toBe(false)
    expect(policy).not.toContain('unsafe-eval')
    for (const directive of ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'", "default-src 'self'"]) expect(policy).toContain(directive)
  })
})

describe('forwarding headers', () => {
  // What Next reads (the parsed headers) and what the API endpoints read (the web Request that
  // scripts/server.mjs builds from the raw headers) must say the same.
  async function echo(trustProxy: TrustProxy): Promise<string> {
    const server = createServer((request, response) => {
      trustedClientHeaders(request, { trustProxy })
      const web = Object.fromEntries(toWebRequest(request).headers)
      response.end(JSON.stringify({ parsed: request.headers, web }))
    })
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }
  type Seen = { parsed: Record<string, string>; web: Record<string, string> }
  const seenBy = async (trustProxy: TrustProxy, headers: Record<string, string>) => (await (await fetch(await echo(trustProxy), { headers })).json()) as Seen
  const forged = { 'x-forwarded-for': '203.0.113.66', 'x-real-ip': '203.0.113.67', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' }

  test('sent by a client straight to the server are replaced by what the socket knows, on every path, so nobody picks their own address', async () => {
    const seen = await seenBy(false, forged)
    for (const headers of [seen.parsed, seen.web]) {
      expect(headers['x-forwarded-for']).toBe('127.0.0.1')
      expect(headers['x-real-ip']).toBeUndefined()
      expect(headers['x-forwarded-proto']).toBeUndefined()
      expect(headers['x-forwarded-host']).toBeUndefined()
    }
  })

  test('behind one trusted proxy, the address is the one that proxy appended, not what the client wrote before it', async () => {
    const seen = await seenBy(true, { ...forged, 'x-forwarded-for': '198.51.100.1, 203.0.113.66' })
    for (const headers of [seen.parsed, seen.web]) {
      expect(headers).toMatchObject({ 'x-forwarded-for': '203.0.113.66', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' })
      expect(headers['x-real-ip']).toBeUndefined()
    }
    expect((await seenBy(2, { 'x-forwarded-for': '198.51.100.9, 198.51.100.1, 203.0.113.66' })).web['x-forwarded-for']).toBe('198.51.100.1')
    expect((await seenBy(true, { 'x-real-ip': '203.0.113.67' })).web['x-forwarded-for']).toBe('203.0.113.67')
  })

  test('TRUST_PROXY reads as no proxy, one proxy or a number of proxies', () => {
    expect([undefined, '', 'false', 'no', '0', 'maybe'].map((value) => trustProxySetting(value))).toEqual([false, false, false, false, false, false])
    expect(['true', 'TRUE', 'yes', '1'].map((value) => trustProxySetting(value))).toEqual([true, true, true, true])
    expect(trustProxySetting('2')).toBe(2)
  })
})

describe('the store header', () => {
  // The server alone says which store a request is for (decision 025): what Next reads and what the
  // API endpoints read must both hold its store, never one the client named.
  async function seen(storeId: string | null, headers: Record<string, string>): Promise<{ parsed: Record<string, string>; web: Record<string, string> }> {
    const server = createServer((request, response) => {
      setRequestStore(request, storeId)
      const web = Object.fromEntries(toWebRequest(request).headers)
      response.end(JSON.stringify({ parsed: request.headers, web }))
    })
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return (await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { headers })).json()) as { parsed: Record<string, string>; web: Record<string, string> }
  }

  test("a store header a client sent, in any spelling, is replaced by the server's on every path", async () => {
    const answer = await seen('1', { 'X-Webstore-Store': '2' })
    expect(answer.parsed[STORE_HEADER]).toBe('1')
    expect(answer.web[STORE_HEADER]).toBe('1')
  })

  test('and removed on every path when the server sets none', async () => {
    const answer = await seen(null, { 'x-webstore-store': '2' })
    expect(answer.parsed[STORE_HEADER]).toBeUndefined()
    expect(answer.web[STORE_HEADER]).toBeUndefined()
  })
})
