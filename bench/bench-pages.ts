// P1 and P2 of shared/design/performance.md, driven by wrk (1 thread, 50 connections, its own
// process in C): autocannon tops out near 3.6k req/s on this machine, below what the store and its
// references serve, so it showed both sides alike. Run alone with BENCH_ONLY=pages npm run bench.
//
// P1: each anonymous catalog page (kept compressed and replayed by the server, decision 008) against
// bare node:http answering from memory with the very answer the store gave — status, headers and
// brotli body, captured just before (bench/bare-reference.mjs, a process of its own): the limit of
// this machine for those bytes. P2: the product index against Next serving the same JSON from
// `public/` (bench/reference-app.ts). The store and its reference run back to back within each
// round, so the shared machine's changing load weighs on both alike; every figure carries the load
// average it was measured at.
import { writeFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { Row } from './bench-orders'
import { log, median, runWrk, startServer, type WrkResult } from './bench-servers'
import { buildReferenceApp } from './reference-app'

const CONNECTIONS = 50
const ACCEPT = { 'accept-encoding': 'br, gzip' }
/** Headers node:http writes itself on every answer; the rest of the store's answer is replayed as is. */
const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

/** The description written above the results table of docs/benchmarks.md. */
export const PAGES_NOTE = [
  'P1, P2 (bench/bench-pages.ts, issue 28; `BENCH_ONLY=pages`): wrk in its own process, 1 thread, 50 connections, `Accept-Encoding: br, gzip`,',
  'a 2 s warm-up then the store and its reference back to back in each round, median of the rounds; load average (1 / 5 / 15 min) beside',
  'each figure. P1\'s reference is bare node:http (bench/bare-reference.mjs, its own process) answering from memory with the very answer',
  'the store gave for the page — status, headers and brotli body, captured just before: the limit of this machine for those bytes.',
  'P2\'s reference serves the same JSON bytes from `public/` of a Next app built in the same run, which Next gzips on every request.',
]

type RawAnswer = { status: number; rawHeaders: string[]; headers: http.IncomingHttpHeaders; body: Buffer }

/** A GET whose body is kept as sent (fetch would decompress it), with its headers as written. */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, rawHeaders: response.rawHeaders, headers: response.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ')
}

async function wrk(url: string, seconds: number): Promise<WrkResult & { load: string }> {
  // Next compresses the 1 MB index on every request: at tens of requests a second, 50 connections
  // wait seconds for an answer, which wrk's default timeout (2 s) would count as errors.
  const result = await runWrk({ url, connections: CONNECTIONS, seconds, headers: ACCEPT, timeoutSeconds: 30 })
  if (!result) throw new Error('wrk is not installed (Debian: apt-get install wrk)')
  return { ...result, load: loadAverage() }
}

type Series = (WrkResult & { load: string })[]

/** The store's URL and its reference's, warmed up, then measured back to back in each round. */
async function pair(label: string, ours: string, reference: string, options: { rounds: number; seconds: number }): Promise<[Series, Series]> {
  await wrk(ours, 2)
  await wrk(reference, 2)
  const store: Series = []
  const ref: Series = []
  for (let round = 0; round < options.rounds; round++) {
    // Which goes first alternates, so neither always meets the load the other left behind.
    const order = round % 2 === 0 ? ([ours, store, reference, ref] as const) : ([reference, ref, ours, store] as const)
    order[1].push(await wrk(order[0], options.seconds))
    order[3].push(await wrk(order[2], options.seconds))
  }
  const line = (series: Series) => series.map((r) => `${Math.round(r.requestsPerSec)} req/s p99 ${r.p99.toFixed(2)} ms (load ${r.load})`).join('; ')
  log(`${label}, store: ${line(store)}`)
  log(`${label}, reference: ${line(ref)}`)
  return [store, ref]
}

const rate = (series: Series) => median(series.map((r) => r.requestsPerSec))
const p99 = (series: Series) => median(series.map((r) => r.p99))
const failures = (series: Series) => series.reduce((n, r) => n + r.errors + r.non2xx, 0)
const loads = (series: Series) => series.map((r) => r.load.split(' / ')[0]).join(', ')

