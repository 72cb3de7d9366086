import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { reorder } from '@/client/cart-reorder'
import type { NewCartLine } from '@/client/stores/cart-store'
import { forgetSigningKey } from '@/server/accounts/signing-key'
import { executeMutation } from '@/server/api/mutation-registry'
import { runQuery } from '@/server/api/query-registry'
import { CATALOG_CACHES, invalidateCaches } from '@/server/cache/named-cache'
import { createMemoryRateLimiter, useRateLimiter } from '@/server/cache/rate-limiter'
import { products, productVariants } from '@/server/db/schema'
import { env } from '@/server/env'
import type { CartSummaryData } from '@/isomorphic/cart-types'
import type { OrderData } from '@/isomorphic/order-types'
import { type CheckoutStore, createCheckoutStore, orderBody, signedInCustomer } from '../../../../../tests/factories/orders'
import { testDatabaseKinds, useTestDatabase } from '../../../../../tests/setup/test-db'
import { POST as summary } from './route'

// Reorder end to end (decision 012): an order's details carry what its lines need to go back into
// a cart (product, variant, colour id, logo, size), the summary endpoint prices them at today's
// prices, and a product the store no longer sells is named instead of added.

describe.each(testDatabaseKinds())('reordering through /api/cart/summary on %s', (kind) => {
  const { db } = useTestDatabase(kind)
  let store: CheckoutStore

  beforeAll(async () => {
    forgetSigningKey()
    store = await createCheckoutStore()
    expect(store.websiteId).toBe(env().WEBSITE_ID)
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  async function price(items: unknown[]): Promise<CartSummaryData> {
    const response = await summary(
      new Request('http://store.test/api/cart/summary', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items }) }),
    )
    expect(response.status).toBe(200)
    return ((await response.json()) as { data: CartSummaryData }).data
  }

  test("an order's polos come back at today's price and the cap the store stopped selling is named", async () => {
    const { ctx } = await signedInCustomer(store.websiteId)
    const { orderSequence } = await runQuery('getOrderId', undefined, ctx)
    const body = orderBody(store, orderSequence, {
      products: [
        { productId: store.polo.id, colorId: store.navyId, logoId: store.crest.id, quantity: { M: 2, L: 1 } },
        { productId: store.cap.id, colorId: store.blackId, logoId: null, quantity: { OSFA: 1 } },
      ],
      // 72.00 + 12.00 + 9.95 + 6 % of 84.00 (5.04)
      expectedTotal: 98.99,
    })
    const placed = ((await executeMutation('createOrder', body, ctx)) as { createOrder: { order: OrderData } }).createOrder.order
    const { order } = await runQuery('getOrderDetails', { id: placed.id }, ctx)
    expect(order.lines.map((line) => [line.name, line.size, line.colorId, line.logo?.id ?? null])).toEqual([
      ['Core Blend Polo', 'M', store.navyId, store.crest.id],
      ['Core Blend Polo', 'L', store.navyId, store.crest.id],
      ['Twill Cap', 'OSFA', store.blackId, null],
    ])

    await db().update(productVariants).set({ priceAmount: 2600 }).where(eq(productVariants.productId, store.polo.id))
    await db().update(products).set({ isPublished: false }).where(eq(products.id, store.cap.id))
    // As the store import does after every catalog change.
    await invalidateCaches(CATALOG_CACHES)

    const added: NewCartLine[] = []
    const result = await reorder(order.lines, { price, addLine: (line) => added.push(line) })
    expect(result).toEqual({ added: 1, skipped: ['Twill Cap'] })
    expect(added).toEqual([expect.objectContaining({ productId: store.polo.id, color: expect.objectContaining({ id: store.navyId }), logo: expect.objectContaining({ id: store.crest.id }), quantity: { M: 2, L: 1 }, unitPrices: { M: 26, L: 26 }, priceTotal: 78 })])
  })
})
