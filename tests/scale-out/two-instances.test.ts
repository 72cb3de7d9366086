import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { get as httpGet, request as httpRequest } from 'node:http'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SIGN_IN_LIMITS, SIGN_IN_UNAVAILABLE } from '@/server/accounts/login-service'
import { LOGIN_FAILED, TOO_MANY_SIGN_IN_ATTEMPTS, USER_DOES_NOT_EXIST } from '@/isomorphic/account-types'
import { databaseUrlFor } from '../setup/postgres-template'
import { deleteRedisKeys, needs, uniqueRedisPrefix, unreachableRedisUrl, waitUntil } from '../support/redis'

// Two production servers (the built app, scripts/start.mjs: it builds first when the sources
// changed) on one fresh PostgreSQL database and one Redis: A with one process, B with two worker
// processes (WEB_CONCURRENCY=2), so every check on B also crosses B's own workers. A third, C, is
// configured with a Redis that is down. Loopback only.
// Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set; see docs/scale-out.md.

const ADMIN_URL = process.env.TEST_DATABASE_URL
const REDIS_URL = process.env.TEST_REDIS_URL
const root = path.resolve(import.meta.dirname, '..', '..')
const PORT_A = Number(process.env.SCALE_TEST_PORT ?? 3310)
const PORT_B = PORT_A + 1
const PORT_C = PORT_A + 2
const A = `http://127.0.0.1:${PORT_A}`
const B = `http://127.0.0.1:${PORT_B}`
const C = `http://127.0.0.1:${PORT_C}`
const DEMO_LOGIN = { login: 'alex.morgan@graniteridge.example', password: 'granite-ridge-demo' }
/** A write on one instance is seen on the other: within a second is P9, the bench's to measure (BENCH_ONLY=scale-out); here within a margin a loaded machine keeps. */
const WITHIN_MS = 10_000

type Server = { process: ChildProcess; output: string[] }

function startServer(port: number, env: Record<string, string>): Server {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOSTNAME_BIND: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  return { process: child, output }
}

/** Resolves once the server answered ready and `workers` processes said they listen. */
async function serving(server: Server, base: string, workers: number, timeoutMs: number) {
  try {
    await waitUntil(
      async () => {
        if (server.process.exitCode !== null) throw new Error(`the server stopped (exit code ${server.process.exitCode})`)
        const listening = server.output.join('').split('Webstore ready on').length - 1
        if (listening < workers) return false
        return fetch(`${base}/api/health?ready`).then((response) => response.ok, () => false)
      },
      { timeoutMs, stepMs: 250 },
    )
  } catch (error) {
    throw new Error(`${base} did not start: ${(error as Error).message}\n${server.output.join('').slice(-4000)}`)
  }
}

async function stopServer(server: Server | undefined) {
  if (!server || server.process.exitCode !== null || server.process.signalCode !== null) return
  const exited = new Promise((resolve) => server.process.once('exit', resolve))
  server.process.kill('SIGTERM')
  const timer = setTimeout(() => server.process.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}

function post(base: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

type ListedProduct = { id: number; name: string; slug: string }

async function productList(base: string): Promise<ListedProduct[]> {
  const response = await post(base, '/api/query', { key: 'getProductList', value: { pageSize: 999 } })
  expect(response.status).toBe(200)
  return ((await response.json()) as { products: { products: ListedProduct[] } }).products.products
}

async function listedName(base: string, id: number): Promise<string | undefined> {
  return (await productList(base)).find((product) => product.id === id)?.name
}

async function productPage(base: string, slug: string): Promise<string> {
  const response = await fetch(`${base}/product/${slug}`)
  expect(response.status).toBe(200)
  return response.text()
}

/** A page as a store at `host` answers it (Node's fetch keeps its own Host header). */
function pageAt(base: string, pathname: string, host: string): Promise<{ status: number; cache: string | undefined; body: string }> {
  const url = new URL(pathname, base)
  return new Promise((resolve, reject) => {
    const request = httpGet({ hostname: url.hostname, port: url.port, path: url.pathname, headers: { host: `${host}:${url.port}` } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, cache: response.headers['x-nextjs-cache'] as string | undefined, body: Buffer.concat(chunks).toString() }))
    })
    request.on('error', reject)
  })
}

/** Several requests in a row, so that each of B's workers answers at least one. */
async function everyAnswer<T>(times: number, ask: () => Promise<T>): Promise<T[]> {
  const answers: T[] = []
  for (let index = 0; index < times; index++) answers.push(await ask())
  return answers
}

