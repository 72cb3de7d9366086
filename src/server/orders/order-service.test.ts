import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { type OrderData, PRICES_CHANGED, REFERENCE_USED } from '@/isomorphic/order-types'
import {
  createCheckoutStore,
  createRedeemedGiftCard,
  denverAddress,
  guestContext,
  greenvilleAddress,
  orderBody,
  signedInCustomer,
  type CheckoutStore,
} from '../../../tests/factories/orders'
import { createDeliveryMethod, createPromotion } from '../../../tests/factories/store-settings'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { type FakeUps, startFakeUps } from '../../../tests/support/fake-carriers/ups'
import { type FakeCustomTax, startFakeCustomTax } from '../../../tests/support/fake-tax/fake-custom-tax'
import type { CoreContext } from '../kernel/context'
import { executeMutation } from '../api/mutation-registry'
import { runQuery } from '../api/query-registry'
import { forgetSigningKey } from '../accounts/signing-key'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { budgetTransactions, giftCards, giftCardTransactions, orderLines, orders, partners, promotionPrograms, promotionUsages } from '../db/schema'
import { TAX_CALCULATION_FAILED } from '../tax/tax-errors'
import { summarizeCart } from '../checkout/cart-summary-service'
import { PricesChangedError } from './create-order/verify-total'
import { TOO_MANY_REFERENCES, UNKNOWN_REFERENCE } from './order-reference'
import { refusal } from '../../../tests/support/domain-refusal'

// The fakes here listen on loopback: the setting a private install would turn on (adapters/outbound.ts).
vi.stubEnv('ALLOW_PRIVATE_OUTBOUND', 'true')

