// POST /api/query {key, value?, cache?}: the spec's query API (section 7).
// GET /api/query?key=…[&value=<JSON>]: the same for public keys, cacheable by browsers and CDNs (ETag).
// Served by src/app/api/query/route.ts and, in production, straight by scripts/server.mjs (api-dispatch.ts).
import { z } from 'zod'
import { executeQuery, isPublicQuery } from '@/server/api/query-registry'
import { defineRoute } from '@/web/define-route'
import { assertStorableText, HttpError, payloadResponse, PUBLIC_REVALIDATE } from '@/web/http'

const QueryRequestSchema = z.object({
  key: z.string({ error: "is required: the query's name, e.g. 'getProductList'" }).min(1, 'must not be empty').max(100, 'is too long'),
  value: z.unknown().optional(),
  cache: z.string({ error: 'must be a cache name' }).max(100, 'is too long').optional(),
})

// Reading is not a state change: no same-origin check (a cross-site page cannot read the answer).
export const POST = defineRoute({
  sameOrigin: false,
  input: QueryRequestSchema,
  async handler({ request, ctx, input: { key, value } }) {
    const { payload, isPublic } = await executeQuery(key, value, ctx)
    return payloadResponse(request, payload, { cacheControl: isPublic ? 'no-cache' : 'private, no-store' })
  },
})

function valueFromSearch(raw: string | null): unknown {
  if (raw === null) return undefined
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    throw new HttpError(400, 'invalid', 'The value parameter must be JSON (e.g. value={"pageSize":999}).')
  }
  assertStorableText(value, { json: raw, root: 'value' })
  return value
}

export const GET = defineRoute({
  sameOrigin: false,
  async handler({ request, ctx }) {
    const params = new URL(request.url).searchParams
    const key = params.get('key')
    if (!key) throw new HttpError(400, 'invalid', "The key parameter is required (e.g. ?key=getProductList).")
    if (!isPublicQuery(key)) throw new HttpError(400, 'invalid', `The query '${key.slice(0, 64)}' is only available by POST.`)
    const { payload, isPublic } = await executeQuery(key, valueFromSearch(params.get('value')), ctx)
    return payloadResponse(request, payload, { cacheControl: isPublic ? PUBLIC_REVALIDATE : 'private, no-store' })
  },
})
