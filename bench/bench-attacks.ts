// BENCH_ONLY=attacks npm run bench (issue 13): how much the denial-of-service attacks that were found
// slow the health check down. The production server (scripts/start.mjs) on a fresh embedded
// database with the demo store; `/api/health` is asked at a steady rate (autocannon in its own
// process, a fixed request rate so the figure is the time to answer, not how much the machine can
// serve) for the same time without an attack and under each attack, which runs from this process:
//   H1  the Accept-Encoding ReDoS: `GET /` with `br`, 16,000 spaces and `x`, two clients in a loop;
//   H2  the SVG `<use>` bomb uploaded by four clients in a loop (each its own address, as a botnet's
//       would be, so the per-address upload limit does not hide the render);
//   H2b image variants nobody asked for yet, four clients in a loop over every product image in every
//       shape the image route draws.
// The figure is p99 under the attack ÷ p99 without (median of the rounds); the goal is ≤ 2.
import http from 'node:http'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { IMAGE_RATIOS, IMAGE_SIZES, nearestImageSize, productImageUrl, type StoredImage } from '../src/isomorphic/image-address'
import { REDOS_ACCEPT_ENCODING, svgUseBomb } from '../tests/support/attack-payloads'
import { log, median, runLoad, startServer } from './bench-servers'

type Row = { goal: string; figure: string; reference: string; ratio: string; target: string; verdict: string }

/** Health checks a second: a steady stream, far below what the server can serve. */
const HEALTH_RATE = 50
const HEALTH_CONNECTIONS = 4

type Tally = Map<string, number>

