import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { storeHosts } from '../db/schema'

// Writing a store's host names (issue 25, decision 025): the store file's `website.hosts` and a
// store created from a template both go through here. Names come in already normalized
// (host-names.ts); the first is the primary. Unique on the install: a name another store has is
// refused with a sentence naming it, before anything is written (the unique index backs it up).

export type HostChanges = { created: number; updated: number; unchanged: number; removed: number }

/** The sentence for a host name another store answers on. */
export function hostTakenMessage(host: string): string {
  return `The host name "${host}" is already used by another store: choose another name, or remove it from that store first.`
}

/** Which of `hosts` a store other than `websiteId` (null: any store) already has. */
export async function hostsOfOtherStores(db: Executor, hosts: readonly string[], websiteId: number | null): Promise<string[]> {
  if (hosts.length === 0) return []
  const rows = await db
    .select({ host: storeHosts.host })
    .from(storeHosts)
    .where(and(inArray(storeHosts.host, [...hosts]), websiteId === null ? undefined : ne(storeHosts.websiteId, websiteId)))
  const taken = new Set(rows.map((row) => row.host))
  return hosts.filter((host) => taken.has(host))
}

/**
 * Makes `websiteId`'s host names exactly `hosts` (the first one primary): adds the new ones, removes
 * the ones no longer listed, moves the primary. A name kept keeps its row.
 */
export async function syncStoreHosts(db: Executor, websiteId: number, hosts: readonly string[]): Promise<HostChanges> {
  const changes: HostChanges = { created: 0, updated: 0, unchanged: 0, removed: 0 }
  const existing = await db.select({ id: storeHosts.id, host: storeHosts.host, isPrimary: storeHosts.isPrimary }).from(storeHosts).where(eq(storeHosts.websiteId, websiteId))
  const wanted = new Set(hosts)
  const primary = hosts[0]

  const gone = existing.filter((row) => !wanted.has(row.host))
  if (gone.length > 0) {
    await db.delete(storeHosts).where(
      and(
        eq(storeHosts.websiteId, websiteId),
        inArray(
          storeHosts.id,
          gone.map((row) => row.id),
        ),
      ),
    )
    changes.removed = gone.length
  }
  const kept = existing.filter((row) => wanted.has(row.host))
  // One primary per store (a partial unique index): the old primary gives it up before the new one takes it.
  const demoted = kept.filter((row) => row.isPrimary && row.host !== primary)
  for (const row of demoted) await db.update(storeHosts).set({ isPrimary: false }).where(and(eq(storeHosts.websiteId, websiteId), eq(storeHosts.id, row.id)))
  const promoted = kept.find((row) => !row.isPrimary && row.host === primary)
  if (promoted) await db.update(storeHosts).set({ isPrimary: true }).where(and(eq(storeHosts.websiteId, websiteId), eq(storeHosts.id, promoted.id)))
  changes.updated = demoted.length + (promoted ? 1 : 0)
  changes.unchanged = kept.length - changes.updated

  const have = new Set(kept.map((row) => row.host))
  const added = hosts.filter((host) => !have.has(host))
  if (added.length > 0) {
    await db.insert(storeHosts).values(added.map((host) => ({ websiteId, host, isPrimary: host === primary })))
    changes.created = added.length
  }
  return changes
}
