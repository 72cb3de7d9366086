import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { PoolClient } from 'pg'
import { env } from '../env'
import { logger } from '../kernel/logger'
import { lockDataDir } from './pglite-lock'
import * as schema from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
/** Either the database or a transaction: what private helpers take. */
export type Executor = Database | Transaction

/** How long a request waits for a new database connection before it is answered "unavailable". */
const CONNECT_TIMEOUT_MS = 5000

const BEGIN = /^\s*begin\b/i

/**
 * drizzle-orm 0.45's node-postgres `transaction()` sends BEGIN before the try/finally that gives
 * the pooled client back (drizzle-team/drizzle-orm#6023, #6241, still open): a BEGIN that fails —
 * the usual first sign of a connection the database just ended — would keep that client checked
 * out for the life of the process, and three or four database restarts would leave the pool empty
 * for good. Here a failed BEGIN gives the client back with its error, so the pool destroys it.
 */
function releaseWhenBeginFails(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((...args: unknown[]) => {
    const result = query(...args)
    const first = args[0] as string | { text?: unknown } | undefined
    const text = typeof first === 'string' ? first : first?.text
    if (!(result instanceof Promise) || typeof text !== 'string' || !BEGIN.test(text)) return result
    return result.catch((error: unknown) => {
      const release = client.release
      // A later release by a drizzle that has fixed this must not throw "released twice".
      client.release = () => {}
      try {
        release.call(client, error instanceof Error ? error : new Error(String(error)))
      } catch {
        // already given back
      }
      throw error
    })
  }) as PoolClient['query']
}

type Connection = { db: Database; kind: 'pglite' | 'postgres'; close: () => Promise<void> }

// One connection per process, shared across Next's module graphs (route handlers and pages may
// load this file twice). Two PGlite instances on one data folder would corrupt it.
const GLOBAL_KEY = Symbol.for('webstore.db')
type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: Promise<Connection> }

export async function openConnection(options: { databaseUrl?: string; dataDir?: string } = {}): Promise<Connection> {
  const databaseUrl = options.databaseUrl ?? env().DATABASE_URL
  if (databaseUrl) {
    const [{ Pool }, { drizzle }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')])
    const pool = new Pool({ connectionString: databaseUrl, max: 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
    pool.on('error', () => {
      // An idle client lost its server (restart, failover); the pool replaces it on next use.
    })
    // A client checked out of the pool (inside a transaction, say) has no error listener of the
    // pool's: its server going away would be an unhandled 'error' event and end the process. The
    // query in flight fails on its own, and the pool drops the dead client when it is released.
    pool.on('connect', (client) => {
      client.on('error', (error) => logger().warn({ err: error }, 'database connection lost'))
      releaseWhenBeginFails(client)
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
