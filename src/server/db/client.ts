import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { env } from '../env'
import { lockDataDir } from './pglite-lock'
import * as schema from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
/** Either the database or a transaction: what private helpers take. */
export type Executor = Database | Transaction

type Connection = { db: Database; kind: 'pglite' | 'postgres'; close: () => Promise<void> }

// One connection per process, shared across Next's module graphs (route handlers and pages may
// load this file twice). Two PGlite instances on one data folder would corrupt it.
const GLOBAL_KEY = Symbol.for('webstore.db')
type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: Promise<Connection> }

export async function openConnection(options: { databaseUrl?: string; dataDir?: string } = {}): Promise<Connection> {
  const databaseUrl = options.databaseUrl ?? env().DATABASE_URL
  if (databaseUrl) {
    const [{ Pool }, { drizzle }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')])
    const pool = new Pool({ connectionString: databaseUrl, max: 10, idleTimeoutMillis: 30_000 })
    pool.on('error', () => {
      // An idle client lost its server (restart, failover); the pool replaces it on next use.
    })
    const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Database
    return { db, kind: 'postgres', close: () => pool.end() }
  }
  const dataDir = path.resolve(/* turbopackIgnore: true */ options.dataDir ?? env().PGLITE_DATA_DIR)
  mkdirSync(dataDir, { recursive: true })
  const release = lockDataDir(dataDir)
  const [{ PGlite }, { drizzle }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ])
  const client = await PGlite.create(dataDir)
  const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Database
  return { db, kind: 'pglite', close: () => client.close().finally(release) }
}

function connection(): Promise<Connection> {
  const holder = globalThis as GlobalWithDb
  holder[GLOBAL_KEY] ??= openConnection()
  return holder[GLOBAL_KEY]
}

/** The process-wide database handle (opened on first use). */
export async function getDb(): Promise<Database> {
  return (await connection()).db
}

export async function databaseKind(): Promise<Connection['kind']> {
  return (await connection()).kind
}

/** Lets tests and scripts point the process at a database they opened themselves. */
export function adoptConnection(value: Connection): void {
  ;(globalThis as GlobalWithDb)[GLOBAL_KEY] = Promise.resolve(value)
}

export async function closeDb(): Promise<void> {
  const holder = globalThis as GlobalWithDb
  const current = holder[GLOBAL_KEY]
  holder[GLOBAL_KEY] = undefined
  if (current) await (await current).close()
}
