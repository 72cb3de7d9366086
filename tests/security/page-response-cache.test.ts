import { createServer, type IncomingMessage, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createPageResponseCache } from '../../scripts/page-response-cache.mjs'
import { SecuredResponse, setRequestStore, withSecurityHeaders } from '../../scripts/security-headers.mjs'
import { dropAllRenderedPages, dropRenderedPagesOf } from '../../src/web/route-cache-handler.mjs'

// The production server's copies of rendered pages (scripts/page-response-cache.mjs, decision 008)
// on a real local HTTP server, in front of a stand-in for Next that renders a page from the route
// cache and counts its renders: what a replay answers, to whom, in which encoding, with which
// headers, and when it stops.

type Answer = { status: number; headers: IncomingMessage['headers']; body: Buffer }

const STORES: Record<string, string> = { 'granite.example': '1', 'cedar.example': '2' }
const servers: ReturnType<typeof createServer>[] = []
let renders = 0

async function edge(): Promise<string> {
  const pages = createPageResponseCache()
  const options = { production: true, publicOrigin: 'http://granite.example' }
  const server = createServer({ ServerResponse: SecuredResponse }, (request, response) => {
    withSecurityHeaders(request, response, options)
    setRequestStore(request, STORES[String(request.headers.host).split(':')[0]!] ?? null)
    if (pages.serve(request, response)) return
    pages.capture(request, response)
    // Next answering from its route cache: the same page for every visitor of the store.
    renders++
    const page = `<!doctype html><html><body><h1>store ${request.headers['x-webstore-store']} ${request.url?.split('?')[0]}</h1>${'<p>catalog</p>'.repeat(200)}</body></html>`
    response.setHeader('Content-Type', 'text/html; charset=utf-8')
    response.setHeader('Cache-Control', 's-maxage=31536000')
    response.setHeader('Vary', 'rsc, next-router-state-tree, next-router-prefetch, Accept-Encoding')
    response.setHeader('ETag', `"${page.length.toString(36)}-${request.headers['x-webstore-store']}"`)
    response.setHeader('x-nextjs-cache', 'HIT')
    response.end(page)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function ask(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, { method, headers: { host: 'granite.example', ...headers } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
    })
    request.on('error', reject)
    request.end()
  })
}

/**
 * Asks until the page is answered without a render: its copy is kept (compressing it takes a
 * moment, and the renders meanwhile are each kept in turn). Renders are counted from then on.
 */
async function kept(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  let answer: Answer | undefined
  await vi.waitFor(async () => {
    const before = renders
    answer = await ask(base, path, headers)
    expect(renders).toBe(before)
  })
  renders = 0
  return answer!
}

function html(answer: Answer): string {
  const encoding = answer.headers['content-encoding']
  return (encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body).toString()
}

beforeEach(() => {
  renders = 0
  dropAllRenderedPages()
})

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