export async function measurePageFigures(options: {
  storeUrl: string
  pages: Record<string, string>
  out: string
  ports: { bare: number; next: number }
  rounds: number
  seconds: number
}): Promise<Row[]> {
  const { storeUrl, pages } = options
  // The store's own answers, the page cache filled (the first asks render; the next are replayed).
  const answers: Record<string, { headers: string[]; body: string }> = {}
  const htmlBytes: Record<string, number> = {}
  for (const [name, pagePath] of Object.entries(pages)) {
    for (let i = 0; i < 3; i++) await rawGet(storeUrl + pagePath, ACCEPT)
    const answer = await rawGet(storeUrl + pagePath, ACCEPT)
    if (answer.status !== 200) throw new Error(`${pagePath} answered ${answer.status}`)
    const headers: string[] = []
    for (let i = 0; i < answer.rawHeaders.length; i += 2) {
      if (!WRITTEN_BY_NODE.has(answer.rawHeaders[i]!.toLowerCase())) headers.push(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!)
    }
    answers[`/ref/${name}`] = { headers, body: answer.body.toString('base64') }
    htmlBytes[name] = (await rawGet(storeUrl + pagePath, {})).body.length
  }
  const answersFile = path.join(options.out, 'bare-answers.json')
  writeFileSync(answersFile, JSON.stringify(answers))

  const listUrl = `${storeUrl}/api/query?key=getProductList`
  const list = await rawGet(listUrl, ACCEPT)
  const listEncoding = list.headers['content-encoding'] ?? 'identity'
  const etag = typeof list.headers.etag === 'string' ? list.headers.etag : null
  const notModified = etag ? (await rawGet(listUrl, { ...ACCEPT, 'if-none-match': etag })).status : 0
  const rawList = (await rawGet(listUrl, { 'accept-encoding': 'identity' })).body
  const total = (JSON.parse(rawList.toString()) as { products: { total: number } }).products.total

  log('building the reference app (P2)')
  buildReferenceApp({ dir: path.join(options.out, 'reference'), files: { 'product-list.json': rawList } })
  const bare = await startServer({
    label: 'bare node:http reference',
    command: process.execPath,
    args: [path.join(import.meta.dirname, 'bare-reference.mjs'), answersFile],
    cwd: options.out,
    port: options.ports.bare,
    readyPath: '/ready',
  })
  const next = await startServer({
    label: 'Next reference',
    command: process.execPath,
    args: [path.resolve('node_modules/next/dist/bin/next'), 'start', '-p', String(options.ports.next), '-H', '127.0.0.1'],
    cwd: path.join(options.out, 'reference'),
    port: options.ports.next,
    readyPath: '/product-list.json',
  })
  try {
    const rows: Row[] = []
    for (const [name, pagePath] of Object.entries(pages)) {
      const [ours, ref] = await pair(`P1 ${pagePath}`, storeUrl + pagePath, `${bare.url}/ref/${name}`, options)
      const ratio = rate(ours) / rate(ref)
      const p99Ratio = p99(ours) / p99(ref)
      const errors = failures(ours)
      rows.push({
        goal: `P1 ${pagePath} (${Math.round(htmlBytes[name]! / 1024)} kB HTML, ${(Buffer.from(answers[`/ref/${name}`]!.body, 'base64').length / 1024).toFixed(1)} kB br)`,
        figure: `${Math.round(rate(ours))} req/s, p99 ${p99(ours).toFixed(2)} ms${errors ? `, ${errors} errors` : ''} (load ${loads(ours)})`,
        reference: `bare node:http, same answer from memory: ${Math.round(rate(ref))} req/s, p99 ${p99(ref).toFixed(2)} ms (load ${loads(ref)})`,
        ratio: `${ratio.toFixed(2)}× throughput, ${p99Ratio.toFixed(2)}× p99`,
        target: '≥ 0.7× throughput, p99 ≤ 2×',
        verdict: ratio >= 0.7 && p99Ratio <= 2 && !errors ? 'met' : 'missed',
      })
    }
    const [ours, ref] = await pair('P2 getProductList', listUrl, `${next.url}/product-list.json`, options)
    const ratio = rate(ours) / rate(ref)
    rows.push({
      goal: `P2 getProductList, ${total} products`,
      figure: `${Math.round(rate(ours))} req/s, p99 ${p99(ours).toFixed(2)} ms${failures(ours) ? `, ${failures(ours)} errors` : ''} (load ${loads(ours)}); ${(list.body.length / 1024).toFixed(1)} kB ${listEncoding}; ETag ${etag ? 'yes' : 'no'}, revalidation ${notModified}`,
      reference: `${Math.round(rate(ref))} req/s, p99 ${p99(ref).toFixed(2)} ms (Next static file, ${(rawList.length / 1024).toFixed(0)} kB; load ${loads(ref)})`,
      ratio: `${ratio.toFixed(2)}×`,
      target: '≥ 0.5×, ≤ 60 kB compressed, ETag/304',
      verdict: ratio >= 0.5 && list.body.length <= 60 * 1024 && notModified === 304 && !failures(ours) ? 'met' : 'missed',
    })
    return rows
  } finally {
    await next.stop()
    await bare.stop()
  }
}
