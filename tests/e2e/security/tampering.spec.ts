import { rememberSecret } from '../support/server-logs.mjs'
import { type Caller, expect, raw, test } from './attack'
import { demoCatalog, orderBody, STANDARD_GROUND, summarize } from './shop'

// Price, quantity and currency tampering (security.md 4.1, 4.2, 4.5; invariants 1 and 3): the
// browser sends ids and whole pieces only; every amount, and the currency, is the server's.

/** Quantities no cart accepts: negative, zero, fractional, huge, text, lists, null, an object. */
const BAD_QUANTITIES: [string, unknown][] = [
  ['negative', -1],
  ['zero', 0],
  ['fractional', 1.5],
  ['a billion', 1e9],
  ['past the per-size limit', 10_001],
  ['text', '2'],
  ['NaN as text', 'NaN'],
  ['a list', [1, 2]],
  ['null', null],
  ['an object', { pieces: 2 }],
]

/** Fields that would set a price, a total, a currency or a state if anything read them. */
const SMUGGLED_ORDER_FIELDS: [string, unknown][] = [
  ['currency', 'EUR'],
  ['total', 0.01],
  ['amountTotal', 1],
  ['subTotal', 0],
  ['shipping', 0],
  ['taxes', 0],
  ['discount', 1000],
  ['state', 'sale'],
  ['paymentState', 'paid'],
  ['approvalState', 'approved'],
  ['partnerId', 1],
  ['websiteId', 2],
  ['budgetAmount', 1e6],
]

const SMUGGLED_LINE_FIELDS: [string, unknown][] = [
  ['price', 0.01],
  ['unitPrice', 0.01],
  ['unitPrices', { M: 0.01 }],
  ['priceTotal', 0.02],
  ['currency', 'EUR'],
  ['discount', 100],
]

async function ordersOf(caller: Caller): Promise<string[]> {
  const answer = await caller.query('getOrders', { filter: { uid: caller.account!.uid } })
  expect(answer.status, answer.text).toBe(200)
  return (answer.json.orders.orders as { name: string }[]).map((order) => order.name)
}

test('the cart summary prices lines from the catalogue and refuses prices, totals, currencies and bad quantities', async ({ attack }) => {
  const shopper = await attack.caller('cart-tamperer')
  const shop = await demoCatalog(shopper)
  const base = { items: [shop.item({ M: 2 })], address: shop.address(), deliveryMethodId: STANDARD_GROUND }

  const honest = await summarize(shopper, base)
  expect(honest.status, honest.text).toBe(200)
  const summary = honest.json.data.orderSummary
  expect(honest.json.data.lines[0].unitPrices).toEqual({ M: shop.unitPrice })
  expect(summary.subTotal).toBe(2 * shop.unitPrice)
  expect(summary.totalPrice).toBeCloseTo(summary.subTotal + summary.shipping + summary.taxes, 2)
  expect(summary.totalPrice).toBeGreaterThan(0)

  for (const [what, value] of BAD_QUANTITIES) {
    const answer = await summarize(shopper, { ...base, items: [shop.item({ M: value as number })] })
    expect(answer.status, `a ${what} quantity`).toBe(400)
  }
  const duplicated = await shopper.post('/api/cart/summary', raw(JSON.stringify(base).replace('{"M":2}', '{"M":2,"M":-5}')))
  expect(duplicated.status, 'a size given twice').toBe(400)
  // Lines of the same product are added up before the limit is checked.
  const split = await summarize(shopper, { ...base, items: Array.from({ length: 11 }, () => shop.item({ M: 1000 })) })
  expect(split.status, 'eleven lines of 1,000 pieces of one size').toBe(400)

  for (const [field, value] of SMUGGLED_LINE_FIELDS) {
    const answer = await summarize(shopper, { ...base, items: [{ ...shop.item({ M: 2 }), [field]: value }] })
    expect(answer.status, `a line with ${field}`).toBe(400)
  }
  for (const [field, value] of SMUGGLED_ORDER_FIELDS) {
    const answer = await summarize(shopper, { ...base, [field]: value })
    expect(answer.status, `a summary request with ${field}`).toBe(400)
  }
  expect((await summarize(shopper, base)).json.data.orderSummary).toEqual(summary)
})

