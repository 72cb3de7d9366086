import { describe, expect, test } from 'vitest'
import { DEFAULT_ORDER_LIST_VIEW, firstPageOf, type OrderListView, orderListViewToSearch, parseOrderListView } from './order-list-view'

const parse = (search: string) => parseOrderListView(new URLSearchParams(search))

const EVERYTHING: OrderListView = {
  kind: 'quotation',
  state: 'cancel',
  paymentState: 'partially_refunded',
  approvalState: 'awaiting_approval',
  fulfilmentState: 'in_production',
  decorationPartnerId: 7,
  websiteId: 3,
  from: '2026-02-01',
  to: '2026-02-28',
  q: 'jordan b',
  sort: 'total',
  dir: 'asc',
  pageSize: 100,
  cursor: 'eyJzIjoidG90YWwifQ',
}

describe('the order list view in the URL', () => {
  test('an empty query string is the default view: orders, newest first, 25 a page', () => {
    expect(parse('')).toEqual(DEFAULT_ORDER_LIST_VIEW)
    expect(orderListViewToSearch(DEFAULT_ORDER_LIST_VIEW)).toBe('')
  })

  test('a view with every field set round-trips through its search string', () => {
    const search = orderListViewToSearch(EVERYTHING)
    expect(search).toBe(
      '?kind=quotation&state=cancel&payment=partially_refunded&approval=awaiting_approval&fulfilment=in_production&partner=7&store=3&from=2026-02-01&to=2026-02-28&q=jordan+b&sort=total&dir=asc&size=100&cursor=eyJzIjoidG90YWwifQ',
    )
    expect(parse(search)).toEqual(EVERYTHING)
  })

  test('each field round-trips alone, and only non-default fields are written', () => {
    for (const field of Object.keys(EVERYTHING) as (keyof OrderListView)[]) {
      const view = { ...DEFAULT_ORDER_LIST_VIEW, [field]: EVERYTHING[field] }
      const search = orderListViewToSearch(view)
      expect(new URLSearchParams(search).size).toBe(1)
      expect(parse(search)).toEqual(view)
    }
  })

  test('unknown values are dropped and the defaults kept, never thrown', () => {
    const view = parse(
      'kind=invoice&state=cancelled&payment=PAID&approval=&fulfilment=lost&partner=-3&store=1e3&from=2026-02-30&to=yesterday&sort=colour&dir=up&size=1000&cursor=not%20a%20cursor&utm_source=mail',
    )
    expect(view).toEqual(DEFAULT_ORDER_LIST_VIEW)
  })

  test('ids must be whole positive numbers that fit the database', () => {
    expect(parse('store=0').websiteId).toBeNull()
    expect(parse('store=007').websiteId).toBeNull()
    expect(parse('store=2147483648').websiteId).toBeNull()
    expect(parse('store=2147483647').websiteId).toBe(2_147_483_647)
    expect(parse('partner=12').decorationPartnerId).toBe(12)
  })

  test('the search is trimmed, its spaces made one and its length capped; blank is no search', () => {
    expect(parse('q=%20%20Jordan%20%20%20Buyer%20').q).toBe('Jordan Buyer')
    expect(parse('q=%20%20').q).toBeNull()
    expect(parse(`q=${'x'.repeat(500)}`).q).toHaveLength(100)
  })

  test('a search with characters a URL escapes round-trips', () => {
    const view = { ...DEFAULT_ORDER_LIST_VIEW, q: 'o’brien & co +1 = "x"' }
    expect(parse(orderListViewToSearch(view))).toEqual(view)
  })

  test('the first parameter of a repeated one is used', () => {
    expect(parse('state=sale&state=cancel').state).toBe('sale')
  })

  test('changing a filter starts again from the first page', () => {
    const next = firstPageOf(EVERYTHING, { state: 'sale' })
    expect(next).toMatchObject({ state: 'sale', cursor: null, sort: 'total' })
  })
})
