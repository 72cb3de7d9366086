import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { AdminOrderListPage, AdminOrderListRow } from '@/isomorphic/contract/admin-orders-list'
import { fromCents } from '@/isomorphic/money'
import type { OrderListDirection, OrderListSort, OrderListView } from '@/isomorphic/order-list-view'
import { type Executor, getDb } from '../db/client'
import { logos, orderLines, orders, websites } from '../db/schema'
import type { CoreContext } from '../kernel/context'
import { type CursorKeyKind, keysetAfter, keysetOrderBy, listCursor } from '../kernel/list-cursor'
import { requireStaff, storeScope } from '../kernel/permissions'
import { formatOrderReference } from './order-reference'

// The console's order list (issue 15): filtered, searched, sorted and paged in SQL, for the stores
// the member acts on. Pages are keyset pages: a cursor holds the sort key and id of the row it
// follows (or precedes), so any page — the 8,000th too — costs one index range read, and a row
// placed while someone pages never makes them skip or see a row twice. Every filter and sort is
// served by an index of orders (schema/orders.ts); `bench/bench-orders.ts` measures them (P10).

/** What a cursor keeps of a row in each sort (then its id). */
const CURSOR_KEYS = { placed: ['time', 'id'], total: ['integer', 'id'], reference: ['text', 'id'] } as const satisfies Record<OrderListSort, readonly CursorKeyKind[]>

/** The cursor of a view's sort (list-cursor.ts): a link of another sort or direction is refused. */
export const orderListCursor = (view: Pick<OrderListView, 'sort' | 'dir'>) => listCursor({ sort: view.sort, dir: view.dir, keys: CURSOR_KEYS[view.sort] })

/**
 * The sort's key as SQL expressions (then the id breaks ties), and the same key from a cursor.
 * A reference sorts by its number: by length first, so 'S100000' comes after 'S99999'.
 */
function sortKey(sort: OrderListSort, hidden = false): { columns: SQL[]; fromCursor: (key: string) => SQL[] } {
  switch (sort) {
    case 'placed':
      return { columns: [hidden ? sql`(${orders.createdAt} + interval '0 s')` : sql`${orders.createdAt}`], fromCursor: (key) => [sql`${key}::timestamptz`] }
    case 'total':
      return { columns: [hidden ? sql`(${orders.amountTotal} + 0)` : sql`${orders.amountTotal}`], fromCursor: (key) => [sql`${Number(key)}::integer`] }
    case 'reference':
      return {
        columns: hidden ? [sql`(length(${orders.name}) + 0)`, sql`(${orders.name} || '')`] : [sql`length(${orders.name})`, sql`${orders.name}`],
        fromCursor: (key) => [sql`length(${key}::text)`, sql`${key}::text`],
      }
  }
}

/**
 * ORDER BY for a sort read in `dir`. `searching`: the sort key is hidden from the sort's index
 * (`+ 0`), so a search reads its matches through its own index and then sorts them. The planner
 * misjudges how many rows a long prefix ('jordan.buyer@example.com') matches and would otherwise
 * walk the sort's index past the whole table for a customer's twenty orders (measured: 240 ms
 * against 0.3 ms on 200,000 orders).
 */
export function orderListOrderBy(sort: OrderListSort, dir: OrderListDirection, searching = false): SQL[] {
  return keysetOrderBy([...sortKey(sort, searching).columns, searching ? sql`(${orders.id} + 0)` : sql`${orders.id}`], dir)
}

/** The rows that come after (key, id) when read in `dir`: one row comparison, which the sort's index serves. */
export function orderListAfter(sort: OrderListSort, dir: OrderListDirection, key: string, id: number, searching = false): SQL {
  const { columns, fromCursor } = sortKey(sort, searching)
  return keysetAfter([...columns, searching ? sql`(${orders.id} + 0)` : sql`${orders.id}`], [...fromCursor(key), sql`${id}::integer`], dir)
}

/** The key a cursor keeps for a row. */
export const orderListKeyColumn = {
  placed: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  total: sql<string>`${orders.amountTotal}::text`,
  reference: sql<string>`${orders.name}`,
} satisfies Record<OrderListSort, SQL<string>>

