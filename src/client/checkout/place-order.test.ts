import { describe, expect, test } from 'vitest'
import type { OrderSummaryData } from '@/isomorphic/cart-types'
import { CheckoutApiError } from './checkout-api'
import type { CreateOrderPayload, PlacedOrder } from './order-contract'
import type { OrderDraft } from './order-payload'
import { ORDER_FAILED, ORDER_PLACED, QUOTATION_FAILED, QUOTATION_SAVED, REFERENCE_USED } from '@/isomorphic/order-types'
import type { OrderPaymentAnswer } from './order-contract'
import { createPlaceOrder, destinationFor, ORDER_CONFIRMED, ORDER_PAYMENT_FAILED, type PlaceOrderDeps } from './place-order'

const summary: OrderSummaryData = {
  subTotal: 60,
  taxes: 4.95,
  totalPrice: 74.45,
  shipping: 9.5,
  freeShipping: false,
  promotion: 0,
  giftCardAmount: 0,
  estimatedTotal: 74.45,
  budgetAmount: null,
}

const draft: Omit<OrderDraft, 'orderSequence' | 'quotation'> = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  billing: { name: 'Ann Lee', street: '1 Main St', city: 'Austin', zip: '78701', countryId: 233, stateId: 10 },
  shipping: null,
  sameAsBilling: true,
  lines: [
    { key: '7:0:0', productId: 7, name: 'Polo', slug: 'polo', templateSkuCode: 'K500', color: null, logo: null, quantity: { M: 2 }, totalQuantity: 2, unitPrices: { M: 20 } },
  ],
  paymentId: 4,
  orderForResale: false,
  extraFields: [],
  extraInputs: {},
  chosenOptions: [],
  deliveryMethodId: 2,
  promoCode: '',
  useGiftCards: false,
  expectedTotal: 74.45,
  budgetAmount: null,
}

const order = (overrides: Partial<PlacedOrder> = {}): PlacedOrder => ({
  id: 31,
  name: 'S00042',
  kind: 'order',
  state: 'draft',
  approvalState: 'not_required',
  paymentState: 'pending',
  fulfilmentState: 'unfulfilled',
  approvalRequired: false,
  createdAt: '2026-11-21T10:00:00.000Z',
  amounts: { subTotal: 60, discount: 0, options: 0, shipping: 9.5, taxes: 4.95, total: 74.45, giftCard: 0, budget: 0, due: 74.45 },
  accessToken: 'tok_abc',
  orderUrl: '/api/orders/31/document?access_token=tok_abc',
  downloadSaleorderUrl: '/api/orders/31/document?access_token=tok_abc&download=1',
  ...overrides,
})

type Answer = PlacedOrder | Error

/** A checkout wired to an API that answers createOrder from a script, recording what happened. */
function harness({
  answers,
  payments = [],
  signedIn = true,
  failedOrderData = null as string | null,
  sequences = ['S00042', 'S00043'],
  savesAddresses = false,
}: {
  answers: Answer[]
  /** What orderPayment answers, in turn (the order confirmed when left empty). */
  payments?: (OrderPaymentAnswer | Error)[]
  signedIn?: boolean
  failedOrderData?: string | null
  sequences?: string[]
  /** Wires the saving of newly typed addresses to the address book. */
  savesAddresses?: boolean
}) {
  const events: string[] = []
  const sent: CreateOrderPayload[] = []
  const paid: { acquirerId: number; orderId: number; accessToken?: string }[] = []
  const state = { failedOrderData, failedAtCall: [] as (string | null)[], summary: null as OrderSummaryData | null, stored: null as PlacedOrder | null }
  const deps: PlaceOrderDeps = {
    api: {
      getOrderId: async () => {
        events.push('getOrderId')
        return { orderSequence: sequences.shift()! }
      },
      createOrder: async (payload) => {
        sent.push(payload)
        state.failedAtCall.push(state.failedOrderData)
        events.push(`createOrder ${payload.orderSequence}`)
        await new Promise<void>((resolve) => setTimeout(resolve, 0))
        const answer = answers.shift()!
        if (answer instanceof Error) throw answer
        return { createOrder: { order: answer } }
      },
      orderPayment: async (input) => {
        paid.push(input)
        events.push(`orderPayment ${input.acquirerId} ${input.orderId}`)
        await new Promise<void>((resolve) => setTimeout(resolve, 0))
        const answer = payments.shift() ?? confirmation(input.orderId)
        if (answer instanceof Error) throw answer
        return answer
      },
    },
    getFailedOrderData: () => state.failedOrderData,
    setFailedOrderData: (sequence) => {
      state.failedOrderData = sequence
    },
    storeOrder: (placed) => {
      state.stored = placed
      events.push(`storeOrder ${placed.state}`)
    },
    showSummary: (next) => {
      state.summary = next
    },
    invalidatePromotions: async () => events.push('invalidate Promotions'),
    reloadPartner: async () => events.push('reloadPartner'),
    clearCart: () => void events.push('clearCart'),
    notifySuccess: (message) => events.push(`success: ${message}`),
    notifyError: (message) => events.push(`error: ${message}`),
    openDocument: (url) => events.push(`open ${url}`),
    navigate: (path) => events.push(`go ${path}`),
    redirect: (url) => events.push(`redirect ${url}`),
    signedIn: () => signedIn,
    logError: () => undefined,
    ...(savesAddresses ? { saveAddresses: async () => void events.push('saveAddresses') } : {}),
  }
  return { placeOrder: createPlaceOrder(deps), events, sent, paid, state }
}