/** One request on a fresh connection; the status (or the error's code) is counted. */
function hit(url: string, tally: Tally, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<void> {
  return new Promise((resolve) => {
    const count = (key: string) => {
      tally.set(key, (tally.get(key) ?? 0) + 1)
      resolve()
    }
    const request = http.request(url, { method: options.method ?? 'GET', agent: false, headers: options.headers, timeout: 120_000 }, (response) => {
      response.resume()
      response.on('end', () => count(String(response.statusCode)))
      response.on('error', () => count('error'))
    })
    request.on('timeout', () => request.destroy(new Error('timeout')))
    request.on('error', () => count('error'))
    request.end(options.body)
  })
}

type Attack = { label: string; goal: string; clients: number; next: (n: number) => { url: string; method?: string; headers?: Record<string, string>; body?: string } }

/** Runs `attack` until `stop()`: each client sends its next request as soon as the last one answered. */
function launch(attack: Attack): { stop: () => Promise<Tally> } {
  const tally: Tally = new Map()
  let running = true
  let n = 0
  const clients = Array.from({ length: attack.clients }, async () => {
    while (running) {
      const { url, ...options } = attack.next(n++)
      await hit(url, tally, options)
    }
  })
  return {
    async stop() {
      running = false
      await Promise.all(clients)
      return tally
    },
  }
}

function describeTally(tally: Tally): string {
  return [...tally.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ')
}

/** The first picture of every product in the catalog. */
async function productImages(origin: string): Promise<StoredImage[]> {
  const list = (await (await fetch(`${origin}/api/query?key=getProductList`)).json()) as { products: { products: { image: StoredImage | null }[] } }
  return list.products.products.flatMap((product) => (product.image ? [product.image] : []))
}

export async function measureAttackFigures(options: { root: string; port: number; out: string; seconds: number; rounds: number }): Promise<Row[]> {
  const dataDir = path.join(options.out, 'attacks')
  rmSync(dataDir, { recursive: true, force: true })
  const server = await startServer({
    label: 'store (attacks)',
    command: process.execPath,
    args: ['scripts/start.mjs'],
    cwd: options.root,
    port: options.port,
    timeoutMs: 900_000,
    readyPath: '/api/health?ready',
    env: {
      PGLITE_DATA_DIR: path.join(dataDir, 'pglite'),
      IMAGES_DIR: path.join(dataDir, 'images'),
      IMAGE_CACHE_DIR: path.join(dataDir, 'image-cache'),
      SEED_DEMO_STORE: 'true',
      LOG_LEVEL: 'warn',
      // Every attacker address its own, as from many machines (see above).
      TRUST_PROXY: '1',
    },
  })
  try {
    const origin = server.url
    const images = await productImages(origin)
    if (images.length === 0) throw new Error('the demo store has no product images')
    // Every shape the route draws, for every image: far more variants than the runs can ask for.
    const shapes = IMAGE_RATIOS.flatMap((ratio) => IMAGE_SIZES.map((width) => [width, nearestImageSize(Math.round(width / ratio))] as const))
    const variants = images.flatMap((image) => shapes.map(([width, height]) => productImageUrl(image, width, height)))
    log(`attacks: ${images.length} product images, ${variants.length} variants to draw`)
    const bomb = svgUseBomb()
    const attacks: Attack[] = [
      {
        label: 'Accept-Encoding ReDoS',
        goal: 'H1 /api/health p99 under the Accept-Encoding ReDoS (GET / with `br` + 16,000 spaces + `x`, 2 clients in a loop)',
        clients: 2,
        next: () => ({ url: `${origin}/`, headers: { 'accept-encoding': REDOS_ACCEPT_ENCODING } }),
      },
      {
        label: 'SVG <use> bomb',
        goal: 'H2 /api/health p99 under the SVG `<use>` bomb (nine levels of ten, 4 clients uploading in a loop)',
        clients: 4,
        next: (n) => ({
          url: `${origin}/api/designs/artwork`,
          method: 'POST',
          headers: {
            'content-type': 'image/svg+xml',
            'x-artwork-rights': 'accepted',
            'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            'content-length': String(Buffer.byteLength(bomb)),
          },
          body: bomb,
        }),
      },
      {
        label: 'uncached image variants',
        goal: 'H2b /api/health p99 under uncached image variants (every product image in every shape drawn, 4 clients in a loop)',
        clients: 4,
        next: (n) => ({ url: `${origin}${variants[n % variants.length]!}` }),
      },
    ]

    const health = () => runLoad({ url: `${origin}/api/health`, connections: HEALTH_CONNECTIONS, seconds: options.seconds, rate: HEALTH_RATE })
    await health() // warm-up
    const rows: Row[] = []
    for (const attack of attacks) {
      const quiet: number[] = []
      const loud: number[] = []
      const tallies: Tally[] = []
      for (let round = 0; round < options.rounds; round++) {
        quiet.push((await health()).p99)
        const running = launch(attack)
        await sleep(1000) // the attack under way before the measurement starts
        const measured = await health()
        loud.push(measured.p99)
        tallies.push(await running.stop())
        if (measured.errors + measured.non2xx > 0) log(`${attack.label}: ${measured.errors} errors, ${measured.non2xx} non-2xx health answers`)
      }
      const total: Tally = new Map()
      for (const tally of tallies) for (const [status, count] of tally) total.set(status, (total.get(status) ?? 0) + count)
      const without = median(quiet)
      const under = median(loud)
      const ratio = under / Math.max(1, without)
      log(`${attack.label}: p99 ${loud.join(' / ')} ms under attack, ${quiet.join(' / ')} ms without; attack answers ${describeTally(total)}`)
      rows.push({
        goal: attack.goal,
        figure: `p99 ${under} ms (runs ${loud.join(', ')} ms); attack answered ${describeTally(total)}`,
        reference: `p99 ${without} ms without the attack (runs ${quiet.join(', ')} ms)`,
        ratio: `${ratio.toFixed(2)}×`,
        target: '≤ 2×',
        verdict: ratio <= 2 ? 'met' : 'missed',
      })
    }
    return rows
  } finally {
    await server.stop()
  }
}
