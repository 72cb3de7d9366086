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

/** What PostgreSQL said about a failed statement (pg's DatabaseError and PGlite's carry these fields). */
export type PostgresErrorFields = { code: string; constraint?: string; table?: string; column?: string; severity?: string; message: string }

/** The fields of `error` itself when it is PostgreSQL's error (it has a SQLSTATE), else null. */
export function ownPostgresError(error: unknown): PostgresErrorFields | null {
  if (typeof error !== 'object' || error === null) return null
  const { code, constraint, table, column, severity, message } = error as Record<string, unknown>
  // A SQLSTATE is five digits or capitals; with a severity (pg, PGlite) or a leading digit, so that a
  // system error's code (EPIPE) is not taken for one.
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code) || (typeof severity !== 'string' && !/^\d/.test(code))) return null
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined)
  return { code, constraint: text(constraint), table: text(table), column: text(column), severity: text(severity), message: typeof message === 'string' ? message : '' }
}

/** The PostgreSQL error in `error` or what it wraps (Drizzle's query error keeps it as `cause`), or null. */
export function postgresErrorOf(error: unknown, depth = 0): PostgresErrorFields | null {
  if (depth > 5 || typeof error !== 'object' || error === null) return null
  return ownPostgresError(error) ?? postgresErrorOf((error as { cause?: unknown }).cause, depth + 1)
}

/** SQLSTATEs of text PostgreSQL cannot store: a NUL byte (22021), a lone surrogate's escape in JSON (22P05). */
const UNSTORABLE_TEXT_SQLSTATES = new Set(['22021', '22P05'])

export const UNSTORABLE_TEXT = 'The request contains a character that cannot be stored (a NUL character or an unpaired surrogate). Remove it and try again.'

/** True when the database refused a statement for text it cannot store (the request's fault: a 400). */
export function isUnstorableText(error: unknown): boolean {
  const postgres = postgresErrorOf(error)
  return postgres !== null && UNSTORABLE_TEXT_SQLSTATES.has(postgres.code)
}

/** SQLSTATE 23505: a unique index refused the row (a name already taken), optionally that of one named index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = postgresErrorOf(error)
  return found?.code === '23505' && (constraint === undefined || found.constraint === constraint)
}
