// P3 and P4 of shared/design/performance.md: per-user reads and writes, and placing orders, on a
// real PostgreSQL server (BENCH_DATABASE_URL, default the machine's postgres://postgres@127.0.0.1:5432).
// The reference is one pgbench write transaction (TPC-B-like, 5 statements) on the same server in
// the same run. The store runs the demo store (fixed delivery, built-in tax, offline payment).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { listens, log, median, postgresAnswers, startServer, withDatabase } from './bench-servers'

export type Row = { goal: string; figure: string; reference: string; ratio: string; target: string; verdict: string }

export type LoadFigures = { requestsPerSec: number; p50: number; p99: number; errors: number; non2xx: number; statuses: Record<string, number>; rate?: number; late?: number }
export type User = { token: string; partnerId: number; partnerUid: string; ip: string }

const USERS = 50
const ORDERS = Number(process.env.BENCH_ORDERS ?? 150)

function pgbenchBinary(): string | null {
  const onPath = spawnSync('pgbench', ['--version'], { encoding: 'utf8' })
  if (onPath.status === 0) return 'pgbench'
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  for (const version of readdirSync(root).sort().reverse()) {
    const candidate = path.join(root, version, 'bin', 'pgbench')
    if (existsSync(candidate)) return candidate
  }
  return null
}

async function recreateDatabase(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(`drop database if exists ${database} with (force)`)
    await client.query(`create database ${database}`)
  } finally {
    await client.end()
  }
}

/** Median latency of one pgbench TPC-B-like transaction, one client, in ms. */
function pgbenchWriteMs(binary: string, url: string, rounds: number): number[] {
  const init = spawnSync(binary, ['-i', '-s', '1', '-q', url], { encoding: 'utf8' })
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`)
  const figures: number[] = []
  for (let round = 0; round < rounds; round++) {
    const run = spawnSync(binary, ['-n', '-c', '1', '-j', '1', '-T', '5', url], { encoding: 'utf8' })
    const match = /latency average = ([\d.]+) ms/.exec(run.stdout)
    if (run.status !== 0 || !match) throw new Error(`pgbench failed: ${run.stderr}${run.stdout}`)
    figures.push(Number(match[1]))
  }
  return figures
}

/** bench/load-users.mjs in its own process: a closed loop, or an open one at `rate` requests a second. */
export function runUserLoad(root: string, config: { url: string; seconds: number; users: unknown[]; rate?: number }): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'bench', 'load-users.mjs'), JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(stdout) as LoadFigures) : reject(new Error(`load generator failed: ${stderr}`))))
  })
}

export async function api(baseUrl: string, endpoint: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(baseUrl + endpoint, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  const answer = (await response.json()) as Record<string, unknown>
  // Queries answer their payload; mutations and /api/user/* answer { data }.
  const json = 'data' in answer || 'error' in answer ? answer : { data: answer }
  return { status: response.status, json, serverMs: Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? NaN) }
}

/** The demo employee and 49 more like them (made here), each signed in from an address of their own. */
export async function signInUsers(baseUrl: string, db: pg.Client): Promise<User[]> {
  // 49 more employees like the demo one (same password hash, no budget, so no approvals).
  await db.query(
    `insert into partners (website_id, email, name, password_hash)
     select website_id, 'bench-' || n || '@graniteridge.example', 'Bench Shopper ' || n, password_hash
     from partners, generate_series(1, $1::int) as n where email = 'alex.morgan@graniteridge.example'`,
    [USERS - 1],
  )
  const { rows } = await db.query<{ email: string }>(`select email from partners where email like 'bench-%' or email = 'alex.morgan@graniteridge.example' order by id`)
  const users: User[] = []
  for (const [index, { email }] of rows.entries()) {
    const ip = `198.51.100.${index + 1}`
    const login = await api(baseUrl, '/api/user/login', { login: email, password: 'granite-ridge-demo' }, { 'x-forwarded-for': ip })
    const token = (login.json.data as { access_token?: string } | undefined)?.access_token
    if (!token) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(login.json)}`)
    const partner = await api(baseUrl, '/api/query', { key: 'getPartner' }, { authorization: `Bearer ${token}` })
    const profile = (partner.json.data as { partner: { id: number; uid: string } }).partner
    users.push({ token, partnerId: profile.id, partnerUid: profile.uid, ip })
  }
  return users
}

