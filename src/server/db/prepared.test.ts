import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { countries } from './schema'
import { prepared } from './prepared'

// A prepared statement is built once per database and runs on the connection of whoever asks for
// it: inside a transaction it sees that transaction's writes and its own are rolled back with it.

describe.each(testDatabaseKinds())('prepared statements on %s', (kind) => {
  const { db } = useTestDatabase(kind)

  const insertCountry = () =>
    prepared(db(), 'test_insert_country', (on) =>
      on
        .insert(countries)
        .values({ code: sql.placeholder('code'), name: sql.placeholder('name') })
        .returning({ id: countries.id })
        .prepare('test_insert_country'),
    )
  const countryByCode = (on: Parameters<typeof prepared>[0]) =>
    prepared(on, 'test_country_by_code', (db) => db.select({ name: countries.name }).from(countries).where(eq(countries.code, sql.placeholder('code'))).prepare('test_country_by_code'))

  test('a statement asked for inside a transaction runs in it: it sees the uncommitted row, and its write is rolled back', async () => {
    let seenInside: unknown
    const rollBack = new Error('roll back')
    const outcome = await db()
      .transaction(async (tx) => {
        await prepared(tx, 'test_insert_country', (on) =>
          on.insert(countries).values({ code: sql.placeholder('code'), name: sql.placeholder('name') }).returning({ id: countries.id }).prepare('test_insert_country'),
        ).execute({ code: 'QX', name: 'Rolled Back Land' })
        seenInside = await countryByCode(tx).execute({ code: 'QX' })
        throw rollBack
      })
      .catch((error: unknown) => error)
    expect(outcome).toBe(rollBack)
    expect(seenInside).toEqual([{ name: 'Rolled Back Land' }])
    expect(await countryByCode(db()).execute({ code: 'QX' })).toEqual([])
  })

  test('a statement is built once for the database and all its transactions', async () => {
    let builds = 0
    const countryCount = (on: Parameters<typeof prepared>[0]) =>
      prepared(on, 'test_country_count', (db) => {
        builds++
        return db.select({ count: sql<number>`count(*)::int` }).from(countries).where(eq(countries.code, sql.placeholder('code'))).prepare('test_country_count')
      })
    await insertCountry().execute({ code: 'QY', name: 'Committed Land' })
    const inside = await db().transaction(async (tx) => {
      await tx.insert(countries).values({ code: 'QZ', name: 'Inside Land' })
      return [await countryCount(tx).execute({ code: 'QY' }), await countryCount(tx).execute({ code: 'QZ' })]
    })
    expect(inside).toEqual([[{ count: 1 }], [{ count: 1 }]])
    expect(await countryCount(db()).execute({ code: 'QZ' })).toEqual([{ count: 1 }])
    expect(builds).toBe(1)
  })
})
