import path from 'node:path'
import { eq } from 'drizzle-orm'
import { getDb, databaseKind, type Database } from '../db/client'
import { migratePglite, migratePostgres } from '../db/migrate'
import { websites } from '../db/schema'
import { env } from '../env'
import { logger } from '../kernel/logger'
import { createDemoStaff } from '../staff/demo-staff'
import { importStoreFile } from '../store-import/store-import-service'

/**
 * Brings the database to the current schema and, on an empty store, loads the demo store file.
 * Runs once per process at start (instrumentation) and from scripts. On PostgreSQL, several processes
 * starting together (instances, or the workers of one) take turns from the migrations to the demo
 * console users under the migration's advisory lock, so the store is imported by the first and
 * found by the others (issue 24).
 */
export async function prepareDatabase(): Promise<void> {
  const config = env()
  const db = await getDb()
  if ((await databaseKind()) === 'postgres' && config.DATABASE_URL) {
    await migratePostgres(config.DATABASE_URL, () => seedDemoStore(db))
  } else {
    await migratePglite(db)
    await seedDemoStore(db)
  }
}

async function seedDemoStore(db: Database): Promise<void> {
  const config = env()
  if (!config.SEED_DEMO_STORE) return
  const [existing] = await db.select({ id: websites.id }).from(websites).where(eq(websites.id, config.WEBSITE_ID))
  if (existing) return
  const file = path.resolve(/* turbopackIgnore: true */ process.cwd(), config.DEMO_STORE_FILE)
  logger().info({ file }, 'empty store: importing the demo store')
  // Only with the demo store: its console users (README "Console"), never on a real install. In the
  // import's transaction: a start that fails half-way leaves neither, and the next start does both.
  await importStoreFile({ filePath: file, beforeCommit: (tx) => createDemoStaff(tx, config.WEBSITE_ID) })
  // The second store of the demo, on the same install at team.localhost (README "Several stores").
  if (config.DEMO_TEAM_STORE_FILE) {
    const teamFile = path.resolve(/* turbopackIgnore: true */ process.cwd(), config.DEMO_TEAM_STORE_FILE)
    logger().info({ file: teamFile }, 'importing the demo team store')
    await importStoreFile({ filePath: teamFile })
  }
}
