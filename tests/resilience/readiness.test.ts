import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { forgetSigningKey } from '../../src/server/accounts/signing-key'
import { DATABASE_UNAVAILABLE } from '../../src/server/kernel/db-errors'
import { NOT_READY } from '../../src/server/health/health-service'
import type { CheckoutStore } from '../factories/orders'
import { orderInconsistencies, storeLedger } from '../support/store-ledger'
import { buyer, checkoutBody, createResilienceStore } from './support/checkout'
import { httpJson, startTcpProxy, type TcpProxy } from './support/http'
import { openTestPostgres, type TestPostgres } from './support/postgres'
import { type StoreServer, startStoreServer } from './support/store-server'

// Issue 6: GET /api/health on the production server while its PostgreSQL goes away and comes back
// (a TCP proxy between them drops every connection and refuses new ones, as a database restart
// does). Liveness answers 200 throughout; readiness answers 503 with the reason while the database
// is away and 200 again once it is back; a checkout in between gets the 503 to try again, nothing
// is written, and the retry with the same reference places the order. The process survives it all.

const PORT = 3402
const UNAVAILABLE_BODY = { error: { code: 'unavailable', message: DATABASE_UNAVAILABLE }, statusCode: 503, statusMessage: DATABASE_UNAVAILABLE }

describe('readiness and checkout while the database goes away and comes back (PostgreSQL)', () => {
  let postgres: TestPostgres
  let proxy: TcpProxy
  let store: CheckoutStore
  let server: StoreServer

  beforeAll(async () => {
    postgres = await openTestPostgres()
    forgetSigningKey()
    store = await createResilienceStore()
    const direct = new URL(postgres.url)
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) })
    const throughProxy = new URL(postgres.url)
    throughProxy.hostname = '127.0.0.1'
    throughProxy.port = String(proxy.port)
    server = await startStoreServer({ port: PORT, databaseUrl: throughProxy.toString(), websiteId: store.websiteId })
  })
  afterAll(async () => {
    await server?.stop()
    await proxy?.close()
    await postgres?.close()
  })

  const health = (query = '') => httpJson(`${server.url}/api/health${query}`)

  test('liveness stays 200, readiness is 503 with the reason until the database is back, and the checkout cut off in between goes through on retry', async () => {
    expect(await health()).toEqual({ status: 200, body: { status: 'ok' } })
    expect(await health('?ready')).toMatchObject({ status: 200, body: { status: 'ok', database: 'postgres' } })
    const shopper = await buyer(store)
    const reference = await httpJson(`${server.url}/api/query`, { key: 'getOrderId' }, shopper.headers)
    const body = await checkoutBody(store, shopper, (reference.body as { orderSequence: string }).orderSequence)
    const before = await storeLedger(postgres.db, store.websiteId)

    await proxy.cut()
    expect(await health()).toEqual({ status: 200, body: { status: 'ok' } })
    const notReady = await health('?ready')
    expect(notReady).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'postgres', message: NOT_READY } })
    expect(await httpJson(`${server.url}/api/mutation`, { key: 'createOrder', ...body }, shopper.headers)).toEqual({ status: 503, body: UNAVAILABLE_BODY })
    expect(await httpJson(`${server.url}/api/query`, { key: 'getOrderId' }, shopper.headers)).toEqual({ status: 503, body: UNAVAILABLE_BODY })
    expect(await storeLedger(postgres.db, store.websiteId)).toEqual(before)

    await proxy.restore()
    const back = performance.now()
    let ready = await health('?ready')
    while (ready.status !== 200 && performance.now() - back < 15_000) {
      await sleep(100)
      ready = await health('?ready')
    }
    expect(ready).toMatchObject({ status: 200, body: { status: 'ok' } })
    console.info(`[resilience] readiness back ${Math.round(performance.now() - back)} ms after the database`)

    const placed = await httpJson(`${server.url}/api/mutation`, { key: 'createOrder', ...body }, shopper.headers)
    expect(placed.status).toBe(200)
    expect((placed.body as { createOrder: { order: { name: string } } }).createOrder.order.name).toBe(body.orderSequence)
    expect(await storeLedger(postgres.db, store.websiteId)).toMatchObject({ orders: before.orders + 1, giftCardSpends: before.giftCardSpends + 1, budgetSpends: before.budgetSpends + 1 })
    expect(await orderInconsistencies(postgres.db, store.websiteId)).toEqual([])
    expect(server.process.exitCode).toBeNull()
  })
})