describe.each(testDatabaseKinds())('placing orders on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: CheckoutStore

  beforeAll(async () => {
    forgetSigningKey()
    store = await createCheckoutStore()
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  async function reference(ctx: CoreContext): Promise<string> {
    return (await runQuery('getOrderId', undefined, ctx)).orderSequence
  }

  async function place(ctx: CoreContext, body: Record<string, unknown>): Promise<OrderData> {
    const answer = (await executeMutation('createOrder', body, ctx)) as { createOrder: { order: OrderData } }
    return answer.createOrder.order
  }

  const ordersNamed = (name: string) => db().select().from(orders).where(eq(orders.name, name))
  const linesOf = (orderId: number) => db().select().from(orderLines).where(eq(orderLines.orderId, orderId))

  describe('getOrderId', () => {
    test("hands out fresh references 'S' + five or more digits, reserved for the website and the caller", async () => {
      const guest = guestContext(store.websiteId)
      const first = await reference(guest)
      const second = await reference(guest)
      expect(first).toMatch(/^S\d{5,}$/)
      expect(Number(second.slice(1))).toBeGreaterThan(Number(first.slice(1)))
    })

    test('a reference past 99999 keeps every digit (S99999, then S100000)', async () => {
      const guest = guestContext(store.websiteId)
      // The test database is this file's own, its sequence far below 99998.
      await db().execute(sql`select setval('order_number_seq', 99998)`)
      expect([await reference(guest), await reference(guest)]).toEqual(['S99999', 'S100000'])
    })

    test('limits anonymous callers to 20 references an hour per address', async () => {
      const guest = guestContext(store.websiteId, '203.0.113.77')
      for (let i = 0; i < 20; i += 1) await reference(guest)
      const error = await refusal(reference(guest))
      expect(error.code).toBe('rate_limited')
      expect(error.userMessage).toBe(TOO_MANY_REFERENCES)
      // Another address is not affected.
      await expect(reference(guestContext(store.websiteId, '203.0.113.78'))).resolves.toMatch(/^S\d+$/)
    })
  })

  describe('createOrder', () => {
    test('a guest places an order priced by the server: lines per size, delivery, tax, extra fields, PDF addresses', async () => {
      const guest = guestContext(store.websiteId)
      const name = await reference(guest)
      const order = await place(
        guest,
        orderBody(store, name, {
          billingaddress: { ...greenvilleAddress(store), id: '', uid: 'browser-uid', partnerUid: 'someone' },
          shippingaddress: { name: '', street: '', city: '', zip: '', countryId: '', stateId: null },
          orderExtraFields: { po_number: ' PO-1001 ', department: 'Sales', rush: true, need_by: '2027-01-15' },
        }),
      )
      expect(order).toMatchObject({
        name,
        kind: 'order',
        state: 'draft',
        paymentState: 'pending',
        approvalState: 'not_required',
        approvalRequired: false,
        amounts: { subTotal: 72, discount: 0, options: 0, shipping: 9.95, taxes: 4.32, total: 86.27, giftCard: 0, budget: 0, due: 86.27 },
      })
      expect(order.accessToken).toMatch(/^[\w-]{43}$/)
      expect(order.orderUrl).toBe(`/api/orders/${order.id}/document?access_token=${order.accessToken}`)
      expect(order.downloadSaleorderUrl).toBe(`${order.orderUrl}&download=1`)

      const [row] = await ordersNamed(name)
      expect(row).toMatchObject({
        partnerId: null,
        partnerName: 'Jordan Buyer',
        partnerEmail: 'jordan@example.com',
        shippingAddress: null,
        deliveryMethodName: 'Ground',
        paymentMethodId: store.invoice.id,
        extraFields: { po_number: 'PO-1001', department: 'Sales', rush: true, need_by: '2027-01-15' },
      })
      // No shipping address is SQL NULL, not the JSON value null (the insert is a prepared statement).
      const { rows: stored } = (await db().execute(sql`select shipping_address is null as none, jsonb_typeof(billing_address) as billing from orders where id = ${row!.id}`)) as unknown as { rows: { none: boolean; billing: string }[] }
      expect(stored).toEqual([{ none: true, billing: 'object' }])
      expect(row!.billingAddress).toEqual({
        name: 'Jordan Buyer',
        email: 'jordan@example.com',
        phone: '864-555-0100',
        street: '100 Main Street',
        street2: null,
        city: 'Greenville',
        zip: '29601',
        countryId: store.us.id,
        stateId: store.sc.id,
        country: 'US',
        state: 'SC',
      })
      const lines = await linesOf(order.id)
      expect(lines.map((line) => [line.size, line.quantity, line.unitPriceAmount, line.subtotalAmount, line.colorName, line.logoName])).toEqual([
        ['M', 2, 2400, 4800, 'Navy', 'Left Chest Crest'],
        ['L', 1, 2400, 2400, 'Navy', 'Left Chest Crest'],
      ])
      const variantM = store.polo.variants.find((variant) => variant.sku.endsWith('-M'))!
      expect(lines[0]!.productVariantId).toBe(variantM.id)

      // The guest opens it with the access token: lines, addresses and extra fields with labels.
      const { order: details } = await runQuery('getOrderDetails', { id: order.id, accessToken: order.accessToken }, guestContext(store.websiteId))
      expect(details.lines).toHaveLength(2)
      expect(details.billingAddress.city).toBe('Greenville')
      expect(details.extraFields).toEqual([
        { name: 'po_number', label: 'PO number', value: 'PO-1001' },
        { name: 'department', label: 'Department', value: 'Sales' },
        { name: 'rush', label: 'Rush order', value: true },
        { name: 'need_by', label: 'Needed by', value: '2027-01-15' },
      ])
    })

    test('order options are priced from the store and taxed', async () => {
      const guest = guestContext(store.websiteId)
      const order = await place(guest, orderBody(store, await reference(guest), { orderOptions: ['gift_wrap'], expectedTotal: 91.57 }))
      // 72.00 + 5.00 wrap + 9.95 ground + 6 % of 77.00
      expect(order.amounts).toMatchObject({ options: 5, taxes: 4.62, total: 91.57 })
      const { order: details } = await runQuery('getOrderDetails', { id: order.id, accessToken: order.accessToken }, guest)
      expect(details.orderOptions).toEqual([{ name: 'gift_wrap', label: 'Gift wrap', price: 5 }])
    })

    test("the checkout summary's totalPrice is the expectedTotal createOrder accepts, promotions and options included", async () => {
      const program = await createPromotion({ websiteId: store.websiteId, name: 'Summary ten', promoCodeUsage: 'code_needed', promoCode: 'SUMMARY10', discountPercentage: 10 })
      const { partner, ctx } = await signedInCustomer(store.websiteId, { budgetAmount: 1000 })
      await createRedeemedGiftCard({ websiteId: store.websiteId, partnerId: partner.id, amount: 2500 })
      const body = orderBody(store, await reference(ctx), { promoCode: 'SUMMARY10', orderOptions: ['gift_wrap'], useGiftCards: true })
      // The cart summary the checkout shows, once a delivery method is chosen.
      const { orderSummary } = await summarizeCart(ctx, {
        items: body.products,
        address: body.billingaddress,
        deliveryMethodId: body.deliveryMethodId,
        promoCode: body.promoCode ?? undefined,
        orderOptions: body.orderOptions,
        useGiftCards: true,
      })
      // 72.00 − 7.20 + 5.00 wrap + 9.95 + 6 % of 69.80 (4.19) = 83.94; 25.00 gift card, 10.00 budget
      expect(orderSummary).toEqual({
        subTotal: 72,
        taxes: 4.19,
        totalPrice: 83.94,
        shipping: 9.95,
        freeShipping: false,
        promotion: 7.2,
        giftCardAmount: 25,
        estimatedTotal: 48.94,
        budgetAmount: 10,
      })
      const order = await place(ctx, { ...body, expectedTotal: orderSummary.totalPrice })
      expect(order.amounts).toMatchObject({ total: 83.94, giftCard: 25, budget: 10, due: 48.94 })
      await db().update(promotionPrograms).set({ isActive: false }).where(eq(promotionPrograms.id, program.id))
    })

    test('10 concurrent calls with one reference make exactly one order with one set of lines, and all get it', async () => {
      const guest = guestContext(store.websiteId)
      const name = await reference(guest)
      const body = orderBody(store, name)
      const answers = await Promise.all(Array.from({ length: 10 }, () => place(guest, body)))
      expect(new Set(answers.map((order) => order.id)).size).toBe(1)
      expect(new Set(answers.map((order) => order.accessToken)).size).toBe(1)
      const rows = await ordersNamed(name)
      expect(rows).toHaveLength(1)
      expect(await linesOf(rows[0]!.id)).toHaveLength(2)
      // A later retry (after the prices moved, even) answers the same order.
      await expect(place(guest, { ...body, expectedTotal: 1 })).resolves.toMatchObject({ id: rows[0]!.id })
    })

    test('10 concurrent retries of a signed-in checkout spend the gift card, the budget and the promotion once', async () => {
      const program = await createPromotion({ websiteId: store.websiteId, name: 'Retry ten', promoCodeUsage: 'code_needed', promoCode: 'RETRY10', discountPercentage: 10 })
      const { partner, ctx } = await signedInCustomer(store.websiteId, { budgetAmount: 2000 })
      const card = await createRedeemedGiftCard({ websiteId: store.websiteId, partnerId: partner.id, amount: 5000 })
      const name = await reference(ctx)
      const body = orderBody(store, name, { useGiftCards: true, promoCode: 'RETRY10', expectedTotal: 78.64 })
      const answers = await Promise.all(Array.from({ length: 10 }, () => place(ctx, body)))
      expect(new Set(answers.map((order) => order.id)).size).toBe(1)
      expect(answers[0]!.amounts).toMatchObject({ total: 78.64, giftCard: 50, budget: 20, due: 8.64 })
      expect(await db().select().from(giftCardTransactions).where(and(eq(giftCardTransactions.giftCardId, card.id), eq(giftCardTransactions.kind, 'spend')))).toHaveLength(1)
      expect(await db().select().from(budgetTransactions).where(eq(budgetTransactions.partnerId, partner.id))).toHaveLength(1)
      expect(await db().select().from(promotionUsages).where(eq(promotionUsages.programId, program.id))).toHaveLength(1)
      await db().update(promotionPrograms).set({ isActive: false }).where(eq(promotionPrograms.id, program.id))
    })

    test('the same reference with other contents is a 409', async () => {
      const guest = guestContext(store.websiteId)
      const name = await reference(guest)
      await place(guest, orderBody(store, name))
      const error = await refusal(
        place(guest, orderBody(store, name, { products: [{ productId: store.polo.id, colorId: store.navyId, logoId: store.crest.id, quantity: { M: 3 } }] })),
      )
      expect(error.code).toBe('conflict')
      expect(error.userMessage).toBe(REFERENCE_USED)
      expect(await ordersNamed(name)).toHaveLength(1)
    })

    test('a tampered expected total is a 409 with the new summary, and nothing is written', async () => {
      const guest = guestContext(store.websiteId)
      const name = await reference(guest)
      const error = await refusal(place(guest, orderBody(store, name, { expectedTotal: 1.0 })))
      expect(error).toBeInstanceOf(PricesChangedError)
      expect(error.code).toBe('conflict')
      expect(error.userMessage).toBe(PRICES_CHANGED)
      expect(error.data?.orderSummary).toMatchObject({ subTotal: 72, shipping: 9.95, taxes: 4.32, totalPrice: 86.27, estimatedTotal: 86.27 })
      expect(await ordersNamed(name)).toHaveLength(0)
      // The same reference still works once the shopper has seen the right total.
      await expect(place(guest, orderBody(store, name))).resolves.toMatchObject({ name })
    })

    test('a price, a total or any field the contract does not name is a 400', async () => {
      const guest = guestContext(store.websiteId)
      const name = await reference(guest)
      const priced = await refusal(
        place(guest, orderBody(store, name, { products: [{ productId: store.polo.id, colorId: store.navyId, logoId: store.crest.id, quantity: { M: 2 }, price: 0.01 }] })),
      )
      expect(priced.code).toBe('invalid')
      expect(priced.userMessage).toContain("body.products.0 has unknown field 'price'")
      const stated = await refusal(place(guest, { ...orderBody(store, name), amountTotal: 0, state: 'sale' }))
      expect(stated.userMessage).toContain("unknown fields 'amountTotal', 'state'")
      const negative = await refusal(
        place(guest, orderBody(store, name, { products: [{ productId: store.polo.id, colorId: store.navyId, logoId: store.crest.id, quantity: { M: -2 } }] })),
      )
      expect(negative.code).toBe('invalid')
      expect(await ordersNamed(name)).toHaveLength(0)
    })

    test("a reference that was not reserved, or was reserved by someone else, is refused", async () => {
      const guest = guestContext(store.websiteId)
      const madeUp = await refusal(place(guest, orderBody(store, 'S99999999')))
      expect(madeUp.userMessage).toBe(UNKNOWN_REFERENCE)
      const { ctx: ann } = await signedInCustomer(store.websiteId)
      const annsReference = await reference(ann)
      const taken = await refusal(place(guest, orderBody(store, annsReference)))
      expect(taken.code).toBe('invalid')
      expect(taken.userMessage).toBe(UNKNOWN_REFERENCE)
      const { ctx: bob } = await signedInCustomer(store.websiteId)
      expect((await refusal(place(bob, orderBody(store, annsReference)))).userMessage).toBe(UNKNOWN_REFERENCE)
    })

    test('extra fields are checked as the checkout form checks them', async () => {
      const guest = guestContext(store.websiteId)
      const name = await reference(guest)
      const cases: [Record<string, unknown>, string][] = [
        [{}, 'Please enter PO number.'],
        [{ po_number: '   ' }, 'Please enter PO number.'],
        [{ po_number: 'PO-1', department: 'Finance' }, 'Please choose one of the options for Department.'],
        [{ po_number: 'PO-1', need_by: '2027-02-30' }, 'Needed by must be a date like 2026-12-31.'],
        [{ po_number: 'PO-1', rush: 'yes' }, 'Rush order must be ticked or not (true or false).'],
        [{ po_number: 'PO-1', cost_center: '42' }, "This store does not ask for 'cost_center'. Reload the checkout and try again."],
      ]
      for (const [orderExtraFields, message] of cases) {
        const error = await refusal(place(guest, orderBody(store, name, { orderExtraFields })))
        expect(error.code, message).toBe('invalid')
        expect(error.userMessage).toBe(message)
      }
      const option = await refusal(place(guest, orderBody(store, name, { orderOptions: ['free_money'] })))
      expect(option.userMessage).toBe("The order option 'free_money' is not offered. Reload the checkout and try again.")
      expect(await ordersNamed(name)).toHaveLength(0)
    })

    test('a guest must give a name and an email; an address must be one the store ships to', async () => {
      const guest = guestContext(store.websiteId)
      const name = await reference(guest)
      expect((await refusal(place(guest, orderBody(store, name, { partnername: ' ' })))).userMessage).toBe('Please enter your name.')
      expect((await refusal(place(guest, orderBody(store, name, { partneremail: 'not-an-email' })))).userMessage).toBe('Please enter a valid email address.')
      const wrongZip = await refusal(place(guest, orderBody(store, name, { billingaddress: greenvilleAddress(store, { zip: '80202' }) })))
      expect(wrongZip.userMessage).toBe('The ZIP code 80202 is not in SC. Please check the ZIP code and the state.')
      const noBilling = await refusal(place(guest, orderBody(store, name, { billingaddress: {} })))
      expect(noBilling.userMessage).toContain('body.billingaddress is required')
    })

    test('a promo code discounts the order and counts one use; an unknown code is a 400', async () => {
      const program = await createPromotion({ websiteId: store.websiteId, name: 'Team ten', promoCodeUsage: 'code_needed', promoCode: 'TEAM10', discountPercentage: 10, maximumUseNumber: 5 })
      const guest = guestContext(store.websiteId)
      const unknown = await refusal(place(guest, orderBody(store, await reference(guest), { promoCode: 'NOPE' })))
      expect(unknown.userMessage).toBe('This promo code is not valid.')

      const name = await reference(guest)
      // 72.00 − 7.20 + 9.95 + 6 % of 64.80 (3.89)
      const order = await place(guest, orderBody(store, name, { promoCode: 'team10', expectedTotal: 78.64 }))
      expect(order.amounts).toMatchObject({ subTotal: 72, discount: 7.2, taxes: 3.89, total: 78.64 })
      const lines = await linesOf(order.id)
      expect(lines.reduce((sum, line) => sum + line.discountAmount, 0)).toBe(720)
      expect(lines.reduce((sum, line) => sum + line.subtotalAmount, 0)).toBe(6480)
      const usages = await db().select().from(promotionUsages).where(eq(promotionUsages.programId, program.id))
      expect(usages.map((usage) => usage.orderId)).toEqual([order.id])
      const [counted] = await db().select({ usedCount: promotionPrograms.usedCount }).from(promotionPrograms).where(eq(promotionPrograms.id, program.id))
      expect(counted!.usedCount).toBe(1)
      await db().update(promotionPrograms).set({ isActive: false }).where(eq(promotionPrograms.id, program.id))
    })

    test('gift cards pay what they hold, and a budget pays the rest: nothing due, the order is a sale', async () => {
      const { partner, ctx } = await signedInCustomer(store.websiteId, { budgetAmount: 10_000 })
      const card = await createRedeemedGiftCard({ websiteId: store.websiteId, partnerId: partner.id, amount: 5000 })
      const order = await place(ctx, orderBody(store, await reference(ctx), { useGiftCards: true }))
      expect(order).toMatchObject({ state: 'sale', paymentState: 'paid', approvalState: 'not_required', amounts: { total: 86.27, giftCard: 50, budget: 36.27, due: 0 } })
      const [spentCard] = await db().select().from(giftCards).where(eq(giftCards.id, card.id))
      expect(spentCard!.balanceAmount).toBe(0)
      const [left] = await db().select({ budget: partners.budgetAmount }).from(partners).where(eq(partners.id, partner.id))
      expect(left!.budget).toBe(10_000 - 3627)
      const moves = await db().select().from(budgetTransactions).where(eq(budgetTransactions.partnerId, partner.id))
      expect(moves.map((move) => [move.orderId, move.amount])).toEqual([[order.id, -3627]])
    })

    test('an order over the budget left takes the budget and waits for approval (never silently allowed)', async () => {
      const { partner, ctx } = await signedInCustomer(store.websiteId, { budgetAmount: 5000 })
      const order = await place(ctx, orderBody(store, await reference(ctx), { approvalRequired: false }))
      expect(order).toMatchObject({ state: 'draft', approvalState: 'awaiting_approval', approvalRequired: true, amounts: { total: 86.27, budget: 50, due: 36.27 } })
      const [left] = await db().select({ budget: partners.budgetAmount }).from(partners).where(eq(partners.id, partner.id))
      expect(left!.budget).toBe(0)
    })

    test('concurrent orders of one partner never spend more budget than there is', async () => {
      const { partner, ctx } = await signedInCustomer(store.websiteId, { budgetAmount: 20_000 })
      const names = await Promise.all(Array.from({ length: 5 }, () => reference(ctx)))
      const placed = await Promise.all(names.map((name) => place(ctx, orderBody(store, name))))
      const [left] = await db().select({ budget: partners.budgetAmount }).from(partners).where(eq(partners.id, partner.id))
      const spent = placed.reduce((sum, order) => sum + Math.round(order.amounts.budget * 100), 0)
      expect(spent).toBe(20_000)
      expect(left!.budget).toBe(0)
      expect(placed.filter((order) => order.approvalState === 'awaiting_approval').length).toBeGreaterThanOrEqual(3)
      const [ledger] = await db()
        .select({ total: sql<string>`coalesce(sum(${budgetTransactions.amount}), 0)` })
        .from(budgetTransactions)
        .where(eq(budgetTransactions.partnerId, partner.id))
      expect(Number(ledger!.total)).toBe(-20_000)
    })

    test('a quotation spends nothing: no gift card, no budget, no promotion use', async () => {
      const program = await createPromotion({ websiteId: store.websiteId, name: 'Quote five', promoCodeUsage: 'code_needed', promoCode: 'QUOTE5', discountType: 'fixed_amount', discountFixedAmount: 500, discountPercentage: null })
      const { partner, ctx } = await signedInCustomer(store.websiteId, { budgetAmount: 10_000 })
      const card = await createRedeemedGiftCard({ websiteId: store.websiteId, partnerId: partner.id, amount: 5000 })
      // 72.00 − 5.00 + 9.95 + 6 % of 67.00 (4.02)
      const quotation = await place(ctx, orderBody(store, await reference(ctx), { quotation: true, useGiftCards: true, aquirerId: null, promoCode: 'QUOTE5', expectedTotal: 80.97 }))
      expect(quotation).toMatchObject({ kind: 'quotation', state: 'draft', paymentState: 'not_paid', approvalState: 'not_required', amounts: { discount: 5, total: 80.97, giftCard: 0, budget: 0, due: 80.97 } })
      expect(quotation.orderUrl).toContain(`/api/orders/${quotation.id}/document?access_token=`)
      const [untouched] = await db().select().from(giftCards).where(eq(giftCards.id, card.id))
      expect(untouched!.balanceAmount).toBe(5000)
      const [budget] = await db().select({ budget: partners.budgetAmount }).from(partners).where(eq(partners.id, partner.id))
      expect(budget!.budget).toBe(10_000)
      expect(await db().select().from(promotionUsages).where(eq(promotionUsages.programId, program.id))).toHaveLength(0)
      await db().update(promotionPrograms).set({ isActive: false }).where(eq(promotionPrograms.id, program.id))
    })

    test('an order with something to pay needs a payment method of the store', async () => {
      const guest = guestContext(store.websiteId)
      const name = await reference(guest)
      expect((await refusal(place(guest, orderBody(store, name, { aquirerId: null })))).userMessage).toBe('Please choose a payment method.')
      expect((await refusal(place(guest, orderBody(store, name, { aquirerId: 987_654 })))).userMessage).toBe(
        'That payment method is not available. Please choose another one.',
      )
      expect(await ordersNamed(name)).toHaveLength(0)
    })
  })

  describe('failures of outside services at placement', () => {
    let tax: FakeCustomTax
    let ups: FakeUps
    let taxStore: CheckoutStore

    beforeAll(async () => {
      tax = await startFakeCustomTax()
      ups = await startFakeUps()
      taxStore = await createCheckoutStore({ tax: { customUrl: `${tax.url}/rates` } })
    })
    afterAll(async () => {
      await tax.close()
      await ups.close()
    })

    async function nothingMovedFor(partnerId: number, cardId: number, name: string) {
      expect(await ordersNamed(name)).toHaveLength(0)
      const [card] = await db().select().from(giftCards).where(eq(giftCards.id, cardId))
      expect(card!.balanceAmount).toBe(5000)
      expect(await db().select().from(giftCardTransactions).where(and(eq(giftCardTransactions.giftCardId, cardId), eq(giftCardTransactions.kind, 'spend')))).toHaveLength(0)
      const [partner] = await db().select({ budget: partners.budgetAmount }).from(partners).where(eq(partners.id, partnerId))
      expect(partner!.budget).toBe(3000)
      expect(await db().select().from(budgetTransactions).where(eq(budgetTransactions.partnerId, partnerId))).toHaveLength(0)
    }

    test('a tax service answering 500 leaves no order, no lines, no spent gift card or budget', async () => {
      const { partner, ctx } = await signedInCustomer(taxStore.websiteId, { budgetAmount: 3000 })
      const card = await createRedeemedGiftCard({ websiteId: taxStore.websiteId, partnerId: partner.id, amount: 5000 })
      const name = await reference(ctx)
      // Denver: 72.00 + 9.95 + 8.81 % of 72.00 (6.34)
      const body = orderBody(taxStore, name, { billingaddress: denverAddress(taxStore), useGiftCards: true, expectedTotal: 88.29 })
      tax.failNext({ kind: 'status', status: 500 })
      const error = await refusal(place(ctx, body))
      expect(error.code).toBe('unavailable')
      expect(error.userMessage).toBe(TAX_CALCULATION_FAILED)
      await nothingMovedFor(partner.id, card.id, name)
      // Once the service is back, the same checkout goes through.
      await expect(place(ctx, body)).resolves.toMatchObject({ name, amounts: { taxes: 6.34, total: 88.29, giftCard: 50, budget: 30, due: 8.29 } })
    })

    test('a carrier failing at placement leaves nothing written either', async () => {
      const upsMethod = await createDeliveryMethod({
        websiteId: taxStore.websiteId,
        name: 'UPS Ground',
        deliveryType: 'ups_rubikx',
        url: ups.url,
        credentials: { upsClientId: ups.clientId, upsClientSecret: ups.clientSecret, upsAccountNumber: 'A1B2C3' },
      })
      const { partner, ctx } = await signedInCustomer(taxStore.websiteId, { budgetAmount: 3000 })
      const card = await createRedeemedGiftCard({ websiteId: taxStore.websiteId, partnerId: partner.id, amount: 5000 })
      const name = await reference(ctx)
      ups.mode.rate = 'server-error'
      const error = await refusal(place(ctx, orderBody(taxStore, name, { billingaddress: denverAddress(taxStore), deliveryMethodId: upsMethod.id, useGiftCards: true })))
      ups.mode.rate = 'ok'
      expect(error.code).toBe('unavailable')
      await nothingMovedFor(partner.id, card.id, name)
    })
  })

  describe('order history', () => {
    test("getOrders lists the partner's own orders and quotations, newest first; another partner's uid is a 404", async () => {
      const ann = await signedInCustomer(store.websiteId)
      const bob = await signedInCustomer(store.websiteId)
      const first = await place(ann.ctx, orderBody(store, await reference(ann.ctx)))
      const second = await place(ann.ctx, orderBody(store, await reference(ann.ctx), { quotation: true, aquirerId: null }))
      await place(bob.ctx, orderBody(store, await reference(bob.ctx)))

      const { orders: list } = await runQuery('getOrders', { filter: { uid: ann.partner.uid } }, ann.ctx)
      expect(list.orders.map((order) => [order.id, order.kind])).toEqual([
        [second.id, 'quotation'],
        [first.id, 'order'],
      ])
      expect(list.orders[1]!.amounts.total).toBe(86.27)

      const error = await refusal(runQuery('getOrders', { filter: { uid: bob.partner.uid } }, ann.ctx))
      expect(error.code).toBe('not_found')
      const anonymous = await refusal(runQuery('getOrders', { filter: { uid: ann.partner.uid } }, guestContext(store.websiteId)))
      expect(anonymous.code).toBe('unauthorized')
    })

    test("getOrderDetails opens an order for its owner or its token's holder; anyone else gets the same 404", async () => {
      const ann = await signedInCustomer(store.websiteId)
      const bob = await signedInCustomer(store.websiteId)
      const order = await place(ann.ctx, orderBody(store, await reference(ann.ctx)))

      const { order: mine } = await runQuery('getOrderDetails', { id: order.id }, ann.ctx)
      expect(mine).toMatchObject({ id: order.id, partnerName: 'Jordan Buyer', lines: [{ size: 'M', quantity: 2 }, { size: 'L', quantity: 1 }] })
      await expect(runQuery('getOrderDetails', { id: order.id, accessToken: order.accessToken }, guestContext(store.websiteId))).resolves.toMatchObject({ order: { id: order.id } })

      const attempts: [Record<string, unknown>, CoreContext][] = [
        [{ id: order.id }, bob.ctx],
        [{ id: order.id, accessToken: `${order.accessToken.slice(0, -1)}${order.accessToken.endsWith('A') ? 'B' : 'A'}` }, bob.ctx],
        [{ id: order.id, accessToken: 'wrong' }, guestContext(store.websiteId)],
        [{ id: order.id }, guestContext(store.websiteId)],
        [{ id: order.id + 10_000, accessToken: order.accessToken }, ann.ctx],
      ]
      for (const [value, ctx] of attempts) {
        const error = await refusal(runQuery('getOrderDetails', value, ctx))
        expect(error.code).toBe('not_found')
        expect(error.userMessage).toBe('Order not found')
      }
    })
  })
})
