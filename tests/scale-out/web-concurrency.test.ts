import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

const server = path.resolve(import.meta.dirname, '..', '..', 'scripts', 'server.mjs')

/** Starts the production server the way `npm start` does and returns how it ended at once. */
function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, [server], {
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: '', REDIS_URL: '', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  })
  return { status: result.status, stderr: result.stderr }
}

describe('WEB_CONCURRENCY (worker processes on one port)', () => {
  test('above 1 is refused on the embedded database, which serves one process', () => {
    const { status, stderr } = start({ WEB_CONCURRENCY: '2' })
    expect(status).toBe(1)
    expect(stderr).toContain('WEB_CONCURRENCY=2: several worker processes need PostgreSQL (DATABASE_URL)')
  })

  test('above 1 is refused without Redis, through which the workers hear each other', () => {
    const { status, stderr } = start({ WEB_CONCURRENCY: '3', DATABASE_URL: 'postgres://webstore@127.0.0.1:1/webstore' })
    expect(status).toBe(1)
    expect(stderr).toContain('WEB_CONCURRENCY=3: several worker processes need Redis (REDIS_URL)')
  })

  test('must be a whole number of processes', () => {
    const { status, stderr } = start({ WEB_CONCURRENCY: 'all' })
    expect(status).toBe(1)
    expect(stderr).toContain('WEB_CONCURRENCY=all: must be a whole number from 1 to 64.')
  })
})
