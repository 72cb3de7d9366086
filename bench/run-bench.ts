// npm run bench: the performance figures of shared/design/performance.md, each measured against its
// reference in the same run, written to docs/benchmarks.md. Servers listen on loopback only and are
// stopped by PID; autocannon runs as its own process. Benchmarks never fail on noise.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { measureCacheLayers } from './bench-cache-layers'
import { makeBenchStore } from './bench-store'
import { median, type LoadResult, runLoad, startServer } from './bench-servers'
import { measureAttackFigures } from './bench-attacks'
import { measureOrderFigures } from './bench-orders'
import { measureConsoleFigures } from './bench-console'
import { MANY_STORES_NOTE, measureManyStoresFigures } from './bench-many-stores'
import { measurePostgresFigures } from './bench-postgres'
import { measureScaleOutFigures } from './bench-scale-out'
import { measureSearchFigures } from './bench-search'
import { measureTestTimings } from './bench-timings'
import { runLighthouse } from './lighthouse'
import { buildReferenceApp } from './reference-app'

const ROOT = path.resolve(import.meta.dirname, '..')
const OUT = path.join(ROOT, 'bench', '.out')
// BENCH_PORT moves the nine loopback ports the bench listens on (default 3210–3218).
const STORE_PORT = Number(process.env.BENCH_PORT ?? 3210)
const REFERENCE_PORT = STORE_PORT + 1
const POSTGRES_STORE_PORT = STORE_PORT + 2
const SCALE_OUT_PORTS: [number, number] = [STORE_PORT + 3, STORE_PORT + 4]
const ATTACKS_PORT = STORE_PORT + 5
/** P13's server, its inspector, and the server of its first step's install (bench/bench-many-stores.ts). */
const MANY_STORES_PORTS: [number, number, number] = [STORE_PORT + 6, STORE_PORT + 7, STORE_PORT + 8]
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
const ACCEPT = { 'accept-encoding': 'br, gzip' }
/** The demo store's account (data/demo-store.json), for P5's signed-in page. */
const DEMO_ACCOUNT = { email: 'alex.morgan@graniteridge.example', password: 'granite-ridge-demo' }

const storeEnv = {
  PGLITE_DATA_DIR: path.join(OUT, 'pglite'),
  IMAGES_DIR: path.join(OUT, 'images'),
  IMAGE_CACHE_DIR: path.join(OUT, 'image-cache'),
  SEED_DEMO_STORE: 'false',
  LOG_LEVEL: 'warn',
}

function log(message: string) {
  console.log(`[bench] ${message}`)
}

async function fetchText(url: string) {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return response.text()
}

