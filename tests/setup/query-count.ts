import type { Logger } from 'drizzle-orm/logger'

// Every statement drizzle sends to a test database is counted here (tests/setup/test-db.ts hands
// this logger to drizzle). A test that means "fast" says how many queries, which a loaded machine
// cannot change; timings belong to the bench (decision 020).
let sent = 0
/** The statements' texts while recordQueries runs, so a failing count can say which one was added. */
let texts: string[] | null = null

export const queryCounter: Logger = {
  logQuery: (query) => {
    sent += 1
    texts?.push(query)
  },
}

/** What `work` returns, and how many statements it sent to the database. */
export async function countQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const before = sent
  const result = await work()
  return { result, queries: sent - before }
}

/** What `work` returns, and the statements it sent, in order (their SQL text). */
export async function recordQueries<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = []
  texts = statements
  try {
    return { result: await work(), statements }
  } finally {
    texts = null
  }
}
