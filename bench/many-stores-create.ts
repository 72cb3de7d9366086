// The in-process half of P13 (bench/bench-many-stores.ts), run as a process of its own with
// `node --import tsx` so its settings (DATABASE_URL, IMAGES_DIR: the core reads them once per
// process) are the bench database's and not those of benches that ran before in the bench process.
//
// argv[2] (JSON):
// - { mode: 'prepare' }: migrates the database and loads the demo store (as a first start does,
//   without the team store), and adds a store owner to act as in the console.
// - { mode: 'create', from, to }: creates stores s{from}…s{to} (host s{n}.localhost) from the demo
//   store with createStore, as the console's stores.create runs it, each timed from the call to its
//   return; then opens each (a new store is a draft, which answers only to a preview link).
// Prints one JSON line: { ms: number[] } (the creation times, in order).
import { eq } from 'drizzle-orm'
import { adoptConnection, closeDb, getDb, openConnection } from '../src/server/db/client'
import { staff, websites } from '../src/server/db/schema'
import { coreContext } from '../src/server/kernel/context'
import { prepareDatabase } from '../src/server/startup/prepare-database'
import { createStore } from '../src/server/stores/create-store'

export type ManyStoresCreateConfig = { mode: 'prepare' } | { mode: 'create'; from: number; to: number }

const OWNER_EMAIL = 'p13-owner@bench.example'
const TEMPLATE_CODE = 'granite-ridge'

const config = JSON.parse(process.argv[2] ?? '{}') as ManyStoresCreateConfig
adoptConnection(await openConnection({ databaseUrl: process.env.DATABASE_URL }))
const db = await getDb()
const ms: number[] = []
try {
  if (config.mode === 'prepare') {
    await prepareDatabase()
    await db.insert(staff).values({ email: OWNER_EMAIL, name: 'Bench owner', role: 'owner' })
  } else {
    const [owner] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, OWNER_EMAIL))
    const [template] = await db.select({ id: websites.id }).from(websites).where(eq(websites.code, TEMPLATE_CODE))
    if (!owner || !template) throw new Error('run the prepare mode first: no bench owner or no demo store')
    const ctx = coreContext({
      websiteId: template.id,
      actor: { kind: 'staff', staffId: owner.id, email: OWNER_EMAIL, name: 'Bench owner', role: 'owner', storeIds: [], sessionId: null },
      clientKey: '127.0.0.1',
      userAgent: 'bench',
    })
    for (let n = config.from; n <= config.to; n++) {
      const started = performance.now()
      const created = await createStore(ctx, { template: template.id, code: `s${n}`, name: `Bench Store ${n}`, hosts: [`s${n}.localhost`] })
      ms.push(performance.now() - started)
      await db.update(websites).set({ state: 'open' }).where(eq(websites.id, created.websiteId))
    }
  }
} finally {
  await closeDb()
}
console.log(JSON.stringify({ ms }))