/** A GET whose body is counted as sent (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ body: Buffer.concat(chunks), headers: response.headers }))
      })
      .on('error', reject)
  })
}

function bodyOf(html: string): string {
  const match = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)
  return match?.[1] ?? html
}

function scriptSources(html: string): string[] {
  return [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!).filter((src) => src.startsWith('/_next/'))
}

async function gzippedBytes(baseUrl: string, sources: string[]): Promise<number> {
  let total = 0
  for (const src of new Set(sources)) {
    const bytes = Buffer.from(await (await fetch(baseUrl + src)).arrayBuffer())
    total += gzipSync(bytes).length
  }
  return total
}

async function measure(label: string, url: string, extra: { headers?: Record<string, string> } = {}): Promise<LoadResult[]> {
  const runs: LoadResult[] = []
  await runLoad({ url, connections: CONNECTIONS, seconds: 2, headers: { ...ACCEPT, ...extra.headers } }) // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    runs.push(await runLoad({ url, connections: CONNECTIONS, seconds: SECONDS, headers: { ...ACCEPT, ...extra.headers } }))
  }
  log(`${label}: ${runs.map((r) => Math.round(r.requestsPerSec)).join(' / ')} req/s`)
  return runs
}

type Row = { goal: string; figure: string; reference: string; ratio: string; target: string; verdict: string }

function printRows(rows: Row[]) {
  for (const row of rows) console.log(`| ${row.goal} | ${row.figure} | ${row.reference} | ${row.ratio} | ${row.target} | ${row.verdict} |`)
}

async function main() {
  mkdirSync(OUT, { recursive: true })
  if (process.env.BENCH_ONLY === 'attacks') {
    printRows(await measureAttackFigures({ root: ROOT, port: ATTACKS_PORT, out: OUT, seconds: SECONDS, rounds: ROUNDS }))
    return
  }
  if (process.env.BENCH_ONLY === 'timings') {
    printRows(await measureTestTimings())
    return
  }
  if (process.env.BENCH_ONLY === 'orders') {
    printRows(await measureOrderFigures())
    return
  }
  if (process.env.BENCH_ONLY === 'console') {
    printRows(await measureConsoleFigures())
    return
  }
  if (process.env.BENCH_ONLY === 'stores') {
    // P13 alone: its rows printed and put in docs/benchmarks.md in place of the previous ones.
    const rows = await measureManyStoresFigures({ root: ROOT, ports: MANY_STORES_PORTS, rounds: ROUNDS, seconds: SECONDS })
    printRows(rows)
    replaceRows({ goal: 'P13', rows, note: MANY_STORES_NOTE, only: 'stores' })
    return
  }
  if (process.env.BENCH_ONLY === 'postgres') {
    printRows(await measurePostgresFigures({ root: ROOT, port: POSTGRES_STORE_PORT, storeEnv, rounds: ROUNDS, seconds: SECONDS }))
    return
  }
  const storeFile = makeBenchStore(path.join(OUT, 'bench-store.json'), 999)
  if (process.env.BENCH_ONLY === 'cache-layers') {
    printRows(await measureCacheLayers({ root: ROOT, port: STORE_PORT, storeEnv, storeFile, seconds: SECONDS, rounds: ROUNDS }))
    return
  }
  if (process.env.BENCH_ONLY === 'scale-out') {
    printRows(await measureScaleOutFigures({ root: ROOT, ports: SCALE_OUT_PORTS, storeEnv, storeFile }))
    return
  }
  rmSync(storeEnv.PGLITE_DATA_DIR, { recursive: true, force: true })

  log('building the store (when the sources changed) and loading a 999-product store')
  const imported = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/store-import.ts', storeFile], {
    cwd: ROOT,
    env: { ...process.env, ...storeEnv },
    encoding: 'utf8',
  })
  if (imported.status !== 0) throw new Error(`import failed:\n${imported.stdout}\n${imported.stderr}`)

  const first = await startServer({ label: 'store (first start)', command: process.execPath, args: ['scripts/start.mjs'], cwd: ROOT, port: STORE_PORT, env: storeEnv, timeoutMs: 600_000 })
  await first.stop()
  // P8: an existing build and existing data: time from process start to the first 200 of '/'.
  const startTimes: number[] = []
  let store = await startServer({ label: 'store', command: process.execPath, args: ['scripts/start.mjs'], cwd: ROOT, port: STORE_PORT, env: storeEnv })
  startTimes.push(store.startedInMs)
  if (process.env.BENCH_ONLY === 'lighthouse') {
    // P5 alone: its rows printed, docs/benchmarks.md left as it is.
    try {
      for (const row of lighthouseRows(store.url, `/product/${await firstProductSlug(store.url)}`)) console.log(`| ${row.goal} | ${row.figure} | ${row.target} | ${row.verdict} |`)
    } finally {
      await store.stop()
    }
    return
  }
  if (process.env.BENCH_ONLY === 'search') {
    // P7 alone: its row printed, docs/benchmarks.md left as it is.
    try {
      printRows(await measureSearchFigures({ storeUrl: store.url }))
    } finally {
      await store.stop()
    }
    return
  }
  for (let i = 1; i < 3; i++) {
    await store.stop()
    store = await startServer({ label: 'store', command: process.execPath, args: ['scripts/start.mjs'], cwd: ROOT, port: STORE_PORT, env: storeEnv })
    startTimes.push(store.startedInMs)
  }

  try {
    const list = (await (await fetch(`${store.url}/api/query?key=getProductList`)).json()) as {
      products: { products: { slug: string }[]; total: number }
    }
    const productSlug = list.products.products[0]?.slug
    if (!productSlug) throw new Error('the bench store has no products')
    const pages: Record<string, string> = { home: '/', shop: '/shop', product: `/product/${productSlug}`, content: '/about-us' }
    const bodies: Record<string, string> = {}
    const htmlBytes: Record<string, number> = {}
    for (const [name, pagePath] of Object.entries(pages)) {
      const html = await fetchText(store.url + pagePath)
      bodies[name] = bodyOf(html)
      htmlBytes[name] = Buffer.byteLength(html)
    }
    const shopHtml = await fetchText(`${store.url}/shop`)
    const listResponse = await rawGet(`${store.url}/api/query?key=getProductList`, ACCEPT)
    const listBytes = listResponse.body
    const listEncoding = listResponse.headers['content-encoding'] ?? 'identity'
    const etag = typeof listResponse.headers.etag === 'string' ? listResponse.headers.etag : null
    const notModified = etag
      ? (await fetch(`${store.url}/api/query?key=getProductList`, { headers: { ...ACCEPT, 'if-none-match': etag } })).status
      : 0
    const rawList = await (await fetch(`${store.url}/api/query?key=getProductList`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()

    log('building the reference app')
    buildReferenceApp({ dir: path.join(OUT, 'reference'), pages: bodies, files: { 'product-list.json': Buffer.from(rawList) } })
    const reference = await startServer({
      label: 'reference',
      command: process.execPath,
      args: [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'start', '-p', String(REFERENCE_PORT), '-H', '127.0.0.1'],
      cwd: path.join(OUT, 'reference'),
      port: REFERENCE_PORT,
      readyPath: '/product-list.json',
    })
    try {
      const rows: Row[] = []
      for (const [name, pagePath] of Object.entries(pages)) {
        const ours = await measure(`store ${pagePath}`, store.url + pagePath)
        const ref = await measure(`reference ${name}`, `${reference.url}/ref/${name}`)
        const ratio = median(ours.map((r) => r.requestsPerSec)) / median(ref.map((r) => r.requestsPerSec))
        const p99Ratio = median(ours.map((r) => r.p99)) / Math.max(1, median(ref.map((r) => r.p99)))
        const errors = ours.reduce((n, r) => n + r.errors + r.non2xx, 0)
        rows.push({
          goal: `P1 ${pagePath} (${Math.round(htmlBytes[name]! / 1024)} kB HTML)`,
          figure: `${Math.round(median(ours.map((r) => r.requestsPerSec)))} req/s, p99 ${median(ours.map((r) => r.p99))} ms${errors ? `, ${errors} errors` : ''}`,
          reference: `${Math.round(median(ref.map((r) => r.requestsPerSec)))} req/s, p99 ${median(ref.map((r) => r.p99))} ms`,
          ratio: `${ratio.toFixed(2)}× throughput, ${p99Ratio.toFixed(2)}× p99`,
          target: '≥ 0.8× throughput, p99 ≤ 2×',
          verdict: ratio >= 0.8 && p99Ratio <= 2 && !errors ? 'met' : 'missed',
        })
      }

      const ours = await measure('store getProductList', `${store.url}/api/query?key=getProductList`)
      const ref = await measure('reference static file', `${reference.url}/product-list.json`)
      const ratio = median(ours.map((r) => r.requestsPerSec)) / median(ref.map((r) => r.requestsPerSec))
      rows.push({
        goal: `P2 getProductList, ${list.products.total} products`,
        figure: `${Math.round(median(ours.map((r) => r.requestsPerSec)))} req/s; ${(listBytes.length / 1024).toFixed(1)} kB ${listEncoding}; ETag ${etag ? 'yes' : 'no'}, revalidation ${notModified}`,
        reference: `${Math.round(median(ref.map((r) => r.requestsPerSec)))} req/s (Next static file, ${(rawList.byteLength / 1024).toFixed(0)} kB)`,
        ratio: `${ratio.toFixed(2)}×`,
        target: '≥ 0.5×, ≤ 60 kB compressed, ETag/304',
        verdict: ratio >= 0.5 && listBytes.length <= 60 * 1024 && notModified === 304 ? 'met' : 'missed',
      })

      const shopJs = await gzippedBytes(store.url, scriptSources(shopHtml))
      // The store build's own empty page: the root not-found page (root layout only, no store shell).
      const emptyHtml = await (await fetch(`${store.url}/nothing-here.txt`)).text()
      const emptyJs = await gzippedBytes(store.url, scriptSources(emptyHtml))
      rows.push({
        goal: 'P6 first-load JS of /shop',
        figure: `${(shopJs / 1024).toFixed(1)} kB gzip`,
        reference: `${(emptyJs / 1024).toFixed(1)} kB gzip (the same build's root not-found page: framework and root layout only)`,
        ratio: `${(shopJs / emptyJs).toFixed(2)}×`,
        target: '≤ 1.25×',
        verdict: shopJs / emptyJs <= 1.25 ? 'met' : 'missed',
      })
      if (process.env.BENCH_LIGHTHOUSE !== '0') {
        await settle()
        rows.push(...lighthouseRows(store.url, pages.product!))
      }
      rows.push(...(await measureSearchFigures({ storeUrl: store.url })))
      const startMs = median(startTimes)
      rows.push({
        goal: 'P8 start, existing build and data',
        figure: `${(startMs / 1000).toFixed(2)} s to the first 200 (runs: ${startTimes.map((t) => (t / 1000).toFixed(2)).join(', ')} s)`,
        reference: '—',
        ratio: '—',
        target: '≤ 3 s',
        verdict: startMs <= 3000 ? 'met' : 'missed',
      })
      await reference.stop()
      await store.stop()
      rows.push(...(await measurePostgresFigures({ root: ROOT, port: POSTGRES_STORE_PORT, storeEnv, rounds: ROUNDS, seconds: SECONDS })))
      rows.push(...(await measureOrderFigures()))
      rows.push(...(await measureScaleOutFigures({ root: ROOT, ports: SCALE_OUT_PORTS, storeEnv, storeFile })))
      rows.push(...(await measureManyStoresFigures({ root: ROOT, ports: MANY_STORES_PORTS, rounds: ROUNDS, seconds: SECONDS })))
      rows.push(...(await measureAttackFigures({ root: ROOT, port: ATTACKS_PORT, out: OUT, seconds: SECONDS, rounds: ROUNDS })))
      rows.push(...(await measureTestTimings()))
      writeReport(rows)
    } finally {
      await reference.stop()
    }
  } finally {
    await store.stop()
  }
}

/**
 * Lighthouse simulates a slow phone from what it measures, so CPU still busy after the load runs
 * (the server's collector, the load generator's exit) reads as blocking time: wait until the
 * machine's 1-minute load falls under 1, at most 90 s.
 */
