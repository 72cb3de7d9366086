import pino from 'pino'
import { ownPostgresError, postgresErrorOf } from './db-errors'
import { env } from '../env'

const GLOBAL_KEY = Symbol.for('webstore.logger')
type GlobalWithLogger = typeof globalThis & { [GLOBAL_KEY]?: pino.Logger }

/** Structured server logs (JSON lines on stdout). Secrets are redacted by key; errors go through serializeError. */
export function logger(): pino.Logger {
  const holder = globalThis as GlobalWithLogger
  holder[GLOBAL_KEY] ??= createLogger()
  return holder[GLOBAL_KEY]
}

/** The store's logger writing to `destination` (stdout by default): what logger() is, for tests. */
export function createLogger({ destination, level = env().LOG_LEVEL }: { destination?: pino.DestinationStream; level?: string } = {}): pino.Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { app: 'webstore' },
    serializers: { err: serializeError, error: serializeError },
    redact: {
      paths: ['*.password', '*.token', '*.key', '*.secret', '*.clientSecret', '*.authorization', '*.access_token'],
      censor: '[redacted]',
    },
  }
  return destination ? pino(options, destination) : pino(options)
}

// A failed statement must not carry its values into the log (issue 13, item 8): Drizzle's
// DrizzleQueryError says `Failed query: … params: …` in its message, its stack and its `params`
// field — a sign-up's argon2 hash, an order's access token — and PostgreSQL's own error repeats
// the values of a violated key in `detail` ("Key (access_token)=(…) already exists"). What is
// logged of them is the SQL (placeholders only), the SQLSTATE, the constraint, table and column,
// and PostgreSQL's message; never the parameters or the detail.

const MAX_CAUSES = 5

const FAILED_QUERY = /^Failed query: ([\s\S]*?)\nparams: /

/**
 * The SQL of Drizzle's error for a failed statement, or null for any other error. Checked by its
 * message too: an error Next passed across module graphs or rebuilt keeps the message only.
 */
function failedQueryOf(error: Error): string | null {
  const query = (error as { query?: unknown }).query
  if (typeof query === 'string' && error.message.startsWith('Failed query:')) return query
  return FAILED_QUERY.exec(error.message)?.[1] ?? null
}

/** The stack's frames (the lines after the message, which repeats what is withheld). */
function framesOf(stack: string | undefined): string {
  const start = stack?.indexOf('\n    at ') ?? -1
  return start === -1 ? '' : stack!.slice(start)
}

/** The statement that failed, without its values; with PostgreSQL's code, constraint, table and column. */
class DrizzleQueryError extends Error {
  override readonly name = 'DrizzleQueryError'
  constructor(query: string, stack: string | undefined, cause: unknown) {
    super(`Failed query: ${query.length > 2000 ? `${query.slice(0, 2000)}…` : query} (parameters withheld)`, { cause })
    this.stack = `${this.name}: ${this.message}${framesOf(stack)}`
    const postgres = postgresErrorOf(cause)
    if (postgres) {
      const { code, constraint, table, column } = postgres
      Object.assign(this, Object.fromEntries(Object.entries({ code, constraint, table, column }).filter(([, value]) => value !== undefined)))
    }
  }
}

/** What PostgreSQL said, without the values it quotes in `detail`, `where` or `internalQuery`. */
class PostgresError extends Error {
  override readonly name = 'PostgresError'
  constructor(
    readonly code: string,
    message: string,
    fields: { constraint?: string; table?: string; column?: string; severity?: string },
    stack: string | undefined,
    cause: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause })
    Object.assign(this, Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)))
    this.stack = `${this.name} ${code}: ${message}${framesOf(stack)}`
  }
}

/** `error` with every failed statement and database error in its cause chain reduced to what may be logged. */
function withheld(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > MAX_CAUSES) return error
  const query = failedQueryOf(error)
  if (query !== null) return new DrizzleQueryError(query, error.stack, withheld(error.cause, depth + 1))
  const own = ownPostgresError(error)
  if (own) {
    const { code, message, constraint, table, column, severity } = own
    return new PostgresError(code, message, { constraint, table, column, severity }, error.stack, withheld(error.cause, depth + 1))
  }
  if (error.cause === undefined) return error
  const cause = withheld(error.cause, depth + 1)
  if (cause === error.cause) return error
  // An error of ours wrapping a database error: the same error with the cause reduced.
  const copy = Object.create(Object.getPrototypeOf(error) as object, Object.getOwnPropertyDescriptors(error)) as Error
  Object.defineProperty(copy, 'cause', { value: cause, enumerable: false, configurable: true, writable: true })
  return copy
}

/**
 * The logger's serializer for errors: pino's standard one (type, message and stack with their
 * causes, own fields) applied after failed statements and database errors are reduced to their
 * SQL, SQLSTATE, constraint, table and column.
 */
export function serializeError(error: unknown): unknown {
  return pino.stdSerializers.err(withheld(error) as Error)
}

/** Drizzle's message as text (an error already formatted): the parameters' line withheld. */
function withheldText(text: string): string {
  return text.includes('Failed query:') ? text.replace(/(Failed query: [^\n]*)\nparams: [^\n]*/g, '$1 (parameters withheld)') : text
}

/** What console.error and console.warn print, with failed statements reduced as in the logs. */
export function withheldConsoleArguments(args: readonly unknown[]): unknown[] {
  return args.map((arg) => (typeof arg === 'string' ? withheldText(arg) : withheld(arg)))
}

const CONSOLE_KEY = Symbol.for('webstore.console-withholds-query-values')

/**
 * Next prints the errors of a page render or a route itself (console.error), outside our logger:
 * from the start of the server, those go through the same reduction. Installed once per process.
 */
export function withholdQueryValuesInConsole(): void {
  const holder = globalThis as typeof globalThis & { [CONSOLE_KEY]?: true }
  if (holder[CONSOLE_KEY]) return
  holder[CONSOLE_KEY] = true
  const error = console.error.bind(console)
  const warn = console.warn.bind(console)
  console.error = (...args: unknown[]) => error(...withheldConsoleArguments(args))
  console.warn = (...args: unknown[]) => warn(...withheldConsoleArguments(args))
}
