import { sql } from 'drizzle-orm'
import { databaseKind, getDb } from '../db/client'
import { logger } from '../kernel/logger'

export type Readiness = {
  status: 'ok' | 'unavailable'
  database: 'pglite' | 'postgres'
  latencyMs: number
  /** Why the instance is not ready (for the load balancer's log and whoever reads it); absent when ready. */
  message?: string
}

export const NOT_READY = 'The database does not answer: this instance cannot serve the store right now.'

/** A load balancer polls readiness every few seconds: a database that does not answer within this is "not ready". */
export const READINESS_TIMEOUT_MS = 2000

/** Ready when the database answers a trivial query within `timeoutMs`. */
export async function checkReadiness({ timeoutMs = READINESS_TIMEOUT_MS }: { timeoutMs?: number } = {}): Promise<Readiness> {
  const started = performance.now()
  const kind = await databaseKind()
  const elapsed = () => Math.round(performance.now() - started)
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${timeoutMs} ms`)), timeoutMs)
  })
  try {
    await Promise.race([(async () => (await getDb()).execute(sql`select 1`))(), timeout])
    return { status: 'ok', database: kind, latencyMs: elapsed() }
  } catch (error) {
    logger().warn({ err: error }, 'readiness check: database unavailable')
    return { status: 'unavailable', database: kind, latencyMs: elapsed(), message: NOT_READY }
  } finally {
    clearTimeout(timer)
  }
}