describe.skipIf(!ADMIN_URL || !REDIS_URL)(`two app instances on one PostgreSQL and Redis${needs('TEST_DATABASE_URL', 'TEST_REDIS_URL')}`, () => {
  const database = `scale_e2e_${randomBytes(5).toString('hex')}`
  const databaseUrl = ADMIN_URL ? databaseUrlFor(ADMIN_URL, database) : ''
  const redisPrefix = uniqueRedisPrefix('scale-e2e')
  const internalToken = randomBytes(24).toString('hex')
  const folder = mkdtempSync(path.join(os.tmpdir(), 'webstore-scale-'))
  const shared = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: REDIS_URL ?? '',
    REDIS_KEY_PREFIX: redisPrefix,
    INTERNAL_API_TOKEN: internalToken,
    IMAGES_DIR: path.join(folder, 'images'),
    IMAGE_CACHE_DIR: path.join(folder, 'image-cache'),
    SESSION_SECRET: '',
    SMTP_URL: '',
  }
  let a: Server | undefined
  let b: Server | undefined
  let c: Server | undefined
  let pool: pg.Pool
  const figures: string[] = []

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL })
    await admin.connect()
    await admin.query(`create database ${database}`)
    await admin.end()
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 })
    pool.on('error', () => {})

    // A migrates and seeds the demo store (building first if the sources changed); then B and C join.
    const startedAt = performance.now()
    a = startServer(PORT_A, shared)
    await serving(a, A, 1, 600_000)
    const aReady = performance.now()
    b = startServer(PORT_B, { ...shared, WEB_CONCURRENCY: '2' })
    c = startServer(PORT_C, { ...shared, REDIS_URL: await unreachableRedisUrl() })
    await Promise.all([serving(b, B, 2, 120_000), serving(c, C, 1, 120_000)])
    figures.push(`start: A ready in ${((aReady - startedAt) / 1000).toFixed(1)} s, B (2 workers) and C ${((performance.now() - aReady) / 1000).toFixed(1)} s later`)
  }, 900_000)

  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b), stopServer(c)])
    await pool?.end()
    if (ADMIN_URL) {
      const admin = new pg.Client({ connectionString: ADMIN_URL })
      await admin.connect()
      await admin.query(`drop database if exists ${database} with (force)`)
      await admin.end()
    }
    if (REDIS_URL) await deleteRedisKeys(REDIS_URL, redisPrefix)
    rmSync(folder, { recursive: true, force: true })
    console.log(`scale-out figures:\n  ${figures.join('\n  ')}`)
  }, 60_000)

  test('a sign-in on A is valid on B, and a sign-out on A ends it on B', async () => {
    const signIn = await post(A, '/api/user/login', DEMO_LOGIN)
    expect(signIn.status).toBe(200)
    const token = ((await signIn.json()) as { data: { access_token: string } }).data.access_token
    const bearer = { authorization: `Bearer ${token}` }

    for (const response of await everyAnswer(4, () => post(B, '/api/query', { key: 'getPartner' }, bearer))) {
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ partner: { email: DEMO_LOGIN.login } })
    }

    expect((await post(A, '/api/user/logout', undefined, bearer)).status).toBe(200)
    for (const response of await everyAnswer(4, () => post(B, '/api/query', { key: 'getPartner' }, bearer))) {
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ error: { message: USER_DOES_NOT_EXIST } })
    }
  })

  test('a catalog change invalidated on A is seen by the product index and the product page on B', async () => {
    const [product] = await productList(B)
    expect(product).toBeDefined()
    const { id, slug, name } = product!
    // Warm B: every worker holds the index and the rendered page (served from its page cache).
    await everyAnswer(4, () => productList(B))
    await everyAnswer(6, () => productPage(B, slug))

    const renamed = `Scale Test ${randomBytes(3).toString('hex')}`
    await pool.query('update products set name = $1 where id = $2', [renamed, id])
    // Nothing told B yet: what it serves comes from its caches (or this test would prove nothing).
    expect(await everyAnswer(4, () => listedName(B, id))).toEqual([name, name, name, name])
    for (const html of await everyAnswer(4, () => productPage(B, slug))) expect(html).not.toContain(renamed)

    for (const cache of ['ProductList', 'Products']) {
      const response = await post(A, '/api/cache/invalidate', { cache }, { 'x-internal-token': internalToken })
      expect(await response.json()).toMatchObject({ data: { cache, invalidated: true } })
    }
    const invalidatedAt = performance.now()

    await waitUntil(async () => (await listedName(B, id)) === renamed, { timeoutMs: WITHIN_MS, stepMs: 5 })
    const indexDelay = performance.now() - invalidatedAt
    await waitUntil(async () => (await productPage(B, slug)).includes(renamed), { timeoutMs: WITHIN_MS, stepMs: 5 })
    const pageDelay = performance.now() - invalidatedAt
    figures.push(`invalidation on A → B (2 workers): getProductList fresh after ${indexDelay.toFixed(0)} ms, product page after ${pageDelay.toFixed(0)} ms (each including B's reload)`)

    expect(await everyAnswer(4, () => listedName(B, id))).toEqual([renamed, renamed, renamed, renamed])
    for (const html of await everyAnswer(4, () => productPage(B, slug))) expect(html).toContain(renamed)
    expect(await listedName(A, id)).toBe(renamed)
  })

  test("a catalog change on the team store re-renders the team store's pages on both instances and leaves the demo store's in place", async () => {
    const { rows } = await pool.query<{ id: number; slug: string }>(
      "select p.id, p.slug from products p join websites w on w.id = p.website_id where w.code = 'riverside-fc' and p.is_published order by p.id limit 1",
    )
    const teamProduct = rows[0]!
    // Warm B's workers: both stores' shop pages rendered once, then answered from the route cache.
    for (const host of ['localhost', 'team.localhost']) await everyAnswer(6, () => pageAt(B, '/shop', host))
    await everyAnswer(2, () => pageAt(A, '/shop', 'localhost'))
    const demoBefore = await everyAnswer(4, () => pageAt(B, '/shop', 'localhost'))
    expect(demoBefore.map((page) => page.cache)).toEqual(['HIT', 'HIT', 'HIT', 'HIT'])

    const renamed = `Team Scale ${randomBytes(3).toString('hex')}`
    await pool.query('update products set name = $1 where id = $2', [renamed, teamProduct.id])
    for (const cache of ['ProductList', 'Products']) {
      const response = await new Promise<number>((resolve, reject) => {
        const url = new URL('/api/cache/invalidate', A)
        const body = JSON.stringify({ cache })
        const request = httpRequest(
          { hostname: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { host: `team.localhost:${url.port}`, 'content-type': 'application/json', 'x-internal-token': internalToken } },
          (answer) => {
            answer.resume()
            answer.on('end', () => resolve(answer.statusCode ?? 0))
          },
        )
        request.on('error', reject)
        request.end(body)
      })
      expect(response).toBe(200)
    }

    await waitUntil(async () => (await pageAt(B, '/shop', 'team.localhost')).body.includes(renamed), { timeoutMs: WITHIN_MS, stepMs: 5 })
    for (const page of await everyAnswer(4, () => pageAt(B, '/shop', 'team.localhost'))) expect(page.body).toContain(renamed)
    // The demo store's pages were not rendered again on either instance: every answer is the kept one.
    const demoAfter = await everyAnswer(4, () => pageAt(B, '/shop', 'localhost'))
    expect(demoAfter.map((page) => page.cache)).toEqual(['HIT', 'HIT', 'HIT', 'HIT'])
    expect(demoAfter.map((page) => page.body.length)).toEqual(demoBefore.map((page) => page.body.length))
    expect((await pageAt(A, '/shop', 'localhost')).cache).toBe('HIT')
  })

  test('a store import run beside the servers is seen by both', async () => {
    const demoFile = path.join(root, 'data', 'demo-store.json')
    const store = JSON.parse(readFileSync(demoFile, 'utf8')) as { products: { slug: string; name: string }[] }
    const product = store.products[1]!
    const renamed = `Imported ${randomBytes(3).toString('hex')}`
    product.name = renamed
    // Relative artwork paths in the file resolve against its folder: link the demo's own.
    const storeFolder = mkdtempSync(path.join(folder, 'store-'))
    for (const entry of readdirSync(path.dirname(demoFile))) {
      if (entry !== path.basename(demoFile)) symlinkSync(path.join(path.dirname(demoFile), entry), path.join(storeFolder, entry))
    }
    const storeFile = path.join(storeFolder, 'store.json')
    writeFileSync(storeFile, JSON.stringify(store))
    await everyAnswer(2, () => productPage(A, product.slug))
    await everyAnswer(4, () => productPage(B, product.slug))

    const { stdout } = await promisify(execFile)(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/store-import.ts', storeFile], {
      cwd: root,
      env: { ...process.env, ...shared, LOG_LEVEL: 'warn' },
    })
    const importedAt = performance.now()
    expect(stdout).toContain('Running servers were told through Redis to drop them.')

    await waitUntil(async () => (await productPage(A, product.slug)).includes(renamed), { timeoutMs: WITHIN_MS, stepMs: 5 })
    await waitUntil(async () => (await productPage(B, product.slug)).includes(renamed), { timeoutMs: WITHIN_MS, stepMs: 5 })
    figures.push(`store import beside the servers: both product pages fresh ${(performance.now() - importedAt).toFixed(0)} ms after the command ended`)
    for (const html of await everyAnswer(4, () => productPage(B, product.slug))) expect(html).toContain(renamed)
  })

  test('sign-in attempts on A and B count against one limit', async () => {
    const login = `nobody-${randomBytes(4).toString('hex')}@example.com`
    const attempt = (base: string) => post(base, '/api/user/login', { login, password: 'not the password' })
    for (let index = 0; index < SIGN_IN_LIMITS.perAccount.max; index++) {
      const response = await attempt(index % 2 ? A : B)
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ error: { message: LOGIN_FAILED } })
    }
    for (const base of [A, B, B]) {
      const refused = await attempt(base)
      expect(refused.status).toBe(429)
      expect(await refused.json()).toMatchObject({ error: { message: TOO_MANY_SIGN_IN_ATTEMPTS } })
    }
  })

  test('an instance whose Redis is down refuses sign-in with a 503 that says so, and still serves the store', async () => {
    const refused = await post(C, '/api/user/login', DEMO_LOGIN)
    expect(refused.status).toBe(503)
    expect(await refused.json()).toMatchObject({ error: { code: 'unavailable', message: SIGN_IN_UNAVAILABLE } })
    const [product] = await productList(C)
    expect(await productPage(C, product!.slug)).toContain('<html')
  })
})
