import pg from 'pg'
import { Pool } from 'pg'
import { drizzle } from 'drizzle-orm/node-postgres'
import * as schema from '../src/server/db/schema'
import { adoptConnection, type Database } from '../src/server/db/client'
import { coreContext } from '../src/server/kernel/context'
import { listAdminOrders } from '../src/server/orders/order-list'
import { DEFAULT_ORDER_LIST_VIEW, type OrderListView } from '../src/isomorphic/order-list-view'
const url = 'postgres://postgres@127.0.0.1:5432/webstore_bench_orders'
let last: { q: string; p: unknown[] } | null = null
const pool = new Pool({ connectionString: url })
const db = drizzle({ client: pool, schema, casing: 'snake_case', logger: { logQuery: (q, p) => { last = { q, p } } } }) as unknown as Database
adoptConnection({ db, kind: 'postgres', close: () => pool.end() })
const raw = new pg.Client({ connectionString: url }); await raw.connect()
const owner = coreContext({ websiteId: 1, actor: { kind: 'staff', staffId: 1, email: 'o@x', name: 'o', role: 'owner', storeIds: [], sessionId: null } })
const manager = coreContext({ websiteId: 1, actor: { kind: 'staff', staffId: 2, email: 'm@x', name: 'm', role: 'store_manager', storeIds: [7, 8], sessionId: null } })
const views: [string, Partial<OrderListView>, 'owner' | 'manager'][] = JSON.parse(process.argv[2]!)
for (const [label, change, who] of views) {
  let view = { ...DEFAULT_ORDER_LIST_VIEW, ...change }
  const page = await listAdminOrders(who === 'owner' ? owner : manager, view)
  if ((change as { deep?: number }).deep) {
    // walk the 'deep' pages forward via cursors
  }
  const { rows } = await raw.query(`explain (analyze, buffers off, costs off, timing on, summary on) ${last!.q}`, last!.p as unknown[])
  const plan = rows.map((r) => r['QUERY PLAN']).join('\n')
  console.log(`\n=== ${label} (${page.rows.length} rows)\n${plan.split('\n').filter((l: string) => !/^\s*->\s*(Result|Aggregate)/.test(l)).slice(0, 18).join('\n')}`)
}
await raw.end(); await pool.end()
