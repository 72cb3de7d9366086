import { notFound } from 'next/navigation'
import { adminPageQuery } from './admin-page'

// The store a console page of one store shows (issue 16: promotions, gift cards): ?store= when the
// member acts on it, else their first store. The page's reads name the store, so a record of
// another store is a 404 from the core, whatever the URL says.

export type StoreChoice = { websiteId: number; storeName: string; stores: { id: number; name: string }[] }

export const idParam = (value: string | string[] | undefined): number | null =>
  typeof value === 'string' && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null

export async function chosenStore(param: string | string[] | undefined): Promise<StoreChoice> {
  const { stores } = await adminPageQuery('orderListOptions', {})
  const wanted = idParam(param)
  const store = stores.find((candidate) => candidate.id === wanted) ?? stores[0]
  if (!store) notFound()
  return { websiteId: store.id, storeName: store.name, stores: stores.map(({ id, name }) => ({ id, name })) }
}
