import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm'
import type { StoreListPage, StoreState } from '@/isomorphic/contract/admin-stores'
import { fromCents } from '@/isomorphic/money'
import { getDb } from '../db/client'
import { orders, storeHosts, websites } from '../db/schema'
import { defineAdminMutation, defineAdminQuery } from '../kernel/admin-definition'
import type { CoreContext } from '../kernel/context'
import { requireStaff, storeScope } from '../kernel/permissions'
import { utcMidnight } from '../orders/order-dashboard'
import { recordAudit } from '../audit/audit-log'
import { mintPreviewToken } from '../accounts/store-preview'
import { invalidateCaches } from '../cache/named-cache'
import { DomainError } from '../kernel/errors'
import { keysetAfter, keysetOrderBy, listCursor } from '../kernel/list-cursor'
import { storeLink } from '../mail/mail-settings'
import { STORE_PREVIEW_PATH, storeAddress } from '../website/store-directory'
import { createStore } from './create-store'
import { nextStoreState, type StoreAction } from '@/isomorphic/store-states'

// The stores of an install in the console (issue 25): the list (state, host names, today's and the
// last 30 days' orders and revenue, counted as the dashboard counts them: UTC days, orders not
// cancelled, revenue of the confirmed ones) and creating a store from a template (create-store.ts).
// An owner sees every store; a store manager the stores they manage. A page is read by id after
// the cursor (keyset), then its hosts and its sales in one statement each: three statements a page.

/** Stores by id, first made first: list-cursor.ts. */
const STORE_CURSOR = listCursor({ sort: 'id', dir: 'asc', keys: ['id'] })

export async function storeList(ctx: CoreContext, { cursor, limit, now = new Date() }: { cursor?: string; limit: number; now?: Date }): Promise<StoreListPage> {
  const staff = await requireStaff(ctx, 'store.manage')
  const scope = storeScope(staff)
  const since = { today: utcMidnight(now, 0), last30Days: utcMidnight(now, 29) }
  const sinceIso = { today: since.today.toISOString(), last30Days: since.last30Days.toISOString() }
  const at = STORE_CURSOR.read(cursor)
  if (scope !== null && scope.length === 0) return { rows: [], since: sinceIso, nextCursor: null, previousCursor: null }

  const db = await getDb()
  const readDir = STORE_CURSOR.readDirection(at)
  const fetched = await db
    .select({ websiteId: websites.id, code: websites.code, name: websites.name, state: websites.state, version: websites.version })
    .from(websites)
    .where(and(scope === null ? undefined : inArray(websites.id, [...scope]), at ? keysetAfter([websites.id], [sql`${at.values[0]}::integer`], readDir) : undefined))
    .orderBy(...keysetOrderBy([websites.id], readDir))
    .limit(limit + 1)
  const { rows, nextCursor, previousCursor } = STORE_CURSOR.page(fetched, limit, at, (row) => [row.websiteId])
  const ids = rows.map((row) => row.websiteId)
  if (ids.length === 0) return { rows: [], since: sinceIso, nextCursor: null, previousCursor: null }

  const placedSince = (from: Date) => sql`${orders.createdAt} >= ${from.toISOString()}::timestamptz`
  const count = (from: Date) => sql<number>`count(*) filter (where ${placedSince(from)} and ${orders.state} <> 'cancel')`.mapWith(Number)
  const revenue = (from: Date) => sql<number>`coalesce(sum(${orders.amountTotal}) filter (where ${placedSince(from)} and ${orders.state} = 'sale'), 0)`.mapWith(Number)
  const [hostRows, salesRows] = await Promise.all([
    db.select({ websiteId: storeHosts.websiteId, host: storeHosts.host, isPrimary: storeHosts.isPrimary }).from(storeHosts).where(inArray(storeHosts.websiteId, ids)).orderBy(asc(storeHosts.id)),
    db
      .select({
        websiteId: orders.websiteId,
        today: count(since.today),
        todayRevenue: revenue(since.today),
        month: count(since.last30Days),
        monthRevenue: revenue(since.last30Days),
      })
      .from(orders)
      .where(and(inArray(orders.websiteId, ids), eq(orders.kind, 'order'), gte(orders.createdAt, since.last30Days)))
      .groupBy(orders.websiteId),
  ])
  const sales = new Map(salesRows.map((row) => [row.websiteId, row]))
  const addresses = new Map(await Promise.all(ids.map(async (id) => [id, await storeLinkOrigin(id)] as const)))
  return {
    rows: rows.map((row) => {
      const figures = sales.get(row.websiteId)
      return {
        websiteId: row.websiteId,
        code: row.code,
        name: row.name,
        state: row.state as StoreState,
        version: row.version,
        address: addresses.get(row.websiteId) ?? null,
        hosts: hostRows
          .filter((host) => host.websiteId === row.websiteId)
          .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary))
          .map((host) => host.host),
        today: { orders: figures?.today ?? 0, revenue: fromCents(figures?.todayRevenue ?? 0) },
        last30Days: { orders: figures?.month ?? 0, revenue: fromCents(figures?.monthRevenue ?? 0) },
      }
    }),
    since: sinceIso,
    nextCursor,
    previousCursor,
  }
}

