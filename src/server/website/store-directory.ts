import { asc, eq } from 'drizzle-orm'
import { hostOfHeader, isStoreCode, normalizeHostName } from '@/isomorphic/host-names'
import { namedCache } from '../cache/named-cache'
import { type Executor, getDb } from '../db/client'
import { type StoreState, storeHosts, websites } from '../db/schema'
import { env } from '../env'

// Which store a request is for (issue 25, decision 024): resolved once per request at the edge from
// its host — a host name of the store (store_hosts), else `{store code}.{PLATFORM_DOMAIN}` — and
// carried from there. An install whose stores have no host names at all (an older store file, a
// single-store install) serves WEBSITE_ID's store on every host, as before. An archived store is
// offline: its hosts answer like unknown ones.

export type StoreDirectory = {
  /** Host name → store id (archived stores left out). */
  byHost: ReadonlyMap<string, number>
  /** Store code → store id (archived stores left out). */
  byCode: ReadonlyMap<string, number>
  /** Store id → its primary host name, where it has one. */
  primaryHost: ReadonlyMap<number, string>
  state: ReadonlyMap<number, StoreState>
  /** False while no store has a host name: every host is WEBSITE_ID's store. */
  hasHosts: boolean
}

export async function loadStoreDirectory(db: Executor): Promise<StoreDirectory> {
  const [stores, hosts] = await Promise.all([
    db.select({ id: websites.id, code: websites.code, state: websites.state }).from(websites),
    // store-scope: the store directory maps hosts of every store, install-wide
    db.select({ websiteId: storeHosts.websiteId, host: storeHosts.host, isPrimary: storeHosts.isPrimary }).from(storeHosts).orderBy(asc(storeHosts.id)),
  ])
  const state = new Map(stores.map((store) => [store.id, store.state]))
  const live = (id: number) => state.has(id) && state.get(id) !== 'archived'
  return {
    byHost: new Map(hosts.filter((row) => live(row.websiteId)).map((row) => [row.host, row.websiteId])),
    byCode: new Map(stores.filter((store) => live(store.id) && isStoreCode(store.code)).map((store) => [store.code, store.id])),
    primaryHost: new Map(hosts.filter((row) => row.isPrimary).map((row) => [row.websiteId, row.host])),
    state,
    hasHosts: hosts.length > 0,
  }
}

export type Resolution = { defaultStoreId: number; platformDomain?: string | null }

/** The store a Host header names in `directory`, or null: no store here. Pure. */
export function storeForHost(directory: StoreDirectory, hostHeader: string | null | undefined, { defaultStoreId, platformDomain }: Resolution): number | null {
  const host = hostOfHeader(hostHeader)
  if (host !== null) {
    const named = directory.byHost.get(host)
    if (named !== undefined) return named
    if (platformDomain && host.endsWith(`.${platformDomain}`)) {
      const code = host.slice(0, -(platformDomain.length + 1))
      const byCode = isStoreCode(code) ? directory.byCode.get(code) : undefined
      if (byCode !== undefined) return byCode
    }
  }
  if (directory.hasHosts) return null
  return directory.state.get(defaultStoreId) === 'archived' ? null : defaultStoreId
}

/** The directory, cached under the Website name (any store's change drops it, on every instance). */
export async function storeDirectoryCached(): Promise<StoreDirectory> {
  return namedCache().getOrLoad('Website', 'store-directory', async () => loadStoreDirectory(await getDb()))
}

/** The platform domain of the install (PLATFORM_DOMAIN), normalized, or null. */
export function platformDomain(): string | null {
  const configured = env().PLATFORM_DOMAIN
  return configured ? normalizeHostName(configured) : null
}

/** The store a request's Host header is for, or null (answer "No store here"). */
export async function resolveStoreForHost(hostHeader: string | null | undefined): Promise<number | null> {
  return storeForHost(await storeDirectoryCached(), hostHeader, { defaultStoreId: env().WEBSITE_ID, platformDomain: platformDomain() })
}

/** The host names of one store, the primary first. */
export async function hostsOfStore(db: Executor, websiteId: number): Promise<{ host: string; isPrimary: boolean }[]> {
  const rows = await db.select({ host: storeHosts.host, isPrimary: storeHosts.isPrimary }).from(storeHosts).where(eq(storeHosts.websiteId, websiteId)).orderBy(asc(storeHosts.id))
  return rows.sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary))
}
