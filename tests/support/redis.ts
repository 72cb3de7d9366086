import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { Redis } from 'ioredis'

// Suites that need a real Redis run when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379) and
// are skipped otherwise, saying so in their name. Each run works under its own key prefix and
// deletes only its own keys: the Redis may be shared.

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined

/** Appended to a suite's name when it cannot run here. */
export function needs(...variables: ('TEST_REDIS_URL' | 'TEST_DATABASE_URL')[]): string {
  const missing = variables.filter((name) => !process.env[name])
  return missing.length === 0 ? '' : ` (skipped: set ${missing.join(' and ')} to run)`
}

export function uniqueRedisPrefix(label: string): string {
  return `test:${label}:${randomBytes(6).toString('hex')}:`
}

/** Deletes the keys under `prefix` (never anything else). */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 })
  try {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500)
      cursor = next
      if (keys.length > 0) await redis.unlink(...keys)
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}

/** Closes, on the Redis server, the connections whose name is `name` (as a network fault would). */
export async function killRedisConnections(url: string, name: string): Promise<number> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 })
  try {
    const list = String(await redis.client('LIST'))
    const ids = list
      .split('\n')
      .filter((line) => line.includes(` name=${name} `))
      .map((line) => /(?:^|\s)id=(\d+)/.exec(line)?.[1])
      .filter((id): id is string => Boolean(id))
    for (const id of ids) await redis.client('KILL', 'ID', id)
    return ids.length
  } finally {
    redis.disconnect()
  }
}

/** redis:// on a loopback port nothing listens on: a Redis that is down. */
export async function unreachableRedisUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `redis://127.0.0.1:${port}`
}

export async function waitUntil(check: () => boolean | Promise<boolean>, { timeoutMs = 5000, stepMs = 10 } = {}): Promise<number> {
  const started = performance.now()
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, stepMs))
  }
  return performance.now() - started
}
