import { adminPageQuery } from './admin-page'

// The store a console page works on: ?store= when the member may act on it, else their first store.

const idParam = (value: string | string[] | undefined) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : null)

export async function consoleStore(params: Record<string, string | string[] | undefined>): Promise<{ websiteId: number; name: string; stores: { id: number; name: string }[] } | null> {
  const { stores } = await adminPageQuery('orderListOptions', {})
  const wanted = idParam(params.store)
  const store = stores.find((candidate) => candidate.id === wanted) ?? stores[0]
  return store ? { websiteId: store.id, name: store.name, stores } : null
}
