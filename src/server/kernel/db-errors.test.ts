import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { cloneDatabase, databaseUrlFor, dropPostgresDatabase } from '../../../tests/setup/postgres-template'
import { closedPortUrl } from '../../../tests/support/store-ledger'
import { adoptConnection, closeDb, type Database, openConnection } from '../db/client'
import { isDatabaseUnavailable } from './db-errors'

// A database that is gone (restarting, refusing, cutting connections) is told apart from every
// other failure (the API answers it 503: src/app/api/database-unavailable.test.ts), and the app's
// pool lives through it: the process survives a connection dying in the middle of a transaction
// (node-postgres would otherwise raise an unhandled 'error' event on the checked-out client and end
// the process), and restarts do not drain the pool.

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (error: unknown) => error,
  )

describe('with a database that refuses connections', () => {
  let db: Database

  beforeAll(async () => {
    await closeDb()
    const connection = await openConnection({ databaseUrl: (await closedPortUrl()).replace('http://', 'postgres://user@') + '/store' })
    adoptConnection(connection)
    db = connection.db
  })
  afterAll(() => closeDb())

  test('a query fails with an error recognised as the database being unavailable', async () => {
    expect(isDatabaseUnavailable(await failureOf(db.execute(sql`select 1`)))).toBe(true)
  })

  test('other failures are not mistaken for it', () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false)
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false)
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false)
    expect(isDatabaseUnavailable(null)).toBe(false)
  })
})

const adminUrl = process.env.TEST_DATABASE_URL

describe.skipIf(!adminUrl)('on PostgreSQL, a connection terminated by the server', () => {
  let name: string
  let url: string
  let admin: pg.Client
  let connection: Awaited<ReturnType<typeof openConnection>>

  beforeAll(async () => {
    name = await cloneDatabase(adminUrl!, inject('postgresTemplate'))
    url = databaseUrlFor(adminUrl!, name)
    admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    connection = await openConnection({ databaseUrl: url })
  })
  afterAll(async () => {
    await connection?.close()
    await admin?.end()
    if (name) await dropPostgresDatabase(adminUrl!, name)
  })

  const terminate = (pid: number) => admin.query('select pg_terminate_backend($1)', [pid])
  const backendPid = async (executor: Pick<Database, 'execute'>) =>
    ((await executor.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }).rows[0]!.pid

  test('inside a transaction fails that transaction as "unavailable", does not end the process, and the pool recovers', async () => {
    const { db } = connection
    const error = await failureOf(
      db.transaction(async (tx) => {
        await terminate(await backendPid(tx))
        // Let the server's goodbye arrive while the client is checked out and idle.
        await sleep(200)
        await tx.execute(sql`select 1`)
      }),
    )
    expect(isDatabaseUnavailable(error)).toBe(true)
    // The process is still here (an unhandled 'error' event would have ended it) and the next
    // query gets a fresh connection.
    expect(await db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] })
  })

  test('while idle in the pool is replaced without the caller noticing', async () => {
    const { db } = connection
    const pid = await backendPid(db)
    await terminate(pid)
    await sleep(200)
    expect(await backendPid(db)).not.toBe(pid)
  })

  test('again and again, right before transactions begin, never drains the pool: once the database is back every call gets a connection', async () => {
    const { db } = connection
    let failed = 0
    for (let round = 0; round < 8; round++) {
      await Promise.all(Array.from({ length: 5 }, () => db.execute(sql`select 1`)))
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])
      const results = await Promise.allSettled(Array.from({ length: 5 }, () => db.transaction(async (tx) => tx.execute(sql`select 1`))))
      for (const result of results) {
        if (result.status === 'rejected') {
          failed += 1
          expect(isDatabaseUnavailable(result.reason)).toBe(true)
        }
      }
    }
    // Cut transactions fail (the shopper retries); the point is what comes after. More
    // transactions at once than the pool holds (10) all get a connection: with a client lost for
    // good, some would wait out the pool's 5 s connection timeout and fail as "unavailable".
    expect(failed).toBeGreaterThan(0)
    await Promise.all(Array.from({ length: 15 }, () => db.transaction(async (tx) => tx.execute(sql`select pg_sleep(0.05)`))))
  })

  test('during a running statement fails it as "unavailable"', async () => {
    const { db } = connection
    const running = failureOf(db.execute(sql`select pg_sleep(5)`))
    await sleep(200)
    const [sleeper] = (await admin.query<{ pid: number }>(`select pid from pg_stat_activity where datname = $1 and query like '%pg_sleep(5)%' and pid <> pg_backend_pid()`, [name])).rows
    await terminate(sleeper!.pid)
    expect(isDatabaseUnavailable(await running)).toBe(true)
    expect(await db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] })
  })
})
