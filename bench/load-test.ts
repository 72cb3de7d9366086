// npm run loadtest (issue 6): 50 virtual shoppers browse and check out against the production build
// on PostgreSQL for 60 s, with no think time, then the database is checked: every order answered
// exists once, no reference names two orders, every order's lines and money add up. The result is
// written to docs/load-test.md.
//
// Bounded and local: one server on 127.0.0.1 (LOADTEST_PORT, default 3410) stopped by its PID, a
// database of its own (resil_load_*) dropped afterwards, at most LOADTEST_SECONDS (≤ 120) of load.
// Needs an admin URL of PostgreSQL in LOADTEST_DATABASE_URL or TEST_DATABASE_URL; REDIS_URL or
// TEST_REDIS_URL, when set, is handed to the server.
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { startSession } from '../src/server/accounts/session-service'
import { adoptConnection, closeDb, openConnection } from '../src/server/db/client'
import { createPartner } from '../tests/factories/accounts'
import { createGiftCard } from '../tests/factories/gift-cards'
import { orderInconsistencies } from '../tests/support/store-ledger'
import { type RunningServer, startServer } from './bench-servers'

const ROOT = path.resolve(import.meta.dirname, '..')
const SECONDS = Math.min(Number(process.env.LOADTEST_SECONDS ?? 60), 120)
const SHOPPERS = Math.min(Number(process.env.LOADTEST_SHOPPERS ?? 50), 100)
/** Of the shoppers, this many are signed in (gift card and budget); the others check out as guests. */
const SIGNED_IN = Math.min(Number(process.env.LOADTEST_SIGNED_IN ?? 10), SHOPPERS)
/** Accounts each signed-in shopper cycles through, so no account meets the per-partner order limit. */
const ACCOUNTS_PER_SHOPPER = 10
const PORT = Number(process.env.LOADTEST_PORT ?? 3410)
const WEBSITE_ID = 1
const REQUEST_TIMEOUT_MS = 30_000

// This script's own use of the core (accounts, sessions) logs like a server; only warnings matter here.
process.env.LOG_LEVEL ??= 'warn'

const adminUrl = process.env.LOADTEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL
const redisUrl = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL ?? ''

function log(message: string) {
  console.log(`[loadtest] ${message}`)
}

// ---------------------------------------------------------------------------------------------
// HTTP with keep-alive connections, as browsers hold them

const agent = new http.Agent({ keepAlive: true, maxSockets: SHOPPERS * 2 })

type Answer = { status: number; text: string }

/** `compressed`: ask for brotli or gzip as a browser does (the body is then only counted, not read). */
function request(url: string, { method = 'GET', body, headers = {}, compressed = false }: { method?: string; body?: unknown; headers?: Record<string, string>; compressed?: boolean } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const req = http.request(
      url,
      {
        method,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: { 'accept-encoding': compressed ? 'br, gzip' : 'identity', ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
      },
    )
    req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)))
    req.on('error', reject)
    req.end(payload)
  })
}

// ---------------------------------------------------------------------------------------------
// Measurements

const STEPS = ['home page', 'shop page', 'getProductList', 'product page', 'checkout queries', 'cart summary', 'getOrderId', 'createOrder'] as const
type Step = (typeof STEPS)[number]

const timings = new Map<Step, number[]>(STEPS.map((step) => [step, []]))
const failures: { step: Step; status: number | null; detail: string }[] = []

class StepFailed extends Error {}

