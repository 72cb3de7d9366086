import { type ChildProcess, spawn } from 'node:child_process'
import http from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

// The production server right after it starts: the page gate (site lock, account pages) is
// registered by src/instrumentation.ts, which Next runs only when it handles a request. A page
// asked for before any API call used to be refused with a 500 until something else woke Next up.
// Instrumentation also hands the JSON API's endpoints to scripts/server.mjs, which then answers
// /api/query, /api/mutation and /api/user/cart without Next's router (decision 016): the answers
// must be the ones Next gave, to the header.

const root = path.resolve(import.meta.dirname, '..', '..')
const PORT = 3330
const base = `http://127.0.0.1:${PORT}`

function listening(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: PORT })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

describe('a production server that has just started', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'webstore-first-request-'))
  let server: ChildProcess | undefined

  beforeAll(async () => {
    // start.mjs builds first when the sources changed, as `npm start` does; the demo store is seeded.
    server = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
      cwd: root,
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOSTNAME_BIND: '127.0.0.1',
        DATABASE_URL: '',
        REDIS_URL: '',
        PGLITE_DATA_DIR: path.join(folder, 'pglite'),
        IMAGES_DIR: path.join(folder, 'images'),
        IMAGE_CACHE_DIR: path.join(folder, 'image-cache'),
        LOG_LEVEL: 'silent',
      },
    })
    const deadline = Date.now() + 600_000
    while (!(await listening())) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error('the server did not start listening')
      await sleep(100)
    }
  }, 660_000)

  afterAll(async () => {
    if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM')
    await sleep(500)
    rmSync(folder, { recursive: true, force: true })
  })

  test('serves the first page asked for, before any API call, with the page gate in place', async () => {
    const first = await fetch(`${base}/shop`, { redirect: 'manual' })
    expect(first.status).toBe(200)
    const account = await fetch(`${base}/me`, { redirect: 'manual' })
    expect(account.status).toBe(307)
    expect(account.headers.get('location')).toMatch(/^\/login\?returnTo=/)
  }, 180_000)

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
  }, 60_000)
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
