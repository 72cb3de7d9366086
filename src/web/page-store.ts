// The store of the page being rendered, for the one server component that gets no params: the
// segment's not-found view (decision 025). The [store]/[locale] layout, which renders around it,
// notes the store first; React's cache() keeps the note for this render only.
import { cache } from 'react'
import { env } from '@/server/env'

const note = cache((): { storeId: number | null } => ({ storeId: null }))

export function notePageStore(storeId: number): void {
  note().storeId = storeId
}

/** The store the layout noted for this render (WEBSITE_ID's when none did). */
export function pageStore(): number {
  return note().storeId ?? env().WEBSITE_ID
}
