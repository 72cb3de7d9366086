import { beforeAll, describe, expect, test } from 'vitest'
import type { AdminOrderListPage } from '@/isomorphic/contract/admin-orders-list'
import { DEFAULT_ORDER_LIST_VIEW, type OrderListView } from '@/isomorphic/order-list-view'
import { insertConsoleOrder } from '../../../tests/factories/console-orders'
import { createDecorationPartner, createLogo } from '../../../tests/factories/catalog'
import { createWebsite } from '../../../tests/factories/website'
import { countQueries } from '../../../tests/setup/query-count'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { decorationPartnerContext, staffContext } from '../../../tests/support/staff'
import { guestContext } from '../../../tests/factories/orders'
import { executeAdminQuery } from '../api/admin-registry'
import type { CoreContext } from '../kernel/context'
import { PARTNERS_WORK_FROM_WORK_ORDERS } from '../kernel/permissions'
import { listAdminOrders } from './order-list'
import { CURSOR_NOT_VALID, CURSOR_OF_ANOTHER_SORT } from '../kernel/list-cursor'

// The console's order list (issue 15): filters, search, sorts and keyset pages over the stores a
// member acts on, one statement a page.

type Seeded = { id: number; reference: string; websiteId: number; placedAt: Date; total: number; kind: string }

