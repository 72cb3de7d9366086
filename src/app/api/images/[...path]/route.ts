// GET /api/images/{folder…}/{w}x{h}/{name}_{w}x{h}.webp|png: a stored image scaled to an allowed size
// (src/isomorphic/image-address.ts); GET /api/images/{folder…}/original/{name}: the stored file itself.
// A store's uploads (stores/{websiteId}/uploads/…) are served only on that store's own addresses, and
// to the console's people who may see that store's orders (a work order's artwork).
import { getImage } from '@/server/images/image-service'
import { consoleMaySeeUploadsOf } from '@/server/images/upload-access'
import { adminContext } from '@/web/admin-context'
import { defineRoute } from '@/web/define-route'

export const dynamic = 'force-dynamic'

export const GET = defineRoute<undefined, { path: string[] }>({
  sameOrigin: false,
  async handler({ request, ctx, params }) {
    const image = await getImage({
      segments: params.path,
      ifNoneMatch: request.headers.get('if-none-match'),
      websiteId: ctx.store.websiteId,
      mayReadUploadsOf: (owner) => consoleMaySeeUploadsOf(adminContext(request), owner),
    })
    const headers = { ETag: image.etag, 'Cache-Control': image.cacheControl, 'X-Content-Type-Options': 'nosniff' }
    if (image.status === 304) return new Response(null, { status: 304, headers })
    return new Response(new Uint8Array(image.body), { headers: { ...headers, 'Content-Type': image.contentType } })
  },
})
