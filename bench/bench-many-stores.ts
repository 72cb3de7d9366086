// P13 of shared/design/performance.md: many stores (200) on one install. Run alone with
// BENCH_ONLY=stores npm run bench; BENCH_STORES=1,50,100,200 (the default) sets the steps.
//
// On the machine's PostgreSQL (BENCH_DATABASE_URL), a database of the run's own
// (webstore_bench_stores, dropped after), with the demo store (Granite Ridge, hosts localhost and
// 127.0.0.1) alone at first. Stores are added from the demo store as a template with createStore
// (bench/many-stores-create.ts, a process of its own, in-process against the database: each call
// timed), named s1, s2 … at s{n}.localhost, and opened. At each step the production server
// (scripts/server.mjs on the build `npm start` made, one process, no Redis) is started afresh,
// each store's home page asked once (its first page after the start), then the server is left
// idle, its garbage collected through the inspector (bench/inspector-gc.mjs) and its RSS read:
// the memory curve. The first step's database is copied as it is (PostgreSQL's `create database …
// template`); after the last step, a server on that copy is started beside the last step's, and the
// same store of both (the demo store, one of the N) is loaded as P1–P4 load it, the two installs in
// turn within each round so that the shared machine's changing load weighs on both alike: P1 /shop
// and P2 getProductList with wrk (1 thread, 50 connections, Host: localhost), P3 getPartner with 50
// signed-in users (bench/load-users.mjs), P4 createOrder one at a time. The figure is the last
// step's install over the first's.
// Every figure is printed with the machine's load average: the machine is shared.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { api, expectedTotal, type LoadFigures, type OrderFixture, orderFixture, reserveReference, type Row, runUserLoad, signInUsers, type User } from './bench-postgres'
import { log, median, postgresAnswers, type RunningServer, runWrk, startServer, withDatabase, type WrkResult } from './bench-servers'
import type { ManyStoresCreateConfig } from './many-stores-create'

const DATABASE = 'webstore_bench_stores'
/** A copy of the first step's install, served beside the last step's for P1–P4. */
const FIRST_DATABASE = 'webstore_bench_stores_first'
/** The store loaded at the first and last step: the demo store, under one of its host names. */
const LOADED_HOST = 'localhost'
const CONNECTIONS = 50
/** Creations timed on a near-empty install (the first ones), reported apart from all of them. */
const FIRST_CREATIONS = 5
const IDLE_MS = Number(process.env.BENCH_STORES_IDLE_MS ?? 10_000)
const ORDERS = Math.min(Number(process.env.BENCH_STORES_ORDERS ?? 60), 250)
const ACCEPT = { 'accept-encoding': 'br, gzip' }

/** The description written above the results table of docs/benchmarks.md. */
export const MANY_STORES_NOTE = [
  'P13 (bench/bench-many-stores.ts, issue 25; `BENCH_ONLY=stores`, steps `BENCH_STORES`, default 1,50,100,200): a fresh PostgreSQL database',
  '(webstore_bench_stores, dropped after) with the demo store alone, then stores created from it with createStore (in a process of its own,',
  'each call timed; opened after, as a draft answers only to a preview) at s{n}.localhost. At each step the production server',
  '(`scripts/server.mjs`, one process, no Redis, `--inspect` on loopback) is started afresh, every store\'s home page asked once',
  '(its first page after the start; the first store\'s is the process\'s first page), then after an idle pause its garbage is collected',
  'through the inspector and its RSS read. The first step\'s database is copied; after the last step a server on the copy runs beside',
  'the last step\'s and the demo store (host localhost) of both is loaded as P1–P4 load it, the two installs in turn within each round:',
  '/shop and getProductList with wrk (1 thread, 50 connections), getPartner with 50 signed-in users, createOrder one at a time;',
  'the ratio is the last step\'s install over the first\'s. Every figure carries the load average (1 / 5 / 15 min) it was measured at.',
]