describe('a kept page', () => {
  test('is replayed without a render, in the encoding the visitor accepts, with the length of what is sent', async () => {
    const base = await edge()
    const rendered = await ask(base, '/shop', { 'accept-encoding': 'identity' })
    const br = await kept(base, '/shop', { 'accept-encoding': 'gzip, deflate, br, zstd' })
    const gzip = await ask(base, '/shop', { 'accept-encoding': 'gzip' })
    const identity = await ask(base, '/shop')
    expect(renders).toBe(0)
    expect([br, gzip, identity].map((answer) => answer.headers['content-encoding'])).toEqual(['br', 'gzip', undefined])
    for (const answer of [br, gzip, identity]) {
      expect(answer.status).toBe(200)
      expect(html(answer)).toBe(rendered.body.toString())
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length)
    }
    expect(br.body.length).toBeLessThan(rendered.body.length / 4)
  })

  test("keeps Next's headers, Vary and ETag included, and answers a matching If-None-Match with a bodiless 304", async () => {
    const base = await edge()
    const rendered = await ask(base, '/about-us')
    const replayed = await kept(base, '/about-us')
    for (const name of ['content-type', 'cache-control', 'vary', 'etag']) expect(replayed.headers[name], name).toBe(rendered.headers[name])
    const revalidated = await ask(base, '/about-us', { 'if-none-match': String(rendered.headers.etag) })
    expect(revalidated.status).toBe(304)
    expect(revalidated.body.length).toBe(0)
    expect(revalidated.headers.etag).toBe(rendered.headers.etag)
    expect((await ask(base, '/about-us', { 'if-none-match': '"another"' })).status).toBe(200)
    expect(renders).toBe(0)
  })

  test('answers HEAD with the head of the GET and no body', async () => {
    const base = await edge()
    const full = await ask(base, '/faq', { 'accept-encoding': 'br' })
    await kept(base, '/faq', { 'accept-encoding': 'br' })
    const head = await ask(base, '/faq', { 'accept-encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers['content-encoding']).toBe('br')
    expect(head.headers['content-length']).toBe(String((await ask(base, '/faq', { 'accept-encoding': 'br' })).body.length))
    expect(full.status).toBe(200)
  })

  test('carries the security headers of each request: HSTS and upgrade-insecure-requests only over HTTPS, no referrer from an address with a secret', async () => {
    const base = await edge()
    await ask(base, '/login')
    const plain = await kept(base, '/login')
    const secure = await ask(base, '/login', { 'x-forwarded-proto': 'https' })
    const secret = await ask(base, '/login?token=abc')
    expect(renders).toBe(0)
    expect(plain.headers['x-frame-options']).toBe('DENY')
    expect(plain.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(plain.headers['strict-transport-security']).toBeUndefined()
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests')
    expect(plain.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(secure.headers['strict-transport-security']).toContain('max-age=')
    expect(secure.headers['content-security-policy']).toContain('upgrade-insecure-requests')
    expect(secret.headers['referrer-policy']).toBe('no-referrer')
    // Each header once, whatever the order of the variants asked.
    expect((await ask(base, '/login')).headers['x-content-type-options']).toBe('nosniff')
  })

  test("is one store's: another store's host gets its own page, never this one", async () => {
    const base = await edge()
    await ask(base, '/shop')
    const granite = await kept(base, '/shop')
    const cedar = await ask(base, '/shop', { host: 'cedar.example' })
    expect(renders).toBe(1)
    expect(html(granite)).toContain('store 1 /shop')
    expect(html(cedar)).toContain('store 2 /shop')
    expect(html(await kept(base, '/shop', { host: 'cedar.example' }))).toContain('store 2 /shop')
  })

  test("is the same document for any query string, and router requests (RSC payloads) go to Next", async () => {
    const base = await edge()
    await ask(base, '/shop')
    await kept(base, '/shop')
    expect(html(await ask(base, '/shop?color=Navy&size=M'))).toContain('store 1 /shop')
    expect(renders).toBe(0)
    await ask(base, '/shop', { rsc: '1' })
    await ask(base, '/shop', { 'next-router-prefetch': '1' })
    expect(renders).toBe(2)
  })

  test("stops being replayed once the store's rendered pages are dropped, and other stores' copies stay", async () => {
    const base = await edge()
    await ask(base, '/shop')
    await kept(base, '/shop')
    await ask(base, '/shop', { host: 'cedar.example' })
    await kept(base, '/shop', { host: 'cedar.example' })
    await ask(base, '/shop')
    expect(renders).toBe(0)
    dropRenderedPagesOf(1)
    await ask(base, '/shop')
    expect(renders).toBe(1)
    await ask(base, '/shop', { host: 'cedar.example' })
    expect(renders).toBe(1)
    dropAllRenderedPages()
    await ask(base, '/shop', { host: 'cedar.example' })
    expect(renders).toBe(2)
  })
})
