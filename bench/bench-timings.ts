// BENCH_ONLY=timings npm run bench (issue 14, decision 020): the speeds that tests used to assert
// against the wall clock, measured here instead, where a loaded machine makes a figure noisy rather
// than a test red. The tests keep what the speed stands for (a handful of queries, one argon2
// verify on either sign-in refusal, a body refused at its 65th level). In this process, on an
// in-memory PGlite database with the 999-product bulk catalog.
import type { Database } from '../src/server/db/client'
import type { Row } from './bench-postgres'

const PRODUCT_COUNT = 999

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

async function timed(work: () => unknown): Promise<number> {
  const started = performance.now()
  await work()
  return performance.now() - started
}

async function medianOf(runs: number, work: () => unknown): Promise<number> {
  await work() // warm-up
  const times: number[] = []
  for (let i = 0; i < runs; i++) times.push(await timed(work))
  return median(times)
}

function row(goal: string, figureMs: number, target: string, met: boolean, reference = '—', ratio = '—'): Row {
  return { goal, figure: `${figureMs.toFixed(figureMs < 10 ? 2 : 0)} ms`, reference, ratio, target, verdict: met ? 'met' : 'missed' }
}

export async function measureTestTimings(): Promise<Row[]> {
  process.env.LOG_LEVEL ??= 'silent'
  const [{ PGlite }, { drizzle }, schema, { migratePglite }, client] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('../src/server/db/schema'),
    import('../src/server/db/migrate'),
    import('../src/server/db/client'),
  ])
  const pglite = await PGlite.create()
  const db = drizzle({ client: pglite, schema, casing: 'snake_case' })
  await migratePglite(db as never)
  client.adoptConnection({ db: db as unknown as Database, kind: 'pglite', close: () => pglite.close() })
  try {
    const [{ createWebsite }, { createBulkCatalog }, { createPartner }, { listProducts }, { filterProducts }, { parseJson }, { POST: login }] = await Promise.all([
      import('../tests/factories/website'),
      import('../tests/factories/bulk-catalog'),
      import('../tests/factories/accounts'),
      import('../src/server/catalog/catalog-service'),
      import('../src/isomorphic/catalog-search'),
      import('../src/web/http'),
      import('../src/app/api/user/login/route'),
    ])
    const website = await createWebsite()
    await createBulkCatalog({ websiteId: website.id, count: PRODUCT_COUNT })
    const rows: Row[] = []

    // product-list-size.test.ts: "lists 999 products quickly" (it counts the queries now).
    let list: Awaited<ReturnType<typeof listProducts>> = []
    const listMs = await medianOf(5, async () => {
      list = await listProducts({ websiteId: website.id })
    })
    rows.push(row('listProducts(999) on PGlite, median of 5', listMs, '< 250 ms', listMs < 250))

    // catalog-search.test.ts: "filters 1000 products in under a millisecond".
    const filters = { searchText: 'o', colors: ['Navy', 'Black'], sizes: ['M', 'OSFA'], minPrice: 5, maxPrice: 50 }
    const filterMs = await medianOf(20, () => filterProducts(list, filters))
    rows.push(row(`filterProducts over the ${list.length}-product list, median of 20`, filterMs, '< 1 ms', filterMs < 1))

    // http.test.ts: "refuses a deeply nested body at once, before its parsing costs the square of its depth".
    const deep = `{"items":${'['.repeat(32_000)}${']'.repeat(32_000)}}`
    const refuseDeep = () =>
      parseJson(new Request('http://store.test/api/query', { method: 'POST', body: deep, headers: { 'content-type': 'application/json' } })).catch(() => 'refused')
    const deepMs = await medianOf(5, refuseDeep)
    rows.push(row('a body nested 32,000 levels refused, median of 5', deepMs, '< 100 ms', deepMs < 100))

    // sessions.test.ts: "an unknown email takes about as long to refuse as a wrong password".
    await createPartner({ websiteId: website.id, email: 'dana@example.com', name: 'Dana Reyes' })
    const { createMemoryRateLimiter, useRateLimiter } = await import('../src/server/cache/rate-limiter')
    const refusal = (email: string) => () => {
      useRateLimiter(createMemoryRateLimiter())
      return login(
        new Request('http://store.test/api/user/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
          body: JSON.stringify({ login: email, password: 'not the password' }),
        }),
      )
    }
    const wrongMs = await medianOf(5, refusal('dana@example.com'))
    const unknownMs = await medianOf(5, refusal('nobody@example.com'))
    const ratio = unknownMs / wrongMs
    rows.push(row('sign-in refused for an unknown email, median of 5', unknownMs, 'ratio > 0.5', ratio > 0.5, `${wrongMs.toFixed(0)} ms (wrong password)`, ratio.toFixed(2)))
    return rows
  } finally {
    await client.closeDb()
  }
}
