// POST /api/designs/artwork: a shopper's own artwork for the decoration editor (issue 7). The body is
// the file itself, sent with its type (Content-Type: image/png or image/svg+xml, which no cross-site
// form can send without a preflight) and the header x-artwork-rights: accepted. Only where the
// store allows uploads, within its size limit; answers { data: { artwork } }.
import { ARTWORK_TYPES, artworkUploadPolicy, PNG_OR_SVG, storeArtwork } from '@/server/decoration/artwork-service'
import { ARTWORK_RIGHTS_HEADER } from '@/isomorphic/decoration-types'
import { dataResponse, defineRoute } from '@/web/define-route'
import { HttpError, readBodyBytes } from '@/web/http'

export const dynamic = 'force-dynamic'

// The body is the file, not JSON: the handler reads it within the store's own limit.
export const POST = defineRoute({
  sameOrigin: true,
  async handler({ request, ctx }) {
    const contentType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
    if (!(contentType in ARTWORK_TYPES)) throw new HttpError(415, 'unsupported_media_type', PNG_OR_SVG)
    const policy = await artworkUploadPolicy(ctx)
    const data = await readBodyBytes(request, policy.maxBytes, `The file is larger than ${Math.floor(policy.maxBytes / 1000)} kB.`)
    const rightsAccepted = request.headers.get(ARTWORK_RIGHTS_HEADER)?.trim().toLowerCase() === 'accepted'
    const artwork = await storeArtwork(ctx, { contentType, data, rightsAccepted })
    return dataResponse({ artwork })
  },
})