const confirmation = (orderId: number): OrderPaymentAnswer => ({
  orderPayment: { success: true, message: ORDER_CONFIRMED, order: { id: orderId, name: 'S00042', state: 'sale', paymentState: 'pending', instructions: 'Email your PO.' } },
})

const refusal = (status: number, message: string, body: unknown = { error: { code: 'x', message }, statusCode: status, statusMessage: message }) =>
  new CheckoutApiError(message, status, message, 'conflict', body)

describe('placing an order (spec 4)', () => {
  test('reserves a reference, keeps it as failedOrderData during the call, then clears it and finishes the order', async () => {
    const { placeOrder, events, sent, state } = harness({ answers: [order()] })

    const outcome = await placeOrder(draft, { quotation: false })

    expect(outcome).toMatchObject({ ok: true, destination: '/me/orders?order=31&access_token=tok_abc' })
    expect(sent[0]).toMatchObject({ orderSequence: 'S00042', quotation: false, expectedTotal: 74.45 })
    expect(state.failedAtCall).toEqual(['S00042'])
    expect(state.failedOrderData).toBeNull()
    expect(state.stored).toMatchObject({ id: 31 })
    expect(events).toEqual([
      'getOrderId',
      'createOrder S00042',
      'storeOrder draft',
      // Every order that createOrder made says so (spec 4); a payment that went through says so after it (issue 27).
      `success: ${ORDER_PLACED}`,
      'invalidate Promotions',
      'clearCart',
      'reloadPartner',
      'orderPayment 4 31',
      'storeOrder sale',
      `success: ${ORDER_CONFIRMED}`,
      'go /me/orders?order=31&access_token=tok_abc',
    ])
  })

  test('a failed attempt keeps the reference, and the retry sends the same one (no second order)', async () => {
    const { placeOrder, events, sent, state } = harness({ answers: [new TypeError('network down'), order()] })

    const first = await placeOrder(draft, { quotation: false })
    expect(first).toEqual({ ok: false, reason: 'failed', message: ORDER_FAILED })
    expect(state.failedOrderData).toBe('S00042')

    await placeOrder(draft, { quotation: false })
    expect(sent.map((payload) => payload.orderSequence)).toEqual(['S00042', 'S00042'])
    expect(events.filter((event) => event === 'getOrderId')).toHaveLength(1)
    expect(state.failedOrderData).toBeNull()
  })

  test('a reference kept from an earlier visit is used instead of asking for a new one', async () => {
    const { placeOrder, events, sent } = harness({ answers: [order()], failedOrderData: 'S00017' })
    await placeOrder(draft, { quotation: false })
    expect(events).not.toContain('getOrderId')
    expect(sent[0]!.orderSequence).toBe('S00017')
  })

  test("shows the server's message when it gives one", async () => {
    const { placeOrder, events } = harness({ answers: [refusal(400, 'Cost center is required.')] })
    const outcome = await placeOrder(draft, { quotation: false })
    expect(outcome).toEqual({ ok: false, reason: 'failed', message: 'Cost center is required.' })
    expect(events).toContain('error: Cost center is required.')
  })

  test('a price change (409 with the new summary) shows the new summary and asks for a review', async () => {
    const changed = { ...summary, shipping: 12, totalPrice: 76.95, estimatedTotal: 76.95 }
    const message = 'Prices have changed since you last looked. Please review your order.'
    const body = { error: { code: 'conflict', message, orderSummary: changed }, statusCode: 409, statusMessage: message }
    const { placeOrder, state, sent } = harness({ answers: [refusal(409, message, body), order()] })

    const outcome = await placeOrder(draft, { quotation: false })
    expect(outcome).toEqual({ ok: false, reason: 'prices-changed', message, orderSummary: changed })
    expect(state.summary).toEqual(changed)
    expect(state.failedOrderData).toBe('S00042')

    await placeOrder({ ...draft, expectedTotal: changed.totalPrice }, { quotation: false })
    expect(sent.map((payload) => [payload.orderSequence, payload.expectedTotal])).toEqual([
      ['S00042', 74.45],
      ['S00042', 76.95],
    ])
  })

  test('a reference that already made an order from other contents is given up: the next attempt gets a new one', async () => {
    const { placeOrder, state, sent } = harness({ answers: [refusal(409, REFERENCE_USED), order({ name: 'S00043' })] })
    await placeOrder(draft, { quotation: false })
    expect(state.failedOrderData).toBeNull()
    await placeOrder(draft, { quotation: false })
    expect(sent.map((payload) => payload.orderSequence)).toEqual(['S00042', 'S00043'])
  })

  test('a second click while the first is under way sends nothing', async () => {
    const { placeOrder, sent } = harness({ answers: [order(), order()] })
    const [first, second] = await Promise.all([placeOrder(draft, { quotation: false }), placeOrder(draft, { quotation: false })])
    expect(first.ok).toBe(true)
    expect(second.ok).toBe(false)
    expect(sent).toHaveLength(1)
  })

  test('a guest goes to the confirmation page with the access token, and no partner is reloaded', async () => {
    const { placeOrder, events } = harness({ answers: [order()], signedIn: false })
    await placeOrder(draft, { quotation: false })
    expect(events).not.toContain('reloadPartner')
    expect(events.at(-1)).toBe('go /checkout/confirmation?order=31&access_token=tok_abc')
  })
})

