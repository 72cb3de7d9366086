import { previewAllows } from '@/server/accounts/store-preview'
import { resolveStoreForHost } from '@/server/website/store-directory'
import { httpOnlyCookie } from './session-cookie'

// The edge's store resolution (decision 025) with what only the web layer reads: the preview cookie
// that lets a console member see a store in draft (src/server/website/store-preview.ts).

export const PREVIEW_COOKIE = httpOnlyCookie('store_preview')

/** The store of a request (registered for scripts/server.mjs by src/instrumentation.ts). */
export function resolveRequestStore(host: string | undefined, cookieHeader: string | undefined, path: string | undefined): number | null | Promise<number | null> {
  return resolveStoreForHost(host, { previewAllowed: (storeId) => previewAllows(PREVIEW_COOKIE.read(cookieHeader), storeId), path })
}