/** A LIKE pattern matching text that starts with `prefix` (its own % _ \ taken literally). */
function startsWith(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * The search: a reference ('S00042', 's0004', or its number '42'), an email address or its
 * beginning (when it holds an @), else the beginning of the customer's name or email address, or
 * of any word of the name (issue 26: "Morgan" finds "Alex Morgan").
 * Each is a prefix match on an index (references in upper case as they are made; names and
 * emails on their lower case), so no search reads the whole table.
 */
function searchCondition(q: string): SQL {
  const reference = /^(s?)(\d{1,12})$/i.exec(q)
  if (reference) {
    const prefix = reference[1] ? q.toUpperCase() : formatOrderReference(reference[2]!)
    return sql`${orders.name} like ${startsWith(prefix)}`
  }
  const lower = startsWith(q.toLowerCase())
  if (q.includes('@')) return sql`lower(${orders.partnerEmail}) like ${lower}`
  const words = nameWordsQuery(q)
  const anyWord = words === null ? sql`false` : sql`to_tsvector('simple', ${orders.partnerName}) @@ to_tsquery('simple', ${words})`
  return sql`(lower(${orders.partnerName}) like ${lower} or lower(${orders.partnerEmail}) like ${lower} or ${anyWord})`
}

/**
 * The search's words as a prefix query on the words of a name ("Morgan" → 'morgan:*', "al mor" →
 * 'al:* & mor:*'): letters and digits only, so nothing typed is read as query syntax; a search
 * holding other signs is left to the prefix match. Served by
 * orders_name_words_idx. Null when nothing searchable is left.
 */
export function nameWordsQuery(q: string): string | null {
  // A search with other signs in it ('100%', '_ordan') is looked for as typed, not word by word.
  if (/[^\p{L}\p{N}\s'’.-]/u.test(q)) return null
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 8) ?? []
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ')
}

/**
 * An order carries a decoration partner when one of its lines bears a logo of theirs: an EXISTS on
 * the order's lines (order_lines_order_idx; order_lines_logo_idx serves the other way round) with
 * the partner's logo ids, read first — a handful of ids, which the planner weighs with the
 * statistics of order_lines rather than guessing at a join through the small logos table.
 */
export function carriesLogo(logoIds: readonly number[]): SQL {
  return sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${inArray(orderLines.logoId, [...logoIds])})`
}

/** The logo ids of a decoration partner (none: the filter matches no order). */
export async function decorationPartnerLogoIds(db: Executor, decorationPartnerId: number): Promise<number[]> {
  const rows = await db.select({ id: logos.id }).from(logos).where(eq(logos.decorationPartnerId, decorationPartnerId))
  return rows.map((row) => row.id)
}

/**
 * The view's filters and search, within `scope` (the member's stores; null: every store). Null
 * when nothing can match: a store outside the scope gives nothing, as a store that has no orders.
 */
export function orderListConditions(view: OrderListView, scope: readonly number[] | null, partnerLogoIds: readonly number[] | null): SQL | null {
  const conditions: (SQL | undefined)[] = [eq(orders.kind, view.kind)]
  if (view.websiteId !== null) {
    if (scope && !scope.includes(view.websiteId)) return null
    conditions.push(eq(orders.websiteId, view.websiteId))
  } else if (scope) {
    if (scope.length === 0) return null
    conditions.push(scope.length === 1 ? eq(orders.websiteId, scope[0]!) : inArray(orders.websiteId, [...scope]))
  }
  if (view.state) conditions.push(eq(orders.state, view.state))
  if (view.paymentState) conditions.push(eq(orders.paymentState, view.paymentState))
  if (view.approvalState) conditions.push(eq(orders.approvalState, view.approvalState))
  if (view.fulfilmentState) conditions.push(eq(orders.fulfilmentState, view.fulfilmentState))
  if (view.decorationPartnerId !== null) {
    if (!partnerLogoIds || partnerLogoIds.length === 0) return null
    conditions.push(carriesLogo(partnerLogoIds))
  }
  if (view.from) conditions.push(gte(orders.createdAt, new Date(`${view.from}T00:00:00Z`)))
  if (view.to) conditions.push(lt(orders.createdAt, new Date(Date.parse(`${view.to}T00:00:00Z`) + 86_400_000)))
  if (view.q) conditions.push(searchCondition(view.q))
  return and(...conditions)!
}

/** What a list row reads: the order's head, its store's name and its number of pieces. */
export const orderListRowColumns = {
  id: orders.id,
  reference: orders.name,
  kind: orders.kind,
  websiteId: orders.websiteId,
  storeName: websites.name,
  placedAt: orders.createdAt,
  customerName: orders.partnerName,
  customerEmail: orders.partnerEmail,
  total: orders.amountTotal,
  state: orders.state,
  approvalState: orders.approvalState,
  paymentState: orders.paymentState,
  fulfilmentState: orders.fulfilmentState,
  items: sql<number>`(select coalesce(sum(${orderLines.quantity}), 0) from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.lineType} <> 'setup')`.mapWith(
    Number,
  ),
}

type ListedRow = Omit<AdminOrderListRow, 'placedAt' | 'total'> & { placedAt: Date; total: number }

export function toAdminOrderListRow(row: ListedRow): AdminOrderListRow {
  return { ...row, placedAt: row.placedAt.toISOString(), total: fromCents(row.total) }
}

/**
 * The `orders` admin query: one page of the view for the stores the member acts on ('orders.read').
 * One statement per page, whatever the page (two with a decoration partner filter); a decoration
 * partner's member is refused (their work orders are their list).
 */
export async function listAdminOrders(ctx: CoreContext, view: OrderListView): Promise<AdminOrderListPage> {
  const staff = await requireStaff(ctx, 'orders.read')
  const cursor = orderListCursor(view)
  const at = cursor.read(view.cursor)
  const db = await getDb()
  const partnerLogoIds = view.decorationPartnerId === null ? null : await decorationPartnerLogoIds(db, view.decorationPartnerId)
  const where = orderListConditions(view, storeScope(staff), partnerLogoIds)
  if (!where) return { rows: [], nextCursor: null, previousCursor: null }

  // A "before" cursor reads backwards from its row; the page helper turns the page round.
  const readDir = cursor.readDirection(at)
  const fetched = await db
    .select({ ...orderListRowColumns, key: orderListKeyColumn[view.sort] })
    .from(orders)
    .innerJoin(websites, eq(websites.id, orders.websiteId))
    .where(at ? and(where, orderListAfter(view.sort, readDir, String(at.values[0]), at.values[1] as number, view.q !== null)) : where)
    .orderBy(...orderListOrderBy(view.sort, readDir, view.q !== null))
    .limit(view.pageSize + 1)

  const page = cursor.page(fetched, view.pageSize, at, (row) => [view.sort === 'total' ? Number(row.key) : row.key, row.id])
  return { ...page, rows: page.rows.map(({ key: _key, ...row }) => toAdminOrderListRow(row)) }
}