describe('paying the placed order (spec 7 orderPayment)', () => {
  test("the order left with an amount due is paid with the chosen method and its access token; the stored order is confirmed", async () => {
    const { placeOrder, paid, state } = harness({ answers: [order()], signedIn: false })
    const outcome = await placeOrder(draft, { quotation: false })
    expect(paid).toEqual([{ acquirerId: 4, orderId: 31, accessToken: 'tok_abc' }])
    expect(state.stored).toMatchObject({ id: 31, state: 'sale', paymentState: 'pending' })
    expect(outcome).toMatchObject({ ok: true, order: { state: 'sale' }, destination: '/checkout/confirmation?order=31&access_token=tok_abc' })
  })

  test("a refused payment shows the server's message, and the shopper still goes to the (unpaid) order", async () => {
    const refused = new CheckoutApiError(ORDER_PAYMENT_FAILED, 400, ORDER_PAYMENT_FAILED, 'invalid', null)
    const { placeOrder, events, state } = harness({ answers: [order()], payments: [refused] })
    const outcome = await placeOrder(draft, { quotation: false })
    expect(events).toContain(`success: ${ORDER_PLACED}`)
    expect(events.slice(-3)).toEqual(['orderPayment 4 31', `error: ${ORDER_PAYMENT_FAILED}`, 'go /me/orders?order=31&access_token=tok_abc'])
    expect(outcome).toMatchObject({ ok: true, order: { state: 'draft' } })
    // The order exists: the reference is not kept for a retry, and the cart is cleared.
    expect(state.failedOrderData).toBeNull()
    expect(events).toContain('clearCart')
  })

  test('a payment that fails without a message from the server (network, odd answer) shows the fallback', async () => {
    const odd = { orderPayment: { success: false } } as unknown as OrderPaymentAnswer
    for (const failure of [new TypeError('network down'), new CheckoutApiError('HTTP 502', 502, null, null, null), odd]) {
      const { placeOrder, events } = harness({ answers: [order()], payments: [failure] })
      await placeOrder(draft, { quotation: false })
      expect(events).toContain(`error: ${ORDER_PAYMENT_FAILED}`)
      expect(events).not.toContain(`success: ${ORDER_CONFIRMED}`)
      expect(events.at(-1)).toBe('go /me/orders?order=31&access_token=tok_abc')
    }
  })

  test("a card method answers its provider's page: the browser goes there, with no confirmation claimed", async () => {
    const page = 'https://checkout.stripe.com/c/pay/cs_test_a1'
    const toCard: OrderPaymentAnswer = {
      orderPayment: { success: true, message: 'Continue to the secure payment page to pay by card.', redirectUrl: page, order: { id: 31, name: 'S00042', state: 'draft', paymentState: 'pending', instructions: '' } },
    }
    const { placeOrder, events, state } = harness({ answers: [order()], payments: [toCard], signedIn: false })
    const outcome = await placeOrder({ ...draft, paymentProvider: 'stripe' }, { quotation: false })
    expect(events).toContain(`success: ${ORDER_PLACED}`)
    expect(events.slice(-2)).toEqual(['orderPayment 4 31', `redirect ${page}`])
    expect(events).not.toContain(`success: ${ORDER_CONFIRMED}`)
    expect(events.some((event) => event.startsWith('go '))).toBe(false)
    expect(outcome).toMatchObject({ ok: true, order: { state: 'draft' }, destination: page })
    // The order exists: spec 4's failedOrderData is cleared, as for any placed order.
    expect(state.failedOrderData).toBeNull()
  })

  test('a card payment that cannot start sends the shopper to the payment page to try again', async () => {
    const down = new CheckoutApiError('unavailable', 503, 'Card payments are not available right now.', 'unavailable', null)
    const { placeOrder, events } = harness({ answers: [order()], payments: [down], signedIn: false })
    await placeOrder({ ...draft, paymentProvider: 'stripe' }, { quotation: false })
    expect(events.slice(-2)).toEqual(['error: Card payments are not available right now.', 'go /payment?order=31&token=tok_abc'])
  })

  test('nothing is paid for a quotation, a settled order, an order awaiting approval, or without a payment method', async () => {
    const cases: [PlacedOrder, Partial<typeof draft>, boolean][] = [
      [order({ kind: 'quotation' }), {}, true],
      [order({ state: 'sale', paymentState: 'paid', amounts: { ...order().amounts, giftCard: 74.45, due: 0 } }), {}, false],
      [order({ approvalRequired: true, approvalState: 'awaiting_approval' }), {}, false],
      [order(), { paymentId: null }, false],
    ]
    for (const [placed, changes, quotation] of cases) {
      const { placeOrder, paid, events } = harness({ answers: [placed] })
      const outcome = await placeOrder({ ...draft, ...changes }, { quotation })
      expect(outcome.ok).toBe(true)
      expect(paid).toEqual([])
      expect(events).not.toContain(`success: ${ORDER_CONFIRMED}`)
    }
  })
})

