import type { Logger } from 'drizzle-orm/logger'

// Every statement drizzle sends to a test database is counted here (tests/setup/test-db.ts hands
// this logger to drizzle). A test that means "fast" says how many queries, which a loaded machine
// cannot change; timings belong to the bench (decision 020).
let sent = 0

export const queryCounter: Logger = {
  logQuery: () => {
    sent += 1
  },
}

/** What `work` returns, and how many statements it sent to the database. */
export async function countQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const before = sent
  const result = await work()
  return { result, queries: sent - before }
}
