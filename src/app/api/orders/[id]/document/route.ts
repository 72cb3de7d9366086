// GET /api/orders/{id}/document?access_token=…[&download=1]: the order's or quotation's PDF, for its
// owner (signed in) or the holder of its access token; 404 for everyone else. The token travels in
// the address (orderUrl), so the answer is never cached or sent on as a referrer, and never logged.
import { getOrderPdf } from '@/server/documents/order-document-service'
import { defineRoute } from '@/web/define-route'
import { errorResponse } from '@/web/http'

export const dynamic = 'force-dynamic'

const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer', 'X-Content-Type-Options': 'nosniff' }

export const GET = defineRoute<undefined, { id: string }>({
  sameOrigin: false,
  async handler({ request, ctx, params }) {
    const query = new URL(request.url).searchParams
    const { pdf, fileName } = await getOrderPdf(ctx, { id: params.id, accessToken: query.get('access_token') })
    const disposition = query.get('download') === '1' ? 'attachment' : 'inline'
    return new Response(new Uint8Array(pdf), {
      headers: {
        ...PRIVATE_HEADERS,
        'Content-Type': 'application/pdf',
        'Content-Disposition': `${disposition}; filename="${fileName}"`,
        'Content-Length': String(pdf.byteLength),
      },
    })
  },
  errors(error) {
    const response = errorResponse(error)
    for (const [name, value] of Object.entries(PRIVATE_HEADERS)) response.headers.set(name, value)
    return response
  },
})
