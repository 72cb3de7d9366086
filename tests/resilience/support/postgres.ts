import pg from 'pg'
import { inject } from 'vitest'
import { adoptConnection, closeDb, type Database, openConnection } from '../../../src/server/db/client'
import { cloneDatabase, databaseUrlFor, dropPostgresDatabase } from '../../setup/postgres-template'

// A PostgreSQL database of the test's own (a resil_* clone of the migrated template), opened the
// way the app opens it (src/server/db/client.ts, so its pool behaviour is what is tested), plus an
// admin connection to another database that can cut the app's connections without being cut.

export type TestPostgres = {
  name: string
  url: string
  db: Database
  admin: pg.Client
  /** Backend pids connected to the test database (the app's pool, a server's pool), not the admin's. */
  backends(): Promise<number[]>
  /** Ends every connection to the test database, as a server restart or failover would. */
  terminateAll(): Promise<number>
  close(): Promise<void>
}

export async function openTestPostgres(): Promise<TestPostgres> {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = await cloneDatabase(adminUrl, inject('postgresTemplate'))
  const url = databaseUrlFor(adminUrl, name)
  await closeDb()
  const connection = await openConnection({ databaseUrl: url })
  adoptConnection(connection)
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  const backends = async () =>
    (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])).rows.map((row) => row.pid)
  return {
    name,
    url,
    db: connection.db,
    admin,
    backends,
    async terminateAll() {
      const { rows } = await admin.query<{ ended: boolean }>('select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])
      return rows.filter((row) => row.ended).length
    },
    async close() {
      await closeDb()
      await admin.end()
      await dropPostgresDatabase(adminUrl, name)
    },
  }
}

/**
 * A fault inside the database, at an exact point of createOrder's transaction: a trigger on
 * `table` that, the first `times` rows inserted after arming, runs `action` in the inserting
 * backend — ending that backend (`terminate`, as if the server restarted mid-transaction) or
 * holding the transaction open (`sleep`, for a kill of the app while it holds). A sequence counts
 * the firings because, unlike a table, it is not rolled back with the transaction it cut.
 */
export async function installTransactionFault(url: string, { table, action, seconds = 5 }: { table: string; action: 'terminate' | 'sleep'; seconds?: number }) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const fn = `resil_fault_${table}`
  const body =
    action === 'terminate'
      ? 'perform pg_terminate_backend(pg_backend_pid()); perform pg_sleep(5);'
      : `perform pg_sleep(${Number(seconds)});`
  try {
    await client.query(`create sequence if not exists ${fn}_fired`)
    await client.query(`create table if not exists ${fn}_armed (times int not null)`)
    await client.query(`
      create or replace function ${fn}() returns trigger language plpgsql as $$
      begin
        if nextval('${fn}_fired') <= (select coalesce(max(times), 0) from ${fn}_armed) then
          ${body}
        end if;
        return new;
      end $$`)
    await client.query(`drop trigger if exists ${fn} on ${table}`)
    await client.query(`create trigger ${fn} before insert on ${table} for each row execute function ${fn}()`)
  } finally {
    await client.end()
  }
  return {
    /** The next `times` inserts into the table fire the fault. */
    async arm(times = 1) {
      const armer = new pg.Client({ connectionString: url })
      await armer.connect()
      try {
        await armer.query(`select setval('${fn}_fired', 1, false)`)
        await armer.query(`delete from ${fn}_armed`)
        await armer.query(`insert into ${fn}_armed (times) values ($1)`, [times])
      } finally {
        await armer.end()
      }
    },
    /** How many inserts the trigger has seen since arming. */
    async fired(): Promise<number> {
      const reader = new pg.Client({ connectionString: url })
      await reader.connect()
      try {
        const { rows } = await reader.query<{ last_value: string; is_called: boolean }>(`select last_value, is_called from ${fn}_fired`)
        return rows[0]!.is_called ? Number(rows[0]!.last_value) : 0
      } finally {
        await reader.end()
      }
    },
  }
}
