import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { countries, mailOutbox } from './schema'
import { prepared, rowParams, rowPlaceholders } from './prepared'

// A prepared statement is built once per database and runs on the connection of whoever asks for
// it: inside a transaction it sees that transaction's writes and its own are rolled back with it.

describe.each(testDatabaseKinds())('prepared statements on %s', (kind) => {
  const { db } = useTestDatabase(kind)

  const insertCountry = () =>
    prepared(db(), 'test_insert_country', (on) =>
      on
        .insert(countries)
        .values({ code: sql.placeholder('code'), name: sql.placeholder('name') })
        .returning({ id: countries.id }),
    )
  const countryByCode = (on: Parameters<typeof prepared>[0]) =>
    prepared(on, 'test_country_by_code', (db) => db.select({ name: countries.name }).from(countries).where(eq(countries.code, sql.placeholder('code'))))

  test('a statement asked for inside a transaction runs in it: it sees the uncommitted row, and its write is rolled back', async () => {
    let seenInside: unknown
    const rollBack = new Error('roll back')
    const outcome = await db()
      .transaction(async (tx) => {
        await prepared(tx, 'test_insert_country', (on) =>
          on.insert(countries).values({ code: sql.placeholder('code'), name: sql.placeholder('name') }).returning({ id: countries.id }),
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
        return db.select({ count: sql<number>`count(*)::int` }).from(countries).where(eq(countries.code, sql.placeholder('code')))
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

  test('a prepared insert of a row stores null as NULL and every other value as its column sends it', async () => {
    const insertMail = (row: typeof mailOutbox.$inferInsert & { html: string | null; sentAt: Date | null }) =>
      prepared(db(), 'test_insert_mail', (on) => on.insert(mailOutbox).values(rowPlaceholders(row)).returning({ id: mailOutbox.id })).execute(rowParams(mailOutbox, row))
    const sentAt = new Date('2026-11-28T12:00:00Z')
    const [queued] = await insertMail({ websiteId: null, to: 'a@example.com', subject: 'Queued', text: 'Hi', html: null, status: 'queued', sentAt: null })
    const [sent] = await insertMail({ websiteId: null, to: 'b@example.com', subject: 'Sent', text: 'Hi', html: '<p>Hi</p>', status: 'sent', sentAt })
    const stored = await db().select({ id: mailOutbox.id, html: mailOutbox.html, sentAt: mailOutbox.sentAt }).from(mailOutbox).where(inArray(mailOutbox.id, [queued!.id, sent!.id])).orderBy(mailOutbox.id)
    expect(stored).toEqual([
      { id: queued!.id, html: null, sentAt: null },
      { id: sent!.id, html: '<p>Hi</p>', sentAt },
    ])
    expect(() => rowParams(mailOutbox, { nowhere: 1 })).toThrow(/not a column/)
  })
})
