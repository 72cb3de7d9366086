// The store a request is for (decision 025): scripts/server.mjs resolves it once from the Host header
// (src/server/website/store-directory.ts) and hands it on in this header, after dropping any copy the
// client sent; the config rewrite turns it into the pages' [store] segment. Under `next dev`, where
// no edge runs, a request carries none and is WEBSITE_ID's store.
import { env } from '@/server/env'

export const STORE_HEADER = 'x-webstore-store'

const STORE_ID = /^[1-9]\d{0,8}$/

/** The store id the edge set on a request, or the configured store when it set none. */
export function storeOfHeaders(headers: { get(name: string): string | null }): number {
  const value = headers.get(STORE_HEADER)
  return value !== null && STORE_ID.test(value) ? Number(value) : env().WEBSITE_ID
}
