import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, inject } from 'vitest'
import { closeDb, type Database, getDb, adoptConnection } from '../../src/server/db/client'
// Aliased: not a React hook, but this file's useTestDatabase makes the linter read it as one.
import { createMemoryCache, useNamedCache as installNamedCache } from '../../src/server/cache/named-cache'
import { queryCounter } from './query-count'

export type TestDatabaseKind = 'pglite' | 'postgres'

/** The kinds of database this run covers: always PGlite, and PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
}

/**
 * Gives the calling test file (or describe block) its own migrated database for its lifetime, and
 * points the core's `getDb()` at it.
 */
export function useTestDatabase(kind: TestDatabaseKind = 'pglite'): { db: () => Database } {
  let database: Database | undefined
  let dropAfter: (() => Promise<void>) | undefined

  beforeAll(async () => {
    await closeDb()
    if (kind === 'postgres') {
      const adminUrl = process.env.TEST_DATABASE_URL
      if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
      const { cloneDatabase, databaseUrlFor, dropPostgresDatabase } = await import('./postgres-template')
      const name = await cloneDatabase(adminUrl, inject('postgresTemplate'))
      const { Pool } = await import('pg')
      const { drizzle } = await import('drizzle-orm/node-postgres')
      const schema = await import('../../src/server/db/schema')
      const pool = new Pool({ connectionString: databaseUrlFor(adminUrl, name), max: 5 })
      // Dropping the database at teardown ends its connections; a client still closing then reports
      // "terminating connection due to administrator command", which is expected here.
      pool.on('error', () => {})
      const db = drizzle({ client: pool, schema, casing: 'snake_case', logger: queryCounter }) as unknown as Database
      adoptConnection({ db, kind: 'postgres', close: () => pool.end() })
      dropAfter = () => dropPostgresDatabase(adminUrl, name)
    } else {
      const { PGlite } = await import('@electric-sql/pglite')
      const { drizzle } = await import('drizzle-orm/pglite')
      const schema = await import('../../src/server/db/schema')
      const dump = await readFile(inject('pgliteTemplate'))
      const client = await PGlite.create({ loadDataDir: new Blob([dump]) })
      const db = drizzle({ client, schema, casing: 'snake_case', logger: queryCounter }) as unknown as Database
      adoptConnection({ db, kind: 'pglite', close: () => client.close() })
    }
    database = await getDb()
    // Cached rows belong to the database they were read from: each test database starts with
    // empty caches (ids repeat from one database to the next).
    installNamedCache(createMemoryCache())
  })

  afterAll(async () => {
    await closeDb()
    await dropAfter?.()
  })

  return {
    db: () => {
      if (!database) throw new Error('The test database is not open yet (use it inside a test or hook)')
      return database
    },
  }
}
