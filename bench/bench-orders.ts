// P10 and P11 of shared/design/performance.md: the console's order list and search, and the CSV
// export of order lines, on PostgreSQL (BENCH_DATABASE_URL; database webstore_bench_orders) with
// 200,000 orders made by bench/generate-orders.ts (kept between runs). Measured through the core
// functions, one call at a time and timed around the call — the admin HTTP endpoint adds its edge on
// top. P10 (listAdminOrders) runs in this process, an owner's context (every store) and a store
// manager's (two stores) alternating; P11 (exportOrderLinesCsv) runs each export in a fresh process
// of its own (bench/p11-export.ts), so its memory is the export's alone.
import { spawn } from 'node:child_process'
import path from 'node:path'
import pg from 'pg'
import { DEFAULT_ORDER_LIST_VIEW, type OrderListView, ORDER_LIST_FULFILMENT_STATES, ORDER_LIST_PAYMENT_STATES, ORDER_LIST_SORTS } from '../src/isomorphic/order-list-view'
import { adoptConnection, closeDb, openConnection } from '../src/server/db/client'
import { migratePostgres } from '../src/server/db/migrate'
import { coreContext } from '../src/server/kernel/context'
import { listAdminOrders } from '../src/server/orders/order-list'
import { ensureBenchOrders } from './generate-orders'
import { log, postgresAnswers, withDatabase } from './bench-servers'
import type { P11Config, P11Result } from './p11-export'

export type Row = { goal: string; figure: string; reference: string; ratio: string; target: string; verdict: string }

const ROOT = path.resolve(import.meta.dirname, '..')
const ORDERS = Number(process.env.BENCH_ORDER_COUNT ?? 200_000)
const CALLS = Number(process.env.BENCH_ORDER_CALLS ?? 600)

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
}

/** A deterministic pseudo-random sequence (the same views every run). */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

export const BENCH_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/**
 * A PostgreSQL database of 200,000 orders (webstore_bench_orders for P10 and P11; P12 has one of
 * its own, bench/bench-console.ts), migrated and filled when missing, kept between runs.
 */
export async function ensureOrdersDatabase(
  database = 'webstore_bench_orders',
): Promise<{ databaseUrl: string; data: Awaited<ReturnType<typeof ensureBenchOrders>> }> {
  const adminUrl = BENCH_ADMIN_URL
  const databaseUrl = withDatabase(adminUrl, database)
  const prepare = async (fresh: boolean) => {
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    if (fresh) await admin.query(`drop database if exists ${database}`)
    const exists = await admin.query(`select 1 from pg_database where datname = $1`, [database])
    if (exists.rowCount === 0) await admin.query(`create database ${database}`)
    await admin.end()
    await migratePostgres(databaseUrl)
  }
  // The data is kept between runs; a database migrated by a schema that has since changed (a
  // regenerated migration) cannot be brought up to date, so it is made again from scratch.
  try {
    await prepare(false)
  } catch (error) {
    log(`${database}: the kept bench database does not migrate (${(error as Error).message}); making it again`)
    await prepare(true)
  }
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  log(`${database}: ${ORDERS} orders on PostgreSQL (made when missing)`)
  const data = await ensureBenchOrders(client, ORDERS)
  await client.end()
  log(`${database}: ${data.orders} orders, ${data.lines} lines${data.generatedInMs === null ? ' (already there)' : ` generated in ${(data.generatedInMs / 1000).toFixed(1)} s`}`)
  return { databaseUrl, data }
}

