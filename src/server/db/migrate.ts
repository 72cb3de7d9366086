import path from 'node:path'
import type { Database } from './client'

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'src/server/db/migrations')

// Several app instances (or one instance's workers) may start at once on one PostgreSQL: only one
// migrates at a time. The advisory lock is per session, so it is taken on a dedicated client, not
// the pool. The start-up work that must happen once on a new database (the demo store and its
// console users) runs under the same lock (`afterMigrations`): a process that starts beside another
// waits, then finds it done (issue 24).
const MIGRATION_LOCK = 7_340_021

/** Applies the pending migrations, then runs `afterMigrations` (through other connections) before the lock is let go. */
export async function migratePostgres(databaseUrl: string, afterMigrations?: () => Promise<void>): Promise<void> {
  const [{ Client }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ])
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_FOLDER })
    await afterMigrations?.()
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
    await client.end()
  }
}

export async function migratePglite(db: Database): Promise<void> {
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER })
}
