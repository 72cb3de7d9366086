// BENCH_ONLY=cache-layers (decision 019): what each of the four cache layers saves, measured in one
// run with and without the layer, back to back (A, B, A, B … on the same server), so that the load
// of this shared machine falls on both sides alike. A layer stays only where it pays.
//   page-response cache  GET /shop replayed compressed (scripts/page-response-cache.mjs) against the
//                        same GET with `Range: bytes=0-`, which the page cache leaves to Next: Next
//                        answers from its route cache and compresses on every request
//   route cache          the first GET /shop after its pages were dropped (a render) against a
//                        GET of the cached page through Next (`Range`), one at a time
//   named caches and     the first getProductList after its cache was invalidated (read from the
//   encoded payloads     database, serialized, compressed) against the cached answer, one at a time;
//                        and in this process, what compressing the 999-product list once costs
//                        (what every request would pay without the kept encodings)
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { constants, brotliCompressSync, gzipSync } from 'node:zlib'
import { log, median, runLoad, startServer } from './bench-servers'

type Row = { goal: string; figure: string; reference: string; ratio: string; target: string; verdict: string }

async function timed(url: string, init: RequestInit = {}): Promise<number> {
  const started = performance.now()
  const response = await fetch(url, init)
  await response.arrayBuffer()
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return performance.now() - started
}

const ms = (value: number) => `${value.toFixed(1)} ms`