export type OrderFixture = { body: Record<string, unknown> }

export async function orderFixture(db: pg.Client): Promise<OrderFixture> {
  const { rows: lines } = await db.query<{ product_id: number; color_id: number; logo_id: number; size: string }>(
    `select v.product_id, v.color_value_id as color_id, l.logo_id, s.name as size
       from product_variants v
       join product_variant_logos l on l.variant_id = v.id
       join attribute_values s on s.id = v.size_value_id
       join products p on p.id = v.product_id and p.is_published
      where v.color_value_id is not null
      order by p.website_sequence, v.id limit 1`,
  )
  const { rows: delivery } = await db.query<{ id: number }>(`select id from delivery_methods where delivery_type = 'fixed' order by sequence, id limit 1`)
  const { rows: payment } = await db.query<{ id: number }>(`select id from payment_methods where for_guests and is_active and provider <> 'stripe' order by sequence, id limit 1`)
  const { rows: place } = await db.query<{ country_id: number; state_id: number }>(
    `select c.id as country_id, s.id as state_id from countries c join states s on s.country_id = c.id where c.code = 'US' and s.code = 'CO' limit 1`,
  )
  const { rows: fields } = await db.query<{ name: string; type: string; options: string[] }>(`select name, field_type as type, options from order_extra_fields where is_required and audience = 'everyone'`)
  const line = lines[0]
  if (!line || !delivery[0] || !payment[0] || !place[0]) throw new Error('the demo store lacks a product, a fixed delivery, an offline method open to guests or Colorado')
  const extra = Object.fromEntries(fields.map((field) => [field.name, field.type === 'checkbox' ? true : field.type === 'date' ? '2026-12-01' : field.type === 'select' ? (field.options[0] ?? '') : 'BENCH-100']))
  const address = { name: 'Bench Shopper', phone: '303-555-0100', street: '1600 Glenarm Pl', street2: '', city: 'Denver', zip: '80202', countryId: place[0].country_id, stateId: place[0].state_id, email: 'bench@example.com' }
  return {
    body: {
      billingaddress: address,
      shippingaddress: null,
      products: [{ productId: line.product_id, colorId: line.color_id, logoId: line.logo_id, quantity: { [line.size]: 3 } }],
      transactiondetails: null,
      aquirerId: payment[0].id,
      partnername: 'Bench Shopper',
      partneremail: 'bench@example.com',
      orderForResale: false,
      approvalRequired: false,
      orderExtraFields: extra,
      orderOptions: [],
      quotation: false,
      deliveryMethodId: delivery[0].id,
      promoCode: null,
      useGiftCards: false,
    },
  }
}

export async function reserveReference(baseUrl: string, ip: string): Promise<string> {
  const answer = await api(baseUrl, '/api/query', { key: 'getOrderId' }, { 'x-forwarded-for': ip })
  const sequence = (answer.json.data as { orderSequence?: string } | undefined)?.orderSequence
  if (!sequence) throw new Error(`getOrderId failed: ${JSON.stringify(answer.json)}`)
  return sequence
}

/** The total the server will charge for the fixture, read from its own 409 answer to a wrong one. */
export async function expectedTotal(baseUrl: string, fixture: OrderFixture): Promise<number> {
  const ip = '203.0.113.250'
  const answer = await api(baseUrl, '/api/mutation', { key: 'createOrder', ...fixture.body, orderSequence: await reserveReference(baseUrl, ip), expectedTotal: 0 }, { 'x-forwarded-for': ip })
  const total = (answer.json.data as { orderSummary?: { totalPrice?: number } } | undefined)?.orderSummary?.totalPrice ?? null
  if (answer.status !== 409 || total === null) throw new Error(`expected a 409 with the summary, got ${answer.status}: ${JSON.stringify(answer.json)}`)
  return total
}

