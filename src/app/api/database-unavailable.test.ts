import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { adoptConnection, closeDb, openConnection } from '@/server/db/client'
import { DATABASE_UNAVAILABLE } from '@/server/kernel/db-errors'
import { type CheckoutStore, orderBody } from '../../../tests/factories/orders'
import { closedPortUrl } from '../../../tests/support/store-ledger'
import { POST as mutation } from './mutation/route'
import { POST as query } from './query/route'

// Issue 6: with the database out of reach (restarting, failing over), the API says so — 503, a
// sentence to try again in a moment, Retry-After — instead of the generic 500.

/** Ids only: the database never gets to look them up. */
const SOME_STORE = { us: { id: 1 }, sc: { id: 1 }, polo: { id: 1 }, navyId: 1, crest: { id: 1 }, invoice: { id: 1 }, ground: { id: 1 } } as unknown as CheckoutStore

const post = (route: (request: Request) => Promise<Response>, path: string, body: unknown) =>
  route(new Request(`http://store.test${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' }, body: JSON.stringify(body) }))

describe('with a database that refuses connections', () => {
  beforeAll(async () => {
    await closeDb()
    adoptConnection(await openConnection({ databaseUrl: (await closedPortUrl()).replace('http://', 'postgres://user@') + '/store' }))
  })
  afterAll(() => closeDb())

  test.each([
    ['getOrderId', query, '/api/query', { key: 'getOrderId' }],
    ['createOrder', mutation, '/api/mutation', { key: 'createOrder', ...orderBody(SOME_STORE, 'S00001') }],
    ['a cached public query', query, '/api/query', { key: 'getDeliveryMethods' }],
  ] as const)('%s answers 503 with a message to try again, never a bare 500', async (_name, route, path, body) => {
    const answer = await post(route, path, body)
    expect(answer.status).toBe(503)
    expect(answer.headers.get('retry-after')).toBe('5')
    expect(await answer.json()).toEqual({ error: { code: 'unavailable', message: DATABASE_UNAVAILABLE }, statusCode: 503, statusMessage: DATABASE_UNAVAILABLE })
  })
})
