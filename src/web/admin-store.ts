import { notFound } from 'next/navigation'
import { adminPageQuery } from './admin-page'

// The store a console page of one store works on (issue 16): ?store= when the member may act on it,
// else their first store. The page's reads name the store, so a record of another store is a 404
// from the core, whatever the URL says.

export type ConsoleStore = { websiteId: number; name: string; currency: string; stores: { id: number; name: string }[] }

/** A record id from the address (?store=, ?id=, a path segment), or null when it is not one. */
export const idParam = (value: string | string[] | undefined): number | null =>
  typeof value === 'string' && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null

/** The store, or null for a member with no store. */
export async function consoleStore(params: Record<string, string | string[] | undefined>): Promise<ConsoleStore | null> {
  const { stores } = await adminPageQuery('orderListOptions', {})
  const wanted = idParam(params.store)
  const store = stores.find((candidate) => candidate.id === wanted) ?? stores[0]
  return store ? { websiteId: store.id, name: store.name, currency: store.currency, stores: stores.map(({ id, name }) => ({ id, name })) } : null
}

/** The store; a member with no store gets the not-found page. */
export async function requireConsoleStore(params: Record<string, string | string[] | undefined>): Promise<ConsoleStore> {
  return (await consoleStore(params)) ?? notFound()
}