async function timed(step: Step, url: string, options: Parameters<typeof request>[1] = {}, expect = 200): Promise<string> {
  const started = performance.now()
  let answer: Answer
  try {
    answer = await request(url, options)
  } catch (error) {
    failures.push({ step, status: null, detail: error instanceof Error ? error.message : String(error) })
    throw new StepFailed(step)
  }
  timings.get(step)!.push(performance.now() - started)
  if (answer.status !== expect) {
    failures.push({ step, status: answer.status, detail: answer.text.slice(0, 300) })
    throw new StepFailed(step)
  }
  return answer.text
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

// ---------------------------------------------------------------------------------------------
// The store as a shopper sees it

type CartItem = { productId: number; colorId: number | null; logoId: number | null; quantity: Record<string, number> }
type Catalog = { slug: string; item: CartItem }[]

const ADDRESS = { name: 'Load Tester', phone: '303-555-0100', street: '1600 Wynkoop St', street2: '', city: 'Denver', zip: '80202', countryCode: 'US', stateCode: 'CO' }

let addressCount = 0
/** Each checkout comes from an address of its own (X-Forwarded-For): the per-address limits then measure nothing but the store. */
function nextAddress(): string {
  addressCount += 1
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`
}

type Shopper = { index: number; tokens: string[] }

type Placed = { name: string; id: number; total: number; giftCard: number; budget: number; signedIn: boolean }
const placed: Placed[] = []

type CheckoutChoices = { deliveryMethodId: number; paymentMethodId: number; extraFields: Record<string, string> }

/** One shopper's rounds until `deadline` (or `maxRounds`). */
async function shop(base: string, shopper: Shopper, catalog: Catalog, checkout: CheckoutChoices, deadline: number, maxRounds = Infinity) {
  let round = 0
  while (performance.now() < deadline && round < maxRounds) {
    round += 1
    const token = shopper.tokens.length > 0 ? shopper.tokens[round % shopper.tokens.length] : undefined
    const headers: Record<string, string> = { 'x-forwarded-for': nextAddress(), ...(token ? { authorization: `Bearer ${token}` } : {}) }
    const pick = catalog[(shopper.index * 7 + round) % catalog.length]!
    try {
      await timed('home page', `${base}/`, { headers, compressed: true })
      await timed('shop page', `${base}/shop`, { headers, compressed: true })
      await timed('getProductList', `${base}/api/query?key=getProductList`, { headers, compressed: true })
      await timed('product page', `${base}/product/${pick.slug}`, { headers, compressed: true })
      await timed('checkout queries', `${base}/api/query`, { method: 'POST', body: { key: 'getOrderExtraFields' }, headers, compressed: true })
      await timed('checkout queries', `${base}/api/query`, { method: 'POST', body: { key: 'getPaymentMethods' }, headers, compressed: true })
      const items = [pick.item]
      const summary = JSON.parse(
        await timed('cart summary', `${base}/api/cart/summary`, { method: 'POST', body: { items, address: ADDRESS, deliveryMethodId: checkout.deliveryMethodId, useGiftCards: Boolean(token) }, headers }),
      ) as { data: { orderSummary: { totalPrice: number } } }
      const { orderSequence } = JSON.parse(await timed('getOrderId', `${base}/api/query`, { method: 'POST', body: { key: 'getOrderId' }, headers })) as { orderSequence: string }
      const answer = JSON.parse(
        await timed('createOrder', `${base}/api/mutation`, {
          method: 'POST',
          headers,
          body: {
            key: 'createOrder',
            billingaddress: ADDRESS,
            shippingaddress: null,
            products: items,
            transactiondetails: null,
            aquirerId: checkout.paymentMethodId,
            partnername: `Load Tester ${shopper.index}`,
            partneremail: `shopper${shopper.index}@example.com`,
            orderSequence,
            orderForResale: false,
            approvalRequired: false,
            orderExtraFields: checkout.extraFields,
            orderOptions: [],
            quotation: false,
            deliveryMethodId: checkout.deliveryMethodId,
            promoCode: null,
            useGiftCards: Boolean(token),
            expectedTotal: summary.data.orderSummary.totalPrice,
          },
        }),
      ) as { createOrder: { order: { id: number; name: string; amounts: { total: number; giftCard: number; budget: number } } } }
      const order = answer.createOrder.order
      if (order.name !== orderSequence) failures.push({ step: 'createOrder', status: 200, detail: `asked for ${orderSequence}, got ${order.name}` })
      placed.push({ name: order.name, id: order.id, total: order.amounts.total, giftCard: order.amounts.giftCard, budget: order.amounts.budget, signedIn: Boolean(token) })
    } catch (error) {
      if (!(error instanceof StepFailed)) failures.push({ step: 'createOrder', status: null, detail: String(error) })
    }
  }
}

/** Cart items the store prices (product, colour, logo, a size it has), read from the product list as the shop page reads it. */
async function readCatalog(base: string): Promise<Catalog> {
  const list = JSON.parse((await request(`${base}/api/query?key=getProductList`)).text) as {
    products: { products: { id: number; slug: string; attributeValues: { id: number; name: string; attribute: { name: string } }[]; productVariants: { logoIds: { id: number }[] }[] }[] }
  }
  const catalog: Catalog = []
  for (const product of list.products.products) {
    const color = product.attributeValues.find((value) => value.attribute.name === 'Color')
    const sizes = product.attributeValues.filter((value) => value.attribute.name === 'Size')
    const logo = product.productVariants.flatMap((variant) => variant.logoIds)[0]
    const size = sizes[Math.floor(sizes.length / 2)]?.name ?? 'OSFA'
    const item = { productId: product.id, colorId: color?.id ?? null, logoId: logo?.id ?? null, quantity: { [size]: 1 + (product.id % 3) } }
    const priced = await request(`${base}/api/cart/summary`, { method: 'POST', body: { items: [item] }, headers: { 'x-forwarded-for': nextAddress() } })
    const data = (JSON.parse(priced.text) as { data?: { lines: unknown[]; dropped: unknown[] } }).data
    if (priced.status === 200 && data && data.lines.length === 1 && data.dropped.length === 0) catalog.push({ slug: product.slug, item })
  }
  return catalog
}

// ---------------------------------------------------------------------------------------------

async function main() {
  if (!adminUrl) throw new Error('npm run loadtest needs PostgreSQL: set LOADTEST_DATABASE_URL or TEST_DATABASE_URL to an admin URL, e.g. postgres://postgres@127.0.0.1:5432/postgres')
  const databaseName = `resil_load_${randomBytes(4).toString('hex')}`
  const databaseUrl = (() => {
    const url = new URL(adminUrl)
    url.pathname = `/${databaseName}`
    return url.toString()
  })()
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'webstore-loadtest-'))
  let server: RunningServer | undefined
  try {
    await admin.query(`create database ${databaseName}`)
    const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]!.server_version

    log(`starting the production server on 127.0.0.1:${PORT} (PostgreSQL ${databaseName}${redisUrl ? ', Redis' : ''}); it imports the demo store`)
    server = await startServer({
      label: 'store',
      command: process.execPath,
      args: [path.join(ROOT, 'scripts', 'start.mjs')],
      cwd: ROOT,
      port: PORT,
      readyPath: '/api/health?ready',
      timeoutMs: 900_000,
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        // Each virtual shopper has its own address (X-Forwarded-For), as behind a load balancer.
        TRUST_PROXY: '1',
        REDIS_URL: redisUrl,
        WEBSITE_ID: String(WEBSITE_ID),
        SEED_DEMO_STORE: 'true',
        IMAGES_DIR: path.join(dataDir, 'images'),
        IMAGE_CACHE_DIR: path.join(dataDir, 'image-cache'),
        PUBLIC_ORIGIN: '',
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
      },
    })
    const base = server.url

    // Signed-in shoppers: accounts with a 25.00 gift card and a 150.00 budget, sessions made up front.
    const connection = await openConnection({ databaseUrl })
    adoptConnection(connection)
    const shoppers: Shopper[] = []
    for (let index = 0; index < SHOPPERS; index++) {
      const tokens: string[] = []
      if (index < SIGNED_IN) {
        for (let n = 0; n < ACCOUNTS_PER_SHOPPER; n++) {
          const partner = await createPartner({ websiteId: WEBSITE_ID, password: null, budgetAmount: 15_000, name: `Load Buyer ${index}-${n}` })
          await createGiftCard({ websiteId: WEBSITE_ID, partnerId: partner.id, initialAmount: 2500, redeemedAt: new Date() })
          tokens.push((await startSession(connection.db, { partnerId: partner.id, websiteId: WEBSITE_ID, method: 'password' })).accessToken)
        }
      }
      shoppers.push({ index, tokens })
    }

    const catalog = await readCatalog(base)
    if (catalog.length === 0) throw new Error('no product of the demo store could be priced')
    const fields = (JSON.parse((await request(`${base}/api/query`, { method: 'POST', body: { key: 'getOrderExtraFields' } })).text) as { orderextrafields: { name: string; fieldType: string; isRequired: boolean; options: string[] }[] }).orderextrafields
    const extraFields = Object.fromEntries(
      fields.filter((field) => field.isRequired).map((field) => [field.name, field.fieldType === 'select' ? field.options[0]! : field.fieldType === 'date' ? '2031-01-15' : 'LT-4100']),
    )
    // Guests and signed-in shoppers share these choices: a method open to guests (the demo's bank transfer).
    const payment = (JSON.parse((await request(`${base}/api/query`, { method: 'POST', body: { key: 'getPaymentMethods' } })).text) as { paymentAcquirers: { id: number; forGuests: boolean }[] }).paymentAcquirers.find((method) => method.forGuests)!
    const methods = (JSON.parse((await request(`${base}/api/cart/summary`, { method: 'POST', body: { items: [catalog[0]!.item], address: ADDRESS }, headers: { 'x-forwarded-for': nextAddress() } })).text) as {
      data: { deliveryMethods: { id: number; name: string; price: number | null }[] }
    }).data.deliveryMethods
    const delivery = methods.find((method) => method.price !== null && method.price > 0) ?? methods.find((method) => method.price !== null)!
    const checkout = { deliveryMethodId: delivery.id, paymentMethodId: payment.id, extraFields }

    // One walk through every page and query first, so the run measures a warm store.
    await shop(base, { index: 9999, tokens: [] }, catalog, checkout, Infinity, 1)
    for (const list of timings.values()) list.length = 0
    const warmFailures = failures.splice(0)
    if (warmFailures.length > 0) throw new Error(`the warm-up walk failed: ${JSON.stringify(warmFailures.slice(0, 3))}`)
    if (placed.length !== 1) throw new Error('the warm-up walk placed no order')
    placed.length = 0

    const before = (await connection.db.execute(sql`select count(*)::int as count from orders where website_id = ${WEBSITE_ID}`)) as unknown as { rows: { count: number }[] }
    const ordersBefore = before.rows[0]!.count
    log(`${SHOPPERS} shoppers (${SIGNED_IN} signed in) for ${SECONDS} s; ${catalog.length} products in the cart rotation; delivery '${delivery.name}'`)
    const loadBefore = os.loadavg()[0]!
    const started = performance.now()
    const deadline = started + SECONDS * 1000
    await Promise.all(shoppers.map((shopper) => shop(base, shopper, catalog, checkout, deadline)))
    const elapsed = (performance.now() - started) / 1000

    // The database after the run.
    const rows = (await connection.db.execute(sql`select id, name from orders where website_id = ${WEBSITE_ID}`)) as unknown as { rows: { id: number; name: string }[] }
    const byName = new Map(rows.rows.map((row) => [row.name, row.id]))
    const ordersCreated = rows.rows.length - ordersBefore
    const answeredNames = new Set(placed.map((order) => order.name))
    const missing = placed.filter((order) => byName.get(order.name) !== order.id)
    const duplicateAnswers = placed.length - answeredNames.size
    const problems = await orderInconsistencies(connection.db, WEBSITE_ID)
    await closeDb()

    const requests = [...timings.values()].reduce((sum, list) => sum + list.length, 0)
    const table = STEPS.map((step) => {
      const sorted = [...timings.get(step)!].sort((a, b) => a - b)
      const errors = failures.filter((failure) => failure.step === step).length
      return { step, count: sorted.length, errors, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 }
    })
    const verdict = failures.length === 0 && ordersCreated === placed.length && missing.length === 0 && duplicateAnswers === 0 && problems.length === 0
    const figures = {
      elapsed,
      requests,
      requestsPerSecond: requests / elapsed,
      checkouts: placed.length,
      checkoutsPerSecond: placed.length / elapsed,
      signedInCheckouts: placed.filter((order) => order.signedIn).length,
      ordersCreated,
      missing: missing.length,
      duplicateAnswers,
      problems,
      failures: failures.length,
    }
    log(JSON.stringify({ ...figures, table: table.map((row) => ({ ...row, p50: Math.round(row.p50), p99: Math.round(row.p99), max: Math.round(row.max) })) }))
    writeReport({ version, figures, table, catalogSize: catalog.length, deliveryName: delivery.name, verdict, loadBefore })
    if (!verdict) {
      log(`FAILED: ${JSON.stringify(failures.slice(0, 5))} ${problems.slice(0, 5).join('; ')}`)
      process.exitCode = 1
    }
  } finally {
    agent.destroy()
    await closeDb().catch(() => undefined)
    await server?.stop()
    await admin.query(`drop database if exists ${databaseName} with (force)`).catch((error: unknown) => log(`could not drop ${databaseName}: ${String(error)}`))
    await admin.end()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

function writeReport(input: {
  version: string
  figures: { elapsed: number; requests: number; requestsPerSecond: number; checkouts: number; checkoutsPerSecond: number; signedInCheckouts: number; ordersCreated: number; missing: number; duplicateAnswers: number; problems: string[]; failures: number }
  table: { step: string; count: number; errors: number; p50: number; p99: number; max: number }[]
  catalogSize: number
  deliveryName: string
  verdict: boolean
  /** The machine's 1-minute load average when the clock started: other work on it shows here. */
  loadBefore: number
}) {
  const { figures, table } = input
  const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`
  const lines = [
    '# Load test: 50 shoppers browsing and checking out',
    '',
    `Written by \`npm run loadtest\` (bench/load-test.ts) on ${new Date().toISOString().slice(0, 10)}. ${input.verdict ? '**Passed**' : '**FAILED**'}: ${figures.failures} errors, ${figures.ordersCreated} orders created for ${figures.checkouts} successful createOrder answers, ${figures.missing} answered orders missing or different in the database, ${figures.duplicateAnswers} references answered twice, ${figures.problems.length} inconsistencies.`,
    '',
    '## Set-up',
    '',
    `- The production build (\`scripts/start.mjs\`) on 127.0.0.1:${PORT}, one process, on PostgreSQL ${input.version} (a database of its own, dropped afterwards)${redisUrl ? ' with REDIS_URL set' : '; no Redis (REDIS_URL not set)'}; the demo store imported by the server at its first start. Mail goes to the outbox table (no SMTP), so every order also renders its confirmation PDF in the background.`,
    `- ${SHOPPERS} virtual shoppers for ${SECONDS} s, no think time, on keep-alive connections from one Node process on the same machine (${os.cpus().length} cores, shared by the server, PostgreSQL and the load generator; Node ${process.version}). ${SIGNED_IN} shoppers are signed in (Bearer sessions made up front; each cycles through ${ACCOUNTS_PER_SHOPPER} accounts with a 25.00 gift card and a 150.00 budget, so money moves on gift cards and budgets too); the others check out as guests.`,
    `- Each round: home page → shop page → \`GET /api/query?key=getProductList\` → a product page → the checkout's queries (\`getOrderExtraFields\`, \`getPaymentMethods\`) → \`POST /api/cart/summary\` (address in Denver, '${input.deliveryName}' chosen, the server prices lines, delivery, promotions and tax) → \`getOrderId\` → \`createOrder\` with the summary's total as \`expectedTotal\`. The cart is one line of one of ${input.catalogSize} demo products (1–3 pieces of one size, with a logo when the product has one).`,
    '- **Caller addresses.** The store limits requests per caller (`X-Forwarded-For`): 20 order references an hour and 30 orders in 10 minutes per address or partner, 60 cart summaries a minute per address (src/server/orders/order-reference.ts, order-service.ts, src/server/checkout/cart-summary-service.ts). Every round therefore sends its own `X-Forwarded-For` address, so that the test measures the store and not its throttling (the limits themselves are tested elsewhere).',
    '- One warm-up round runs before the clock starts. Then the database is read: the orders created must be exactly the successful `createOrder` answers, each answered reference names one order with the answered id, and `orderInconsistencies` (tests/support/store-ledger.ts) finds nothing: lines add up to the untaxed amount, untaxed plus tax is the total, total less gift card and budget is what is due, gift-card and budget ledgers hold what each order took, balances match their movements, promotion counters match their usage rows.',
    '',
    '## Figures',
    '',
    `- ${figures.requests} requests in ${figures.elapsed.toFixed(1)} s: **${figures.requestsPerSecond.toFixed(1)} requests/s**.`,
    `- ${figures.checkouts} checkouts (${figures.signedInCheckouts} signed in): **${figures.checkoutsPerSecond.toFixed(2)} orders/s**; ${figures.ordersCreated} orders in the database.`,
    `- Errors: **${figures.failures}**. Lost orders (answered, not in the database): **${figures.missing}**. Duplicated references: **${figures.duplicateAnswers}**. Inconsistencies: **${figures.problems.length}**${figures.problems.length > 0 ? ` (${figures.problems.slice(0, 5).join('; ')})` : ''}.`,
    '',
    '| Step | Requests | Errors | p50 | p99 | max |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...table.map((row) => `| ${row.step} | ${row.count} | ${row.errors} | ${ms(row.p50)} | ${ms(row.p99)} | ${ms(row.max)} |`),
    '',
    `Latencies are measured by the shopper from sending the request to the last byte of the answer; they include queueing behind the other ${SHOPPERS - 1} shoppers on a ${os.cpus().length}-core machine, so they describe saturation, not an idle server. The machine's 1-minute load average was ${input.loadBefore.toFixed(1)} when the clock started (other jobs on it slow the figures down).`,
    '',
    '## Running it',
    '',
    '```sh',
    'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run loadtest',
    '# optional: REDIS_URL=redis://127.0.0.1:6379, LOADTEST_SECONDS (≤ 120), LOADTEST_SHOPPERS (≤ 100), LOADTEST_SIGNED_IN, LOADTEST_PORT',
    '```',
    '',
    'It builds the production bundle first when the sources changed (as `npm start` does). It exits non-zero when any request failed or the database disagrees with the answers.',
    '',
  ]
  writeFileSync(path.join(ROOT, 'docs', 'load-test.md'), lines.join('\n'))
  log('wrote docs/load-test.md')
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