async function settle() {
  const started = Date.now()
  while (os.loadavg()[0]! >= 1 && Date.now() - started < 90_000) await new Promise((resolve) => setTimeout(resolve, 2000))
  log(`lighthouse: machine load ${os.loadavg()[0]!.toFixed(2)} after ${Math.round((Date.now() - started) / 1000)} s of settling`)
}

async function firstProductSlug(origin: string): Promise<string> {
  const list = (await (await fetch(`${origin}/api/query?key=getProductList`)).json()) as { products: { products: { slug: string }[] } }
  const slug = list.products.products[0]?.slug
  if (!slug) throw new Error('the bench store has no products')
  return slug
}

/**
 * P5: Lighthouse mobile, three runs per page: the catalog pages, the cart and the checkout as a new
 * visitor sees them (empty), the sign-in page, and the demo account's orders signed in.
 */
function lighthouseRows(origin: string, productPath: string): Row[] {
  const targets: { path: string; signIn?: typeof DEMO_ACCOUNT }[] = [
    { path: '/' },
    { path: '/shop' },
    { path: productPath },
    { path: '/cart' },
    { path: '/checkout' },
    { path: '/login' },
    { path: '/me/orders', signIn: DEMO_ACCOUNT },
  ]
  return targets.map(({ path: pagePath, signIn }) => {
    const goal = `P5 Lighthouse mobile ${pagePath}${signIn ? ' (signed in)' : ''}`
    const runs = [0, 1, 2].map(() => runLighthouse(origin + pagePath, { signIn })).filter((r) => r !== null)
    if (runs.length === 0) return { goal, figure: 'Lighthouse did not run', reference: '—', ratio: '—', target: '≥ 95 / 100 / 100 / 100', verdict: 'not measured' }
    const perf = median(runs.map((r) => r.performance))
    const worst = (pick: (r: (typeof runs)[number]) => number) => Math.min(...runs.map(pick))
    const cls = Math.max(...runs.map((r) => r.cls))
    const failing = [...new Set(runs.flatMap((r) => r.failing))]
    log(`lighthouse ${pagePath}: performance ${runs.map((r) => r.performance).join(' / ')}${failing.length ? `; not passed: ${failing.join(', ')}` : ''}`)
    return {
      goal,
      figure:
        `performance ${perf} (median of ${runs.length}), accessibility ${worst((r) => r.accessibility)}, best practices ${worst((r) => r.bestPractices)}, ` +
        `SEO ${worst((r) => r.seo)}, CLS ${cls.toFixed(3)}, LCP ${Math.round(median(runs.map((r) => r.lcpMs)))} ms, TBT ${Math.round(median(runs.map((r) => r.tbtMs)))} ms` +
        (failing.length ? `; not passed: ${failing.join(', ')}` : ''),
      reference: '—',
      ratio: '—',
      target: 'performance ≥ 95, others 100, CLS ≤ 0.02',
      verdict: perf >= 95 && worst((r) => r.accessibility) === 100 && worst((r) => r.bestPractices) === 100 && worst((r) => r.seo) === 100 && cls <= 0.02 ? 'met' : 'missed',
    }
  })
}

