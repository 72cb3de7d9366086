// P12 of shared/design/performance.md: a console save on PostgreSQL with 5,000 products and 200,000
// orders, p99 ≤ 100 ms, and the change served by a second instance p99 ≤ 1 s. Run alone with
// BENCH_ONLY=console npm run bench.
//
// The data: a database of its own (webstore_bench_console: 200,000 orders made by
// bench/generate-orders.ts, 5,000 products with 40,000 variants by bench/generate-products.ts, kept
// between runs). Two processes share it and one Redis (BENCH_REDIS_URL, a key prefix of this run's
// own, deleted after), each with the shared caches of src/server/cache/shared-caches.ts as a server
// instance has them: this one saves, bench/p12-reader.ts serves the shop's product read
// (findProductBySlugCached) from its own cache.
//
// A save is the console's `products.update` through the admin registry (executeAdminMutation, as
// POST /api/admin/mutation runs it after the edge's checks) as a store owner: the whole product as
// the edit form sends it (products.get's answer), with a new name and a price break added or
// removed, at the version read. "Save" is the call's duration (validation, the transaction with its
// FOR UPDATE, the 409 check, the grid, the breaks and the audit row, then the cache drop published
// to Redis). "Visible" is from the start of the call until the reader serves the new name.
import { randomBytes } from 'node:crypto'
import { spawn, type ChildProcess } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { AdminProduct } from '../src/isomorphic/contract/admin-products'
import { executeAdminMutation, executeAdminQuery } from '../src/server/api/admin-registry'
import { useNamedCache as installNamedCache } from '../src/server/cache/named-cache'
import { connectSharedCaches } from '../src/server/cache/shared-caches'
import { adoptConnection, closeDb, getDb, openConnection } from '../src/server/db/client'
import { coreContext } from '../src/server/kernel/context'
import { deleteRedisKeys } from '../tests/support/redis'
import { BENCH_ADMIN_URL, ensureOrdersDatabase, type Row } from './bench-orders'
import { listens, log, postgresAnswers } from './bench-servers'
import { ensureBenchProducts } from './generate-products'
import type { P12ReaderAnswer, P12ReaderConfig, P12ReaderRequest } from './p12-reader'

const ROOT = path.resolve(import.meta.dirname, '..')
const DATABASE = 'webstore_bench_console'
const PRODUCTS = Number(process.env.BENCH_PRODUCT_COUNT ?? 5000)
const SAVES = Number(process.env.BENCH_CONSOLE_SAVES ?? 300)
const WARM_UP = 20

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? NaN
}

/**
 * Statements sent to PostgreSQL by this process (every query goes through a pg Client, the pool's
 * included): how many round trips a save costs.
 */
let statements = 0
const clientPrototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
const sendQuery = clientPrototype.query
clientPrototype.query = function (this: unknown, ...args: unknown[]) {
  statements++
  return sendQuery.apply(this, args)
}

/**
 * The reference measured in the same run (performance.md: machines here are shared and noisy): a
 * write transaction of 5 statements through the same pool (calibrated at 0.6 ms on an idle machine).
 */
async function referenceTransaction(): Promise<number> {
  const db = await getDb()
  const started = performance.now()
  await db.transaction(async (tx) => {
    for (let i = 0; i < 5; i++) await tx.execute(sql`select 1`)
  })
  return performance.now() - started
}

/** A deterministic pseudo-random sequence (the same products every run). */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

/** The update the edit form sends for a product as products.get answered it, with these changes. */
function updateOf(product: AdminProduct, changes: Partial<Pick<AdminProduct, 'name' | 'priceBreaks'>>) {
  return {
    websiteId: product.websiteId,
    productId: product.id,
    version: product.version,
    name: product.name,
    slug: product.slug,
    templateSkuCode: product.templateSkuCode,
    description: product.description,
    brandId: product.brandId,
    categoryIds: product.categoryIds,
    price: product.price,
    sizeUpcharges: product.sizeUpcharges,
    colorIds: product.colorIds,
    sizeIds: product.sizeIds,
    logoIds: product.logoIds,
    variants: product.variants.map(({ colorId, sizeId, sku, price, logoIds }) => ({ colorId, sizeId, sku, price, logoIds })),
    priceBreaks: product.priceBreaks,
    weight: product.weight,
    taxCode: product.taxCode,
    garmentKind: product.garmentKind,
    featured: product.featured,
    published: product.published,
    ...changes,
  }
}

