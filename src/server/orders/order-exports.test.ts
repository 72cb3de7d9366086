import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { DEFAULT_ORDER_LIST_VIEW, type OrderListView } from '@/isomorphic/order-list-view'
import type { OrderData } from '@/isomorphic/order-types'
import { insertConsoleOrder } from '../../../tests/factories/console-orders'
import { createDecorationPartner, createLogo } from '../../../tests/factories/catalog'
import { createCheckoutStore, type CheckoutStore, createRedeemedGiftCard, guestContext, orderBody, signedInCustomer } from '../../../tests/factories/orders'
import { createPromotion } from '../../../tests/factories/store-settings'
import { createWebsite } from '../../../tests/factories/website'
import { countQueries } from '../../../tests/setup/query-count'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { refusal } from '../../../tests/support/domain-refusal'
import { decorationPartnerContext, staffContext } from '../../../tests/support/staff'
import { forgetSigningKey } from '../accounts/signing-key'
import { executeMutation } from '../api/mutation-registry'
import { runQuery } from '../api/query-registry'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { summarizeCart } from '../checkout/cart-summary-service'
import type { CoreContext } from '../kernel/context'
import { type Cents, toCents } from '../kernel/money'
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
    expect(await refusal(collect(exportOrdersCsv(member, view())))).toMatchObject({ code: 'forbidden' })
    expect(await refusal(collect(exportOrderLinesCsv(member, view())))).toMatchObject({ code: 'forbidden' })
  })
})

