import { createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { adoptConnection, closeDb, openConnection } from '@/server/db/client'
import { checkReadiness, NOT_READY } from '@/server/health/health-service'
import { testDatabaseKinds, useTestDatabase } from '../../../../tests/setup/test-db'
import { closedPortUrl } from '../../../../tests/support/store-ledger'
import { GET as health } from './route'

// GET /api/health (issue 6): liveness answers while the process runs, whatever the database does;
// readiness (?ready) asks the database and answers 503 with a reason when it does not answer —
// refused, or silent past the check's timeout — so a load balancer takes the instance out.

const ask = async (query = '') => {
  const response = await health(new Request(`http://store.test/api/health${query}`))
  return { status: response.status, cacheControl: response.headers.get('cache-control'), body: (await response.json()) as Record<string, unknown> }
}

describe.each(testDatabaseKinds())('with the database up (%s)', (kind) => {
  useTestDatabase(kind)

  test('liveness and readiness both answer 200, never cached', async () => {
    expect(await ask()).toEqual({ status: 200, cacheControl: 'no-store', body: { status: 'ok' } })
    const ready = await ask('?ready')
    expect(ready).toMatchObject({ status: 200, cacheControl: 'no-store', body: { status: 'ok', database: kind } })
    expect(ready.body.message).toBeUndefined()
  })
})

describe('with the database refusing connections', () => {
  beforeAll(async () => {
    await closeDb()
    // A PostgreSQL URL where nothing listens: every connection is refused at once.
    adoptConnection(await openConnection({ databaseUrl: (await closedPortUrl()).replace('http://', 'postgres://user@') + '/store' }))
  })
  afterAll(() => closeDb())

  test('liveness still answers 200', async () => {
    expect(await ask()).toEqual({ status: 200, cacheControl: 'no-store', body: { status: 'ok' } })
  })

  test('readiness answers 503 with the reason', async () => {
    expect(await ask('?ready')).toMatchObject({ status: 503, cacheControl: 'no-store', body: { status: 'unavailable', database: 'postgres', message: NOT_READY } })
  })
})

describe('with a database that accepts connections and never answers', () => {
  let silent: Server
  const sockets = new Set<Socket>()

  beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket)
      socket.on('error', () => {})
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    await closeDb()
    adoptConnection(await openConnection({ databaseUrl: `postgres://user@127.0.0.1:${(silent.address() as AddressInfo).port}/store` }))
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await closeDb()
    await new Promise<void>((resolve) => silent.close(() => resolve()))
  })

  test('readiness gives up after its timeout and answers unavailable, instead of hanging the load balancer', async () => {
    // On a clock the test moves: 300 ms are enough to give up, where the connection's own timeout is 5 s.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const readiness = checkReadiness({ timeoutMs: 300 })
      await vi.advanceTimersByTimeAsync(300)
      expect(await readiness).toMatchObject({ status: 'unavailable', message: NOT_READY })
    } finally {
      vi.useRealTimers()
    }
  })
})