describe.each(testDatabaseKinds())('the console order list on %s', (kind) => {
  useTestDatabase(kind)
  let storeA: { id: number; name: string }
  let storeB: { id: number; name: string }
  let owner: CoreContext
  let seeded: Seeded[]
  let partnerOne: number
  let partnerTwo: number
  const special: Record<string, number> = {}

  const view = (change: Partial<OrderListView> = {}): OrderListView => ({ ...DEFAULT_ORDER_LIST_VIEW, ...change })
  const list = (ctx: CoreContext, change: Partial<OrderListView> = {}) => listAdminOrders(ctx, view(change))
  const ids = (page: AdminOrderListPage) => page.rows.map((row) => row.id)

  beforeAll(async () => {
    storeA = await createWebsite({ name: 'Granite Ridge Store' })
    storeB = await createWebsite({ name: 'Harbor Store' })
    partnerOne = (await createDecorationPartner({ name: 'Stitch Works' })).id
    partnerTwo = (await createDecorationPartner({ name: 'Ink Yard' })).id
    const logoOne = await createLogo({ decorationPartnerId: partnerOne })
    const logoTwo = await createLogo({ decorationPartnerId: partnerTwo })
    owner = await staffContext(storeA.id, { role: 'owner' })
    seeded = []
    const keep = (row: { id: number; name: string; websiteId: number; createdAt: Date; amountTotal: number; kind: string }) =>
      seeded.push({ id: row.id, reference: row.name, websiteId: row.websiteId, placedAt: row.createdAt, total: row.amountTotal, kind: row.kind })

    // 60 orders in store A placed three at a time (ties on the time), totals repeating every 7.
    const start = Date.parse('2026-03-01T10:00:00.000Z')
    for (let i = 0; i < 60; i++) {
      const row = await insertConsoleOrder({ websiteId: storeA.id, createdAt: new Date(start + Math.floor(i / 3) * 3_600_000), amountTotal: 1000 + (i % 7) * 250 })
      keep(row)
    }
    const at = (day: string) => new Date(`${day}T12:00:00.000Z`)
    const specials: [string, Parameters<typeof insertConsoleOrder>[0]][] = [
      ['cancelled', { websiteId: storeA.id, state: 'cancel', paymentState: 'refunded', createdAt: at('2026-02-10') }],
      ['awaitingApproval', { websiteId: storeA.id, state: 'draft', approvalState: 'awaiting_approval', paymentState: 'pending', createdAt: at('2026-02-11') }],
      ['inProduction', { websiteId: storeA.id, fulfilmentState: 'in_production', paymentState: 'pending', createdAt: at('2026-02-12') }],
      ['quotation', { websiteId: storeA.id, kind: 'quotation', state: 'draft', paymentState: 'not_paid', createdAt: at('2026-02-13') }],
      ['partnerOne', { websiteId: storeA.id, createdAt: at('2026-02-14'), lines: [{ quantity: 3, logoId: logoOne.id }, { quantity: 1 }] }],
      ['bothPartners', { websiteId: storeA.id, createdAt: at('2026-02-15'), lines: [{ quantity: 1, logoId: logoOne.id }, { quantity: 4, logoId: logoTwo.id }, { quantity: 1, lineType: 'setup' }] }],
      ['jordan', { websiteId: storeA.id, partnerName: 'Jordan Buyer', partnerEmail: 'Jordan.Buyer@Example.com', createdAt: at('2026-02-16') }],
      ['percent', { websiteId: storeA.id, partnerName: '100% Cotton Club', partnerEmail: 'club@example.net', createdAt: at('2026-02-16') }],
      ['short', { websiteId: storeA.id, name: 'S99999', createdAt: at('2026-01-01') }],
      ['long', { websiteId: storeA.id, name: 'S100000', createdAt: at('2026-01-02') }],
      ['s42', { websiteId: storeA.id, name: 'S00042', createdAt: at('2026-01-03') }],
      ['s420', { websiteId: storeA.id, name: 'S00420', createdAt: at('2026-01-04') }],
    ]
    for (const [name, input] of specials) {
      const row = await insertConsoleOrder(input)
      special[name] = row.id
      keep(row)
    }
    for (let i = 0; i < 5; i++) {
      const row = await insertConsoleOrder({ websiteId: storeB.id, partnerName: `Harbor ${i}`, partnerEmail: `jordan.harbor${i}@example.com`, createdAt: new Date(start + i * 60_000) })
      special[`harbor${i}`] = row.id
      keep(row)
    }
  })

  /** The seeded orders of `websiteIds` in the order a sort reads them. */
  function expected(sort: OrderListView['sort'], dir: OrderListView['dir'], keep: (row: Seeded) => boolean = () => true): number[] {
    const key = (row: Seeded): (number | string)[] =>
      sort === 'placed' ? [row.placedAt.getTime(), row.id] : sort === 'total' ? [row.total, row.id] : [row.reference.length, row.reference, row.id]
    const rows = seeded.filter((row) => row.kind === 'order' && keep(row))
    rows.sort((a, b) => {
      const [ka, kb] = [key(a), key(b)]
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return (ka[i]! < kb[i]! ? -1 : 1) * (dir === 'asc' ? 1 : -1)
      return 0
    })
    return rows.map((row) => row.id)
  }

  test('an owner sees the orders of every store, newest first, with their store, customer, total and pieces', async () => {
    const page = await list(owner, { pageSize: 100 })
    expect(ids(page)).toEqual(expected('placed', 'desc'))
    const both = page.rows.find((row) => row.id === special.bothPartners)
    expect(both).toMatchObject({ storeName: 'Granite Ridge Store', total: 10, items: 5, state: 'sale', paymentState: 'paid', fulfilmentState: 'unfulfilled', kind: 'order' })
    expect(both!.placedAt).toBe('2026-02-15T12:00:00.000Z')
    expect(page.rows.find((row) => row.id === special.harbor0)).toMatchObject({ storeName: 'Harbor Store', customerName: 'Harbor 0' })
  })

  test('quotations are not orders: they show only when asked for', async () => {
    expect(ids(await list(owner, { pageSize: 100 }))).not.toContain(special.quotation)
    expect(ids(await list(owner, { kind: 'quotation' }))).toEqual([special.quotation])
  })

  test('each state filter keeps only its orders', async () => {
    expect(ids(await list(owner, { state: 'cancel' }))).toEqual([special.cancelled])
    expect(ids(await list(owner, { approvalState: 'awaiting_approval' }))).toEqual([special.awaitingApproval])
    expect(ids(await list(owner, { fulfilmentState: 'in_production' }))).toEqual([special.inProduction])
    expect(ids(await list(owner, { paymentState: 'pending' }))).toEqual([special.inProduction, special.awaitingApproval])
    expect(ids(await list(owner, { paymentState: 'refunded', state: 'sale' }))).toEqual([])
  })

  test("a decoration partner's filter keeps the orders carrying one of its logos", async () => {
    expect(ids(await list(owner, { decorationPartnerId: partnerOne }))).toEqual([special.bothPartners, special.partnerOne])
    expect(ids(await list(owner, { decorationPartnerId: partnerTwo }))).toEqual([special.bothPartners])
    const logoless = (await createDecorationPartner()).id
    expect(ids(await list(owner, { decorationPartnerId: logoless }))).toEqual([])
  })

  test('a date range holds whole UTC days, both ends included', async () => {
    expect(ids(await list(owner, { from: '2026-02-12', to: '2026-02-14' }))).toEqual([special.partnerOne, special.inProduction])
    expect(ids(await list(owner, { from: '2026-02-16', to: '2026-02-16' })).sort()).toEqual([special.jordan, special.percent].sort())
    expect(ids(await list(owner, { to: '2026-01-02' }))).toEqual([special.long, special.short])
    expect(ids(await list(owner, { from: '2026-02-20', to: '2026-02-19' }))).toEqual([])
  })

  test('a store filter keeps that store', async () => {
    expect(ids(await list(owner, { websiteId: storeB.id }))).toEqual(expected('placed', 'desc', (row) => row.websiteId === storeB.id))
  })

  test('a reference is found by its beginning in any case, or by its number', async () => {
    expect(ids(await list(owner, { q: 'S00042' }))).toEqual([special.s42])
    expect(ids(await list(owner, { q: 's00042' }))).toEqual([special.s42])
    expect(ids(await list(owner, { q: '42' }))).toEqual([special.s42])
    expect(ids(await list(owner, { q: '420' }))).toEqual([special.s420])
    expect(ids(await list(owner, { q: 'S004' }))).toEqual([special.s420])
    expect(ids(await list(owner, { q: 'S000' }))).toEqual([special.s42])
    expect(ids(await list(owner, { q: '100000' }))).toEqual([special.long])
  })

  test('an email is found whole or by its beginning, in any case', async () => {
    expect(ids(await list(owner, { q: 'jordan.buyer@example.com' }))).toEqual([special.jordan])
    expect(ids(await list(owner, { q: 'JORDAN.BUYER@' }))).toEqual([special.jordan])
    expect(ids(await list(owner, { q: 'jordan.harbor' }))).toHaveLength(5)
    expect(ids(await list(owner, { q: 'ordan.buyer@example.com' }))).toEqual([])
  })

  test('a name is found by its beginning, in any case; LIKE wildcards are taken literally', async () => {
    expect(ids(await list(owner, { q: 'jordan b' }))).toEqual([special.jordan])
    expect(ids(await list(owner, { q: 'JORDAN' }))).toHaveLength(6)
    expect(ids(await list(owner, { q: '100%' }))).toEqual([special.percent])
    expect(ids(await list(owner, { q: '%' }))).toEqual([])
    expect(ids(await list(owner, { q: '_ordan' }))).toEqual([])
  })

  test('a name is found by any of its words from their beginning (issue 26): Buyer finds Jordan Buyer; the middle of a word finds nothing', async () => {
    expect(ids(await list(owner, { q: 'Buyer' }))).toEqual([special.jordan])
    expect(ids(await list(owner, { q: 'buy' }))).toEqual([special.jordan])
    expect(ids(await list(owner, { q: 'cotton club' }))).toEqual([special.percent])
    expect(ids(await list(owner, { q: 'club cotton' }))).toEqual([special.percent])
    expect(ids(await list(owner, { q: 'uyer' }))).toEqual([])
    expect(ids(await list(owner, { q: "buyer' | !x:*" }))).toEqual([])
  })

  test('a reference sorts by its number: S99999 before S100000', async () => {
    const page = await list(owner, { sort: 'reference', dir: 'asc', pageSize: 100 })
    expect(ids(page)).toEqual(expected('reference', 'asc'))
    expect(ids(page).indexOf(special.short!)).toBeLessThan(ids(page).indexOf(special.long!))
  })

  for (const sort of ['placed', 'total', 'reference'] as const) {
    for (const dir of ['desc', 'asc'] as const) {
      test(`pages of ${sort} ${dir} never skip or repeat a row, forwards and backwards`, async () => {
        const want = expected(sort, dir)
        const forward: AdminOrderListPage[] = []
        let page = await list(owner, { sort, dir })
        expect(page.previousCursor).toBeNull()
        forward.push(page)
        while (page.nextCursor) {
          page = await list(owner, { sort, dir, cursor: page.nextCursor })
          forward.push(page)
        }
        expect(forward.flatMap(ids)).toEqual(want)
        expect(forward.map((p) => p.rows.length)).toEqual([25, 25, 25, want.length - 75])

        const backward: AdminOrderListPage[] = [page]
        while (page.previousCursor) {
          page = await list(owner, { sort, dir, cursor: page.previousCursor })
          backward.unshift(page)
        }
        expect(backward.map(ids)).toEqual(forward.map(ids))
        expect(backward[0]!.previousCursor).toBeNull()
        expect(backward[0]!.nextCursor).not.toBeNull()
      })
    }
  }

  test('an order placed while someone pages neither shifts nor repeats the rows after their cursor', async () => {
    const first = await list(owner, { websiteId: storeA.id })
    const late = await insertConsoleOrder({ websiteId: storeA.id, createdAt: new Date('2026-12-31T00:00:00Z') })
    const second = await list(owner, { websiteId: storeA.id, cursor: first.nextCursor })
    const want = expected('placed', 'desc', (row) => row.websiteId === storeA.id)
    expect(ids(second)).toEqual(want.slice(25, 50))
    seeded.push({ id: late.id, reference: late.name, websiteId: late.websiteId, placedAt: late.createdAt, total: late.amountTotal, kind: late.kind })
  })

  test('a page costs one statement, whatever the page and its size (two with a partner filter)', async () => {
    const first = await countQueries(() => list(owner))
    const deep = await countQueries(() => list(owner, { cursor: first.result.nextCursor }))
    const big = await countQueries(() => list(owner, { pageSize: 100, sort: 'reference' }))
    const partner = await countQueries(() => list(owner, { decorationPartnerId: partnerOne, q: 'Customer' }))
    expect([first.queries, deep.queries, big.queries, partner.queries]).toEqual([1, 1, 1, 2])
  })

  test("a store manager of store A never sees store B's orders, and a filter for store B gives nothing", async () => {
    const manager = await staffContext(storeA.id, { role: 'store_manager', storeIds: [storeA.id] })
    const all = await list(manager, { pageSize: 100 })
    expect(ids(all)).toEqual(expected('placed', 'desc', (row) => row.websiteId === storeA.id))
    expect(await list(manager, { websiteId: storeB.id })).toEqual({ rows: [], nextCursor: null, previousCursor: null })
    expect(ids(await list(manager, { q: 'jordan.harbor' }))).toEqual([])
    const fulfilment = await staffContext(storeB.id, { role: 'fulfilment', storeIds: [storeB.id] })
    expect(ids(await list(fulfilment, { pageSize: 100 }))).toEqual(expected('placed', 'desc', (row) => row.websiteId === storeB.id))
  })

  test("a decoration partner's member and a shopper are refused: partners work from their work orders", async () => {
    const member = await decorationPartnerContext(storeA.id, partnerOne)
    // Signed in, so not a 401 (which sends a browser to the sign-in form): a 403 that says where their work is.
    expect(await refusal(list(member))).toMatchObject({ code: 'forbidden', userMessage: PARTNERS_WORK_FROM_WORK_ORDERS })
    expect(PARTNERS_WORK_FROM_WORK_ORDERS).toContain('/admin/work-orders')
    expect(await refusal(list(guestContext(storeA.id)))).toMatchObject({ code: 'unauthorized' })
  })

  test('a cursor of another sort, or one that is not a cursor, is a 400 asking to start again', async () => {
    const byTotal = await list(owner, { sort: 'total' })
    expect(await refusal(list(owner, { cursor: byTotal.nextCursor }))).toMatchObject({ code: 'invalid', userMessage: CURSOR_OF_ANOTHER_SORT })
    const forged = Buffer.from(JSON.stringify(['placed', 'desc', ["2026'; drop table orders", 1], 0])).toString('base64url')
    expect(await refusal(list(owner, { cursor: forged }))).toMatchObject({ code: 'invalid', userMessage: CURSOR_NOT_VALID })
    expect(await refusal(list(owner, { cursor: 'bm90IGpzb24' }))).toMatchObject({ code: 'invalid', userMessage: CURSOR_NOT_VALID })
  })

  test('the admin query `orders` takes the view with its defaults and refuses values it does not know', async () => {
    const page = (await executeAdminQuery('orders', { state: 'cancel' }, owner)) as AdminOrderListPage
    expect(ids(page)).toEqual([special.cancelled])
    expect(await refusal(executeAdminQuery('orders', { pageSize: 30 }, owner))).toMatchObject({ code: 'invalid' })
    expect(await refusal(executeAdminQuery('orders', { state: 'lost' }, owner))).toMatchObject({ code: 'invalid' })
    expect(await refusal(executeAdminQuery('orders', { from: '2026-02-30' }, owner))).toMatchObject({ code: 'invalid' })
  })
})