export async function measureCacheLayers(options: { root: string; port: number; storeEnv: Record<string, string>; storeFile: string; seconds: number; rounds: number }): Promise<Row[]> {
  const token = 'bench-cache-layers-internal-token-0123456789'
  const env = { ...options.storeEnv, PGLITE_DATA_DIR: `${options.storeEnv.PGLITE_DATA_DIR}-cache-layers`, INTERNAL_API_TOKEN: token }
  rmSync(env.PGLITE_DATA_DIR, { recursive: true, force: true })
  const imported = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/store-import.ts', options.storeFile], { cwd: options.root, env: { ...process.env, ...env }, encoding: 'utf8' })
  if (imported.status !== 0) throw new Error(`import failed:\n${imported.stdout}\n${imported.stderr}`)
  const store = await startServer({ label: 'store', command: process.execPath, args: ['scripts/start.mjs'], cwd: options.root, port: options.port, env, timeoutMs: 900_000 })
  const rows: Row[] = []
  try {
    const shop = `${store.url}/shop`
    const list = `${store.url}/api/query?key=getProductList`
    const accept = { 'accept-encoding': 'br, gzip' }
    const invalidate = (cache: string) =>
      fetch(`${store.url}/api/cache/invalidate`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-internal-token': token }, body: JSON.stringify({ cache }) }).then((r) => r.arrayBuffer())
    for (let warm = 0; warm < 3; warm++) {
      await timed(shop, { headers: accept })
      await timed(list, { headers: accept })
    }

    log('cache layers: page-response cache, /shop replayed vs through Next (back to back)')
    const replayed: { rps: number; p99: number }[] = []
    const throughNext: { rps: number; p99: number }[] = []
    for (let round = 0; round < options.rounds; round++) {
      const a = await runLoad({ url: shop, connections: 20, seconds: options.seconds, headers: accept })
      const b = await runLoad({ url: shop, connections: 20, seconds: options.seconds, headers: { ...accept, range: 'bytes=0-' } })
      if (a.non2xx + a.errors + b.non2xx + b.errors > 0) throw new Error(`/shop answered other than 200 under load: ${JSON.stringify({ a, b })}`)
      replayed.push({ rps: a.requestsPerSec, p99: a.p99 })
      throughNext.push({ rps: b.requestsPerSec, p99: b.p99 })
    }
    const aRps = median(replayed.map((r) => r.rps))
    const bRps = median(throughNext.map((r) => r.rps))
    rows.push({
      goal: 'page-response cache: GET /shop, 20 connections',
      figure: `${aRps.toFixed(0)} req/s, p99 ${median(replayed.map((r) => r.p99))} ms (runs ${replayed.map((r) => r.rps.toFixed(0)).join(', ')})`,
      reference: `through Next's route cache, compressed each time: ${bRps.toFixed(0)} req/s, p99 ${median(throughNext.map((r) => r.p99))} ms (runs ${throughNext.map((r) => r.rps.toFixed(0)).join(', ')})`,
      ratio: `${(aRps / bRps).toFixed(2)}×`,
      target: 'pays when > 1× beyond the noise',
      verdict: aRps > bRps * 1.3 ? 'keep' : 'no clear gain',
    })

    log('cache layers: route cache, a render vs a cached page (one request at a time)')
    const renders: number[] = []
    const cachedPages: number[] = []
    const listMisses: number[] = []
    const listHits: number[] = []
    for (let round = 0; round < 10; round++) {
      await invalidate('ProductList')
      listMisses.push(await timed(list, { headers: accept }))
      listHits.push(await timed(list, { headers: accept }))
      renders.push(await timed(shop, { headers: { ...accept, range: 'bytes=0-' } }))
      cachedPages.push(await timed(shop, { headers: { ...accept, range: 'bytes=0-' } }))
    }
    rows.push({
      goal: "Next's route cache: GET /shop after its pages were dropped",
      figure: `a render: p50 ${ms(median(renders))} (of 10: ${renders.map((v) => v.toFixed(0)).join(', ')})`,
      reference: `the cached page through Next: p50 ${ms(median(cachedPages))}`,
      ratio: `${(median(renders) / median(cachedPages)).toFixed(1)}× the time`,
      target: 'pays when a render costs more than a cached answer',
      verdict: median(renders) > median(cachedPages) * 1.3 ? 'keep' : 'no clear gain',
    })
    rows.push({
      goal: 'named cache + encoded payload: getProductList (999 products) after ProductList was invalidated',
      figure: `read, serialized and compressed: p50 ${ms(median(listMisses))} (of 10: ${listMisses.map((v) => v.toFixed(0)).join(', ')})`,
      reference: `the kept answer: p50 ${ms(median(listHits))}`,
      ratio: `${(median(listMisses) / median(listHits)).toFixed(1)}× the time`,
      target: 'pays when a miss costs more than a hit',
      verdict: median(listMisses) > median(listHits) * 1.3 ? 'keep' : 'no clear gain',
    })

    const json = Buffer.from(await (await fetch(list)).arrayBuffer())
    const cost = (compress: () => Buffer) => {
      const times: number[] = []
      let size = 0
      for (let n = 0; n < 5; n++) {
        const started = performance.now()
        size = compress().length
        times.push(performance.now() - started)
      }
      return { time: median(times), size }
    }
    const br9 = cost(() => brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }))
    const gz6 = cost(() => gzipSync(json, { level: 6 }))
    const served = await runLoad({ url: list, connections: 20, seconds: options.seconds, headers: accept })
    rows.push({
      goal: 'encoded payload: compressing the 999-product list on each request instead',
      figure: `kept encodings: ${served.requestsPerSec.toFixed(0)} req/s, p99 ${served.p99} ms`,
      reference: `${(json.length / 1024).toFixed(0)} kB JSON: brotli 9 ${ms(br9.time)} → ${(br9.size / 1024).toFixed(1)} kB; gzip 6 (what compression middleware does) ${ms(gz6.time)} → ${(gz6.size / 1024).toFixed(1)} kB a request, ≤ ${(1000 / gz6.time).toFixed(0)} req/s a core`,
      ratio: `${(served.requestsPerSec / (1000 / gz6.time)).toFixed(1)}× gzip-per-request's ceiling`,
      target: 'pays when compressing each time would cap throughput below what is served',
      verdict: served.requestsPerSec > 1000 / gz6.time ? 'keep' : 'no clear gain',
    })
  } finally {
    await store.stop()
  }
  return rows
}