export const STORES_ADMIN_QUERIES = {
  'stores.list': defineAdminQuery('stores.list', (value, ctx) => storeList(ctx, value)),
  'stores.address': defineAdminQuery('stores.address', async (value, ctx) => {
    await requireStaff(ctx, 'store.manage', value.websiteId)
    return { address: await storeLinkOrigin(value.websiteId) }
  }),
}

/** Where a store is opened: its own origin (as its mails link to), or null when it has no address of its own. */
async function storeLinkOrigin(websiteId: number): Promise<string | null> {
  if (!(await storeAddress(websiteId))) return null
  return new URL(await storeLink(websiteId, '/')).origin
}

/** A step of a store's life cycle: versioned (409 when changed since), audited, the directory dropped. */
export async function setStoreState(ctx: CoreContext, input: { websiteId: number; action: StoreAction; version: number }): Promise<{ websiteId: number; state: StoreState; version: number }> {
  await requireStaff(ctx, 'store.manage', input.websiteId)
  const db = await getDb()
  const result = await db.transaction(async (tx) => {
    const [store] = await tx.select({ state: websites.state, version: websites.version, name: websites.name }).from(websites).where(eq(websites.id, input.websiteId)).for('update')
    if (!store) throw new DomainError('not_found', `store ${input.websiteId} not found`, 'Not found')
    if (store.version !== input.version) throw new DomainError('conflict', `store ${input.websiteId} is at version ${store.version}`, STORE_CHANGED)
    const next = nextStoreState(store.state as StoreState, input.action)
    if (next === null) throw new DomainError('invalid', `store ${input.websiteId} cannot ${input.action} from ${store.state}`, `A store that is ${store.state} cannot be ${ACTION_WORDS[input.action]}.`)
    const [saved] = await tx.update(websites).set({ state: next, version: store.version + 1 }).where(eq(websites.id, input.websiteId)).returning({ version: websites.version })
    await recordAudit(tx, ctx, { websiteId: input.websiteId, action: `store.${input.action}`, entityType: 'website', entityId: input.websiteId, before: { state: store.state }, after: { state: next } })
    return { websiteId: input.websiteId, state: next, version: saved!.version }
  })
  await invalidateCaches(['Website'], input.websiteId)
  return result
}

const STORE_CHANGED = 'This store was changed by someone else since you opened the page. Reload it to see the changes, then try again.'
const ACTION_WORDS: Record<StoreAction, string> = { open: 'opened', close: 'closed', archive: 'archived', restore: 'restored' }

/** A preview link for a store the member may manage (a draft is seen through it only). */
export async function storePreview(ctx: CoreContext, { websiteId }: { websiteId: number }): Promise<{ url: string; expiresAt: string }> {
  await requireStaff(ctx, 'store.manage', websiteId)
  const { token, expiresAt } = await mintPreviewToken(websiteId)
  return { url: await storeLink(websiteId, STORE_PREVIEW_PATH, { token }), expiresAt: new Date(expiresAt * 1000).toISOString() }
}

export const STORES_ADMIN_MUTATIONS = {
  'stores.create': defineAdminMutation('stores.create', { handler: (value, ctx) => createStore(ctx, value) }),
  'stores.setState': defineAdminMutation('stores.setState', { handler: (value, ctx) => setStoreState(ctx, value) }),
  'stores.preview': defineAdminMutation('stores.preview', { handler: (value, ctx) => storePreview(ctx, value) }),
}
