// GET /api/store-preview?token=…: the preview link the console hands out for a store in draft
// (issue 25). On the store's own host it keeps the token in an HttpOnly cookie and opens the store;
// the edge then lets this browser see the draft store until the token ends.
import { previewSecondsLeft } from '@/server/accounts/store-preview'
import { signingKey } from '@/server/accounts/signing-key'
import { getDb } from '@/server/db/client'
import { isSecureRequest } from '@/web/http'
import { storeOfHeaders } from '@/web/request-store'
import { PREVIEW_COOKIE } from '@/web/request-store-resolver'

export const dynamic = 'force-dynamic'

const PREVIEW_LINK_ENDED = 'This preview link has ended or belongs to another store. Open the store again from the console’s Stores page.'

export async function GET(request: Request): Promise<Response> {
  const token = new URL(request.url).searchParams.get('token')
  const left = previewSecondsLeft(await signingKey(await getDb()), token, storeOfHeaders(request.headers), Math.floor(Date.now() / 1000))
  if (left === 0) {
    return new Response(PREVIEW_LINK_ENDED, { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
  }
  return new Response(null, {
    status: 303,
    headers: { Location: '/', 'Cache-Control': 'no-store', 'Set-Cookie': PREVIEW_COOKIE.set(token!, left, { secure: isSecureRequest(request) }), 'Referrer-Policy': 'no-referrer' },
  })
}