type LoadSet = { p1: WrkResult[]; p2: WrkResult[]; p3: LoadFigures[]; p4: number[]; load: string }
type Step = { stores: number; firstPageMs: number[]; failed: string[]; rss: number; heapUsed: number; processes: number; load: string }

function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')
}

/** The steps of BENCH_STORES: whole numbers from 1, in order, each once. */
function steps(): number[] {
  const values = (process.env.BENCH_STORES ?? '1,50,100,200').split(',').map((text) => Number(text.trim()))
  if (values.some((value) => !Number.isInteger(value) || value < 1)) throw new Error(`BENCH_STORES must list whole numbers from 1, got ${process.env.BENCH_STORES}`)
  return [...new Set(values)].sort((a, b) => a - b)
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? NaN
}

const mb = (bytes: number) => bytes / 2 ** 20

/** bench/many-stores-create.ts in a process of its own; its creation times. */
function runCreate(root: string, env: Record<string, string>, config: ManyStoresCreateConfig): number[] {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/many-stores-create.ts', JSON.stringify(config)], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  })
  const last = run.stdout.trim().split('\n').at(-1) ?? ''
  if (run.status !== 0 || !last.startsWith('{')) throw new Error(`bench/many-stores-create.ts ${config.mode} failed:\n${run.stdout.slice(-2000)}\n${run.stderr.slice(-4000)}`)
  return (JSON.parse(last) as { ms: number[] }).ms
}

/** One GET as a browser's first visit sends it, timed to the last byte. */
function timedGet(url: string, host: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    http
      .get(url, { headers: { host, ...ACCEPT }, agent: false }, (response) => {
        response.resume()
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }))
      })
      .on('error', reject)
  })
}

/** The server's memory after two garbage collections, asked through its inspector. */
function memoryAfterGc(root: string, inspectPort: number): { rss: number; heapUsed: number } {
  const run = spawnSync(process.execPath, ['--experimental-websocket', 'bench/inspector-gc.mjs', String(inspectPort)], { cwd: root, encoding: 'utf8', timeout: 60_000 })
  if (run.status !== 0) throw new Error(`bench/inspector-gc.mjs failed: ${run.stderr}`)
  return JSON.parse(run.stdout.trim()) as { rss: number; heapUsed: number }
}

/** How many processes the server's process group holds (it is started detached: group id = its pid). */
function processesInGroup(groupId: number): number {
  let count = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // pid (comm) state ppid pgrp …: comm may hold spaces, so read after its closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[2]) === groupId) count++
    } catch {
      // gone meanwhile
    }
  }
  return count
}

/** One server under load: the install it serves, its signed-in users and its figures so far. */
type Loaded = { label: string; server: RunningServer; db: pg.Client; users: User[]; set: LoadSet; series: number }

const loadLine = (r: { requestsPerSec: number; p99: number; errors: number; non2xx: number }) =>
  `${Math.round(r.requestsPerSec)} req/s p99 ${r.p99.toFixed(1)} ms${r.errors + r.non2xx ? ` (${r.errors} errors, ${r.non2xx} non-2xx)` : ''}`

async function wrkRun(url: string, seconds: number): Promise<WrkResult> {
  const result = await runWrk({ url, connections: CONNECTIONS, seconds, headers: { host: LOADED_HOST, ...ACCEPT } })
  if (!result) throw new Error('wrk is not installed (Debian: apt-get install wrk)')
  return result
}

/**
 * P1–P4 on the demo store of both installs, as their own benches load it, one install after the
 * other within each round (which goes first alternates), so that the shared machine's load, which
 * moves from minute to minute, weighs on both alike.
 */