export async function measureOrderFigures(): Promise<Row[]> {
  if (!(await postgresAnswers(BENCH_ADMIN_URL))) {
    const figure = `no PostgreSQL at ${new URL(BENCH_ADMIN_URL).host}`
    return ['P10 console order list', 'P11 CSV export of order lines'].map((goal) => ({ goal, figure, reference: '—', ratio: '—', target: '—', verdict: 'not measured' }))
  }
  const { databaseUrl, data } = await ensureOrdersDatabase()

  let p10: Row[]
  adoptConnection(await openConnection({ databaseUrl }))
  try {
    const owner = coreContext({ websiteId: data.websiteIds[0]!, actor: { kind: 'staff', staffId: 1, email: 'owner@bench.example', name: 'Bench owner', role: 'owner', storeIds: [], sessionId: null } })
    const manager = coreContext({
      websiteId: data.websiteIds[6]!,
      actor: { kind: 'staff', staffId: 2, email: 'manager@bench.example', name: 'Bench manager', role: 'store_manager', storeIds: data.websiteIds.slice(6), sessionId: null },
    })
    const next = random(42)
    const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!

    // A random view: sometimes a store, a state, a partner, a month; a random sort and direction.
    const randomView = (): OrderListView => {
      const view: OrderListView = { ...DEFAULT_ORDER_LIST_VIEW, sort: pick(ORDER_LIST_SORTS), dir: next() < 0.7 ? 'desc' : 'asc', pageSize: pick([25, 50, 100] as const) }
      if (next() < 0.4) view.websiteId = pick(data.websiteIds)
      const filter = next()
      if (filter < 0.15) view.paymentState = pick(ORDER_LIST_PAYMENT_STATES)
      else if (filter < 0.3) view.fulfilmentState = pick(ORDER_LIST_FULFILMENT_STATES)
      else if (filter < 0.4) view.state = pick(['draft', 'sale', 'cancel'] as const)
      else if (filter < 0.45) view.approvalState = 'awaiting_approval'
      if (next() < 0.2) view.decorationPartnerId = pick(data.decorationPartnerIds)
      if (next() < 0.2) {
        const month = 1 + Math.floor(next() * 11)
        view.from = `2026-${String(month).padStart(2, '0')}-01`
        view.to = `2026-${String(month + 1).padStart(2, '0')}-01`
      }
      return view
    }

    const time = async <T>(work: () => Promise<T>): Promise<[number, T]> => {
      const started = performance.now()
      const result = await work()
      return [performance.now() - started, result]
    }

    // Warm-up: the first calls load the plans' catalog caches and the connection pool.
    for (let i = 0; i < 30; i++) await listAdminOrders(owner, randomView())

    // P10 list: a random view, its first page, then up to 20 pages further by cursor (deep pages),
    // sometimes one back. Every page is timed.
    const listTimes: number[] = []
    let slowest = { ms: 0, view: '' }
    while (listTimes.length < CALLS) {
      const ctx = next() < 0.75 ? owner : manager
      let view = randomView()
      const depth = Math.floor(next() * 20)
      for (let page = 0; page <= depth && listTimes.length < CALLS; page++) {
        const [ms, answer] = await time(() => listAdminOrders(ctx, view))
        listTimes.push(ms)
        if (ms > slowest.ms) slowest = { ms, view: JSON.stringify({ ...view, cursor: view.cursor ? 'page ' + page : null }) }
        const cursor = next() < 0.1 && answer.previousCursor ? answer.previousCursor : answer.nextCursor
        if (!cursor) break
        view = { ...view, cursor }
      }
    }

    // P10 search: a reference (as typed: 'S01234', '1234', a prefix), an email (whole, a prefix), a name's beginning.
    const { rows: people } = await (async () => {
      const sample = new pg.Client({ connectionString: databaseUrl })
      await sample.connect()
      try {
        return await sample.query<{ name: string; email: string; customer: string }>(`select name, partner_email as email, partner_name as customer from orders tablesample system (2) limit 400`)
      } finally {
        await sample.end()
      }
    })()
    let slowestSearch = { ms: 0, view: '' }
    const searchTimes: Record<'reference' | 'email' | 'name', number[]> = { reference: [], email: [], name: [] }
    for (let i = 0; i < CALLS; i++) {
      const person = pick(people)
      const kind = pick(['reference', 'email', 'name'] as const)
      const q =
        kind === 'reference'
          ? pick([person.name, person.name.toLowerCase(), String(Number(person.name.slice(1))), person.name.slice(0, 5)])
          : kind === 'email'
            ? pick([person.email, person.email.slice(0, Math.max(3, Math.floor(person.email.length / 2))), person.email.toUpperCase()])
            : person.customer.slice(0, 3 + Math.floor(next() * 6))
      const ctx = next() < 0.75 ? owner : manager
      const searchView = { ...DEFAULT_ORDER_LIST_VIEW, q, websiteId: next() < 0.3 ? pick(data.websiteIds) : null }
      const [ms] = await time(() => listAdminOrders(ctx, searchView))
      searchTimes[kind].push(ms)
      if (ms > slowestSearch.ms) slowestSearch = { ms, view: `${ctx === owner ? 'owner' : 'manager'} ${JSON.stringify({ q, websiteId: searchView.websiteId })}` }
    }

    const listP99 = percentile(listTimes, 0.99)
    const searchP99 = Math.max(...Object.values(searchTimes).map((times) => percentile(times, 0.99)))
    log(`P10 search: slowest ${slowestSearch.ms.toFixed(1)} ms: ${slowestSearch.view}`)
    log(`P10 list: p50 ${percentile(listTimes, 0.5).toFixed(1)} ms, p99 ${listP99.toFixed(1)} ms; slowest ${slowest.ms.toFixed(1)} ms: ${slowest.view}`)
    const fmt = (values: number[]) => `p50 ${percentile(values, 0.5).toFixed(1)} ms, p99 ${percentile(values, 0.99).toFixed(1)} ms`
    p10 = [
      {
        goal: `P10 console order list, ${data.orders} orders (PostgreSQL, core function)`,
        figure: `${listTimes.length} pages of random views (filters, store, partner, month; 3 sorts × 2 directions; 25–100 rows; up to 20 pages deep by cursor): ${fmt(listTimes)}, max ${slowest.ms.toFixed(1)} ms`,
        reference: '—',
        ratio: '—',
        target: 'p99 ≤ 50 ms',
        verdict: listP99 <= 50 ? 'met' : 'missed',
      },
      {
        goal: 'P10 order search by reference / email / name',
        figure: `reference ${fmt(searchTimes.reference)}; email ${fmt(searchTimes.email)}; name prefix ${fmt(searchTimes.name)}`,
        reference: '—',
        ratio: '—',
        target: 'p99 ≤ 50 ms',
        verdict: searchP99 <= 50 ? 'met' : 'missed',
      },
    ]
  } finally {
    await closeDb()
  }
  return [...p10, await measureExport(databaseUrl, data.websiteIds[0]!)]
}