/** The reader process and a way to ask it something and wait for its next answer. */
async function startReader(config: P12ReaderConfig) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/p12-reader.ts', JSON.stringify(config)], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  type Arrival = { answer: P12ReaderAnswer; at: number }
  const waiting: ((arrival: Arrival) => void)[] = []
  const arrived: Arrival[] = []
  child.on('message', (answer: P12ReaderAnswer) => {
    const arrival = { answer, at: performance.now() }
    const next = waiting.shift()
    if (next) next(arrival)
    else arrived.push(arrival)
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  /** The next answer, and when it arrived (performance.now() of this process). */
  const next = () =>
    new Promise<Arrival>((resolve, reject) => {
      const early = arrived.shift()
      if (early) return resolve(early)
      void exited.then((code) => reject(new Error(`bench/p12-reader.ts ended with ${code}`)))
      waiting.push(resolve)
    })
  const ask = (request: P12ReaderRequest) => child.send(request)
  const ready = await next()
  if (ready.answer.kind !== 'ready') throw new Error(`the reader answered ${JSON.stringify(ready.answer)}`)
  return {
    next,
    ask,
    async stop() {
      ask({ kind: 'stop' })
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    },
  }
}

export async function measureConsoleFigures(): Promise<Row[]> {
  const goal = `P12 console save of a product (products.update), ${PRODUCTS} products and 200,000 orders (PostgreSQL, core, two processes + Redis)`
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
  if (!(await postgresAnswers(BENCH_ADMIN_URL))) {
    return [{ goal, figure: `no PostgreSQL at ${new URL(BENCH_ADMIN_URL).host}`, reference: '—', ratio: '—', target: '—', verdict: 'not measured' }]
  }
  if (!(await listens(new URL(redisUrl), 6379))) {
    return [{ goal, figure: `no Redis at ${new URL(redisUrl).host}`, reference: '—', ratio: '—', target: '—', verdict: 'not measured' }]
  }

  const { databaseUrl, data } = await ensureOrdersDatabase(DATABASE)
  const websiteId = data.websiteIds[0]!
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const catalog = await ensureBenchProducts(client, websiteId, PRODUCTS)
  await client.query(`insert into staff (email, name, role) values ('p12-owner@bench.example', 'Bench owner', 'owner') on conflict do nothing`)
  const { rows: staffRows } = await client.query<{ id: number }>(`select id from staff where lower(email) = 'p12-owner@bench.example'`)
  const { rows: counted } = await client.query<{ products: string; variants: string; orders: string }>(
    `select (select count(*) from products) as products, (select count(*) from product_variants) as variants, (select count(*) from orders) as orders`,
  )
  await client.end()
  log(
    `P12: ${counted[0]!.products} products, ${counted[0]!.variants} variants, ${counted[0]!.orders} orders` +
      (catalog.generatedInMs === null ? ' (products already there)' : ` (products made in ${(catalog.generatedInMs / 1000).toFixed(1)} s)`),
  )

  const prefix = `bench-p12-${randomBytes(4).toString('hex')}:`
  adoptConnection(await openConnection({ databaseUrl }))
  const shared = connectSharedCaches({ url: redisUrl, prefix, name: `${prefix}saver-${process.pid}` })
  installNamedCache(shared.cache)
  const reader = await startReader({ databaseUrl, redisUrl, prefix, websiteId })
  try {
    if (!(await shared.bus.whenListening(5000))) throw new Error('the saving process could not reach Redis')
    const owner = coreContext({
      websiteId,
      actor: { kind: 'staff', staffId: staffRows[0]!.id, email: 'p12-owner@bench.example', name: 'Bench owner', role: 'owner', storeIds: [], sessionId: null },
      clientKey: '127.0.0.1',
      userAgent: 'bench',
    })
    const next = random(12)
    const run = `${Date.now().toString(36)}`
    const saveTimes: number[] = []
    const referenceTimes: number[] = []
    const statementCounts: number[] = []
    const visibleTimes: number[] = []
    let notSeen = 0
    let slowest = { save: 0, visible: 0 }
    for (let i = 0; i < WARM_UP + SAVES; i++) {
      const productId = catalog.productIds[Math.floor(next() * catalog.productIds.length)]!
      const product = (await executeAdminQuery('products.get', { websiteId, productId }, owner)) as AdminProduct
      const name = `Bench Product ${productId} (${run}-${i})`
      // Every other save adds a 12+ break a dollar off, or takes the breaks away.
      const priceBreaks = product.priceBreaks.length > 0 ? [] : [{ minQuantity: 12, price: Math.round((product.price - 1) * 100) / 100 }]
      reader.ask({ kind: 'watch', slug: product.slug, name })
      const watching = await reader.next()
      if (watching.answer.kind !== 'watching') throw new Error(`the reader answered ${JSON.stringify(watching.answer)}`)

      const sentBefore = statements
      const started = performance.now()
      await executeAdminMutation('products.update', updateOf(product, { name, priceBreaks }), owner)
      const saved = performance.now() - started
      const sent = statements - sentBefore
      const outcome = await reader.next()
      const visible = outcome.at - started
      const reference = await referenceTransaction()
      if (i < WARM_UP) continue
      saveTimes.push(saved)
      referenceTimes.push(reference)
      statementCounts.push(sent)
      if (outcome.answer.kind === 'seen') visibleTimes.push(visible)
      else notSeen++
      slowest = { save: Math.max(slowest.save, saved), visible: Math.max(slowest.visible, outcome.answer.kind === 'seen' ? visible : 0) }
    }

    const fmt = (values: number[]) => `p50 ${percentile(values, 0.5).toFixed(1)} ms, p99 ${percentile(values, 0.99).toFixed(1)} ms`
    const saveP99 = percentile(saveTimes, 0.99)
    // A change never seen within 5 s counts as slower than any seen one.
    const visibleAll = [...visibleTimes, ...Array.from({ length: notSeen }, () => Number.POSITIVE_INFINITY)]
    const visibleP99 = percentile(visibleAll, 0.99)
    const statementsPerSave = percentile(statementCounts, 0.5)
    const ratio = percentile(saveTimes, 0.5) / percentile(referenceTimes, 0.5)
    log(`P12 save: ${fmt(saveTimes)}, max ${slowest.save.toFixed(1)} ms over ${saveTimes.length} saves; ${statementsPerSave} statements per save (median)`)
    log(`P12 reference, a 5-statement write transaction between the saves: ${fmt(referenceTimes)}; load average ${os.loadavg().map((load) => load.toFixed(1)).join(' / ')}`)
    log(`P12 visible on the second process: ${fmt(visibleTimes)}, max ${slowest.visible.toFixed(1)} ms; not seen within 5 s: ${notSeen}`)
    return [
      {
        goal,
        figure: `${saveTimes.length} saves of random products (whole product, 8 variants, a price break added or removed, audit row; ${statementsPerSave} statements): ${fmt(saveTimes)}, max ${slowest.save.toFixed(1)} ms`,
        reference: `5-statement write transaction: ${fmt(referenceTimes)}`,
        ratio: `p50 ${ratio.toFixed(1)}×`,
        target: 'p99 ≤ 100 ms',
        verdict: saveP99 <= 100 ? 'met' : 'missed',
      },
      {
        goal: 'P12 the saved product served by a second process (its own Products cache, dropped through Redis)',
        figure: `save start → the other process's findProductBySlugCached serves the new name: ${fmt(visibleTimes)}, max ${slowest.visible.toFixed(1)} ms; not seen within 5 s: ${notSeen}`,
        reference: '—',
        ratio: '—',
        target: 'p99 ≤ 1 s',
        verdict: visibleP99 <= 1000 ? 'met' : 'missed',
      },
    ]
  } finally {
    await reader.stop()
    await shared.close()
    await closeDb()
    await deleteRedisKeys(redisUrl, prefix)
  }
}
