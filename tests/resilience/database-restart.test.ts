import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { POST as mutationRoute } from '../../src/app/api/mutation/route'
import { POST as queryRoute } from '../../src/app/api/query/route'
import { forgetSigningKey } from '../../src/server/accounts/signing-key'
import { createMemoryRateLimiter, useRateLimiter } from '../../src/server/cache/rate-limiter'
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../../src/server/kernel/db-errors'
import type { CheckoutStore } from '../factories/orders'
import { orderInconsistencies, storeLedger } from '../support/store-ledger'
import { buyer, checkoutBody, createResilienceStore, guest, type Shopper } from './support/checkout'
import { installTransactionFault, openTestPostgres, type TestPostgres } from './support/postgres'

// Issue 6: the database restarting in the middle of a checkout, on PostgreSQL. The app's own pool
// (src/server/db/client.ts) talks to a database of the test's own; an admin connection ends the
// app's connections (pg_terminate_backend, what a restart or a failover does to them) between
// getOrderId and createOrder, at each write of createOrder's transaction (a trigger ends the
// writing backend), and in a loop while forty checkouts run. The API answers come from the real
// route handlers. Each time: the shopper reads a 503 saying to try again, nothing of the order is
// written, no money moves, the pool recovers, and the retry with the same reference makes the one
// order.

type Answer = { status: number; body: Record<string, unknown> }

const UNAVAILABLE_BODY = { error: { code: 'unavailable', message: DATABASE_UNAVAILABLE }, statusCode: 503, statusMessage: DATABASE_UNAVAILABLE }

