import { createHmac, timingSafeEqual } from 'node:crypto'
import { signingKey } from './signing-key'
import { getDb } from '../db/client'

// A store in draft (issue 25) is seen by console members only, through a preview link the console
// hands out: a token naming the store and when it ends, signed with the install's token key. The
// link sets a cookie on the store's own host (a console session never travels there: another host,
// and its cookie's path is /admin), and the edge lets a draft store's requests through only with it.

export const PREVIEW_TTL_SECONDS = 8 * 60 * 60
const PURPOSE = 'store-preview'

function signature(key: Uint8Array, payload: string): string {
  return createHmac('sha256', key).update(`${PURPOSE}:${payload}`).digest('base64url')
}

/** A preview token for one store, valid for PREVIEW_TTL_SECONDS from `nowSeconds`. Pure. */
export function signPreviewToken(key: Uint8Array, websiteId: number, nowSeconds: number): { token: string; expiresAt: number } {
  const expiresAt = nowSeconds + PREVIEW_TTL_SECONDS
  const payload = `${websiteId}.${expiresAt}`
  return { token: `${payload}.${signature(key, payload)}`, expiresAt }
}

/** Seconds the token is still good for on this store, or 0 (wrong store, ended, forged, malformed). Pure. */
export function previewSecondsLeft(key: Uint8Array, token: string | null | undefined, websiteId: number, nowSeconds: number): number {
  const match = token ? /^([1-9]\d{0,8})\.(\d{1,12})\.([\w-]{43})$/.exec(token) : null
  if (!match) return 0
  const [, id, expiry, signed] = match
  const expected = Buffer.from(signature(key, `${id}.${expiry}`))
  const given = Buffer.from(signed!)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 0
  if (Number(id) !== websiteId) return 0
  return Math.max(0, Number(expiry) - nowSeconds)
}

/** A new preview token for a store (the console checks who may ask first). */
export async function mintPreviewToken(websiteId: number): Promise<{ token: string; expiresAt: number }> {
  return signPreviewToken(await signingKey(await getDb()), websiteId, Math.floor(Date.now() / 1000))
}

/** Whether a request carrying `token` may see this draft store now. */
export async function previewAllows(token: string | null, websiteId: number): Promise<boolean> {
  if (!token) return false
  return previewSecondsLeft(await signingKey(await getDb()), token, websiteId, Math.floor(Date.now() / 1000)) > 0
}
