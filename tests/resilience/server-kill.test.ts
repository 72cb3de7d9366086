import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { forgetSigningKey } from '../../src/server/accounts/signing-key'
import { TAX_CALCULATION_FAILED } from '../../src/server/tax/tax-errors'
import type { CheckoutStore } from '../factories/orders'
import { orderInconsistencies, storeLedger } from '../support/store-ledger'
import { buyer, checkoutBody, createResilienceStore, type Shopper } from './support/checkout'
import { type HeldTaxService, httpJson, type JsonAnswer, startHeldTaxService } from './support/http'
import { installTransactionFault, openTestPostgres, type TestPostgres } from './support/postgres'
import { type StoreServer, startStoreServer } from './support/store-server'

// Issue 6: the app process killed (SIGKILL: no shutdown handler, the request in flight cut) while
// placing an order, and started again — the production build on PostgreSQL, a signed-in buyer who
// pays with a gift card and a budget. Killed while createOrder waits for the tax service (before
// its transaction), while its transaction holds (a trigger keeps the gift-card write waiting), and
// right after it answered. Each time the retry with the same reference on the new process makes
// exactly one order and spends the money once. Also the tax service slower than the server's own
// timeout: a 503 with the spec's message, nothing written, then the retry.

const PORT = 3401

type PlacedOrder = { id: number; name: string; amounts: { giftCard: number; budget: number } }
const orderOf = (answer: JsonAnswer) => (answer.body as { createOrder: { order: PlacedOrder } }).createOrder.order

