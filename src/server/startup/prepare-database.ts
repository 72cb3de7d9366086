import path from 'node:path'
import { eq } from 'drizzle-orm'
import { getDb, databaseKind } from '../db/client'
import { migratePglite, migratePostgres } from '../db/migrate'
import { websites } from '../db/schema'
import { env } from '../env'
import { logger } from '../kernel/logger'
import { createDemoStaff } from '../staff/demo-staff'
import { importStoreFile } from '../store-import/store-import-service'

/**
 * Brings the database to the current schema and, on an empty store, loads the demo store file.
 * Runs once per process at start (instrumentation) and from scripts.
 */
export async function prepareDatabase(): Promise<void> {
  const config = env()
  const db = await getDb()
  if ((await databaseKind()) === 'postgres' && config.DATABASE_URL) {
    await migratePostgres(config.DATABASE_URL)
  } else {
    await migratePglite(db)
  }
  if (!config.SEED_DEMO_STORE) return
  const [existing] = await db.select({ id: websites.id }).from(websites).where(eq(websites.id, config.WEBSITE_ID))
  if (existing) return
  const file = path.resolve(/* turbopackIgnore: true */ process.cwd(), config.DEMO_STORE_FILE)
  logger().info({ file }, 'empty store: importing the demo store')
  await importStoreFile({ filePath: file })
  // Only with the demo store: its console users (README "Console"), never on a real install.
  await createDemoStaff(db, config.WEBSITE_ID)
}