async function compareLoads(options: { root: string; rounds: number; seconds: number }, loaded: [Loaded, Loaded], fixture: OrderFixture) {
  const inTurn = (round: number) => (round % 2 === 0 ? loaded : ([loaded[1], loaded[0]] as const))
  const series = async (name: string, pathname: string, pick: (set: LoadSet) => WrkResult[]) => {
    for (const one of loaded) await wrkRun(one.server.url + pathname, 2) // warm-up
    for (let round = 0; round < options.rounds; round++) {
      for (const one of inTurn(round)) pick(one.set).push(await wrkRun(one.server.url + pathname, options.seconds))
    }
    for (const one of loaded) log(`P13 ${name}, ${one.label}: ${pick(one.set).map(loadLine).join(' / ')}; load ${loadAverage()}`)
  }
  await series('P1 /shop', '/shop', (set) => set.p1)
  await series('P2 getProductList', '/api/query?key=getProductList', (set) => set.p2)

  const users = (one: Loaded) =>
    one.users.map((user) => ({ path: '/api/query', headers: { authorization: `Bearer ${user.token}`, 'x-forwarded-for': user.ip, host: LOADED_HOST }, body: { key: 'getPartner' } }))
  for (const one of loaded) await runUserLoad(options.root, { url: one.server.url, seconds: 2, users: users(one) })
  for (let round = 0; round < options.rounds; round++) {
    for (const one of inTurn(round)) one.set.p3.push(await runUserLoad(options.root, { url: one.server.url, seconds: options.seconds, users: users(one) }))
  }
  for (const one of loaded) log(`P13 P3 getPartner, ${one.label}: ${one.set.p3.map(loadLine).join(' / ')}; load ${loadAverage()}`)

  const totals = await Promise.all(loaded.map((one) => expectedTotal(one.server.url, fixture)))
  for (let i = 0; i < ORDERS; i++) {
    for (const [index, one] of inTurn(i).entries()) {
      const ip = `10.${100 + one.series}.${i}.9`
      const orderSequence = await reserveReference(one.server.url, ip)
      const started = performance.now()
      const answer = await api(one.server.url, '/api/mutation', { key: 'createOrder', ...fixture.body, orderSequence, expectedTotal: totals[loaded.indexOf(one)] }, { 'x-forwarded-for': ip })
      one.set.p4.push(performance.now() - started)
      if (answer.status !== 200) throw new Error(`createOrder (${index}) answered ${answer.status}: ${JSON.stringify(answer.json)}`)
    }
  }
  for (const one of loaded) log(`P13 P4 createOrder ×${ORDERS}, ${one.label}: p50 ${percentile(one.set.p4, 0.5).toFixed(1)} ms, p99 ${percentile(one.set.p4, 0.99).toFixed(1)} ms; load ${loadAverage()}`)
  for (const one of loaded) one.set.load = loadAverage()
}

async function recreateDatabase(adminUrl: string, database: string, template?: string) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`drop database if exists ${database} with (force)`)
    await admin.query(`create database ${database}${template ? ` template ${template}` : ''}`)
  } finally {
    await admin.end()
  }
}

/**
 * ports: the server of the steps, its inspector, and the server of the first step's install kept
 * (a copy of its database) to be loaded beside the last step's.
 */