async function call(route: (request: Request) => Promise<Response>, path: string, shopper: Shopper, body: Record<string, unknown>): Promise<Answer> {
  const response = await route(
    new Request(`http://store.test${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...shopper.headers }, body: JSON.stringify(body) }),
  )
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const getOrderId = (shopper: Shopper) => call(queryRoute, '/api/query', shopper, { key: 'getOrderId' })
const createOrder = (shopper: Shopper, body: Record<string, unknown>) => call(mutationRoute, '/api/mutation', shopper, { key: 'createOrder', ...body })

type PlacedOrder = { id: number; name: string; amounts: { total: number; giftCard: number; budget: number } }
const orderOf = (answer: Answer) => (answer.body as { createOrder: { order: PlacedOrder } }).createOrder.order

describe('the database restarting in the middle of a checkout (PostgreSQL)', () => {
  let postgres: TestPostgres
  let store: CheckoutStore

  beforeAll(async () => {
    postgres = await openTestPostgres()
    forgetSigningKey()
    store = await createResilienceStore()
  })
  afterAll(async () => {
    await postgres?.close()
  })
  beforeEach(() => useRateLimiter(createMemoryRateLimiter()))

  /** The test's own reads share the app's pool: a read on a connection just ended is read again. */
  async function ledger() {
    for (let attempt = 0; ; attempt++) {
      try {
        return await storeLedger(postgres.db, store.websiteId)
      } catch (error) {
        if (attempt === 5 || !isDatabaseUnavailable(error)) throw error
        await sleep(100)
      }
    }
  }

  /** Retries like the checkout does (same body, same reference) until an answer is not the database's 503. */
  async function retryUntilPlaced(shopper: Shopper, body: Record<string, unknown>, unavailable: Answer[]) {
    for (let attempt = 0; attempt < 25; attempt++) {
      const answer = await createOrder(shopper, body)
      if (answer.status !== 503) return answer
      unavailable.push(answer)
      await sleep(100)
    }
    throw new Error('createOrder never got through')
  }

  test('connections ended between getOrderId and createOrder: the pool replaces them and the shopper notices nothing', async () => {
    const shopper = await buyer(store)
    const reference = await getOrderId(shopper)
    expect(reference.status).toBe(200)
    const body = await checkoutBody(store, shopper, (reference.body as { orderSequence: string }).orderSequence)
    const before = await ledger()

    expect(await postgres.terminateAll()).toBeGreaterThan(0)
    // The idle clients hear the server's goodbye and leave the pool before the next call.
    await sleep(300)
    const placed = await createOrder(shopper, body)
    expect(placed.status).toBe(200)
    expect(orderOf(placed).name).toBe(body.orderSequence)
    expect(await ledger()).toMatchObject({ orders: before.orders + 1, giftCardSpends: before.giftCardSpends + 1, budgetSpends: before.budgetSpends + 1 })
  })

  test('connections ended the instant before createOrder: at worst a 503 to try again, and the retry places one order', async () => {
    const shopper = await buyer(store)
    const body = await checkoutBody(store, shopper, ((await getOrderId(shopper)).body as { orderSequence: string }).orderSequence)
    const before = await ledger()

    await postgres.terminateAll()
    const unavailable: Answer[] = []
    const first = await createOrder(shopper, body)
    if (first.status === 503) {
      unavailable.push(first)
      expect(await ledger()).toEqual(before)
    }
    const placed = first.status === 503 ? await retryUntilPlaced(shopper, body, unavailable) : first
    expect(placed.status).toBe(200)
    for (const answer of unavailable) expect(answer.body).toEqual(UNAVAILABLE_BODY)
    const again = await createOrder(shopper, body)
    expect(orderOf(again).id).toBe(orderOf(placed).id)
    expect(await ledger()).toMatchObject({ orders: before.orders + 1, giftCardSpends: before.giftCardSpends + 1, budgetSpends: before.budgetSpends + 1, promotionUsages: before.promotionUsages + 1 })
  })

  // Each table createOrder's transaction writes, in order: a connection lost at that write.
  test.each(['order_lines', 'promotion_usages', 'gift_card_transactions', 'budget_transactions'])(
    'the connection ended while the transaction writes %s: 503, nothing written, no money moved, and the retry places the order once',
    async (table) => {
      const fault = await installTransactionFault(postgres.url, { table, action: 'terminate' })
      const shopper = await buyer(store)
      const body = await checkoutBody(store, shopper, ((await getOrderId(shopper)).body as { orderSequence: string }).orderSequence)
      const before = await ledger()

      await fault.arm(1)
      const cut = await createOrder(shopper, body)
      expect(await fault.fired()).toBe(1)
      expect(cut).toEqual({ status: 503, body: UNAVAILABLE_BODY })
      expect(await ledger()).toEqual(before)

      const placed = await createOrder(shopper, body)
      expect(placed.status).toBe(200)
      const order = orderOf(placed)
      expect(order.name).toBe(body.orderSequence)
      expect(order.amounts.giftCard).toBe(50)
      expect((await createOrder(shopper, body)).body).toEqual(placed.body)
      const after = await ledger()
      expect(after).toMatchObject({
        orders: before.orders + 1,
        giftCardSpends: before.giftCardSpends + 1,
        giftCardSpent: before.giftCardSpent + 5000,
        budgetSpends: before.budgetSpends + 1,
        budgetSpent: before.budgetSpent + Math.round(order.amounts.budget * 100),
        promotionUsages: before.promotionUsages + 1,
        promotionUsedCount: before.promotionUsedCount + 1,
      })
      expect(await orderInconsistencies(postgres.db, store.websiteId)).toEqual([])
    },
  )

  test('forty checkouts while every connection is ended again and again: only 503s to retry, then exactly one order each and every cent accounted for', async () => {
    const shoppers = [...(await Promise.all(Array.from({ length: 20 }, () => buyer(store)))), ...Array.from({ length: 20 }, () => guest(store))]
    const bodies = await Promise.all(
      shoppers.map(async (shopper) => checkoutBody(store, shopper, ((await getOrderId(shopper)).body as { orderSequence: string }).orderSequence)),
    )
    const before = await ledger()

    let running = true
    let terminated = 0
    const terminator = (async () => {
      while (running) {
        terminated += await postgres.terminateAll()
        await sleep(60 + Math.random() * 120)
      }
    })()
    const unavailable: Answer[] = []
    const other: Answer[] = []
    const placed = await Promise.all(
      shoppers.map(async (shopper, index) => {
        await sleep(Math.random() * 500)
        for (let attempt = 0; attempt < 25; attempt++) {
          const answer = await createOrder(shopper, bodies[index]!)
          if (answer.status === 200) return orderOf(answer)
          if (answer.status === 503) unavailable.push(answer)
          else other.push(answer)
          await sleep(50 + Math.random() * 100)
        }
        return null
      }),
    )
    running = false
    await terminator

    expect(terminated).toBeGreaterThan(0)
    expect(unavailable.length).toBeGreaterThan(0)
    expect(other).toEqual([])
    for (const answer of unavailable) expect(answer.body).toEqual(UNAVAILABLE_BODY)
    expect(placed.map((order) => order?.name)).toEqual(bodies.map((body) => body.orderSequence))

    const after = await ledger()
    const spentByCards = placed.reduce((sum, order) => sum + Math.round(order!.amounts.giftCard * 100), 0)
    const spentByBudgets = placed.reduce((sum, order) => sum + Math.round(order!.amounts.budget * 100), 0)
    expect(after).toMatchObject({
      orders: before.orders + 40,
      giftCardSpends: before.giftCardSpends + 20,
      giftCardSpent: before.giftCardSpent + spentByCards,
      giftCardBalance: before.giftCardBalance - spentByCards,
      budgetSpends: before.budgetSpends + 20,
      budgetSpent: before.budgetSpent + spentByBudgets,
      budgetLeft: before.budgetLeft - spentByBudgets,
      promotionUsages: before.promotionUsages + 40,
      promotionUsedCount: before.promotionUsedCount + 40,
    })
    expect(await orderInconsistencies(postgres.db, store.websiteId)).toEqual([])
    console.info(`[resilience] 40 checkouts under a terminate loop: ${terminated} connections ended, ${unavailable.length} answers 503, 40 orders, no other answer`)
  })
})