export async function measurePostgresFigures(options: { root: string; port: number; storeEnv: Record<string, string>; rounds: number; seconds: number }): Promise<Row[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const pgbench = pgbenchBinary()
  if (!(await postgresAnswers(adminUrl))) {
    const reason = `no PostgreSQL at ${new URL(adminUrl).host}`
    return ['P3 per-user reads and writes', 'P4 placing an order'].map((goal) => ({ goal, figure: reason, reference: '—', ratio: '—', target: '—', verdict: 'not measured' }))
  }
  if (!pgbench) throw new Error('pgbench was not found (Debian: postgresql-contrib / the server package)')

  log('P3/P4: pgbench reference')
  const referenceUrl = withDatabase(adminUrl, 'webstore_bench_pgbench')
  await recreateDatabase(adminUrl, 'webstore_bench_pgbench')
  const pgbenchMs = median(pgbenchWriteMs(pgbench, referenceUrl, options.rounds))

  log('P3/P4: the demo store on PostgreSQL')
  const databaseUrl = withDatabase(adminUrl, 'webstore_bench_store')
  await recreateDatabase(adminUrl, 'webstore_bench_store')
  // At scale the store runs one worker per core on PostgreSQL + Redis (docs/scale-out.md): the
  // bench does the same when Redis answers, else one process.
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
  const workers = (await listens(new URL(redisUrl), 6379)) ? (process.env.BENCH_WEB_CONCURRENCY ?? '2') : '1'
  // Each bench user has its own address (X-Forwarded-For), as behind a load balancer.
  // A fresh key prefix per run: rate-limit counters left in Redis by an earlier run would refuse this one's orders.
  const env = { ...options.storeEnv, DATABASE_URL: databaseUrl, TRUST_PROXY: '1', ...(workers === '1' ? {} : { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `webstore-bench-${process.pid}-${Date.now()}:`, WEB_CONCURRENCY: workers }) }
  log(`P3/P4: ${workers} worker process${workers === '1' ? '' : 'es'}${workers === '1' ? ' (no Redis)' : ' with Redis'}`)
  const imported = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/store-import.ts', 'data/demo-store.json'], { cwd: options.root, env: { ...process.env, ...env }, encoding: 'utf8' })
  if (imported.status !== 0) throw new Error(`demo import failed:\n${imported.stdout}\n${imported.stderr}`)
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  const store = await startServer({ label: 'store on PostgreSQL', command: process.execPath, args: ['scripts/start.mjs'], cwd: options.root, port: options.port, env })
  const rows: Row[] = []
  try {
    const users = await signInUsers(store.url, db)
    const bearer = (user: User) => ({ authorization: `Bearer ${user.token}`, 'x-forwarded-for': user.ip })
    const fixture = await orderFixture(db)
    const cartItems = (fixture.body.products as unknown[]).slice(0, 1)
    const loads: Record<string, (user: User) => unknown> = {
      getPartner: (user) => ({ path: '/api/query', headers: bearer(user), body: { key: 'getPartner' } }),
      getAddresses: (user) => ({ path: '/api/query', headers: bearer(user), body: { key: 'getAddresses', value: { filter: { partnerUid: user.partnerUid } } } }),
      'cart save': (user) => ({ path: '/api/user/cart', headers: bearer(user), kind: 'cart-save', body: { partnerId: user.partnerId, items: cartItems } }),
    }
    // P3, restated (issue 28): the peak in a closed loop (each user sends again when answered), then
    // the latency at a constant arrival rate of half that peak (an open loop: requests due on a
    // schedule, latency from when each was due, so queueing in the load generator is counted).
    for (const [name, shape] of Object.entries(loads)) {
      const config = { url: store.url, seconds: options.seconds, users: users.map(shape) }
      await runUserLoad(options.root, { ...config, seconds: 2 })
      const closed: LoadFigures[] = []
      for (let round = 0; round < options.rounds; round++) closed.push(await runUserLoad(options.root, config))
      const peak = median(closed.map((r) => r.requestsPerSec))
      const rate = Math.max(1, Math.round(peak / 2))
      const open: LoadFigures[] = []
      for (let round = 0; round < options.rounds; round++) open.push(await runUserLoad(options.root, { ...config, rate }))
      const p99 = median(open.map((r) => r.p99))
      const failures = [...closed, ...open].reduce((n, r) => n + r.errors + r.non2xx, 0)
      log(`P3 ${name}: closed ${closed.map((r) => `${Math.round(r.requestsPerSec)} req/s p99 ${r.p99} ms`).join(' / ')}; open at ${rate} req/s: ${open.map((r) => `p50 ${r.p50} p99 ${r.p99} ms`).join(' / ')}`)
      rows.push({
        goal: `P3 ${name}, ${USERS} signed-in users, ${workers} worker${workers === '1' ? '' : 's'}`,
        figure:
          `peak ${Math.round(peak)} req/s (closed loop, p99 ${median(closed.map((r) => r.p99))} ms); at ${rate} req/s (open loop, ${Math.round(median(open.map((r) => r.requestsPerSec)))} served): ` +
          `p50 ${median(open.map((r) => r.p50))} ms, p99 ${p99} ms${failures ? `, ${failures} failed (${JSON.stringify(open.at(-1)?.statuses)})` : ''}`,
        reference: `half the peak: ${rate} req/s`,
        ratio: '—',
        target: 'p99 ≤ 50 ms at half the peak, open loop',
        verdict: p99 <= 50 && !failures ? 'met' : 'missed',
      })
    }

    log(`P4: ${ORDERS} orders one after another`)
    const total = await expectedTotal(store.url, fixture)
    const latencies: number[] = []
    const serverTimes: number[] = []
    for (let i = 0; i < ORDERS; i++) {
      const ip = `10.${Math.floor(i / 250)}.${i % 250}.9`
      const orderSequence = await reserveReference(store.url, ip)
      const started = performance.now()
      const answer = await api(store.url, '/api/mutation', { key: 'createOrder', ...fixture.body, orderSequence, expectedTotal: total }, { 'x-forwarded-for': ip })
      latencies.push(performance.now() - started)
      if (Number.isFinite(answer.serverMs)) serverTimes.push(answer.serverMs)
      if (answer.status !== 200) throw new Error(`createOrder answered ${answer.status}: ${JSON.stringify(answer.json)}`)
    }
    latencies.sort((a, b) => a - b)
    const p50 = latencies[Math.floor(latencies.length / 2)]!
    const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]!

    log('P4: a double submit (10 concurrent calls with one reference)')
    const ip = '203.0.113.77'
    const orderSequence = await reserveReference(store.url, ip)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api(store.url, '/api/mutation', { key: 'createOrder', ...fixture.body, orderSequence, expectedTotal: total }, { 'x-forwarded-for': ip })),
    )
    const ids = new Set(answers.map((a) => (a.json.data as { createOrder?: { order?: { id?: number } } } | undefined)?.createOrder?.order?.id))
    const { rows: stored } = await db.query<{ count: string }>(`select count(*) from orders where name = $1`, [orderSequence])
    const oneOrder = answers.every((a) => a.status === 200) && ids.size === 1 && Number(stored[0]?.count) === 1
    const ratio = p50 / pgbenchMs
    rows.push({
      goal: `P4 createOrder on PostgreSQL (${ORDERS} orders, one at a time)`,
      figure: `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (as the client sees it); double submit ×10 → ${Number(stored[0]?.count)} order${oneOrder ? '' : ` — FAILED (answers: ${answers.map((a) => `${a.status} ${JSON.stringify(a.json).slice(0, 200)}`).join('; ')})`}`,
      reference: `pgbench write transaction ${pgbenchMs.toFixed(2)} ms`,
      ratio: `p50 ${ratio.toFixed(1)}×`,
      target: 'p50 ≤ 10× pgbench, p99 ≤ 50 ms, one order',
      verdict: ratio <= 10 && p99 <= 50 && oneOrder ? 'met' : 'missed',
    })
  } finally {
    await store.stop()
    await db.end()
  }
  return rows
}
