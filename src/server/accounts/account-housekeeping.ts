import { and, isNotNull, lt, or, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { accountTokens, sessions } from '../db/schema'
import { logger } from '../kernel/logger'

// Old account rows are deleted so the tables stay small: mail links a day after they were used or
// ran out, and sessions thirty days after they ended (kept that long for "where am I signed in"
// questions and incident review).

export const LINK_RETENTION_DAYS = 1
export const SESSION_RETENTION_DAYS = 30
const EVERY_MS = 6 * 60 * 60 * 1000

export async function removeExpiredAccountRows(db: Database): Promise<{ links: number; sessions: number }> {
  const linkCutoff = sql`now() - make_interval(days => ${LINK_RETENTION_DAYS})`
  const sessionCutoff = sql`now() - make_interval(days => ${SESSION_RETENTION_DAYS})`
  // store-scope: housekeeping job purges expired rows of every store
  const links = await db
    .delete(accountTokens)
    .where(or(lt(accountTokens.expiresAt, linkCutoff), and(isNotNull(accountTokens.usedAt), lt(accountTokens.usedAt, linkCutoff))))
    .returning({ id: accountTokens.id })
  // store-scope: housekeeping job purges expired rows of every store
  const ended = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sessionCutoff), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, sessionCutoff))))
    .returning({ id: sessions.id })
  return { links: links.length, sessions: ended.length }
}

/** Runs the cleanup now and every six hours for the life of the process (the timer never keeps it alive). */
export function scheduleAccountHousekeeping(db: () => Promise<Database>): void {
  const run = () =>
    db()
      .then(removeExpiredAccountRows)
      .then((removed) => {
        if (removed.links + removed.sessions > 0) logger().info(removed, 'old account rows removed')
      })
      .catch((error: unknown) => logger().warn({ err: error }, 'account housekeeping failed; it runs again later'))
  void run()
  setInterval(() => void run(), EVERY_MS).unref()
}
