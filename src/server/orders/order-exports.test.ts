import { beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_ORDER_LIST_VIEW, type OrderListView } from '@/isomorphic/order-list-view'
import { insertConsoleOrder } from '../../../tests/factories/console-orders'
import { createDecorationPartner, createLogo } from '../../../tests/factories/catalog'
import { createWebsite } from '../../../tests/factories/website'
import { countQueries } from '../../../tests/setup/query-count'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { decorationPartnerContext, staffContext } from '../../../tests/support/staff'
import type { CoreContext } from '../kernel/context'
import { csvField, exportOrderLinesCsv, exportOrdersCsv } from './order-exports'

// CSV exports of the console's order list (issue 15): same filters as the list, read in keyset
// batches, RFC 4180, spreadsheet formulas neutralised, money in dollars, times ISO.

/** An RFC 4180 reader (quoted fields, doubled quotes, CRLF records) to check what the export wrote. */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      record.push(field)
      field = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field)
      records.push(record)
      record = []
      field = ''
      i++
    } else field += c
  }
  expect(field).toBe('')
  expect(record).toEqual([])
  return records
}

async function collect(chunks: AsyncIterable<string>): Promise<{ text: string; chunks: number }> {
  let text = ''
  let count = 0
  for await (const chunk of chunks) {
    text += chunk
    count++
  }
  return { text, chunks: count }
}

/** Records as objects keyed by the header row. */
function table(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text)
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])))
}

