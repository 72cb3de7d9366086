import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { OrderData } from '@/isomorphic/order-types'
import { createProduct } from '../../../tests/factories/catalog'
import { createCheckoutStore, greenvilleAddress, guestContext, orderBody, type CheckoutStore } from '../../../tests/factories/orders'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/setup/test-db'
import { executeMutation } from '../api/mutation-registry'
import { runQuery } from '../api/query-registry'
import { createMemoryRateLimiter, useRateLimiter } from '../cache/rate-limiter'
import { namedCache } from '../cache/named-cache'
import { priceCartItemsLeniently } from '../cart/cart-pricing'
import { summarizeCart } from '../checkout/cart-summary-service'
import { priceCheckout } from '../checkout/checkout-pricing'
import { orderLines, productPriceBreaks } from '../db/schema'

// Issue 16: a product's quantity breaks (1–11 $20.00 · 12–47 $18.00 · 48+ $16.00) are read at every
// piece of it in the cart or order — all colours, sizes and designs together — by one rule, and the
// cart summary, the checkout's price and createOrder charge the same.

describe.each(testDatabaseKinds())('quantity price breaks on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: CheckoutStore
  let tee: Awaited<ReturnType<typeof createProduct>>
  let navyId: number
  let redId: number

  beforeAll(async () => {
    store = await createCheckoutStore()
    tee = await createProduct({
      websiteId: store.websiteId,
      name: 'Break Tee',
      colors: ['Navy', 'Red'],
      sizes: ['M', 'L', '2XL'],
      priceAmount: 2000,
      sizePrices: { '2XL': 2200 },
    })
    await db()
      .insert(productPriceBreaks)
      .values([
        { productId: tee.id, minQuantity: 12, priceAmount: 1800 },
        { productId: tee.id, minQuantity: 48, priceAmount: 1600 },
      ])
    await namedCache().invalidate('Products')
    const colorIds = [...new Set(tee.variants.map((variant) => variant.colorValueId!))]
    navyId = colorIds[0]!
    redId = colorIds[1]!
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  const navy = (quantity: Record<string, number>) => ({ productId: tee.id, colorId: navyId, logoId: null, quantity })
  const red = (quantity: Record<string, number>) => ({ productId: tee.id, colorId: redId, logoId: null, quantity })
  /** 12 pieces: two colours, two sizes. */
  const twelve = () => [navy({ M: 3, L: 3 }), red({ M: 4, L: 2 })]
  /** 11 pieces: one fewer. */
  const eleven = () => [navy({ M: 3, L: 2 }), red({ M: 4, L: 2 })]

  const summary = (items: ReturnType<typeof navy>[]) =>
    summarizeCart(guestContext(store.websiteId), { items, address: greenvilleAddress(store) as never, deliveryMethodId: store.ground.id })

  const checkout = (items: ReturnType<typeof navy>[]) =>
    priceCheckout(db(), {
      websiteId: store.websiteId,
      partnerId: null,
      items,
      destination: { name: 'Jordan Buyer', street: '100 Main Street', street2: null, city: 'Greenville', stateCode: 'SC', countryCode: 'US', zip: '29601' },
      deliveryMethodId: store.ground.id,
      promoCode: null,
      optionNames: [],
      resaleExemption: null,
      customerCode: null,
    })

  test('the cart nudges towards the next break within reach: 11 pieces hear "1 more for $18.00", 12 hear of 48 not yet', async () => {
    const near = await summary(eleven())
    expect(near.lines.map((line) => line.nextBreak)).toEqual([
      { morePieces: 1, unitPrice: 18 },
      { morePieces: 1, unitPrice: 18 },
    ])
    const reached = await summary(twelve())
    expect(reached.lines.map((line) => line.nextBreak)).toEqual([null, null])
    // A 2XL-only line's lowest piece keeps its upcharge at the next break.
    const big = await summary([navy({ '2XL': 10 })])
    expect(big.lines[0]!.nextBreak).toEqual({ morePieces: 2, unitPrice: 20 })
  })

  test('the cart summary charges the 12+ price for 12 pieces across two colours and two sizes', async () => {
    const { lines, orderSummary } = await summary(twelve())
    expect(lines.map((line) => line.unitPrices)).toEqual([
      { M: 18, L: 18 },
      { M: 18, L: 18 },
    ])
    expect(lines.map((line) => line.priceTotal)).toEqual([108, 108])
    expect(orderSummary.subTotal).toBe(216)
  })

  test('the cart summary charges the base price for 11 pieces', async () => {
    const { lines, orderSummary } = await summary(eleven())
    expect(lines.map((line) => line.unitPrices)).toEqual([
      { M: 20, L: 20 },
      { M: 20, L: 20 },
    ])
    expect(orderSummary.subTotal).toBe(220)
  })

  test('a 2XL keeps its $2 upcharge at every break', async () => {
    const { lines, orderSummary } = await summary([navy({ M: 6, '2XL': 2 }), red({ L: 4 })])
    expect(lines[0]!.unitPrices).toEqual({ M: 18, '2XL': 20 })
    expect(orderSummary.subTotal).toBe(10 * 18 + 2 * 20)
    const { lines: bulk } = await summary([navy({ M: 40, '2XL': 8 })])
    expect(bulk[0]!.unitPrices).toEqual({ M: 16, '2XL': 18 })
  })

  test('the checkout’s price is read at the same quantity: 12 pieces at $18.00, 11 at $20.00', async () => {
    expect((await checkout(twelve())).subTotal).toBe(12 * 1800)
    expect((await checkout(eleven())).subTotal).toBe(11 * 2000)
  })

  test('a line that cannot be priced does not count towards its product’s break', async () => {
    // 10 pieces that price and 2 of a size the tee does not come in: the 10 are charged $20.00.
    const { priced, dropped } = await priceCartItemsLeniently(db(), store.websiteId, [navy({ M: 10 }), red({ XS: 2 })])
    expect(dropped).toHaveLength(1)
    expect(priced.map((entry) => entry.line.amount)).toEqual([10 * 2000])
  })

  describe('createOrder', () => {
    async function place(items: ReturnType<typeof navy>[]): Promise<OrderData> {
      const ctx = guestContext(store.websiteId)
      const { orderSequence } = await runQuery('getOrderId', undefined, ctx)
      const { orderSummary } = await summary(items)
      const body = orderBody(store, orderSequence, { products: items, expectedTotal: orderSummary.totalPrice })
      const answer = (await executeMutation('createOrder', body, ctx)) as { createOrder: { order: OrderData } }
      return answer.createOrder.order
    }

    const unitPricesOf = async (orderId: number) =>
      (await db().select({ unitPriceAmount: orderLines.unitPriceAmount, productId: orderLines.productId }).from(orderLines).where(eq(orderLines.orderId, orderId)))
        .filter((line) => line.productId === tee.id)
        .map((line) => line.unitPriceAmount)

    test('charges $18.00 a piece for 12 pieces across two colours and two sizes', async () => {
      const order = await place(twelve())
      const prices = await unitPricesOf(order.id)
      expect(prices).toHaveLength(4)
      expect(new Set(prices)).toEqual(new Set([1800]))
      expect(order.amounts.subTotal).toBe(216)
    })

    test('charges the base $20.00 for 11 pieces', async () => {
      const order = await place(eleven())
      expect(new Set(await unitPricesOf(order.id))).toEqual(new Set([2000]))
      expect(order.amounts.subTotal).toBe(220)
    })
  })
})
