import http from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type ProductionServer, startProductionServer } from '../support/production-server'

// The production server right after it starts: the page gate (site lock, account pages) is
// registered by src/instrumentation.ts, which Next runs only when it handles a request. A page
// asked for before any API call used to be refused with a 500 until something else woke Next up.
// Instrumentation also hands the JSON API's endpoints to scripts/server.mjs, which then answers
// /api/query, /api/mutation and /api/user/cart without Next's router (decision 016): the answers
// must be the ones Next gave, to the header.

const PORT = 3330
const base = `http://127.0.0.1:${PORT}`

// One server for the file (two files starting start.mjs at once would both build).
let server: ProductionServer | undefined

beforeAll(async () => {
  // start.mjs builds first when the sources changed, as `npm start` does; the demo store is seeded.
  server = await startProductionServer({ port: PORT })
}, 660_000)

afterAll(async () => {
  await server?.stop()
})

describe('a production server that has just started', () => {
  test('serves the first page asked for, before any API call, with the page gate in place', async () => {
    const first = await fetch(`${base}/shop`, { redirect: 'manual' })
    expect(first.status).toBe(200)
    const account = await fetch(`${base}/me`, { redirect: 'manual' })
    expect(account.status).toBe(307)
    expect(account.headers.get('location')).toMatch(/^\/login\?returnTo=/)
  }, 300_000)

  test("draws every page for the store the server resolved from the host: a client can neither name another store in a header nor ask for a page's inside address", async () => {
    const title = async (response: Response) => /<title>([^<]*)<\/title>/.exec(await response.text())?.[1]
    const plain = await fetch(`${base}/shop`)
    const spoofed = await fetch(`${base}/shop`, { headers: { 'x-webstore-store': '2' } })
    expect(spoofed.status).toBe(200)
    expect(await title(spoofed)).toBe(await title(plain))
    const website = await fetch(`${base}/api/query`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webstore-store': '2' }, body: JSON.stringify({ key: 'getWebsite' }) })
    expect(((await website.json()) as { website: { id: number } }).website.id).toBe(1)
    for (const inside of ['/_1/en/shop', '/_2/en', '/_1']) expect((await fetch(`${base}${inside}`, { redirect: 'manual' })).status, inside).toBe(404)
  })

  test('answers the JSON API itself with the same statuses, reason phrases, headers and encodings', async () => {
    const query = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${base}/api/query`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })

    const website = await query(JSON.stringify({ key: 'getWebsite' }))
    expect(website.status).toBe(200)
    expect(website.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(website.headers.get('x-content-type-options')).toBe('nosniff')
    expect(website.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(((await website.json()) as { website: { id: number } }).website.id).toBeGreaterThan(0)

    const unknown = await query(JSON.stringify({ key: 'getNothing' }))
    expect(unknown.status).toBe(400)
    const refusal = (await unknown.json()) as { error: { message: string } }
    expect(unknown.statusText).toBe(refusal.error.message)
    expect((await query('{"key": "getWebsite"', {})).status).toBe(400)
    expect((await query(JSON.stringify({ key: 'getWebsite' }), { 'content-type': 'text/plain' })).status).toBe(415)
    expect((await query(JSON.stringify({ key: 'getWebsite', value: 'x'.repeat(200_000) }))).status).toBe(413)

    const crossSite = await fetch(`${base}/api/mutation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://elsewhere.example' },
      body: JSON.stringify({ key: 'logout' }),
    })
    expect(crossSite.status).toBe(403)
    const anonymousCart = await fetch(`${base}/api/user/cart`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ partnerId: 1 }) })
    expect(anonymousCart.status).toBe(401)

    // The product index: precompressed brotli, and a 304 for the ETag it gave.
    const list = await rawGet('/api/query?key=getProductList', { 'accept-encoding': 'br' })
    expect(list.status).toBe(200)
    expect(list.headers['content-encoding']).toBe('br')
    expect(list.headers['x-precompressed-encoding']).toBeUndefined()
    const again = await rawGet('/api/query?key=getProductList', { 'accept-encoding': 'br', 'if-none-match': String(list.headers.etag) })
    expect(again.status).toBe(304)
  }, 300_000)
})

// Issue 13: what an attacker sends at the edge costs the server no more than what a browser sends,
// and the client's address for rate limits is the socket's on every path. Work is counted as the
// serving process's CPU time, not as wall-clock time.
// Timeouts allow a loaded machine's pace: they catch a hang, never a slow machine.
describe('the production server at its edge', () => {
  const HOSTILE_ENCODING = `br${' '.repeat(15_000)}x`
  const requests = 20

  async function cpuFor(send: () => Promise<unknown>): Promise<number> {
    const before = server!.cpuSeconds()
    for (let index = 0; index < requests; index++) await send()
    return server!.cpuSeconds() - before
  }

  test('a long hostile Accept-Encoding costs about what a plain one does (it backtracked quadratically: ≈0.5 s each)', async () => {
    // The home page, rendered and then kept compressed by the page cache, which negotiates itself.
    for (let index = 0; index < 3; index++) await rawGet('/', { 'accept-encoding': 'br' })
    const plain = await cpuFor(() => rawGet('/', { 'accept-encoding': 'br' }))
    const hostile = await cpuFor(async () => {
      const answer = await rawGet('/', { 'accept-encoding': HOSTILE_ENCODING })
      expect(answer.status).toBe(200)
      expect(answer.headers['content-encoding']).toBeUndefined()
    })
    expect(hostile).toBeLessThanOrEqual(Math.max(plain * 5, 0.3))
  }, 300_000)

  test('a guest cannot pick their own rate-limit key with X-Forwarded-For on the direct API path', async () => {
    const statuses: number[] = []
    for (let index = 0; index < 21; index++) {
      const answer = await fetch(`${base}/api/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${index + 1}` },
        body: JSON.stringify({ key: 'getOrderId' }),
      })
      statuses.push(answer.status)
    }
    // Twenty references an hour per address: the twenty-first from the same socket is refused.
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200))
    expect(statuses[20]).toBe(429)
  }, 300_000)
})

function rawGet(pathname: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers }, (response) => {
        response.resume()
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }))
      })
      .on('error', reject)
  })
}