test('createOrder refuses a tampered total, price, currency, quantity or state, places nothing, and then places the honest order at the server’s price', async ({ attack }) => {
  const buyer = await attack.callerAs('tamperer')
  const shop = await demoCatalog(buyer)
  const before = await ordersOf(buyer)
  const honest = await orderBody(buyer, { quotation: true })
  const total = honest.expectedTotal as number

  // 0: any refusal (4xx) will do.
  const attempts: [string, Record<string, unknown>, number][] = [
    ['a total of one cent', { expectedTotal: 0.01 }, 409],
    ['a total of zero', { expectedTotal: 0 }, 409],
    ['a total a cent short', { expectedTotal: Math.round(total * 100 - 1) / 100 }, 409],
    ['a negative total', { expectedTotal: -total }, 400],
    ['a total of a billion', { expectedTotal: 1e9 }, 400],
    ['the total as text', { expectedTotal: String(total) }, 400],
    ['a line with a price', { products: [{ ...shop.item(), price: 0.01 }] }, 400],
    ['a line with unit prices', { products: [{ ...shop.item(), unitPrices: { M: 0.01 } }] }, 400],
    ['a negative quantity', { products: [shop.item({ M: -2 })] }, 400],
    ['a zero quantity', { products: [shop.item({ M: 0 })] }, 400],
    ['a fractional quantity', { products: [shop.item({ M: 1.5 })] }, 400],
    ['a billion pieces', { products: [shop.item({ M: 1e9 })] }, 400],
    ['no lines', { products: [] }, 400],
    ['an unknown product', { products: [{ ...shop.item(), productId: 2_147_480_000 }] }, 0],
    ['a delivery method that does not exist', { deliveryMethodId: 2_147_480_000 }, 0],
    ...SMUGGLED_ORDER_FIELDS.map(([field, value]): [string, Record<string, unknown>, number] => [`a smuggled ${field}`, { [field]: value }, 400]),
  ]
  for (const [what, change, status] of attempts) {
    const answer = await buyer.mutate('createOrder', { ...honest, ...change })
    if (status === 0) expect(Math.floor(answer.status / 100), `${what}: ${answer.text.slice(0, 300)}`).toBe(4)
    else expect([answer.status, what], answer.text.slice(0, 300)).toEqual([status, what])
    if (status === 409) expect(answer.json.data.orderSummary.totalPrice, `${what}: the answer carries the server's total`).toBe(total)
  }
  expect(await ordersOf(buyer), 'no order was placed by a tampered request').toEqual(before)

  const placed = await buyer.mutate('createOrder', honest)
  expect(placed.status, placed.text).toBe(200)
  const order = placed.json.createOrder.order
  buyer.own(order.accessToken)
  expect(order.amounts.total).toBe(total)
  expect(order.amounts.subTotal).toBe(2 * shop.unitPrice)
  expect(Object.values(order.amounts as Record<string, number>).every((amount) => amount >= 0)).toBe(true)
  expect(await ordersOf(buyer)).toEqual([order.name, ...before])
})

test('one reference placed ten times at once makes one order, and a changed order under a used reference is refused', async ({ attack }) => {
  const buyer = await attack.callerAs('double-clicker')
  const shop = await demoCatalog(buyer)
  const before = await ordersOf(buyer)
  const body = await orderBody(buyer, { quotation: true })

  const answers = await Promise.all(Array.from({ length: 10 }, () => buyer.mutate('createOrder', body)))
  for (const answer of answers) expect(answer.status, answer.text).toBe(200)
  const ids = new Set(answers.map((answer) => answer.json.createOrder.order.id as number))
  expect(ids.size, 'every answer names the same order').toBe(1)
  buyer.own(answers[0]!.json.createOrder.order.accessToken)
  expect((await ordersOf(buyer)).length).toBe(before.length + 1)

  const changed = await buyer.mutate('createOrder', { ...body, products: [shop.item({ L: 1 })] })
  expect(changed.status).toBe(409)
  expect((await ordersOf(buyer)).length).toBe(before.length + 1)

  const stolen = await (await attack.callerAs('reference-thief')).mutate('createOrder', { ...body, partneremail: 'thief@example.com' })
  expect(stolen.status, 'a reference another caller reserved').toBeGreaterThanOrEqual(400)
  expect(stolen.status).toBeLessThan(500)
})

/** Stripe's test cards, written as a careless client might send them. */
const CARD_NUMBERS = ['4242424242424242', '4000 0566 5566 5556', '5555-5555-5555-4444']

test('card data a client sends with an order, a price or a sign-in is kept nowhere and answered back to nobody', async ({ attack }) => {
  // The store never takes card data (security.md 3): whatever comes must not be logged either
  // (tests/e2e/security/server-logs.teardown.ts looks for these numbers once the run is over).
  for (const card of CARD_NUMBERS) {
    rememberSecret('a card number sent to the store', card)
    attack.journal.forbid(card)
  }
  const buyer = await attack.callerAs('card-sender')
  const shop = await demoCatalog(buyer)
  const body = await orderBody(buyer, { quotation: true })
  const card = { cardNumber: CARD_NUMBERS[0], cvc: '737', expiry: '03/30', holder: 'Card Sender' }

  // The order's free-form transaction details are ignored, never stored.
  const placed = await buyer.mutate('createOrder', { ...body, transactiondetails: card })
  expect(placed.status, placed.text).toBe(200)
  buyer.own(placed.json.createOrder.order.accessToken)
  const details = await buyer.query('getOrderDetails', { id: placed.json.createOrder.order.id })
  expect(details.status).toBe(200)
  expect(details.text).not.toMatch(/cardNumber|"cvc"|03\/30/)

  // Anywhere else it is refused as an unknown field, or as a wrong password.
  const summary = await summarize(buyer, { items: [shop.item()], card: { ...card, cardNumber: CARD_NUMBERS[1] } })
  expect(summary.status, summary.text).toBe(400)
  const signIn = await (await attack.caller('card-as-password')).post('/api/user/login', { login: buyer.account!.email, password: CARD_NUMBERS[2] })
  expect(signIn.status).toBe(401)
})