function writeReport(rows: Row[]) {
  const lines = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} — ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
    `Production build (\`next build\`, served by \`scripts/server.mjs\` as \`npm start\` does), embedded PGlite with a 999-product store, one server process per variant,`,
    `autocannon in its own process: ${CONNECTIONS} connections, ${SECONDS} s per run, median of ${ROUNDS} runs after a warm-up,`,
    '`Accept-Encoding: br, gzip`. References are built in the same run with the same Next (bench/reference-app.ts):',
    'a prerendered page carrying the same HTML body as the store page, and a `public/` file with the same JSON; the empty page',
    'of P6 is the store build\'s own root not-found page. Lighthouse: `npx lighthouse@12`, mobile, Debian Chromium.',
    'Figures are ratios because absolute times on this shared 2-core machine move by ±25% from run to run.',
    'P2\'s reference serves the same JSON bytes from `public/`, which Next gzips on every request; against the',
    'calibration of performance.md for small static files (3.6–4k req/s) the index is at roughly 0.45×.',
    'P1: the store replays rendered pages kept compressed (docs/decisions/008) while the reference, like any',
    'Next page, is compressed on every request: the ratio mostly measures that. Against the calibration of',
    'performance.md (≈ 1.3k req/s for a prerendered page) the store pages serve at 10–30k req/s.',
    'P3 and P4 run the demo store on the machine\'s PostgreSQL (BENCH_DATABASE_URL; fresh databases webstore_bench_*):',
    'P3 with 50 signed-in users, one connection each (bench/load-users.mjs, its own process, `Accept-Encoding: br, gzip`): the peak in a closed loop,',
    'then an open loop at half that peak (each user\'s requests due on a fixed schedule, latency measured from the due time, one request in flight per user);',
    'P4 places orders one after another as a guest (fixed delivery, built-in tax, an offline method open to guests: bank transfer), timed by the client,',
    'against one pgbench TPC-B-like write transaction on the same server; then 10 concurrent createOrder calls share one reference.',
    'P7 (bench/bench-search.ts): Debian Chromium headless at 1366×900 on the bench store\'s /shop; each keystroke and filter click is timed',
    'from its event\'s timestamp to the next frame (requestAnimationFrame, then a MessageChannel message); the reference is the same',
    'keystrokes on a page with only an <input>, in the same browser. The Event Timing API\'s own count of slow interactions is shown beside.',
    'P9 (bench/bench-scale-out.ts): two instances (`scripts/start.mjs`, one process each) on one PostgreSQL (database webstore_bench_scale)',
    'and one Redis (a key prefix of the run\'s own, deleted after) with the bench store; a catalog write is a product renamed in the',
    'database and `POST /api/cache/invalidate` on A, as docs/scale-out.md tells a job to do, timed until B\'s index and /shop show it.',
    'H1, H2 (bench/bench-attacks.ts, issue 13): the demo store on a fresh embedded database; `/api/health` asked at 50 requests/s over 4',
    'connections for the run\'s length without an attack and under each attack (sent from the bench process as fast as it is answered);',
    'the ratio is p99 under the attack ÷ p99 without.',
    ...MANY_STORES_NOTE,
    'P10, P11 (bench/bench-orders.ts, issue 15): 200,000 orders and ≈ 500,000 lines made by bench/generate-orders.ts in the machine\'s PostgreSQL',
    '(database webstore_bench_orders, kept between runs); measured through the core functions, one call at a time. P10 (listAdminOrders) runs',
    'in the bench process. P11 (exportOrderLinesCsv) runs each export in a fresh process of its own (bench/p11-export.ts, `node --import tsx`)',
    'that writes the CSV to a sink counting bytes and samples its RSS every 50 ms: first the lines of the last ~146 days\' orders (≈ 200,000),',
    'then all (≈ 500,000). Memory flat means memory does not grow with the lines: the 500,000-line export may add to its process\'s RSS',
    '(peak − RSS before it started) at most 32 MB more than the 200,000-line one; holding the extra ≈ 300,000 lines\' CSV alone (≈ 47 MB) fails it.',
    '',
    '| goal | figure | reference | ratio | target | verdict |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.goal} | ${r.figure} | ${r.reference} | ${r.ratio} | ${r.target} | ${r.verdict} |`),
    '',
  ]
  writeFileSync(path.join(ROOT, 'docs', 'benchmarks.md'), lines.join('\n'))
  console.log(lines.join('\n'))
}