describe('saving a quotation (spec 4, draft order)', () => {
  test('success needs an orderUrl; the PDF opens when asked and the customer goes to their orders', async () => {
    const { placeOrder, events, sent } = harness({ answers: [order({ kind: 'quotation' })] })
    const outcome = await placeOrder(draft, { quotation: true, openDocument: true })
    expect(outcome.ok).toBe(true)
    expect(sent[0]!.quotation).toBe(true)
    expect(events).toContain(`success: ${QUOTATION_SAVED}`)
    expect(events).not.toContain(`success: ${ORDER_PLACED}`)
    expect(events.slice(-2)).toEqual([
      'open /api/orders/31/document?access_token=tok_abc',
      'go /me/orders?order=31&access_token=tok_abc',
    ])
  })

  test('an answer without an orderUrl is a failure: the cart stays and the reference is kept', async () => {
    const { placeOrder, events, state } = harness({ answers: [order({ kind: 'quotation', orderUrl: '' })] })
    const outcome = await placeOrder(draft, { quotation: true })
    expect(outcome).toEqual({ ok: false, reason: 'failed', message: QUOTATION_FAILED })
    expect(events).not.toContain('clearCart')
    expect(state.failedOrderData).toBe('S00042')
  })
})

test('the destination carries the order id and its access token', () => {
  expect(destinationFor(order({ id: 5, accessToken: 'a+b/c' }), { signedIn: true })).toBe('/me/orders?order=5&access_token=a%2Bb%2Fc')
  expect(destinationFor(order({ id: 5, accessToken: '' }), { signedIn: false })).toBe('/checkout/confirmation?order=5')
})

describe('saving the addresses typed at checkout (issue 17)', () => {
  test('a signed-in customer’s new addresses are saved once the order exists, before the cart clear forgets them', async () => {
    const { placeOrder, events } = harness({ answers: [order()], savesAddresses: true })
    await placeOrder(draft, { quotation: false })
    expect(events.indexOf('saveAddresses')).toBeGreaterThan(events.indexOf('storeOrder draft'))
    expect(events.indexOf('saveAddresses')).toBeLessThan(events.indexOf('clearCart'))
  })

  test('nothing is saved for a guest, or when the order is refused', async () => {
    const guest = harness({ answers: [order()], savesAddresses: true, signedIn: false })
    await guest.placeOrder(draft, { quotation: false })
    expect(guest.events).not.toContain('saveAddresses')
    const refused = harness({ answers: [refusal(400, 'Please enter your name.')], savesAddresses: true })
    await refused.placeOrder(draft, { quotation: false })
    expect(refused.events).not.toContain('saveAddresses')
  })
})
