import { asc, eq } from 'drizzle-orm'
import { STORE_STATE_RULES } from '@/isomorphic/store-states'
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
  const live = (id: number) => state.has(id) && STORE_STATE_RULES[state.get(id)!].seenBy !== 'nobody'
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
  const state = directory.state.get(defaultStoreId)
  return state !== undefined && STORE_STATE_RULES[state].seenBy === 'nobody' ? null : defaultStoreId
}

const DIRECTORY_KEY = 'store-directory'

/** The directory, cached under the Website name (any store's change drops it, on every instance). */
export async function storeDirectoryCached(): Promise<StoreDirectory> {
  return namedCache().getOrLoad('Website', DIRECTORY_KEY, async () => loadStoreDirectory(await getDb()))
}

let resolutionOf: { settings: ReturnType<typeof env>; resolution: Resolution } | null = null

/** The platform domain of the install (PLATFORM_DOMAIN), normalized, or null. */
export function platformDomain(): string | null {
  const configured = env().PLATFORM_DOMAIN
  return configured ? normalizeHostName(configured) : null
}

/** WEBSITE_ID and the platform domain, read once per loaded environment. */
function resolution(): Resolution {
  const settings = env()
  if (resolutionOf?.settings !== settings) resolutionOf = { settings, resolution: { defaultStoreId: settings.WEBSITE_ID, platformDomain: platformDomain() } }
  return resolutionOf.resolution
}

/**
 * The store a request's Host header is for, or null (answer "No store here"): at once while the
 * directory is held in memory — every request but the first after a store's change — else once it is
 * read. Every request goes through here, cached page replays included (P1), so the held case does no
 * await.
 */
export function resolveStoreForHost(hostHeader: string | null | undefined, access: DraftAccess = {}): number | null | Promise<number | null> {
  const held = namedCache().peek<StoreDirectory>('Website', DIRECTORY_KEY)
  if (held) return admit(held, heldStoreForHost(held, hostHeader), access)
  return storeDirectoryCached().then((directory) => admit(directory, storeForHost(directory, hostHeader, resolution()), access))
}

// The Host headers already read against the directory held now: browsers send a handful of
// spellings per store, and reading one (its port, its labels) costs more than the rest of a replayed
// page's resolution (P1). Bounded, since the header is the client's: a flood of new values only
// empties it. A new directory or a new environment starts a new memo.
const HOST_MEMO_ENTRIES = 1024
let hostMemo: { directory: StoreDirectory; resolution: Resolution; stores: Map<string, number | null> } | null = null

/** storeForHost on the directory held now, remembered per Host header. */
function heldStoreForHost(directory: StoreDirectory, hostHeader: string | null | undefined): number | null {
  const current = resolution()
  if (typeof hostHeader !== 'string') return storeForHost(directory, hostHeader, current)
  if (hostMemo?.directory !== directory || hostMemo.resolution !== current) hostMemo = { directory, resolution: current, stores: new Map() }
  let storeId = hostMemo.stores.get(hostHeader)
  if (storeId === undefined) {
    storeId = storeForHost(directory, hostHeader, current)
    if (hostMemo.stores.size >= HOST_MEMO_ENTRIES) hostMemo.stores.clear()
    hostMemo.stores.set(hostHeader, storeId)
  }
  return storeId
}

/**
 * What lets a request see a store in draft: whether it holds the store's preview (the preview
 * cookie, read only for such a store: accounts/store-preview.ts), and its path.
 */
export type DraftAccess = { previewAllowed?: (storeId: number) => Promise<boolean>; path?: string }

/** The address of the preview link, which must reach a draft store to let its holder in. */
export const STORE_PREVIEW_PATH = '/api/store-preview'

/**
 * A store in draft answers only to a request with a valid preview (the console hands out the link),
 * and to the preview link itself; to anyone else it is no store. Open and closed stores answer all.
 */
function admit(directory: StoreDirectory, storeId: number | null, { previewAllowed, path }: DraftAccess): number | null | Promise<number | null> {
  const state = storeId === null ? undefined : directory.state.get(storeId)
  if (storeId === null || state === undefined || STORE_STATE_RULES[state].seenBy !== 'preview') return storeId
  if (path === STORE_PREVIEW_PATH || path?.startsWith(`${STORE_PREVIEW_PATH}?`)) return storeId
  if (!previewAllowed) return null
  return previewAllowed(storeId).then((allowed) => (allowed ? storeId : null))
}

/**
 * Whether the console (/admin, its API) answers on this request (decision 025): on CONSOLE_HOST when
 * it is set, else on the addresses of WEBSITE_ID's store (an install of one store, as before). The
 * other stores' hosts never serve it. Pure of the database: `storeId` is the request's resolved store.
 */
export function consoleServes(hostHeader: string | null | undefined, storeId: number | null, { consoleHost, defaultStoreId }: { consoleHost?: string | null; defaultStoreId: number }): boolean {
  if (consoleHost) return hostOfHeader(hostHeader) === consoleHost
  return storeId === defaultStoreId
}

/** consoleServes with the install's settings (CONSOLE_HOST, WEBSITE_ID): registered for the edge. */
export function consoleAnswersOn(hostHeader: string | null | undefined, storeId: number | null): boolean {
  return consoleServes(hostHeader, storeId, { consoleHost: env().CONSOLE_HOST, defaultStoreId: env().WEBSITE_ID })
}

/**
 * A store's own address: `preferred` when it is one of the store's host names (the install's origin,
 * PUBLIC_ORIGIN, names the store it was set up for), else its primary host name, else
 * `{code}.{PLATFORM_DOMAIN}`, else null.
 */
export async function storeAddress(websiteId: number, preferred?: string): Promise<string | null> {
  const directory = await storeDirectoryCached()
  if (preferred && directory.byHost.get(preferred) === websiteId) return preferred
  const primary = directory.primaryHost.get(websiteId)
  if (primary) return primary
  const domain = platformDomain()
  if (!domain) return null
  for (const [code, id] of directory.byCode) if (id === websiteId) return `${code}.${domain}`
  return null
}

/** The host names of one store, the primary first. */
export async function hostsOfStore(db: Executor, websiteId: number): Promise<{ host: string; isPrimary: boolean }[]> {
  const rows = await db.select({ host: storeHosts.host, isPrimary: storeHosts.isPrimary }).from(storeHosts).where(eq(storeHosts.websiteId, websiteId)).orderBy(asc(storeHosts.id))
  return rows.sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary))
}