describe('the production server killed while placing an order (PostgreSQL)', () => {
  let postgres: TestPostgres
  let tax: HeldTaxService
  let store: CheckoutStore
  let server: StoreServer

  const start = async () => {
    server = await startStoreServer({ port: PORT, databaseUrl: postgres.url, websiteId: store.websiteId })
  }

  beforeAll(async () => {
    postgres = await openTestPostgres()
    forgetSigningKey()
    tax = await startHeldTaxService()
    store = await createResilienceStore({ tax: { customUrl: `${tax.url}/rates` } })
    await start()
  })
  afterAll(async () => {
    await server?.stop()
    await tax?.close()
    await postgres?.close()
  })

  const ledger = () => storeLedger(postgres.db, store.websiteId)
  const api = (path: string, shopper: Shopper, body: Record<string, unknown>) => httpJson(`${server.url}${path}`, body, shopper.headers)
  const createOrder = (shopper: Shopper, body: Record<string, unknown>) => api('/api/mutation', shopper, { key: 'createOrder', ...body })

  async function checkout() {
    const shopper = await buyer(store)
    const reference = await api('/api/query', shopper, { key: 'getOrderId' })
    expect(reference.status).toBe(200)
    const body = await checkoutBody(store, shopper, (reference.body as { orderSequence: string }).orderSequence)
    return { shopper, body, before: await ledger() }
  }

  /** After the restart: the same checkout once more, then once again; one order, its money spent once. */
  async function retryPlacesOneOrder(shopper: Shopper, body: Awaited<ReturnType<typeof checkout>>['body'], before: Awaited<ReturnType<typeof ledger>>, earlier?: PlacedOrder) {
    const placed = await createOrder(shopper, body)
    expect(placed.status).toBe(200)
    const order = orderOf(placed)
    expect(order.name).toBe(body.orderSequence)
    if (earlier) expect(order.id).toBe(earlier.id)
    expect((await createOrder(shopper, body)).body).toEqual(placed.body)
    expect(await ledger()).toMatchObject({
      orders: before.orders + 1,
      giftCardSpends: before.giftCardSpends + 1,
      giftCardSpent: before.giftCardSpent + Math.round(order.amounts.giftCard * 100),
      budgetSpends: before.budgetSpends + 1,
      budgetSpent: before.budgetSpent + Math.round(order.amounts.budget * 100),
      promotionUsages: before.promotionUsages + 1,
      promotionUsedCount: before.promotionUsedCount + 1,
    })
    expect(await orderInconsistencies(postgres.db, store.websiteId)).toEqual([])
  }

  test('killed while createOrder waits for the tax service: the request dies with the process, nothing is written, and the retry on the new process places the order once', async () => {
    const { shopper, body, before } = await checkout()
    tax.hold()
    const taxAsked = tax.nextRequest()
    const inFlight = createOrder(shopper, body).then(
      (answer) => answer,
      (error: unknown) => error,
    )
    await taxAsked
    await server.kill()
    // The browser sees the connection fail; the checkout keeps the reference for the retry.
    expect(await inFlight).toBeInstanceOf(Error)
    tax.answer()
    expect(await ledger()).toEqual(before)

    await start()
    await retryPlacesOneOrder(shopper, body, before)
  })

  test('killed while the order transaction holds: PostgreSQL rolls it back, nothing is written, and the retry places the order once', async () => {
    const fault = await installTransactionFault(postgres.url, { table: 'gift_card_transactions', action: 'sleep', seconds: 3 })
    const { shopper, body, before } = await checkout()
    await fault.arm(1)
    const inFlight = createOrder(shopper, body).then(
      (answer) => answer,
      (error: unknown) => error,
    )
    // The transaction has written the order, its lines and the promotion use, and waits at the gift card.
    for (let i = 0; i < 200 && (await fault.fired()) < 1; i++) await sleep(25)
    expect(await fault.fired()).toBe(1)
    await server.kill()
    expect(await inFlight).toBeInstanceOf(Error)
    // The backend finds its client gone when the trigger returns, and rolls back.
    for (let i = 0; i < 200; i++) {
      const busy = (await postgres.db.execute(
        sql`select count(*)::int as busy from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`,
      )) as unknown as { rows: { busy: number }[] }
      if (busy.rows[0]!.busy === 0) break
      await sleep(50)
    }
    expect(await ledger()).toEqual(before)

    await start()
    await retryPlacesOneOrder(shopper, body, before)
  })

  test('killed right after it answered: the new process gives the same order to the retry, and nothing is spent twice', async () => {
    const { shopper, body, before } = await checkout()
    const answered = await createOrder(shopper, body)
    expect(answered.status).toBe(200)
    await server.kill()

    await start()
    await retryPlacesOneOrder(shopper, body, before, orderOf(answered))
    const mails = (await postgres.db.execute(sql`select count(*)::int as count from mail_outbox where subject like ${`%${body.orderSequence}%`}`)) as unknown as {
      rows: { count: number }[]
    }
    console.info(`[resilience] confirmation mails of an order whose process was killed right after answering: ${mails.rows[0]!.count}`)
  })

  test('a tax service slower than the server’s timeout: the summary says the tax is unknown, createOrder answers 503 with the spec’s message, and the retry places the order', async () => {
    const { shopper, body, before } = await checkout()
    tax.hold()
    const started = performance.now()
    const [summary, refused] = await Promise.all([
      api('/api/cart/summary', shopper, { items: body.products, address: body.billingaddress, deliveryMethodId: body.deliveryMethodId, useGiftCards: true }),
      createOrder(shopper, body),
    ])
    const waited = performance.now() - started
    tax.answer()
    expect(summary.status).toBe(200)
    expect((summary.body as { data: { taxError?: string } }).data.taxError).toBe(TAX_CALCULATION_FAILED)
    expect(refused).toEqual({ status: 503, body: { error: { code: 'unavailable', message: TAX_CALCULATION_FAILED }, statusCode: 503, statusMessage: TAX_CALCULATION_FAILED } })
    expect(waited).toBeGreaterThan(7000)
    expect(waited).toBeLessThan(20_000)
    expect(await ledger()).toEqual(before)
    await retryPlacesOneOrder(shopper, body, before)
  })
})