// Issue 24: the subtotal held the delivery, which has its own column, so no row added up to its
// total. Real checkouts (delivery, tax, promotions, options, gift cards, the allowance, a free
// product, a quotation, an order over the allowance) are exported and every row is summed.
describe.each(testDatabaseKinds())('the amounts of an order export add up on %s', (kind) => {
  useTestDatabase(kind)
  let store: CheckoutStore
  let owner: CoreContext
  const placed: OrderData[] = []

  async function checkout(ctx: CoreContext, overrides: Record<string, unknown> = {}): Promise<OrderData> {
    const { orderSequence } = await runQuery('getOrderId', undefined, ctx)
    const body = orderBody(store, orderSequence, overrides)
    // The total the checkout shows is the one the order is placed with.
    const { orderSummary } = await summarizeCart(ctx, {
      items: body.products,
      address: body.billingaddress,
      deliveryMethodId: body.deliveryMethodId,
      promoCode: (body.promoCode as string | null) ?? undefined,
      orderOptions: body.orderOptions as string[],
      useGiftCards: body.useGiftCards as boolean,
    })
    const answer = (await executeMutation('createOrder', { ...body, expectedTotal: orderSummary.totalPrice }, ctx)) as { createOrder: { order: OrderData } }
    placed.push(answer.createOrder.order)
    return answer.createOrder.order
  }

  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  beforeAll(async () => {
    forgetSigningKey()
    useRateLimiter(createMemoryRateLimiter())
    store = await createCheckoutStore()
    owner = await staffContext(store.websiteId, { role: 'owner' })
    await createPromotion({ websiteId: store.websiteId, name: 'Team ten', promoCodeUsage: 'code_needed', promoCode: 'TEAM10', discountPercentage: 10 })
    await createPromotion({ websiteId: store.websiteId, name: 'Free cap', rewardType: 'product', promoCodeUsage: 'code_needed', promoCode: 'FREECAP', rewardProductId: store.cap.id, rewardProductQuantity: 1 })

    // A guest: products, delivery and tax (the shape: the subtotal held the delivery).
    await checkout(guestContext(store.websiteId))
    // A guest with an order option and a promotion.
    await checkout(guestContext(store.websiteId), { orderOptions: ['gift_wrap'], promoCode: 'TEAM10' })
    // A customer whose gift card and allowance pay part of it.
    const paying = await signedInCustomer(store.websiteId, { budgetAmount: 1000 })
    await createRedeemedGiftCard({ websiteId: store.websiteId, partnerId: paying.partner.id, amount: 2500 })
    await checkout(paying.ctx, { promoCode: 'TEAM10', orderOptions: ['gift_wrap'], useGiftCards: true })
    // A customer whose gift card pays all of it.
    const covered = await signedInCustomer(store.websiteId, { budgetAmount: null })
    await createRedeemedGiftCard({ websiteId: store.websiteId, partnerId: covered.partner.id, amount: 50_000 })
    await checkout(covered.ctx, { useGiftCards: true })
    // A customer over their allowance: the order waits for approval with the rest due.
    const over = await signedInCustomer(store.websiteId, { budgetAmount: 2000 })
    await checkout(over.ctx, { aquirerId: null })
    // A free product of a promotion (a line at its list price, fully discounted) and a quotation.
    await checkout(guestContext(store.websiteId), { promoCode: 'FREECAP' })
    await checkout(guestContext(store.websiteId), { quotation: true })
  })

  /** The store's orders and quotations (the list shows one kind at a time), as exported. */
  async function exported(exporter: typeof exportOrdersCsv): Promise<Record<string, string>[]> {
    const rows: Record<string, string>[] = []
    for (const kind of ['order', 'quotation'] as const) rows.push(...table((await collect(exporter(owner, { ...DEFAULT_ORDER_LIST_VIEW, kind, websiteId: store.websiteId }))).text))
    return rows
  }

  const cents = (cell: string | undefined): Cents => {
    expect(cell).toMatch(/^-?\d+\.\d{2}$/)
    return toCents(Number(cell))
  }

  test('every row: subtotal − discount + options + delivery + tax is the total, and the total less gift cards and allowance is what is due', async () => {
    const rows = await exported(exportOrdersCsv)
    expect(rows.map((row) => row.reference).sort()).toEqual(placed.map((order) => order.name).sort())
    for (const row of rows) {
      const total = cents(row.total)
      expect(cents(row.subtotal) - cents(row.discount) + cents(row.options) + cents(row.delivery) + cents(row.tax), `${row.reference}: the columns up to total`).toBe(total)
      expect(total - cents(row.gift_card) - cents(row.budget), `${row.reference}: total less what balances paid`).toBe(cents(row.due))
      const { amounts } = placed.find((order) => order.name === row.reference)!
      expect({ subtotal: row.subtotal, discount: row.discount, options: row.options, delivery: row.delivery, tax: row.tax, total: row.total, gift_card: row.gift_card, budget: row.budget, due: row.due }).toEqual(
        Object.fromEntries(
          Object.entries({ subtotal: amounts.subTotal, discount: amounts.discount, options: amounts.options, delivery: amounts.shipping, tax: amounts.taxes, total: amounts.total, gift_card: amounts.giftCard, budget: amounts.budget, due: amounts.due }).map(([column, dollars]) => [column, dollars.toFixed(2)]),
        ),
      )
    }
    // The checkouts above reach every column: none of the sums holds only because a column is always zero.
    for (const column of ['subtotal', 'discount', 'options', 'delivery', 'tax', 'gift_card', 'budget', 'due']) expect(rows.some((row) => cents(row[column]) > 0), column).toBe(true)
    expect(rows.find((row) => row.kind === 'order' && row.approval_state === 'awaiting_approval')).toBeDefined()
  })

  test("the lines export's line subtotals add up to each order's subtotal less its discount", async () => {
    const orderRows = await exported(exportOrdersCsv)
    const lineRows = await exported(exportOrderLinesCsv)
    expect(lineRows.some((line) => line.line_type === 'reward' && line.subtotal === '0.00')).toBe(true)
    for (const order of orderRows) {
      const lines = lineRows.filter((line) => line.reference === order.reference)
      expect(lines.length).toBeGreaterThan(0)
      const sum = lines.reduce((total, line) => total + cents(line.subtotal), 0)
      expect(sum, order.reference).toBe(cents(order.subtotal) - cents(order.discount))
    }
  })
})