describe('a CSV field', () => {
  test('is quoted when it holds a comma, a quote or a line break, with quotes doubled', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('Smith, Jo')).toBe('"Smith, Jo"')
    expect(csvField('the "big" one')).toBe('"the ""big"" one"')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField(null)).toBe('')
    expect(csvField(12)).toBe('12')
  })

  test('starting with = + - @ a tab or a carriage return gets a leading apostrophe', () => {
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvField(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`)
    expect(csvField('\rcmd')).toBe('"\'\rcmd"')
    expect(csvField('=HYPERLINK("http://x.example","a, b")')).toBe('"\'=HYPERLINK(""http://x.example"",""a, b"")"')
    expect(csvField('a=b')).toBe('a=b')
  })
})

describe.each(testDatabaseKinds())('order exports on %s', (kind) => {
  useTestDatabase(kind)
  let storeA: number
  let storeB: number
  let owner: CoreContext
  let partner: number
  const view = (change: Partial<OrderListView> = {}): OrderListView => ({ ...DEFAULT_ORDER_LIST_VIEW, ...change })
  const start = Date.parse('2026-04-01T08:00:00.000Z')

  beforeAll(async () => {
    storeA = (await createWebsite({ name: 'Granite, Ridge "Store"' })).id
    storeB = (await createWebsite({ name: 'Harbor Store' })).id
    partner = (await createDecorationPartner({ name: 'Stitch Works' })).id
    const logo = await createLogo({ decorationPartnerId: partner, name: 'Crest' })
    owner = await staffContext(storeA, { role: 'owner' })
    // 11 orders in A, placed in pairs at the same instant (ties on the batch boundaries), 2 lines each.
    for (let i = 0; i < 11; i++) {
      await insertConsoleOrder({
        websiteId: storeA,
        name: `S0${1000 + i}`,
        createdAt: new Date(start + Math.floor(i / 2) * 60_000),
        amountTotal: 1250 + i,
        lines: [{ quantity: 2, unitPriceAmount: 625, logoId: logo.id, logoName: 'Crest' }, { quantity: 1, unitPriceAmount: 1 }],
      })
    }
    await insertConsoleOrder({ websiteId: storeA, name: 'S02000', partnerName: '=HYPERLINK("http://evil.example","Click")', partnerEmail: '+1@example.com', createdAt: new Date(start - 86_400_000) })
    await insertConsoleOrder({ websiteId: storeA, name: 'S02001', partnerName: 'Line\nBreak, "Quoted"', partnerEmail: '@home@example.com', createdAt: new Date(start - 2 * 86_400_000) })
    await insertConsoleOrder({ websiteId: storeB, name: 'S03000', partnerName: 'Harbor Buyer', createdAt: new Date(start) })
  })

  test('the orders export holds every order of the view once, in its sort, across batch boundaries with ties', async () => {
    for (const batchSize of [1, 2, 3, 4, 1000]) {
      const { text, chunks } = await collect(exportOrdersCsv(owner, view({ websiteId: storeA }), { batchSize }))
      const rows = table(text)
      expect(rows.map((row) => row.reference)).toEqual(['S01010', 'S01009', 'S01008', 'S01007', 'S01006', 'S01005', 'S01004', 'S01003', 'S01002', 'S01001', 'S01000', 'S02000', 'S02001'])
      expect(chunks).toBe(Math.ceil(13 / batchSize))
    }
  })

  test('an export reads the database once per batch, never all of it at once', async () => {
    const { queries } = await countQueries(() => collect(exportOrdersCsv(owner, view({ websiteId: storeA }), { batchSize: 4 })))
    expect(queries).toBe(4)
  })

  test('money is decimal dollars, times ISO 8601, text quoted as RFC 4180 and formulas neutralised', async () => {
    const rows = table((await collect(exportOrdersCsv(owner, view({ websiteId: storeA })))).text)
    const first = rows.find((row) => row.reference === 'S01001')!
    expect(first).toMatchObject({ store: 'Granite, Ridge "Store"', placed_at: '2026-04-01T08:00:00.000Z', total: '12.51', items: '3', state: 'sale', payment_state: 'paid', refunded: '0.00' })
    const formula = rows.find((row) => row.reference === 'S02000')!
    expect(formula.customer_name).toBe('\'=HYPERLINK("http://evil.example","Click")')
    expect(formula.customer_email).toBe("'+1@example.com")
    const quoted = rows.find((row) => row.reference === 'S02001')!
    expect(quoted).toMatchObject({ customer_name: 'Line\nBreak, "Quoted"', customer_email: "'@home@example.com" })
  })

  test('the lines export writes each line of each order, with its logo and decoration partner, across batches', async () => {
    const whole = table((await collect(exportOrderLinesCsv(owner, view({ websiteId: storeA })))).text)
    const batched = table((await collect(exportOrderLinesCsv(owner, view({ websiteId: storeA }), { batchSize: 3 }))).text)
    expect(batched).toEqual(whole)
    expect(whole).toHaveLength(11 * 2 + 2)
    expect(whole.slice(0, 2)).toEqual([
      expect.objectContaining({ reference: 'S01010', line: '1', logo: 'Crest', decoration_partner: 'Stitch Works', quantity: '2', unit_price: '6.25', subtotal: '12.50' }),
      expect.objectContaining({ reference: 'S01010', line: '2', logo: '', decoration_partner: '', quantity: '1', unit_price: '0.01', subtotal: '0.01' }),
    ])
  })

  test('the export takes the list filters: a decoration partner, a search, a state', async () => {
    const partnerOrders = table((await collect(exportOrdersCsv(owner, view({ decorationPartnerId: partner })))).text)
    expect(partnerOrders).toHaveLength(11)
    expect(table((await collect(exportOrdersCsv(owner, view({ q: 'S0200' })))).text).map((row) => row.reference)).toEqual(['S02000', 'S02001'])
    expect(table((await collect(exportOrdersCsv(owner, view({ state: 'cancel' })))).text)).toEqual([])
  })

  test("a store manager's export holds only their stores; another store gives a header and nothing else", async () => {
    const manager = await staffContext(storeA, { role: 'store_manager', storeIds: [storeA] })
    const rows = table((await collect(exportOrdersCsv(manager, view({ pageSize: 100 })))).text)
    expect(rows.map((row) => row.reference)).not.toContain('S03000')
    expect(rows).toHaveLength(13)
    const other = (await collect(exportOrderLinesCsv(manager, view({ websiteId: storeB })))).text
    expect(parseCsv(other)).toHaveLength(1)
  })

  test("a decoration partner's member is refused before anything is read", async () => {
    const member = await decorationPartnerContext(storeA, partner)
    expect(await refusal(collect(exportOrdersCsv(member, view())))).toMatchObject({ code: 'unauthorized' })
    expect(await refusal(collect(exportOrderLinesCsv(member, view())))).toMatchObject({ code: 'unauthorized' })
  })
})
