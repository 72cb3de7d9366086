import { describe, expect, test } from 'vitest'
import { edgeEnv } from './edge-env.mjs'
import { loadEnv } from './env'

describe("the server's variables", () => {
  test('default to port 3000 on every interface, no proxy, one worker, a 256 MiB route cache', () => {
    expect(edgeEnv({})).toEqual({
      port: 3000,
      hostname: undefined,
      trustProxy: false,
      workers: 1,
      production: false,
      publicOrigin: undefined,
      routeCacheMaxBytes: 256 * 1024 * 1024,
    })
  })

  test('are read as given', () => {
    const read = edgeEnv({ PORT: '0', HOSTNAME_BIND: '127.0.0.1', TRUST_PROXY: '2', NODE_ENV: 'production', ROUTE_CACHE_MAX_BYTES: '1024' })
    expect(read).toMatchObject({ port: 0, hostname: '127.0.0.1', trustProxy: 2, production: true, routeCacheMaxBytes: 1024 })
  })

  test('name the variable, its value and the rule when one is wrong', () => {
    expect(() => edgeEnv({ PORT: 'http' })).toThrow('PORT=http: must be a port number from 0 to 65535.')
    expect(() => edgeEnv({ WEB_CONCURRENCY: 'all' })).toThrow('WEB_CONCURRENCY=all: must be a whole number from 1 to 64.')
    expect(() => edgeEnv({ ROUTE_CACHE_MAX_BYTES: '-1' })).toThrow('ROUTE_CACHE_MAX_BYTES=-1: must be a whole number of bytes.')
  })

  test('ask for PostgreSQL and Redis before several workers', () => {
    expect(() => edgeEnv({ WEB_CONCURRENCY: '2' })).toThrow('WEB_CONCURRENCY=2: several worker processes need PostgreSQL (DATABASE_URL)')
    expect(() => edgeEnv({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/store' })).toThrow('several worker processes need Redis (REDIS_URL)')
    expect(edgeEnv({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/store', REDIS_URL: 'redis://cache' }).workers).toBe(2)
  })

  test('are validated with the rest of the environment, by the same rules', () => {
    expect(loadEnv({ PORT: '3100', TRUST_PROXY: 'true', WEB_CONCURRENCY: '3' })).toMatchObject({ PORT: 3100, TRUST_PROXY: true, WEB_CONCURRENCY: 3 })
    expect(() => loadEnv({ PORT: '99999' })).toThrow('PORT: must be a port number from 0 to 65535.')
  })
})
