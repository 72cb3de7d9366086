import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { getTableColumns, is, Table } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import * as schema from '@/server/db/schema'
import { checkStoreScope } from '../support/store-scope-check'

// Issue 25: no query in src/server reads, changes or removes a store-owned row without its store
// (decision 025). A unit test rather than an ESLint rule: the list of store-owned tables comes from
// the schema itself (a new table with a websiteId column is covered with no list to keep), which
// vitest imports as TypeScript while the lint config is plain JavaScript; and the checker's own
// tests below run on fixture sources like any other unit test.

/** Schema export names of the tables that carry a websiteId column. */
const STORE_OWNED = new Set(Object.entries(schema).flatMap(([name, value]) => (is(value, Table) && 'websiteId' in getTableColumns(value) ? [name] : [])))

const ROOT = path.resolve(import.meta.dirname, '../..')
const serverFiles = readdirSync(path.join(ROOT, 'src/server'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
  .map((file) => path.posix.join('src/server', file.split(path.sep).join('/')))
  .sort()

const fixture = (body: string) =>
  checkStoreScope([{ path: 'fixture.ts', text: `import { and, eq } from 'drizzle-orm'\nimport { orders, orderLines, partners, addresses } from '../db/schema'\n${body}` }], new Set(['orders', 'partners']))

describe('the store-scope check', () => {
  test('finds the store-owned tables in the schema', () => {
    expect(STORE_OWNED).toContain('orders')
    expect(STORE_OWNED).toContain('partners')
    expect(STORE_OWNED).not.toContain('orderLines')
    expect(STORE_OWNED).not.toContain('websites')
  })

  test('fails a query on a store-owned table whose where has no websiteId, naming file:line, the table and the fix', () => {
    const report = fixture(`export const read = (db, id) =>\n  db.select().from(orders).where(eq(orders.id, id))`)
    expect(report.findings).toHaveLength(1)
    expect(report.findings[0]!.message).toMatch(/^fixture\.ts:4: query on store-owned table orders does not name its store: add eq\(orders\.websiteId, ctx\.store\.websiteId\)/)
  })

  test('fails an update and a delete without the store, and a select with no where at all', () => {
    const report = fixture(
      [
        `export async function f(tx, id) {`,
        `  await tx.update(orders).set({ note: '' }).where(eq(orders.id, id))`,
        `  await tx.delete(partners).where(eq(partners.id, id))`,
        `  return tx.select({ id: orders.id }).from(orders)`,
        `}`,
      ].join('\n'),
    )
    expect(report.findings.map((finding) => [finding.line, finding.table])).toEqual([
      [4, 'orders'],
      [5, 'partners'],
      [6, 'orders'],
    ])
  })

  test('passes a query whose where names the store, directly or through a local condition', () => {
    const report = fixture(
      [
        `export async function f(db, ctx, id) {`,
        `  await db.select().from(orders).where(and(eq(orders.id, id), eq(orders.websiteId, ctx.store.websiteId)))`,
        `  const scope = [eq(partners.websiteId, ctx.store.websiteId)]`,
        `  if (id) scope.push(eq(partners.id, id))`,
        `  await db.update(partners).set({ name: '' }).where(and(...scope))`,
        `  await db.delete(orders).where(eq(orders.websiteId, ctx.store.websiteId))`,
        `}`,
      ].join('\n'),
    )
    expect(report.findings).toEqual([])
    expect(report).toMatchObject({ queries: 3, scoped: 3 })
  })

  test('follows a condition built by a function of the same file', () => {
    const report = fixture(`const mine = (websiteId, id) => and(eq(orders.id, id), eq(orders.websiteId, websiteId))\nexport const f = (db, ctx, id) => db.select().from(orders).where(mine(ctx.store.websiteId, id))`)
    expect(report).toMatchObject({ queries: 1, findings: [] })
  })

  test('a websiteId read from another row is a value, not a condition: it proves nothing', () => {
    const report = fixture(`export async function f(db, order) {\n  const other = await db.select().from(orders).where(eq(orders.websiteId, 1))\n  return db.select().from(orders).where(eq(orders.id, other.id))\n}`)
    expect(report.findings.map((finding) => finding.line)).toEqual([5])
  })

  test('passes a join that proves the store: inner joins either way, a left join to the scoped side', () => {
    const report = fixture(
      [
        `export async function f(db, ctx, id) {`,
        `  await db.select().from(partners).innerJoin(orders, eq(orders.partnerId, partners.id)).where(and(eq(orders.id, id), eq(orders.websiteId, ctx.store.websiteId)))`,
        `  await db.select().from(orders).leftJoin(partners, eq(partners.id, orders.partnerId)).where(eq(orders.websiteId, ctx.store.websiteId))`,
        `  await db.select().from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId)).innerJoin(partners, eq(partners.id, orders.partnerId)).where(eq(orders.websiteId, 1))`,
        `}`,
      ].join('\n'),
    )
    expect(report.findings).toEqual([])
  })

  test('fails a left join that does not filter the unscoped side', () => {
    const report = fixture(`export const f = (db, ctx) =>\n  db.select().from(orders).leftJoin(partners, and(eq(partners.id, orders.partnerId), eq(partners.websiteId, ctx.store.websiteId)))`)
    expect(report.findings.map((finding) => finding.table)).toEqual(['orders'])
  })

  test('passes an unscoped query under a reasoned exemption comment, and counts the exemption', () => {
    const report = fixture(`export const f = (db, since) =>\n  // store-scope: the nightly job purges old orders of every store\n  db.delete(orders).where(eq(orders.state, since))`)
    expect(report.findings).toEqual([])
    expect(report.exemptions).toEqual([{ file: 'fixture.ts', line: 4, reason: 'the nightly job purges old orders of every store' }])
  })

  test('fails an exemption comment that gives no reason', () => {
    const report = fixture(`export const f = (db, id) => {\n  // store-scope: ok\n  return db.select().from(orders).where(eq(orders.id, id))\n}`)
    expect(report.findings.map((finding) => finding.message)).toEqual([
      'fixture.ts:4: the store-scope exemption gives no reason; say why this query on orders may cross stores (at least 3 words)',
    ])
  })

  test('fails an exemption comment that excuses nothing', () => {
    const report = fixture(`export const f = (db, ctx) => {\n  // store-scope: left over from an old version\n  return db.select().from(orders).where(eq(orders.websiteId, ctx.store.websiteId))\n}`)
    expect(report.findings.map((finding) => finding.line)).toEqual([4])
  })

  test('ignores tables without a store, inserts, and from() calls that are not drizzle', () => {
    const report = fixture(`export async function f(db, id) {\n  await db.select().from(orderLines).where(eq(orderLines.id, id))\n  await db.insert(orders).values({})\n  return Array.from(orders)\n}`)
    expect(report).toMatchObject({ queries: 0, findings: [] })
  })

  test('checks relational queries and aliased tables', () => {
    const report = fixture(
      [
        `import { alias } from 'drizzle-orm/pg-core'`,
        `const buyer = alias(partners, 'buyer')`,
        `export async function f(db, ctx, id) {`,
        `  await db.query.orders.findFirst({ where: (t, { eq }) => eq(t.id, id) })`,
        `  await db.query.orders.findMany({ where: (t, { and, eq }) => and(eq(t.id, id), eq(t.websiteId, ctx.store.websiteId)) })`,
        `  await db.select().from(buyer).where(eq(buyer.id, id))`,
        `  await db.select().from(buyer).where(eq(buyer.websiteId, ctx.store.websiteId))`,
        `}`,
      ].join('\n'),
    )
    expect(report.findings.map((finding) => [finding.line, finding.table])).toEqual([
      [6, 'orders'],
      [8, 'partners'],
    ])
  })
})

describe('every query in src/server names its store', () => {
  const report = checkStoreScope(
    serverFiles.map((file) => ({ path: file, text: readFileSync(path.join(ROOT, file), 'utf8') })),
    STORE_OWNED,
  )

  test('the check sees the queries, and every exemption gives its reason', () => {
    expect(report.queries).toBeGreaterThan(300)
    for (const exemption of report.exemptions) expect(exemption.reason.split(/\s+/).length).toBeGreaterThanOrEqual(3)
  })

  test('no query on a store-owned table without websiteId in its where, a join that proves it, or a reasoned exemption', () => {
    expect(report.findings.map((finding) => finding.message)).toEqual([])
  })
})
