import { type SQL, sql } from 'drizzle-orm'
import { DomainError } from './errors'

// The one keyset cursor of the console's lists (issue 26): orders, products, customers, the audit
// log, work orders, webhook deliveries and stores page with it. A cursor is base64url JSON of
// [sort, direction, key values, before]: the sort key of the row a page ends at (or starts at,
// for the page before) with the id that breaks ties, so any page — the 8,000th too — costs one
// index range read, and a row added while someone pages never makes them skip or see a row twice.
// It carries the list's sort and direction: a link made for another sort is refused, as is a
// cursor that does not decode or whose values are not a row's of this sort (each with one sentence,
// a 400). Lists read `limit + 1` rows; `page` turns them into the page and its two cursors.

export const CURSOR_OF_ANOTHER_SORT = 'This page link belongs to another sort of the list. Start again from the first page.'
export const CURSOR_NOT_VALID = 'This page link is not valid. Start again from the first page.'

export type SortDirection = 'asc' | 'desc'

/**
 * What one key value of a cursor is: `time`, a row's time to the microsecond as `cursorTime` writes
 * it; `integer`, a whole number of the database's integer range; `id`, a positive one; `text`, up
 * to 400 characters.
 */
export type CursorKeyKind = 'time' | 'integer' | 'id' | 'text'
export type CursorValue = string | number

/** A decoded cursor: the key values of the row it names, and whether the page wanted is the one before it. */
export type CursorAt = { values: CursorValue[]; before: boolean }

export type ListPage<R> = { rows: R[]; nextCursor: string | null; previousCursor: string | null }

const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
const INT_MAX = 2_147_483_647

const fits: Record<CursorKeyKind, (value: unknown) => boolean> = {
  time: (value) => typeof value === 'string' && EXACT_TIME.test(value),
  integer: (value) => typeof value === 'number' && Number.isInteger(value) && value >= -INT_MAX - 1 && value <= INT_MAX,
  id: (value) => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= INT_MAX,
  text: (value) => typeof value === 'string' && value.length <= 400,
}

/** A timestamp column as a cursor keeps it: ISO 8601 in UTC to the microsecond (what the database holds, not a Date's milliseconds). */
export const cursorTime = (column: SQL | SQL.Aliased | object): SQL<string> => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

export const flipDirection = (dir: SortDirection): SortDirection => (dir === 'asc' ? 'desc' : 'asc')

/** The rows after (values) when read in `dir`: one row comparison, which an index on the columns serves. */
export function keysetAfter(columns: readonly (SQL | object)[], values: readonly SQL[], dir: SortDirection): SQL {
  const left = sql.join(
    columns.map((column) => sql`${column}`),
    sql`, `,
  )
  const right = sql.join([...values], sql`, `)
  return dir === 'asc' ? sql`(${left}) > (${right})` : sql`(${left}) < (${right})`
}

/** ORDER BY the key columns, all in `dir`. */
export function keysetOrderBy(columns: readonly (SQL | object)[], dir: SortDirection): SQL[] {
  const way = dir === 'asc' ? sql`asc` : sql`desc`
  return columns.map((column) => sql`${column} ${way}`)
}

export type ListCursor = {
  encode(values: readonly CursorValue[], before?: boolean): string
  /** The cursor's row; a DomainError 'invalid' (400) with one of the two sentences when it is not one of this list's sort. */
  decode(text: string): CursorAt
  /** `decode`, or null without a cursor (the first page). */
  read(text: string | null | undefined): CursorAt | null
  /** The direction to read rows in: the list's, turned round for the page before a row. */
  readDirection(at: CursorAt | null): SortDirection
  /** The page from `limit + 1` rows read in `readDirection(at)`: the rows in the list's order and the cursors of the pages around it. */
  page<R>(fetched: readonly R[], limit: number, at: CursorAt | null, keyOf: (row: R) => readonly CursorValue[]): ListPage<R>
}

/**
 * The cursor of one list read in one sort: `sort` names it ('placed', 'created'…), `dir` its
 * direction, `keys` what its key values are (the sort's, then the id that breaks ties).
 */
export function listCursor({ sort, dir, keys }: { sort: string; dir: SortDirection; keys: readonly CursorKeyKind[] }): ListCursor {
  const codec: ListCursor = {
    encode: (values, before = false) => Buffer.from(JSON.stringify([sort, dir, values, before ? 1 : 0])).toString('base64url'),

    decode(text) {
      let parts: unknown
      try {
        parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
      } catch {
        throw new DomainError('invalid', 'list cursor is not base64url JSON', CURSOR_NOT_VALID)
      }
      if (!Array.isArray(parts) || parts.length !== 4) throw new DomainError('invalid', 'list cursor has the wrong shape', CURSOR_NOT_VALID)
      const [cursorSort, cursorDir, values, before] = parts as unknown[]
      if (typeof cursorSort !== 'string' || (cursorDir !== 'asc' && cursorDir !== 'desc')) throw new DomainError('invalid', 'list cursor names no sort', CURSOR_NOT_VALID)
      if (cursorSort !== sort || cursorDir !== dir) throw new DomainError('invalid', `list cursor of ${cursorSort} ${cursorDir} on a ${sort} ${dir} list`, CURSOR_OF_ANOTHER_SORT)
      if (!Array.isArray(values) || values.length !== keys.length || !keys.every((kind, index) => fits[kind](values[index])) || (before !== 0 && before !== 1)) {
        throw new DomainError('invalid', 'list cursor holds values that are not a row of this sort', CURSOR_NOT_VALID)
      }
      return { values: values as CursorValue[], before: before === 1 }
    },

    read: (text) => (text ? codec.decode(text) : null),

    readDirection: (at) => (at?.before ? flipDirection(dir) : dir),

    page(fetched, limit, at, keyOf) {
      const hasMore = fetched.length > limit
      const rows = fetched.slice(0, limit)
      if (at?.before) rows.reverse()
      const first = rows[0]
      const last = rows.at(-1)
      // Read backwards from a row, there is always a page after; read forwards, one before when it started at a row.
      const hasNext = at?.before ? true : hasMore
      const hasPrevious = at?.before ? hasMore : at !== null
      return {
        rows,
        nextCursor: hasNext && last !== undefined ? codec.encode(keyOf(last), false) : null,
        previousCursor: hasPrevious && first !== undefined ? codec.encode(keyOf(first), true) : null,
      }
    },
  }
  return codec
}
