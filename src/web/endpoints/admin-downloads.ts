// The console's downloads (issue 15): CSV exports of an order list view and a work order's
// production sheet. GET, so a link downloads them; the admin cookie is SameSite=Strict, so a
// request from another site arrives without it and is refused like any caller without a console
// session. Each runs the same checks as the admin API (the member's role and stores in the core,
// an owner's second factor), answers `no-store`, and refuses before it answers 200: an export's
// first chunk (where the core authorizes) is read before the answer starts.
import { parseOrderListView } from '@/isomorphic/order-list-view'
import { workOrderNotFound } from '@/server/fulfilment/work-order-access'
import { workOrderSheetPdf } from '@/server/fulfilment/work-order-admin'
import type { CoreContext } from '@/server/kernel/context'
import { exportOrderLinesCsv, exportOrdersCsv } from '@/server/orders/order-exports'
import { assertSecondFactorReady } from '@/server/staff/enrolment-gate'
import { adminContext } from '../admin-context'
import { defineRoute } from '../define-route'
import { errorResponse } from '../http'

const PRIVATE = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' }

function privateError(error: unknown): Response {
  const response = errorResponse(error)
  for (const [name, value] of Object.entries(PRIVATE)) response.headers.set(name, value)
  return response
}

type Exporter = (ctx: CoreContext, view: ReturnType<typeof parseOrderListView>) => AsyncIterable<string>

/** A CSV export of the list view in the request's query string, streamed chunk by chunk. */
function csvExport(name: 'orders' | 'order-lines', exporter: Exporter) {
  return defineRoute({
    sameOrigin: false,
    context: adminContext,
    errors: privateError,
    async handler({ request, ctx }) {
      await assertSecondFactorReady(ctx, 'exports')
      const view = parseOrderListView(new URL(request.url).searchParams)
      const chunks = exporter(ctx, view)[Symbol.asyncIterator]()
      // The first chunk authorizes and reads the first batch: a refusal is still an error answer.
      const first = await chunks.next()
      const encoder = new TextEncoder()
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          if (first.done) controller.close()
          else controller.enqueue(encoder.encode(first.value))
        },
        async pull(controller) {
          const next = await chunks.next()
          if (next.done) controller.close()
          else controller.enqueue(encoder.encode(next.value))
        },
        async cancel() {
          await chunks.return?.()
        },
      })
      const day = new Date().toISOString().slice(0, 10)
      return new Response(body, {
        headers: { ...PRIVATE, 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}-${day}.csv"` },
      })
    },
  })
}

export const ordersCsv = csvExport('orders', exportOrdersCsv)
export const orderLinesCsv = csvExport('order-lines', exportOrderLinesCsv)

const ID = /^[1-9]\d{0,9}$/

/** GET /api/admin/work-orders/{id}/sheet.pdf: the production sheet, for whoever may see the work order (404 for anyone else's). */
export const workOrderSheet = defineRoute<undefined, { id: string }>({
  sameOrigin: false,
  context: adminContext,
  errors: privateError,
  async handler({ ctx, params }) {
    await assertSecondFactorReady(ctx, 'workOrderSheet')
    if (!ID.test(params.id) || Number(params.id) > 2_147_483_647) throw workOrderNotFound(params.id.slice(0, 20))
    const { pdf, fileName } = await workOrderSheetPdf(ctx, Number(params.id))
    return new Response(new Uint8Array(pdf), {
      headers: { ...PRIVATE, 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${fileName}"`, 'Content-Length': String(pdf.byteLength) },
    })
  },
})