export async function measureManyStoresFigures(options: { root: string; ports: [number, number, number]; rounds: number; seconds: number }): Promise<Row[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  if (!(await postgresAnswers(adminUrl))) {
    return [{ goal: 'P13 many stores on one install', figure: `no PostgreSQL at ${new URL(adminUrl).host}`, reference: '—', ratio: '—', target: '—', verdict: 'not measured' }]
  }
  const [port, inspectPort, firstPort] = options.ports
  const stepList = steps()
  const out = path.join(options.root, 'bench', '.out', 'stores')
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  await recreateDatabase(adminUrl, DATABASE)
  const env = {
    DATABASE_URL: withDatabase(adminUrl, DATABASE),
    REDIS_URL: '',
    WEB_CONCURRENCY: '1',
    IMAGES_DIR: path.join(out, 'images'),
    IMAGE_CACHE_DIR: path.join(out, 'image-cache'),
    SEED_DEMO_STORE: 'false',
    DEMO_TEAM_STORE_FILE: '',
    LOG_LEVEL: 'warn',
    // Each bench user has its own address (X-Forwarded-For), as behind a load balancer.
    TRUST_PROXY: '1',
  }
  const firstEnv = { ...env, DATABASE_URL: withDatabase(adminUrl, FIRST_DATABASE) }

  const servers: RunningServer[] = []
  const clients: pg.Client[] = []
  try {
    log(`P13: the demo store alone on PostgreSQL (database ${DATABASE}); steps ${stepList.join(', ')} stores; load ${loadAverage()}`)
    runCreate(options.root, { ...env, SEED_DEMO_STORE: 'true' }, { mode: 'prepare' })
    // Once through `npm start`'s own script: it builds when the sources changed since the last build.
    const check = await startServer({ label: 'P13 build check', command: process.execPath, args: ['scripts/start.mjs'], cwd: options.root, port, env, readyPath: '/api/health?ready', timeoutMs: 900_000 })
    await check.stop()

    const createMs: number[] = []
    const curve: Step[] = []
    let stores = 1
    let last: RunningServer | null = null
    for (const [index, step] of stepList.entries()) {
      const atStep = `P13 at ${step} store${step === 1 ? '' : 's'}`
      if (step > stores) {
        log(`P13: creating stores s${stores}–s${step - 1} from the demo store`)
        const ms = runCreate(options.root, env, { mode: 'create', from: stores, to: step - 1 })
        createMs.push(...ms)
        stores = step
        log(`P13: ${ms.length} stores created: p50 ${percentile(ms, 0.5).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms; load ${loadAverage()}`)
      }
      const server = await startServer({
        label: `server with ${step} stores`,
        command: process.execPath,
        args: [`--inspect=127.0.0.1:${inspectPort}`, 'scripts/server.mjs'],
        cwd: options.root,
        port,
        env: { ...env, NODE_ENV: 'production' },
        readyPath: '/api/health?ready',
      })
      servers.push(server)
      const hosts = [LOADED_HOST, ...Array.from({ length: step - 1 }, (_, n) => `s${n + 1}.localhost`)]
      const firstPageMs: number[] = []
      const failed: string[] = []
      for (const host of hosts) {
        const answer = await timedGet(`${server.url}/`, host)
        firstPageMs.push(answer.ms)
        if (answer.status !== 200) failed.push(`${host} ${answer.status}`)
      }
      log(
        `${atStep}, each home page once after the start: the first ${firstPageMs[0]!.toFixed(0)} ms, p50 ${percentile(firstPageMs, 0.5).toFixed(0)} ms, ` +
          `max ${Math.max(...firstPageMs).toFixed(0)} ms${failed.length ? `; NOT 200: ${failed.slice(0, 5).join(', ')}` : ''}; load ${loadAverage()}`,
      )
      await sleep(IDLE_MS)
      const memory = memoryAfterGc(options.root, inspectPort)
      const processes = processesInGroup(server.process.pid!)
      curve.push({ stores: step, firstPageMs, failed, rss: memory.rss, heapUsed: memory.heapUsed, processes, load: loadAverage() })
      log(`${atStep}, idle ${IDLE_MS / 1000} s, after GC: RSS ${mb(memory.rss).toFixed(1)} MB, heap used ${mb(memory.heapUsed).toFixed(1)} MB (${processes} process${processes === 1 ? '' : 'es'}); load ${loadAverage()}`)
      if (index === stepList.length - 1) {
        // The loads compare two servers started alike: without the inspector (the steps' server had
        // one for its memory reading, and an inspector that was attached slows the JIT), each store's
        // home page asked once, then the same loads on both.
        await server.stop()
        last = await startServer({ label: `server with ${step} stores (no inspector)`, command: process.execPath, args: ['scripts/server.mjs'], cwd: options.root, port, env: { ...env, NODE_ENV: 'production' }, readyPath: '/api/health?ready' })
        servers.push(last)
        for (const host of hosts) await timedGet(`${last.url}/`, host)
        break
      }
      await server.stop()
      // The first step's install, kept as it is for the comparison at the end (nothing holds the database now).
      if (index === 0) await recreateDatabase(adminUrl, FIRST_DATABASE, DATABASE)
    }

    let loads: [LoadSet, LoadSet] | null = null
    if (last && stepList.length > 1) {
      const first = await startServer({ label: `server with ${stepList[0]} stores`, command: process.execPath, args: ['scripts/server.mjs'], cwd: options.root, port: firstPort, env: { ...firstEnv, NODE_ENV: 'production' }, readyPath: '/api/health?ready' })
      servers.push(first)
      await timedGet(`${first.url}/`, LOADED_HOST)
      const loaded: Loaded[] = []
      for (const [series, [server, url, stores]] of ([[first, firstEnv.DATABASE_URL, stepList[0]!], [last, env.DATABASE_URL, stepList.at(-1)!]] as const).entries()) {
        const db = new pg.Client({ connectionString: url })
        await db.connect()
        clients.push(db)
        // 50 employees of the demo store, made and signed in on each install.
        const users = await signInUsers(server.url, db)
        loaded.push({ label: `${stores} store${stores === 1 ? '' : 's'}`, server, db, users, series, set: { p1: [], p2: [], p3: [], p4: [], load: '' } })
      }
      // The first install's demo store is the only store there: the fixture's queries pick its rows, which carry the same ids in both.
      const fixture = await orderFixture(clients[0]!)
      log(`P13: P1–P4 on the demo store of the install of ${stepList[0]} and of ${stepList.at(-1)} stores, in turn; load ${loadAverage()}`)
      await compareLoads(options, loaded as [Loaded, Loaded], fixture)
      loads = [loaded[0]!.set, loaded[1]!.set]
    }
    return manyStoresRows(createMs, curve, loads)
  } finally {
    for (const server of servers) await server.stop()
    for (const db of clients) await db.end().catch(() => undefined)
    const cleanup = new pg.Client({ connectionString: adminUrl })
    await cleanup.connect()
    for (const database of [DATABASE, FIRST_DATABASE]) await cleanup.query(`drop database if exists ${database} with (force)`)
    await cleanup.end()
  }
}