const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`

/** One export in a fresh process of its own (bench/p11-export.ts), its JSON result read back. */
function exportInFreshProcess(config: P11Config): Promise<P11Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/p11-export.ts', JSON.stringify(config)], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? ''
      if (code !== 0 || !last.startsWith('{')) reject(new Error(`bench/p11-export.ts ended with ${code}:\n${stdout}\n${stderr}`))
      else resolve(JSON.parse(last) as P11Result)
    })
  })
}

/**
 * P11: the lines of the orders placed in the last ~146 days (≈ 200,000 lines, the figure of
 * performance.md), then the lines of all of them (≈ 500,000), each export in a fresh process that
 * does nothing else (bench/p11-export.ts), RSS sampled every 50 ms.
 *
 * "Memory flat" is read as: memory does not grow with the number of lines. The rule: what the
 * export adds to its process (peak RSS − RSS before it started) for 2.5× the lines is at most
 * FLAT_SLACK more than for the ≈ 200,000 lines. Holding the output or the rows would fail it:
 * the CSV of the extra ≈ 300,000 lines alone is ≈ 47 MB, more as JavaScript strings or objects.
 * V8 collects in a sawtooth whose height does not depend on the export's length; the slack is
 * for it. (In the shared bench process that sawtooth and the bench's earlier work dominated the
 * peaks, hence the fresh processes.)
 */
const FLAT_SLACK = 32 * 2 ** 20

async function measureExport(databaseUrl: string, websiteId: number): Promise<Row> {
  const from = new Date(Date.now() - 146 * 86_400_000).toISOString().slice(0, 10)
  const part = await exportInFreshProcess({ databaseUrl, websiteId, from })
  const whole = await exportInFreshProcess({ databaseUrl, websiteId, from: null })
  const added = (run: P11Result) => run.peakRss - run.baselineRss
  const flat = added(whole) <= added(part) + FLAT_SLACK
  const fast = part.linesPerSecond >= 20_000
  const describe = (run: P11Result) =>
    `RSS ${mb(run.baselineRss)} before, at 25/50/75/100 %: ${run.quarterRss.map(mb).join(' / ')}, peak ${mb(run.peakRss)} (+${mb(added(run))})`
  log(`P11: ${part.lines} lines in ${(part.ms / 1000).toFixed(1)} s, ${describe(part)}`)
  log(`P11: ${whole.lines} lines in ${(whole.ms / 1000).toFixed(1)} s, ${describe(whole)}`)
  return {
    goal: `P11 CSV export of order lines (core function, ${part.lines} lines, a fresh process per export)`,
    figure:
      `${Math.round(part.linesPerSecond)} lines/s (${(part.bytes / 2 ** 20).toFixed(0)} MB in ${(part.ms / 1000).toFixed(1)} s); ${describe(part)}; ` +
      `all ${whole.lines} lines: ${Math.round(whole.linesPerSecond)} lines/s, ${describe(whole)}`,
    reference: '—',
    ratio: '—',
    target: '≥ 20,000 lines/s; memory flat: 2.5× the lines add ≤ 32 MB more to peak RSS over the process\'s own baseline',
    verdict: fast && flat ? 'met' : `missed (${[fast ? null : 'lines/s', flat ? null : 'memory'].filter(Boolean).join(', ')})`,
  }
}
