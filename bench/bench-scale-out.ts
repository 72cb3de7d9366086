// P9 of shared/design/performance.md: two app instances (A and B, one server process each, as
// `npm start` runs them) on one PostgreSQL (BENCH_DATABASE_URL, a fresh database
// webstore_bench_scale) and one Redis (BENCH_REDIS_URL, under a key prefix of this run's own, its
// keys deleted after). The store is the 999-product bench store. A sign-in on A must be valid on B
// and a sign-out on A end it there; a catalog write on A must show on B's product index and B's
// rendered /shop page within a second. The write is done as docs/scale-out.md tells a job to: the
// database row changed, then POST /api/cache/invalidate on A, which tells B through Redis.
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { deleteRedisKeys } from '../tests/support/redis'
import type { Row } from './bench-postgres'
import { listens, log, postgresAnswers, type RunningServer, startServer, withDatabase } from './bench-servers'

const DEMO_LOGIN = { login: 'alex.morgan@graniteridge.example', password: 'granite-ridge-demo' }
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 12)
/** The goal: a write on one instance is seen on the other within a second. */
const WITHIN_MS = 1000
/** How long a round waits before it calls the change not seen at all. */
const GIVE_UP_MS = 5000

function post(base: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

/** The product index as the shop's browser fetches it (GET, no ETag of its own). */
async function listedNames(base: string): Promise<{ id: number; name: string; slug: string }[]> {
  const response = await fetch(`${base}/api/query?key=getProductList`)
  if (!response.ok) throw new Error(`getProductList on ${base} answered ${response.status}`)
  return ((await response.json()) as { products: { products: { id: number; name: string; slug: string }[] } }).products.products
}

/** The index's text: a unique name is looked for in it without parsing 999 products each time. */
async function listText(base: string): Promise<string> {
  const response = await fetch(`${base}/api/query?key=getProductList`)
  if (!response.ok) throw new Error(`getProductList on ${base} answered ${response.status}`)
  return response.text()
}

async function shopPage(base: string): Promise<string> {
  const response = await fetch(`${base}/shop`)
  if (!response.ok) throw new Error(`/shop on ${base} answered ${response.status}`)
  return response.text()
}

/** Milliseconds from `since` until `check` holds, asked again as soon as it answered; null past GIVE_UP_MS. */
async function seenAfter(since: number, check: () => Promise<boolean>): Promise<number | null> {
  while (performance.now() - since < GIVE_UP_MS) {
    if (await check()) return performance.now() - since
    await sleep(2)
  }
  return null
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? NaN
}

async function getPartnerStatus(base: string, token: string): Promise<{ status: number; email?: string }> {
  const response = await post(base, '/api/query', { key: 'getPartner' }, { authorization: `Bearer ${token}` })
  const body = (await response.json()) as { partner?: { email?: string } }
  return { status: response.status, email: body.partner?.email }
}

/** (a) and (c): the sign-in and the sign-out on A, as B answers right after. */
async function sessionFigures(a: string, b: string) {
  const signIn = await post(a, '/api/user/login', DEMO_LOGIN)
  const token = ((await signIn.json()) as { data?: { access_token?: string } }).data?.access_token
  if (!token) throw new Error(`sign-in on A answered ${signIn.status}`)
  let started = performance.now()
  const onB = await getPartnerStatus(b, token)
  const acceptedMs = performance.now() - started
  const accepted = onB.status === 200 && onB.email === DEMO_LOGIN.login

  const signOut = await post(a, '/api/user/logout', undefined, { authorization: `Bearer ${token}` })
  if (signOut.status !== 200) throw new Error(`sign-out on A answered ${signOut.status}`)
  started = performance.now()
  const afterOut = await getPartnerStatus(b, token)
  const refusedMs = performance.now() - started
  return { accepted, acceptedMs, acceptedStatus: onB.status, refused: afterOut.status === 401, refusedMs, refusedStatus: afterOut.status }
}

/** (b): rename the first product (on /shop's first screen) and tell A; time until B shows the new name. */
async function catalogWriteFigures(a: string, b: string, db: pg.Client, internalToken: string) {
  const [first] = await listedNames(b)
  if (!first) throw new Error('the bench store has no products')
  const invalidate = async () => {
    for (const cache of ['ProductList', 'Products']) {
      const response = await post(a, '/api/cache/invalidate', { cache }, { 'x-internal-token': internalToken })
      const answer = (await response.json()) as { data?: { invalidated?: boolean } }
      if (!answer.data?.invalidated) throw new Error(`A did not invalidate ${cache}: ${JSON.stringify(answer)}`)
    }
  }
  const rename = (name: string) => db.query('update products set name = $1 where id = $2', [name, first.id])

  // Once, untimed: until told, B serves its caches (else the timing below would prove nothing).
  await listText(b)
  await shopPage(b)
  const untold = `Scale Bench untold ${randomBytes(3).toString('hex')}`
  await rename(untold)
  const staleUntilTold = !(await listText(b)).includes(untold) && !(await shopPage(b)).includes(untold)

  const writes: number[] = []
  const index: number[] = []
  const page: number[] = []
  let missed = 0
  for (let round = 0; round < ROUNDS; round++) {
    // B holds the current index and a rendered /shop in its caches.
    await listText(b)
    await shopPage(b)
    const name = `Scale Bench ${round} ${randomBytes(3).toString('hex')}`
    const started = performance.now()
    await rename(name)
    await invalidate()
    writes.push(performance.now() - started)
    // Both watched at once, as a shopper's browser on B would fetch them.
    const [indexMs, pageMs] = await Promise.all([
      seenAfter(started, async () => (await listText(b)).includes(name)),
      seenAfter(started, async () => (await shopPage(b)).includes(name)),
    ])
    if (indexMs === null || pageMs === null) missed++
    if (indexMs !== null) index.push(indexMs)
    if (pageMs !== null) page.push(pageMs)
  }
  await rename(first.name)
  await invalidate()
  log(`P9 index on B: ${index.map((v) => v.toFixed(0)).join(' ')} ms; /shop on B: ${page.map((v) => v.toFixed(0)).join(' ')} ms`)
  return { staleUntilTold, writes, index, page, missed }
}

export async function measureScaleOutFigures(options: { root: string; ports: [number, number]; storeEnv: Record<string, string>; storeFile: string }): Promise<Row[]> {
  const goal = 'P9 scale-out: two instances on one PostgreSQL + Redis'
  const target = 'sign-in valid and sign-out ended on the other; a write seen on the other ≤ 1 s'
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
  if (!(await postgresAnswers(adminUrl)) || !(await listens(new URL(redisUrl), 6379))) {
    return [{ goal, figure: 'not measured (no PostgreSQL/Redis)', reference: '—', ratio: '—', target, verdict: 'not measured' }]
  }

  const database = 'webstore_bench_scale'
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`drop database if exists ${database} with (force)`)
    await admin.query(`create database ${database}`)
  } finally {
    await admin.end()
  }
  const redisPrefix = `webstore-bench-scale:${randomBytes(4).toString('hex')}:`
  const internalToken = randomBytes(24).toString('hex')
  const env = {
    ...options.storeEnv,
    DATABASE_URL: withDatabase(adminUrl, database),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisPrefix,
    INTERNAL_API_TOKEN: internalToken,
  }
  log('P9: loading the 999-product store into PostgreSQL')
  const imported = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/store-import.ts', options.storeFile], {
    cwd: options.root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  })
  if (imported.status !== 0) throw new Error(`import failed:\n${imported.stdout}\n${imported.stderr}`)

  const db = new pg.Client({ connectionString: env.DATABASE_URL })
  await db.connect()
  const servers: RunningServer[] = []
  try {
    // A first: it builds when the sources changed; B then finds the build fresh.
    const start = (label: string, port: number) =>
      startServer({ label, command: process.execPath, args: ['scripts/start.mjs'], cwd: options.root, port, env, readyPath: '/api/health?ready', timeoutMs: 600_000 })
    servers.push(await start('instance A', options.ports[0]))
    servers.push(await start('instance B', options.ports[1]))
    const [a, b] = servers.map((server) => server.url) as [string, string]

    log('P9: sign-in on A, used on B; sign-out on A, refused on B')
    const session = await sessionFigures(a, b)
    log(`P9: ${ROUNDS} catalog writes on A, watched on B`)
    const writes = await catalogWriteFigures(a, b, db, internalToken)

    const figure = (values: number[]) => `p50 ${percentile(values, 0.5).toFixed(0)} ms, p99 ${percentile(values, 0.99).toFixed(0)} ms`
    const worst = Math.max(percentile(writes.index, 0.99), percentile(writes.page, 0.99))
    return [
      {
        goal: `${goal} (one process each, 999 products)`,
        figure:
          `sign-in on A ${session.accepted ? 'accepted' : `NOT accepted (${session.acceptedStatus})`} on B at the first request (${session.acceptedMs.toFixed(0)} ms); ` +
          `sign-out on A ${session.refused ? 'refused' : `NOT refused (${session.refusedStatus})`} on B at the first request (${session.refusedMs.toFixed(0)} ms); ` +
          `a product renamed and invalidated on A, ${ROUNDS} times: B's getProductList shows it after ${figure(writes.index)}, B's /shop page after ${figure(writes.page)}` +
          ` (from the start of the write, which itself took p50 ${percentile(writes.writes, 0.5).toFixed(0)} ms; ${writes.missed ? `${writes.missed} not seen within ${GIVE_UP_MS / 1000} s; ` : ''}` +
          `B ${writes.staleUntilTold ? 'kept serving its caches until told' : 'showed a change nobody announced: its caches were not used'})`,
        reference: '—',
        ratio: '—',
        target,
        verdict: session.accepted && session.refused && writes.staleUntilTold && writes.missed === 0 && worst <= WITHIN_MS ? 'met' : 'missed',
      },
    ]
  } finally {
    for (const server of servers) await server.stop()
    await db.end()
    await deleteRedisKeys(redisUrl, redisPrefix)
    const cleanup = new pg.Client({ connectionString: adminUrl })
    await cleanup.connect()
    await cleanup.query(`drop database if exists ${database} with (force)`)
    await cleanup.end()
  }
}