function manyStoresRows(createMs: number[], curve: Step[], loads: [LoadSet, LoadSet] | null): Row[] {
  const rows: Row[] = []
  const ms = (value: number) => `${value.toFixed(0)} ms`
  const first = curve[0]!
  const last = curve.at(-1)!
  const span = `${first.stores} → ${last.stores} stores`

  if (createMs.length > 0) {
    const early = createMs.slice(0, FIRST_CREATIONS)
    const late = createMs.slice(-FIRST_CREATIONS)
    rows.push({
      goal: 'P13 a store created from the demo template (createStore in-process on PostgreSQL: export, write, audit, one transaction)',
      figure:
        `first ${early.length} (install of ${1}–${early.length} stores): p50 ${ms(percentile(early, 0.5))}, max ${ms(Math.max(...early))}; ` +
        `all ${createMs.length}: p50 ${ms(percentile(createMs, 0.5))}, max ${ms(Math.max(...createMs))}; last ${late.length} (install of ${last.stores - late.length}–${last.stores - 1}): p50 ${ms(percentile(late, 0.5))}`,
      reference: '—',
      ratio: '—',
      target: '≤ 2 s',
      verdict: Math.max(...createMs) <= 2000 ? 'met' : 'missed',
    })
  }

  const perStore = curve.length > 1 ? (last.rss - first.rss) / (last.stores - first.stores) : NaN
  const segments = curve.slice(1).map((step, i) => `${mb((step.rss - curve[i]!.rss) / (step.stores - curve[i]!.stores)).toFixed(2)}`)
  rows.push({
    goal: 'P13 memory of the idle server per store (RSS after GC, each store\'s home page served once)',
    figure:
      curve.map((step) => `${step.stores}: ${mb(step.rss).toFixed(0)} MB (heap ${mb(step.heapUsed).toFixed(0)} MB; load ${step.load})`).join('; ') +
      (curve.some((step) => step.processes !== 1) ? `; processes in the server's group: ${curve.map((step) => step.processes).join(', ')}` : ''),
    reference: `${first.stores} store${first.stores === 1 ? '' : 's'}: ${mb(first.rss).toFixed(0)} MB`,
    ratio: curve.length > 1 ? `${mb(perStore).toFixed(2)} MB per added store (steps: ${segments.join(', ')} MB)` : '—',
    target: '≤ 2 MB per idle store',
    verdict: curve.length > 1 ? (mb(perStore) <= 2 ? 'met' : 'missed') : 'not measured',
  })

  const allFirst = curve.flatMap((step) => step.firstPageMs)
  const failed = curve.flatMap((step) => step.failed)
  rows.push({
    goal: 'P13 a store\'s first page after start (home page, each store once, a freshly started server)',
    figure:
      curve.map((step) => `${step.stores}: p50 ${ms(percentile(step.firstPageMs, 0.5))}, max ${ms(Math.max(...step.firstPageMs))} (the process's first ${ms(step.firstPageMs[0]!)})`).join('; ') +
      (failed.length ? `; NOT 200: ${failed.slice(0, 5).join(', ')}` : ''),
    reference: '—',
    ratio: '—',
    target: '≤ 1 s',
    verdict: Math.max(...allFirst) <= 1000 && failed.length === 0 ? 'met' : 'missed',
  })

  if (loads) {
    const [one, many] = loads
    const rate = (runs: { requestsPerSec: number }[]) => median(runs.map((r) => r.requestsPerSec))
    const p99 = (runs: { p99: number }[]) => median(runs.map((r) => r.p99))
    const failures = (runs: { errors: number; non2xx: number }[]) => runs.reduce((n, r) => n + r.errors + r.non2xx, 0)
    const throughputRow = (goal: string, a: WrkResult[] | LoadFigures[], b: WrkResult[] | LoadFigures[]): Row => {
      const ratio = rate(b) / rate(a)
      const bad = failures(a) + failures(b)
      return {
        goal: `${goal}, ${span} (demo store, both installs in turn)`,
        figure: `${last.stores} stores: ${Math.round(rate(b))} req/s, p99 ${p99(b).toFixed(1)} ms (load ${many.load})${bad ? `; ${bad} errors or non-2xx` : ''}`,
        reference: `${first.stores} store${first.stores === 1 ? '' : 's'}: ${Math.round(rate(a))} req/s, p99 ${p99(a).toFixed(1)} ms (load ${one.load})`,
        ratio: `${ratio.toFixed(2)}× throughput, ${(p99(b) / p99(a)).toFixed(2)}× p99`,
        target: 'within 10% (≥ 0.90×)',
        verdict: ratio >= 0.9 && !bad ? 'met' : 'missed',
      }
    }
    rows.push(throughputRow('P13 P1 /shop (wrk, 1 thread, 50 connections)', one.p1, many.p1))
    rows.push(throughputRow('P13 P2 getProductList (wrk, 1 thread, 50 connections)', one.p2, many.p2))
    rows.push(throughputRow('P13 P3 getPartner (50 signed-in users, one process)', one.p3, many.p3))
    const p50 = (values: number[]) => percentile(values, 0.5)
    const ratio = p50(many.p4) / p50(one.p4)
    rows.push({
      goal: `P13 P4 createOrder (${ORDERS} orders one at a time on each), ${span} (demo store, both installs in turn)`,
      figure: `${last.stores} stores: p50 ${p50(many.p4).toFixed(1)} ms, p99 ${percentile(many.p4, 0.99).toFixed(1)} ms (load ${many.load})`,
      reference: `${first.stores} store${first.stores === 1 ? '' : 's'}: p50 ${p50(one.p4).toFixed(1)} ms, p99 ${percentile(one.p4, 0.99).toFixed(1)} ms (load ${one.load})`,
      ratio: `p50 ${ratio.toFixed(2)}×`,
      target: 'within 10% (p50 ≤ 1.10×)',
      verdict: ratio <= 1.1 ? 'met' : 'missed',
    })
  }
  return rows
}
