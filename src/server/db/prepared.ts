import { getTableColumns, type SQL, sql, type Table } from 'drizzle-orm'
import type { Executor } from './client'

// The statements every signed-in request runs (the session check, the partner's profile and
// address book) and those of placing an order are prepared once per database handle (decisions 016
// and 011): drizzle then skips building the SQL on each call, and PostgreSQL keeps the parsed
// statement on each pooled connection instead of parsing and planning it again. Values go in
// through sql.placeholder(...), never into the text. Each name must stand for one statement text:
// PostgreSQL refuses a name prepared twice differently.
//
// A statement is built once per database, whether it is first asked for by the database or by one
// of its transactions (they share the database's dialect), and runs on the connection of whoever
// asks: a transaction's statement runs inside that transaction, on its connection.

/** What drizzle keeps of a database or transaction and of a prepared statement, that binding needs. */
type Bindable = { dialect?: object; session?: { client?: unknown } }
type BoundStatement = { client?: unknown }

const statements = new WeakMap<object, Map<string, BoundStatement>>()

function parts(executor: Executor): { dialect: object; client: unknown } {
  const { dialect, session } = executor as unknown as Bindable
  if (!dialect || !session || session.client === undefined) throw new Error('prepared(): this drizzle executor has no dialect or session client to bind a statement to')
  return { dialect, client: session.client }
}

/** Anything drizzle can prepare under a name: a select, insert or update builder. */
type Preparable<T> = { prepare(name: string): T }

/**
 * The statement `build` makes, prepared under `name` on first use for `db`'s database and run on
 * `db`'s connection. `build` answers the query builder; it is prepared here, so the name is said once.
 */
export function prepared<T>(db: Executor, name: string, build: (db: Executor) => Preparable<T>): T {
  const { dialect, client } = parts(db)
  let byName = statements.get(dialect)
  if (!byName) statements.set(dialect, (byName = new Map()))
  let statement = byName.get(name) as (T & BoundStatement) | undefined
  if (statement === undefined) {
    statement = build(db).prepare(name) as T & BoundStatement
    if (statement.client === undefined) throw new Error(`prepared(): statement ${name} has no client to run on`)
    byName.set(name, statement)
  }
  // The same statement, run on this executor's connection (a transaction's, or the pool's).
  return statement.client === client ? statement : (Object.create(statement as object, { client: { value: client } }) as T)
}

/**
 * The values of a prepared insert: a placeholder named after each key of `row`, filled by
 * `rowParams(table, row)` at each execution. The row must always have every key (null for a value
 * that is missing, never a key left out), or its later rows would meet a statement without it.
 * The placeholders are plain SQL, not the column's: drizzle would run a column's encoder on null too
 * (a jsonb null would be stored as the JSON value null, a null timestamp would throw).
 */
export function rowPlaceholders<R extends Record<string, unknown>>(row: R): { [K in keyof R]: SQL } {
  return Object.fromEntries(Object.keys(row).map((key) => [key, sql`${sql.placeholder(key)}`])) as { [K in keyof R]: SQL }
}

/** `row`'s values as its columns hand them to the driver, null as NULL: what rowPlaceholders' statement is executed with. */
export function rowParams(table: Table, row: Record<string, unknown>): Record<string, unknown> {
  const columns = getTableColumns(table)
  const params: Record<string, unknown> = {}
  for (const key in row) {
    const value = row[key]
    const column = columns[key]
    if (!column) throw new Error(`rowParams(): ${key} is not a column of the table`)
    params[key] = value === null || value === undefined ? null : column.mapToDriverValue(value)
  }
  return params
}
