// Telling "the database is not there right now" (restart, failover, network, pool exhausted) from
// every other failure: those are answered 503 with a sentence the shopper can act on (try again),
// not the generic 500, and a retry is safe — a transaction cut off by a lost connection is rolled
// back by the server, and createOrder's reference makes the retry find an order that did commit.

export const DATABASE_UNAVAILABLE = 'The store cannot reach its database right now. Nothing was lost: please try again in a moment.'

/** SQLSTATEs of a lost or refused connection: class 08, admin/crash shutdown, starting up, too many connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])
const UNAVAILABLE_SYSTEM_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])
/** node-postgres reports these with plain Errors (no code). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Cannot use a pool after calling end on the pool',
]

function isUnavailableItself(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_SYSTEM_CODES.has(code))) return true
  return UNAVAILABLE_MESSAGES.some((text) => error.message.includes(text))
}

/** True when `error` (or what it wraps: Drizzle's query error, an AggregateError) is the database being out of reach. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || !(error instanceof Error)) return false
  if (isUnavailableItself(error)) return true
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true
  return isDatabaseUnavailable(error.cause, depth + 1)
}
