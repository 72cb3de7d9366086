// npm run allowances:reset [-- --store <websiteId>]
// Runs the allowance reset now (issue 16): every member of every active program (of one store with
// --store) whose period has started and who has no grant for it yet is granted, once, what the
// program gives, after what the last period left expires or rolls over. Safe beside running
// servers on PostgreSQL (DATABASE_URL); on the embedded database stop the server first. The
// servers run the same reset every hour by themselves: this is for a reset wanted at once.
import { parseArgs } from 'node:util'
import { allowanceLedgerMismatches } from '@/server/allowances/allowance-ledger'
import { runAllowanceReset } from '@/server/allowances/allowance-reset'
import { closeDb, getDb } from '@/server/db/client'
import { migratePglite, migratePostgres } from '@/server/db/migrate'
import { env } from '@/server/env'

const USAGE = 'Usage: npm run allowances:reset [-- --store <websiteId>]'

async function main(): Promise<number> {
  let store: string | undefined
  try {
    ;({
      values: { store },
    } = parseArgs({ options: { store: { type: 'string' } } }))
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    console.error(USAGE)
    return 2
  }
  const websiteId = store === undefined ? undefined : Number(store)
  if (websiteId !== undefined && !(Number.isInteger(websiteId) && websiteId > 0)) {
    console.error(`--store must be a store id (a whole number), not "${store}".`)
    return 2
  }
  try {
    const config = env()
    if (config.DATABASE_URL) await migratePostgres(config.DATABASE_URL)
    else await migratePglite(await getDb())
    const db = await getDb()
    const outcome = await runAllowanceReset(db, { now: new Date(), websiteId })
    console.log(
      `Reset done: ${outcome.granted} member(s) granted in ${outcome.programs} program(s); granted ${(outcome.grantedAmount / 100).toFixed(2)}, expired ${(outcome.expiredAmount / 100).toFixed(2)}, rolled over ${(outcome.rolledOverAmount / 100).toFixed(2)}.`,
    )
    if (websiteId !== undefined) {
      const mismatches = await allowanceLedgerMismatches(db, websiteId)
      if (mismatches.length > 0) {
        console.error(`${mismatches.length} member(s) have a balance that is not the sum of their ledger: ${mismatches.map((row) => row.email).join(', ')}`)
        return 1
      }
    }
    return 0
  } catch (error) {
    console.error('The allowance reset failed; members done before the failure keep their grant, run it again for the rest:', error instanceof Error ? (error.stack ?? error.message) : error)
    return 1
  } finally {
    await closeDb().catch(() => undefined)
  }
}

process.exitCode = await main()