/**
 * A part run alone (BENCH_ONLY) writes its goal's rows into docs/benchmarks.md: the rows of `goal`
 * there are replaced (or the new ones go after the results table's last row), with the run's date,
 * and the part's description is added above the table when missing. Other rows stay as they are.
 */
function replaceRows({ goal, rows, note, only }: { goal: string; rows: Row[]; note: string[]; only: string }) {
  const file = path.join(ROOT, 'docs', 'benchmarks.md')
  const lines = readFileSync(file, 'utf8').split('\n')
  const header = lines.findIndex((line) => line.startsWith('| goal | figure |'))
  if (header < 0) throw new Error('docs/benchmarks.md has no results table')
  let end = header + 2
  while (end < lines.length && lines[end]!.startsWith('| ')) end++
  const table = lines.slice(header + 2, end)
  const at = table.findIndex((line) => line.startsWith(`| ${goal} `))
  const kept = table.filter((line) => !line.startsWith(`| ${goal} `))
  const date = new Date().toISOString().slice(0, 10)
  const written = rows.map((r, i) => `| ${r.goal}${i === 0 ? ` (\`BENCH_ONLY=${only}\`, ${date})` : ''} | ${r.figure} | ${r.reference} | ${r.ratio} | ${r.target} | ${r.verdict} |`)
  kept.splice(at < 0 ? kept.length : at, 0, ...written)
  const before = lines.slice(0, header)
  if (!before.some((line) => line === note[0])) {
    // The note goes last among the descriptions, before the blank line above the table.
    const blank = before.length > 0 && before.at(-1) === '' ? before.length - 1 : before.length
    before.splice(blank, 0, ...note)
  }
  writeFileSync(file, [...before, ...lines.slice(header, header + 2), ...kept, ...lines.slice(end)].join('\n'))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
