import type { Executor } from './client'

// The few statements every signed-in request runs (the session check, the partner's profile and
// address book) are prepared once per database handle (decision 016): drizzle then skips building
// the SQL on each call, and PostgreSQL keeps the parsed statement on each pooled connection instead
// of parsing and planning it again. Values go in through sql.placeholder(...), never into the text.
// Each name must stand for one statement text: PostgreSQL refuses a name prepared twice differently.

const statements = new WeakMap<Executor, Map<string, unknown>>()

/** The statement `build` prepares on `db`, built on first use and reused after. */
export function prepared<T>(db: Executor, name: string, build: (db: Executor) => T): T {
  let byName = statements.get(db)
  if (!byName) statements.set(db, (byName = new Map()))
  let statement = byName.get(name) as T | undefined
  if (statement === undefined) byName.set(name, (statement = build(db)))
  return statement
}
