import { sql } from 'drizzle-orm'
import { databaseKind, getDb } from '../db/client'

export type Readiness = { status: 'ok' | 'unavailable'; database: 'pglite' | 'postgres'; latencyMs: number }

/** Ready when the database answers a trivial query within the caller's patience. */
export async function checkReadiness(): Promise<Readiness> {
  const started = performance.now()
  const kind = await databaseKind()
  try {
    await (await getDb()).execute(sql`select 1`)
    return { status: 'ok', database: kind, latencyMs: Math.round(performance.now() - started) }
  } catch {
    return { status: 'unavailable', database: kind, latencyMs: Math.round(performance.now() - started) }
  }
}
